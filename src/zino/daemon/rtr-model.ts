// The model function the agent loop calls, backed by zino-rtr: one streamed request per model call. Leaving
// the iteration early closes the connection, which makes rtr cancel the provider request.
import { randomUUID } from "node:crypto";
import { WireError } from "../../wire/index.js";
import { RtrDoneFrameSchema, chunkDelta, usageOf, type NativeToolCall } from "../protocol/index.js";
import type { ModelCall, ModelEvent } from "./agent-types.js";
import { peerError, translatePeerFailure, type PeerOptions } from "./peer-request.js";

/** Longest silence between two rtr frames (rtr sends status frames while it retries). */
const RTR_IDLE_TIMEOUT_MS = 300_000;

export function createRtrModel(options: PeerOptions, ctxkey: string, configVersion?: string): ModelCall {
  const version = configVersion === undefined ? {} : { config_version: configVersion };
  return async function* callRtr({ messages, tools, signal }): AsyncGenerator<ModelEvent> {
    // `tools` right after `message`, in CompletionRequestSchema's order: rtr then reads the request without zod.
    const request = { message: messages, ...(tools && tools.length > 0 ? { tools } : {}), ctxkey, ...version };
    const frames = options.channels.rtr.frames(request, { signal, idleTimeoutMs: RTR_IDLE_TIMEOUT_MS });
    const iterator = frames[Symbol.asyncIterator]();
    try {
      for (;;) {
        let next: IteratorResult<Record<string, unknown>>;
        try {
          next = await iterator.next();
        } catch (err) {
          throw translatePeerFailure("rtr", err, signal);
        }
        if (next.done) break;
        const frame = next.value;
        if (frame.type === "chunk") {
          const delta = chunkDelta(frame);
          if (delta !== undefined) yield { type: "delta", text: delta };
        } else if (frame.type === "status") {
          yield { type: "status", frame };
        } else if (frame.type === "error") {
          throw peerError("rtr", frame, "provider_error");
        } else if (frame.type === "done") {
          yield doneEvent(frame);
          return;
        }
        // `tool_call_delta` and unknown frames: native calls are read whole from `done.tool_calls`.
      }
    } finally {
      await iterator.return?.(undefined);
    }
    throw new WireError("unavailable", "zino-rtr ended the stream without a done frame.", { service: "zino-rtr" });
  };
}

function doneEvent(frame: Record<string, unknown>): ModelEvent {
  const parsed = RtrDoneFrameSchema.safeParse(frame);
  if (!parsed.success) throw new WireError("internal_error", "zino-rtr sent an unreadable done frame.");
  const done = parsed.data;
  const toolCalls: NativeToolCall[] = (done.tool_calls ?? []).map((call, i) => ({
    // Ids must be unique across the turn's iterations: history pairs each tool result with its call by id.
    id: call.id ?? `call_${randomUUID().slice(0, 8)}_${i}`,
    name: call.name,
    arguments: call.arguments ?? {},
  }));
  const usage = done.usage ? usageOf(done.usage) : undefined;
  return { type: "done", text: done.full_text ?? "", toolCalls, usage, finishReason: done.finish_reason ?? undefined };
}
