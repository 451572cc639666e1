// The frames a client receives for one turn (docs/zino-protocol.md §3): chunk, tool_start, tool_done, then done or error for
// every client; `status` frames (phase, ms since the turn started) only for clients that sent `events: "all"`,
// so a Python zino-cli, which stops at any other type, keeps working (docs/zino-protocol.md §8).
import { NOT_SENT, type FrameWriter } from "../../wire/index.js";
import type { LoopEvent } from "./agent-types.js";

export interface ClientStream {
  /** Writes the event's frame now (if the client gets it); the promise settles when the client can take more. */
  emit(event: LoopEvent): Promise<unknown>;
  /** Milliseconds since the turn started. */
  elapsedMs(): number;
  /** When the first visible token went out, if it did. */
  readonly firstTokenMs: number | undefined;
  readonly wantsStatus: boolean;
}

export function createClientStream(out: FrameWriter, options: { allEvents: boolean; now?: () => number }): ClientStream {
  const now = options.now ?? (() => performance.now());
  const started = now();
  let firstTokenMs: number | undefined;
  const elapsedMs = () => Math.round(now() - started);
  return {
    elapsedMs,
    wantsStatus: options.allEvents,
    get firstTokenMs() {
      return firstTokenMs;
    },
    // Not async: the writer's own promise is handed back (no promise of ours per streamed chunk).
    emit(event) {
      if (event.type === "status") {
        if (event.phase === "first_token") firstTokenMs ??= elapsedMs();
        if (!options.allEvents) return NOT_SENT;
        return out.send({ ...event, ms: elapsedMs() });
      }
      return out.send(event);
    },
  };
}
