// Checking and compiling stored draft content (docs/zelinqa-api.md §12.4 "Blocks: publish", §12.5): pure JSON in, JSON out,
// and seconds of CPU for a largest configuration. The port lets a server run it off its request thread (compile-pool.ts);
// the in-thread compiler serves the CLI and is the reference the threads are compared with.
import { z } from "zod";
import { ConfigurationIssueSchema } from "../contracts/index.js";
import type { ConfigurationIssue } from "../contracts/index.js";
import { compileArtifact, publicationIssues } from "../engine/index.js";
import { OperationError } from "./operation-error.js";
import { parseStoredDraft } from "./stored-configuration.js";
import type { ArtifactSeal } from "../store/index.js";
import { sealOf } from "./artifact-text.js";

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

export interface DraftCompiler {
  /**
   * Rejects with CompilerBusy when too many requests wait already, CompileTimedOut past the time limit, any other
   * error when the draft cannot be read or the compiler failed.
   */
  run(content: unknown, request: DraftCompileRequest): Promise<DraftCompilation>;
  close(): Promise<void>;
}

/** The work itself, as a compile thread runs it. */
export function compileStoredDraft(content: unknown, task: DraftTask): DraftCompilation {
  const draft = parseStoredDraft(content);
  const issues = publicationIssues(draft);
  if (task === "check" || issues.length > 0) return { issues, artifactJson: null, artifactSeal: null };
  const artifactJson = JSON.stringify(compileArtifact(draft));
  return { issues, artifactJson, artifactSeal: sealOf(artifactJson) };
}

/** What a compile thread is sent, and what it answers (compile-thread.ts). */
export const CompileTaskMessageSchema = z.object({ id: z.number().int(), task: z.enum(["check", "compile"]), content: z.unknown() });
export const CompileReplySchema = z.union([
  z.object({
    id: z.number().int(),
    ok: z.literal(true),
    issues: z.array(ConfigurationIssueSchema),
    artifactJson: z.string().nullable(),
    artifactSeal: z.object({ sha256: z.string(), schema: z.string() }).nullable(),
  }),
  z.object({ id: z.number().int(), ok: z.literal(false), message: z.string() }),
]);

export const IN_THREAD_COMPILER: DraftCompiler = {
  run: (content, request) => Promise.resolve().then(() => compileStoredDraft(content, request.task)),
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
export async function compileForRequest(compiler: DraftCompiler, content: unknown, task: DraftTask): Promise<DraftCompilation> {
  try {
    return await compiler.run(content, { task });
  } catch (error) {
    if (!(error instanceof CompilerBusy || error instanceof CompileTimedOut)) throw error;
    const seconds = String(error.retryAfterSeconds);
    throw new OperationError("compiler_busy", { retry_after_seconds: error.retryAfterSeconds }, { headers: { "retry-after": seconds } });
  }
}
