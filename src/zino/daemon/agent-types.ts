// What the agent loop works with: the model and tool functions it is given (so tests fake only those, as in the
// pi coding agent) and the events it emits towards the client. Message and tool shapes: src/zino/protocol.
import type { ChatMessage, NativeToolCall, ToolDefinition, Usage } from "../protocol/index.js";
import type { CallKind } from "./interrupt-parser.js";

export type { ChatMessage, NativeToolCall, ToolDefinition, Usage };

export type ModelEvent =
  | { type: "delta"; text: string }
  | { type: "status"; frame: Record<string, unknown> }
  | { type: "done"; text: string; toolCalls: NativeToolCall[]; usage?: Usage; finishReason?: string };

export interface ModelRequest {
  messages: ChatMessage[];
  /** Tool definitions for native function calling; absent when the call must not use tools. */
  tools: ToolDefinition[] | undefined;
  signal: AbortSignal;
}

/** Streams one model call. The loop stops reading (`return()`) to cancel generation at a call block. */
export type ModelCall = (request: ModelRequest) => AsyncIterable<ModelEvent>;

export interface ToolRequest {
  kind: CallKind;
  /** The function to run (`run_skill` for a skill). */
  name: string;
  arguments: Record<string, unknown>;
}

/** What a tool produced; `result` is what the model reads. Failures are outcomes, not exceptions. */
export interface ToolOutcome {
  ok: boolean;
  result: Record<string, unknown>;
  /** Set when exc could not be reached at all (the result then says so to the model). */
  unavailable?: boolean;
}

/** Progress reported while a tool runs (e.g. a sub-agent's status), shown to clients that asked for status. */
export type ToolProgress = (frame: Record<string, unknown>) => Promise<unknown>;

/** Runs one tool; it throws only when `signal` aborts (the turn is cancelled). */
export type ToolCall = (request: ToolRequest, signal: AbortSignal, progress: ToolProgress) => Promise<ToolOutcome>;

export type ToolStyle = "native" | "inline" | "auto";

/** Events towards the client; `status` events are shown only to clients that asked for them. */
export type LoopEvent =
  | { type: "chunk"; delta: string }
  | { type: "tool_start"; kind: CallKind; name: string; description: string }
  | { type: "tool_done"; kind: CallKind; name: string; ok: boolean; ms: number }
  | { type: "status"; phase: string; [key: string]: unknown };

export type Emit = (event: LoopEvent) => Promise<unknown>;
