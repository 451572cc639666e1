// Checking and compiling stored draft content (docs/zelinqa-api.md §12.4 "Blocks: publish", §12.5): pure JSON in, JSON out,
// and seconds of CPU for a largest configuration. The port lets a server run it off its request thread (compile-pool.ts);
// the in-thread compiler serves the CLI and is the reference the threads are compared with.
import { z } from "zod";
import { ConfigurationIssueSchema } from "../contracts/index.js";
import type { ConfigurationChange, ConfigurationIssue } from "../contracts/index.js";
import { compileArtifact, publicationIssues } from "../engine/index.js";
import { OperationError } from "./operation-error.js";
import { configurationJson, parseStoredDraft } from "./stored-configuration.js";
import type { ArtifactSeal } from "../store/index.js";
import { sealOf } from "./artifact-text.js";
import { THREADED_DRAFT_CHARS, applyChangeBatch } from "./change-batch.js";
import type { ChangeBatchInput, ChangeBatchResult } from "./change-batch.js";

/** `check`: the publication-blocking issues only; `compile`: also the artefact when there are none. */
export type DraftTask = "check" | "compile";

export interface DraftCompilation {
  issues: ConfigurationIssue[];
  /** The compiled artefact's JSON text (`compile` of a draft without issues), else null. */
  artifactJson: string | null;
  /** Its seal, stored with it (artifact-text.ts), else null. */
  artifactSeal: ArtifactSeal | null;
}

export interface DraftCompileRequest {
  task: DraftTask;
  /** A compilation job: never refused for a full queue, and served before the requests waiting. */
  background?: boolean;
}

/**
 * Each method rejects with CompilerBusy when too many requests wait already, CompileTimedOut past the time limit, any
 * other error when the draft cannot be read or the compiler failed.
 */
export interface DraftCompiler {
  run(content: unknown, request: DraftCompileRequest): Promise<DraftCompilation>;
  /** A change batch on the stored draft's text (change-batch.ts), for a request. */
  applyChanges(batch: ChangeBatchInput): Promise<ChangeBatchResult>;
  /** The entities of a configuration read from stored content's text, as JSON text (stored-configuration.ts), for a request. */
  readConfiguration(contentText: string): Promise<string>;
  close(): Promise<void>;
}

/** The work itself, as a compile thread runs it; `content` is the stored draft, or its JSON text (parsed here). */
export function compileStoredDraft(content: unknown, task: DraftTask): DraftCompilation {
  const draft = parseStoredDraft(typeof content === "string" ? JSON.parse(content) : content);
  const issues = publicationIssues(draft);
  if (task === "check" || issues.length > 0) return { issues, artifactJson: null, artifactSeal: null };
  const artifactJson = JSON.stringify(compileArtifact(draft));
  return { issues, artifactJson, artifactSeal: sealOf(artifactJson) };
}

/** The work a compile thread is given (compile-thread.ts runs it with runThreadWork). */
export type ThreadWork =
  { task: DraftTask; content: unknown } | { task: "apply"; batch: ChangeBatchInput } | { task: "read"; contentText: string };

export function runThreadWork(work: ThreadWork): DraftCompilation | ChangeBatchResult | string {
  if (work.task === "apply") return applyChangeBatch(work.batch);
  if (work.task === "read") return configurationJson(work.contentText);
  return compileStoredDraft(work.content, work.task);
}

/**
 * The compile threads for work on a draft's text: when the server has them and the draft is large (below, a thread's round
 * trip costs more than the stall it avoids); else undefined.
 */
export function threadFor(deps: { compiler?: DraftCompiler | undefined }, draftText: string | null): DraftCompiler | undefined {
  return draftText !== null && draftText.length >= THREADED_DRAFT_CHARS ? deps.compiler : undefined;
}

/** What a compile thread is sent, and what it answers (compile-thread.ts). */
export const CompileTaskMessageSchema = z.object({
  id: z.number().int(),
  work: z.union([
    z.object({ task: z.enum(["check", "compile"]), content: z.unknown() }),
    z.object({ task: z.literal("read"), contentText: z.string() }),
    z.object({
      task: z.literal("apply"),
      // Changes the request thread has parsed already, and cloned as they are.
      batch: z.object({
        draftText: z.string().nullable(),
        changes: z.array(z.custom<ConfigurationChange>((c) => typeof c === "object" && c !== null)),
        context: z.object({ domainName: z.string(), expectedDraftRevision: z.number().int().optional() }),
      }),
    }),
  ]),
});
export const CompileReplySchema = z.union([
  z.object({ id: z.number().int(), ok: z.literal(true), result: z.unknown() }),
  z.object({ id: z.number().int(), ok: z.literal(false), message: z.string() }),
]);
export const DraftCompilationSchema = z.object({
  issues: z.array(ConfigurationIssueSchema),
  artifactJson: z.string().nullable(),
  artifactSeal: z.object({ sha256: z.string(), schema: z.string() }).nullable(),
});

export const IN_THREAD_COMPILER: DraftCompiler = {
  run: (content, request) => Promise.resolve().then(() => compileStoredDraft(content, request.task)),
  applyChanges: (batch) => Promise.resolve().then(() => applyChangeBatch(batch)),
  readConfiguration: (contentText) => Promise.resolve().then(() => configurationJson(contentText)),
  close: () => Promise.resolve(),
};

/** Too many compilations wait already: the request is refused, to be retried after `retryAfterSeconds`. */
export class CompilerBusy extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super("the compile queue is full");
    this.name = "CompilerBusy";
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class CompileTimedOut extends Error {
  readonly retryAfterSeconds: number;
  constructor(timeoutMs: number, retryAfterSeconds: number) {
    super(`the compilation did not finish within ${timeoutMs} ms`);
    this.name = "CompileTimedOut";
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A compilation an API request waits for: a full queue or a time limit reached is `503 compiler_busy` with Retry-After. */
export function compileForRequest(compiler: DraftCompiler, content: unknown, task: DraftTask): Promise<DraftCompilation> {
  return forRequest(compiler.run(content, { task }));
}

/** Compile-thread work an API request waits for, its refusals as `503 compiler_busy` with Retry-After. */
export async function forRequest<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof CompilerBusy || error instanceof CompileTimedOut)) throw error;
    const seconds = String(error.retryAfterSeconds);
    throw new OperationError("compiler_busy", { retry_after_seconds: error.retryAfterSeconds }, { headers: { "retry-after": seconds } });
  }
}
