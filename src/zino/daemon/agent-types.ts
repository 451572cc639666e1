// The shapes the agent loop works with: OpenAI chat messages and tools, the model and tool functions it is
// given (so tests fake only those, as in the pi coding agent), and the events it emits towards the client.
import { z } from "zod";
import type { CallKind } from "./interrupt-parser.js";

export const NativeToolCallMessageSchema = z.looseObject({
  id: z.string(),
  type: z.literal("function").optional(),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
});

/** One OpenAI chat message (extra fields are kept: providers and ctx may add their own). */
export const ChatMessageSchema = z.looseObject({
  role: z.string().min(1),
  content: z.union([z.string(), z.null(), z.array(z.unknown())]).optional(),
  tool_calls: z.array(NativeToolCallMessageSchema).optional(),
  tool_call_id: z.string().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ToolDefinitionSchema = z.looseObject({
  type: z.literal("function"),
  function: z.looseObject({
    name: z.string().min(1),
    description: z.string().optional(),
    parameters: z.unknown().optional(),
  }),
});
export type ToolDefinition = z.infer<typeof ToolDefinitionSchema>;

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** A native call as rtr normalises it in `done.tool_calls`; `arguments` is a JSON string or an object. */
export interface NativeToolCall {
  id: string;
  name: string;
  arguments: unknown;
}

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
}

/** Progress reported while a tool runs (e.g. a sub-agent's status), shown to clients that asked for status. */
export type ToolProgress = (frame: Record<string, unknown>) => Promise<void>;

/** Runs one tool; it throws only when `signal` aborts (the turn is cancelled). */
export type ToolCall = (request: ToolRequest, signal: AbortSignal, progress: ToolProgress) => Promise<ToolOutcome>;

export type ToolStyle = "native" | "inline" | "auto";

/** Events towards the client; `status` events are shown only to clients that asked for them. */
export type LoopEvent =
  | { type: "chunk"; delta: string }
  | { type: "tool_start"; kind: CallKind; name: string; description: string }
  | { type: "tool_done"; kind: CallKind; name: string; ok: boolean; ms: number }
  | { type: "status"; phase: string; [key: string]: unknown };

export type Emit = (event: LoopEvent) => Promise<void>;
