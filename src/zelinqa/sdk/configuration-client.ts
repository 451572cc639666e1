// `ZelinqaConfigurationClient`: the configuration routes of docs/zelinqa-api.md §12 (docs/zelinqa-mcp.md §3.7).
import {
  ConfigurationChangesRequestSchema,
  PublishRequestSchema,
  type AuditListResponse,
  type CompilationStatus,
  type ConfigurationChangesRequest,
  type ConfigurationChangesResponse,
  type ConfiguredQuestion,
  type PublishRequest,
  type QuestionListResponse,
} from "../contracts/index.js";
import { ClientBase } from "./client-base.js";
import { abortableSleep } from "../../shared/abortable-sleep.js";
import type { RequestOptions } from "./client-options.js";
import { ZelinqaCompilationTimeoutError } from "./errors/zelinqa-error.js";
import { validateRequest } from "./request-validation.js";
import type { Configuration } from "./types.js";

export interface ConfigurationReadQuery {
  state?: "published" | "draft";
}

export interface QuestionQuery {
  state?: "published" | "draft";
  dimension_id?: string;
  active?: boolean;
  type?: "open" | "single_choice" | "multiple_choice" | "semi_open";
  search?: string;
  limit?: number;
  cursor?: string;
}

export interface AuditQueryOptions {
  limit?: number;
  cursor?: string;
  action?: string;
  resource_type?: string;
}

export interface WaitOptions {
  pollIntervalMs?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export class ZelinqaConfigurationClient extends ClientBase {
  async getConfiguration(query: ConfigurationReadQuery = {}, options?: RequestOptions): Promise<Configuration> {
    const path = ["v1", "configuration"];
    return (await this.transport.request({ method: "GET", path, query: { state: query.state } }, options)) as Configuration;
  }

  async listQuestions(query: QuestionQuery = {}, options?: RequestOptions): Promise<QuestionListResponse> {
    const spec = { method: "GET" as const, path: ["v1", "configuration", "questions"], query: { ...query } };
    return (await this.transport.request(spec, options)) as QuestionListResponse;
  }

  /** Follows `next_cursor` until it is null. */
  async *iterateQuestions(query: QuestionQuery = {}, options?: RequestOptions): AsyncGenerator<ConfiguredQuestion> {
    let cursor = query.cursor;
    for (;;) {
      const page = await this.listQuestions({ ...query, cursor }, options);
      for (const question of page.questions) yield question;
      if (page.next_cursor === null || page.next_cursor === undefined) return;
      cursor = page.next_cursor;
    }
  }

  async exportQuestionsCsv(query: QuestionQuery = {}, options?: RequestOptions): Promise<string> {
    const { cursor: _cursor, limit: _limit, ...rest } = query;
    const spec = { method: "GET" as const, path: ["v1", "configuration", "questions"], query: { ...rest, format: "csv" }, csv: true };
    return (await this.transport.request(spec, options)) as string;
  }

  async listAudit(query: AuditQueryOptions = {}, options?: RequestOptions): Promise<AuditListResponse> {
    const spec = { method: "GET" as const, path: ["v1", "configuration", "audit"], query: { ...query } };
    return (await this.transport.request(spec, options)) as AuditListResponse;
  }

  async applyChanges(body: ConfigurationChangesRequest, options?: RequestOptions): Promise<ConfigurationChangesResponse> {
    const valid = validateRequest(ConfigurationChangesRequestSchema, body);
    const spec = { method: "POST" as const, path: ["v1", "configuration", "changes"], body: valid };
    return (await this.transport.request(spec, options)) as ConfigurationChangesResponse;
  }

  async publish(body: PublishRequest = {}, options?: RequestOptions): Promise<CompilationStatus> {
    const valid = validateRequest(PublishRequestSchema, body);
    const spec = { method: "POST" as const, path: ["v1", "configuration", "publish"], body: valid };
    return (await this.transport.request(spec, options)) as CompilationStatus;
  }

  async getCompilation(compilationId: string, options?: RequestOptions): Promise<CompilationStatus> {
    const path = ["v1", "configuration", "compilations", { id: compilationId, name: "compilation_id" }];
    return (await this.transport.request({ method: "GET", path }, options)) as CompilationStatus;
  }

  /** Polls until `succeeded` or `failed`; throws only when the time budget runs out. */
  async waitForCompilation(compilationId: string, wait: WaitOptions = {}): Promise<CompilationStatus> {
    const pollIntervalMs = wait.pollIntervalMs ?? 2000;
    const timeoutMs = wait.timeoutMs ?? 900_000;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const status = await this.getCompilation(compilationId, { signal: wait.signal });
      if (status.status === "succeeded" || status.status === "failed") return status;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new ZelinqaCompilationTimeoutError(compilationId, timeoutMs);
      await abortableSleep(Math.min(pollIntervalMs, remaining), wait.signal);
      if (Date.now() >= deadline) throw new ZelinqaCompilationTimeoutError(compilationId, timeoutMs);
    }
  }
}
