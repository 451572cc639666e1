// `zino ctx show|set|history|clear` (docs/zino-protocol.md §7 "management of contexts"): ctx's typed operations
// (docs/zino-protocol.md) with readable output on stdout.
import { requestOne } from "../../wire/frame-client.js";
import { serviceRequestError } from "./service-request-error.js";
import type { Frame } from "../../wire/frame-codec.js";
import type { InstanceConfig } from "../config/index.js";
import { CliError, EXIT_OK, type CliIo } from "../../shared/cli.js";
import { assignmentsToConfig } from "./config-assignments.js";
import { maskSecrets } from "./mask-secrets.js";

export interface CtxCommandBase {
  instance: InstanceConfig;
  io: CliIo;
}

async function ctxRequest(instance: InstanceConfig, request: Frame, expected: string): Promise<Frame> {
  let answer: Frame;
  try {
    answer = await requestOne(instance.sockets.ctx, request, { idleTimeoutMs: 10_000 });
  } catch (err) {
    throw serviceRequestError("ctx", instance.sockets.ctx, err) ?? err;
  }
  if (answer.type === "error") {
    throw new CliError(`zino-ctx: ${typeof answer.message === "string" ? answer.message : "error"} [${String(answer.code)}]`, {
      code: "service_error",
    });
  }
  if (answer.type !== expected)
    throw new CliError(`zino-ctx answered ${String(answer.type)} instead of ${expected}`, { code: "service_error" });
  return answer;
}

export async function ctxShow({ instance, io, ctxkey }: CtxCommandBase & { ctxkey: string }): Promise<number> {
  const answer = await ctxRequest(instance, { type: "get_config", ctxkey, message: null }, "config");
  io.stdout.write(`${JSON.stringify(maskSecrets(answer.config), null, 2)}\n`);
  return EXIT_OK;
}

export async function ctxSet({
  instance,
  io,
  ctxkey,
  assignments,
}: CtxCommandBase & { ctxkey: string; assignments: string[] }): Promise<number> {
  const config = assignmentsToConfig(assignments);
  await ctxRequest(instance, { type: "set_config", ctxkey, config, message: null }, "ok");
  const fields = assignments.map((a) => a.slice(0, a.indexOf("="))).join(", ");
  io.stderr.write(`zino: ${ctxkey}: set ${fields}\n`);
  return EXIT_OK;
}

export async function ctxHistory({
  instance,
  io,
  ctxkey,
  limit,
  json,
}: CtxCommandBase & { ctxkey: string; limit: number | undefined; json: boolean }): Promise<number> {
  const request: Frame = { type: "get_history", ctxkey, message: null };
  if (limit !== undefined) request.limit = limit;
  const answer = await ctxRequest(instance, request, "history");
  const messages = Array.isArray(answer.messages) ? (answer.messages as unknown[]) : [];
  if (json) io.stdout.write(`${JSON.stringify(messages, null, 2)}\n`);
  else for (const message of messages) io.stdout.write(`${formatMessage(message)}\n`);
  return EXIT_OK;
}

export async function ctxClear({ instance, io, ctxkey }: CtxCommandBase & { ctxkey: string }): Promise<number> {
  await ctxRequest(instance, { type: "clear_history", ctxkey, message: null }, "ok");
  io.stderr.write(`zino: ${ctxkey}: history cleared\n`);
  return EXIT_OK;
}

/** One history message as `role: content`, with native tool calls and tool results labelled. */
export function formatMessage(message: unknown): string {
  if (typeof message !== "object" || message === null) return JSON.stringify(message);
  const m = message as Record<string, unknown>;
  const role = typeof m.role === "string" ? m.role : "?";
  const content = typeof m.content === "string" ? m.content : m.content == null ? "" : JSON.stringify(m.content);
  const parts: string[] = [];
  if (content) parts.push(content);
  if (Array.isArray(m.tool_calls)) {
    for (const call of m.tool_calls as unknown[]) {
      const fn = typeof call === "object" && call !== null ? (call as Record<string, unknown>).function : undefined;
      const f = typeof fn === "object" && fn !== null ? (fn as Record<string, unknown>) : {};
      parts.push(
        `→ ${typeof f.name === "string" ? f.name : "?"}(${typeof f.arguments === "string" ? f.arguments : JSON.stringify(f.arguments ?? {})})`,
      );
    }
  }
  const label = role === "tool" && typeof m.tool_call_id === "string" ? `tool ${m.tool_call_id}` : role;
  return `${label}: ${parts.join(" ")}`;
}
