// The model function the agent loop calls, backed by zino-rtr: one streamed request per model call. Leaving
// the iteration early closes the connection, which makes rtr cancel the provider request.
import { randomUUID } from "node:crypto";
import { WireError } from "../../wire/index.js";
import { RtrDoneFrameSchema, chunkDelta, plainRtrDone, usageOf, type NativeToolCall, type RtrDoneFrame } from "../protocol/index.js";
import type { ModelCall, ModelEvent } from "./agent-types.js";
import { peerError, translatePeerFailure, type PeerOptions } from "./peer-request.js";

/** Longest silence between two rtr frames (rtr sends status frames while it retries), whatever the ctxkey's timeout. */
export const RTR_IDLE_TIMEOUT_MS = 300_000;

/** What rtr may add to a provider's silence before its next frame: a retry's wait (capped at 30 s), config loading. */
const RTR_IDLE_MARGIN_MS = 60_000;

/**
 * How long the daemon waits between two rtr frames: rtr is silent while its provider is (up to the ctxkey's
 * `llm.timeout_ms` per attempt, which may be hours for a slow local model), never less than RTR_IDLE_TIMEOUT_MS.
 */
export function rtrIdleTimeoutMs(llmTimeoutMs: number | undefined): number {
  return Math.max(RTR_IDLE_TIMEOUT_MS, (llmTimeoutMs ?? 0) + RTR_IDLE_MARGIN_MS);
}

export function createRtrModel(options: PeerOptions, ctxkey: string, configVersion?: string, llmTimeoutMs?: number): ModelCall {
  const version = configVersion === undefined ? {} : { config_version: configVersion };
  const idleTimeoutMs = rtrIdleTimeoutMs(llmTimeoutMs);
  return function callRtr({ messages, tools, signal }): AsyncIterableIterator<ModelEvent> {
    // `tools` right after `message`, in CompletionRequestSchema's order: rtr then reads the request without zod.
    const request = { message: messages, ...(tools && tools.length > 0 ? { tools } : {}), ctxkey, ...version };
    return new RtrEvents(options.channels.rtr.frames(request, { signal, idleTimeoutMs }), signal);
  };
}

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * The model events of one rtr answer, read straight off its frames (an iterator written out: one promise per
 * streamed chunk, where an async generator made several). A chunk is a `delta`, a status passes through, `done`
 * ends the call, an `error` frame fails it. Leaving early (`return()`) closes the request, which cancels it.
 */
class RtrEvents implements AsyncIterableIterator<ModelEvent> {
  /** The call is over: `done` was handed out, or it failed, or the caller left. */
  private over = false;

  constructor(
    private readonly frames: AsyncIterator<Record<string, unknown>>,
    private readonly signal: AbortSignal,
  ) {}

  [Symbol.asyncIterator](): AsyncIterableIterator<ModelEvent> {
    return this;
  }

  async next(): Promise<IteratorResult<ModelEvent>> {
    if (this.over) return this.return();
    for (;;) {
      let next: IteratorResult<Record<string, unknown>>;
      try {
        next = await this.frames.next();
      } catch (err) {
        throw await this.failed(translatePeerFailure("rtr", err, this.signal));
      }
      if (next.done) {
        throw await this.failed(new WireError("unavailable", "zino-rtr ended the stream without a done frame.", { service: "zino-rtr" }));
      }
      let event: ModelEvent | undefined;
      try {
        event = eventOf(next.value);
      } catch (err) {
        throw await this.failed(err);
      }
      if (!event) continue; // `tool_call_delta` and unknown frames: native calls are read whole from `done.tool_calls`.
      if (event.type === "done") this.over = true;
      return { done: false, value: event };
    }
  }

  async return(): Promise<IteratorResult<ModelEvent>> {
    this.over = true;
    await this.frames.return?.(undefined);
    return DONE;
  }

  /** Closes the request (cancelling it if unanswered) and hands back the error to throw. */
  private async failed(err: unknown): Promise<unknown> {
    await this.return();
    return err;
  }
}

/** The event a frame of rtr's answer is; undefined for frames the loop does not use. Throws on an `error` frame. */
function eventOf(frame: Record<string, unknown>): ModelEvent | undefined {
  if (frame.type === "chunk") {
    const delta = chunkDelta(frame);
    return delta === undefined ? undefined : { type: "delta", text: delta };
  }
  if (frame.type === "status") return { type: "status", frame };
  if (frame.type === "error") throw peerError("rtr", frame, "provider_error");
  if (frame.type === "done") return doneEvent(frame);
  return undefined;
}

function parsedDone(frame: Record<string, unknown>): RtrDoneFrame {
  const parsed = RtrDoneFrameSchema.safeParse(frame);
  if (!parsed.success) throw new WireError("internal_error", "zino-rtr sent an unreadable done frame.");
  return parsed.data;
}

function doneEvent(frame: Record<string, unknown>): ModelEvent {
  const done = plainRtrDone(frame) ?? parsedDone(frame);
  const toolCalls: NativeToolCall[] = (done.tool_calls ?? []).map((call, i) => ({
    // Ids must be unique across the turn's iterations: history pairs each tool result with its call by id.
    id: call.id ?? `call_${randomUUID().slice(0, 8)}_${i}`,
    name: call.name,
    arguments: call.arguments ?? {},
  }));
  const usage = done.usage ? usageOf(done.usage) : undefined;
  return { type: "done", text: done.full_text ?? "", toolCalls, usage, finishReason: done.finish_reason ?? undefined };
}
