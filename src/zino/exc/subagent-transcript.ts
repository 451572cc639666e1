// What exc keeps of a sub-agent's turn while it streams (docs/zino-protocol.md §6 "Sub-agents"): the text it wrote, its tool
// calls with a short preview of each result (the digest returned with the answer), how it ended, and which of
// its frames become `status {phase:"subagent"}` progress for the caller.
import {
  ChunkFrameSchema,
  DaemonDoneFrameSchema,
  DaemonErrorFrameSchema,
  DaemonStatusFrameSchema,
  ToolDoneFrameSchema,
  ToolStartFrameSchema,
} from "../protocol/index.js";
import type { Frame } from "../../wire/index.js";
import { headOf } from "../../shared/text-cut.js";

/** Per call: a one-line preview; for the digest: at most this many calls and characters. */
export const DIGEST_PREVIEW_CHARS = 160;
export const DIGEST_MAX_CALLS = 12;
export const DIGEST_MAX_CHARS = 3_000;

export interface DigestEntry {
  kind: string;
  name: string;
  ok: boolean;
  ms: number | undefined;
  preview: string;
}

export type ChildEnding =
  { kind: "done"; iterations: number | undefined; stopped: string | undefined } | { kind: "error"; code: string; message: string };

function oneLine(text: string, chars: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > chars ? `${line.slice(0, chars - 1)}…` : line;
}

export class SubagentTranscript {
  private streamed = "";
  private answer: string | undefined;
  private readonly calls: DigestEntry[] = [];
  private end: ChildEnding | undefined;

  constructor(
    private readonly skill: string,
    private readonly depth: number,
  ) {}

  get ending(): ChildEnding | undefined {
    return this.end;
  }

  /** The final answer, or what the child had written so far (a timeout or a failure keeps the partial text). */
  get text(): string {
    return this.answer ?? this.streamed;
  }

  get toolCalls(): readonly DigestEntry[] {
    return this.calls;
  }

  /** Records one frame of the child turn; returns the progress frame to pass up, if any. */
  observe(frame: Frame): Frame | undefined {
    const base = { type: "status", phase: "subagent", skill: this.skill, depth: this.depth };
    switch (frame.type) {
      case "chunk": {
        const chunk = ChunkFrameSchema.safeParse(frame);
        if (chunk.success) this.streamed += chunk.data.delta;
        return undefined;
      }
      case "tool_start": {
        const start = ToolStartFrameSchema.safeParse(frame);
        if (!start.success) return undefined;
        return { ...base, event: "tool_start", kind: start.data.kind, name: start.data.name, description: start.data.description };
      }
      case "tool_done": {
        const done = ToolDoneFrameSchema.safeParse(frame);
        if (!done.success) return undefined;
        this.calls.push({ kind: done.data.kind, name: done.data.name, ok: done.data.ok, ms: done.data.ms, preview: "" });
        return { ...base, event: "tool_done", kind: done.data.kind, name: done.data.name, ok: done.data.ok, ms: done.data.ms ?? null };
      }
      case "status":
        return this.status(frame, base);
      case "done": {
        const done = DaemonDoneFrameSchema.safeParse(frame);
        if (!done.success) return undefined;
        this.answer = done.data.full_text;
        this.end = { kind: "done", iterations: done.data.iterations, stopped: done.data.stopped };
        return { ...base, event: "done", iterations: done.data.iterations ?? null, tool_calls: this.calls.length };
      }
      case "error": {
        const error = DaemonErrorFrameSchema.safeParse(frame);
        if (!error.success) return undefined;
        this.end = { kind: "error", code: error.data.code, message: error.data.message };
        return { ...base, event: "error", code: error.data.code };
      }
      default:
        return undefined;
    }
  }

  private status(frame: Frame, base: Frame): Frame | undefined {
    const status = DaemonStatusFrameSchema.safeParse(frame);
    if (!status.success) return undefined;
    const { type: _type, ms: _ms, source: _source, tool: _tool, ...fields } = status.data;
    switch (status.data.phase) {
      case "subagent":
        // A grandchild's progress, already labelled with its own skill and depth by the exc that ran it.
        return { ...fields, type: "status", phase: "subagent" };
      case "tool_output": {
        const last = this.calls.at(-1);
        const preview = typeof fields.preview === "string" ? fields.preview : "";
        if (last && last.preview === "" && last.name === fields.name) last.preview = oneLine(preview, DIGEST_PREVIEW_CHARS);
        return undefined;
      }
      case "tool_rejected": {
        const reason = typeof fields.reason === "string" ? fields.reason : "rejected";
        const name = typeof fields.name === "string" ? fields.name : "tool";
        this.calls.push({
          kind: typeof fields.kind === "string" ? fields.kind : "tool",
          name,
          ok: false,
          ms: undefined,
          preview: oneLine(reason, DIGEST_PREVIEW_CHARS),
        });
        return undefined;
      }
      case "model":
        return { ...base, event: "model", iteration: fields.iteration ?? null };
      case "limit":
        return { ...base, event: "limit", reason: fields.reason ?? null };
      default:
        return undefined;
    }
  }

  /** The bounded digest of the child's tool results, or "" when it ran none. */
  digest(): string {
    if (this.calls.length === 0) return "";
    const lines = this.calls.slice(0, DIGEST_MAX_CALLS).map((call) => {
      const timing = call.ms === undefined ? "" : ` (${call.ms} ms)`;
      return `- ${call.name} ${call.ok ? "ok" : "failed"}${timing}${call.preview ? `: ${call.preview}` : ""}`;
    });
    if (this.calls.length > DIGEST_MAX_CALLS) lines.push(`- … and ${this.calls.length - DIGEST_MAX_CALLS} more`);
    let text = `[Tool results of the sub-agent "${this.skill}" (${this.calls.length} call${this.calls.length === 1 ? "" : "s"})]\n${lines.join("\n")}`;
    if (text.length > DIGEST_MAX_CHARS) text = `${headOf(text, DIGEST_MAX_CHARS - 1)}…`;
    return text;
  }
}
