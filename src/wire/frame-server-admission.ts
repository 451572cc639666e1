// The frame server's admission limits: connections being read or answered, bytes held for unfinished frames across
// all connections, and bytes of the requests being answered. Past the first two, a connection is answered
// `overloaded` and closed; past the third, a request is (one request of a multiplexed connection, not the connection).
import type { Socket } from "node:net";
import type { Decoded, Frame, FrameDecoder } from "./frame-codec.js";
import { endSoon, LINGER_AFTER_ANSWER_MS, type ConnectionWriter } from "./frame-writer.js";
import type { Logger } from "./logger.js";
import { errorFrame } from "./wire-errors.js";

/** One admitted connection's share: its decoder's bytes are counted, and its slot is given back once. */
export interface Slot {
  /** Decodes a chunk, counting the bytes it leaves buffered. */
  push(chunk: Buffer): Decoded[];
  /** The bytes this connection holds for an unfinished frame. */
  readonly pendingBytes: number;
  /** Stops buffering (the connection has its one request): what is buffered is dropped and no longer counted. */
  dropBuffered(): void;
  /** Gives back the connection's slot and its buffered bytes, once. */
  release(): void;
}

export interface Admission {
  tryEnter(): boolean;
  slot(decoder: FrameDecoder): Slot;
  overBuffered(): boolean;
  /**
   * Counts a request's bytes while it is answered: a handler keeps its parsed frame until it is done, so complete
   * requests waiting on a slow answer (a ctxkey's turn lock, a silent provider) hold memory as unfinished frames do.
   * False, counting nothing, when they would pass the budget; `free` gives back what a true took.
   */
  hold(bytes: number): boolean;
  free(bytes: number): void;
  /** The frame refusing a request past the budget of `hold`. */
  heldRefusal(): Frame;
  /** Answers `overloaded` and stops reading: what the peer still sends is left in the kernel, not in our memory. */
  refuse(socket: Socket, writer: ConnectionWriter, why: "connections" | "bytes"): void;
}

export function createAdmission(limits: {
  maxConnections: number;
  maxBufferedBytes: number;
  maxHeldBytes: number;
  logger: Logger;
}): Admission {
  const { maxConnections, maxBufferedBytes, maxHeldBytes, logger } = limits;
  /** Bytes of the requests being answered. */
  let held = 0;
  let heldRefusals = 0;
  /** Connections being read or answered (refused ones are not counted). */
  let active = 0;
  /** Bytes held by every connection's decoder. */
  let buffered = 0;
  let refusedSince = 0;
  const leave = () => {
    active -= 1;
    if (active === 0 && refusedSince > 0) {
      logger.info({ refused: refusedSince }, "no longer overloaded");
      refusedSince = 0;
    }
  };
  return {
    tryEnter() {
      if (active >= maxConnections) return false;
      active += 1;
      return true;
    },
    overBuffered: () => buffered > maxBufferedBytes,
    hold(bytes) {
      // One request alone always passes (the frame limit bounds it): only requests together are refused.
      if (held > 0 && held + bytes > maxHeldBytes) {
        if (heldRefusals++ === 0) logger.warn({ maxHeldBytes, held }, "overloaded: refusing requests past the bytes being answered");
        return false;
      }
      held += bytes;
      return true;
    },
    free(bytes) {
      held -= bytes;
      if (held === 0) heldRefusals = 0;
    },
    heldRefusal: () =>
      errorFrame(
        "overloaded",
        `This service is answering requests of ${maxHeldBytes} bytes together, its limit; retry once some are answered, or send smaller requests.`,
      ),
    slot(decoder) {
      let counted = true;
      const drop = () => {
        buffered -= decoder.pendingBytes;
        decoder.release();
      };
      return {
        push(chunk) {
          const before = decoder.pendingBytes;
          const decoded = decoder.push(chunk);
          buffered += decoder.pendingBytes - before;
          return decoded;
        },
        get pendingBytes() {
          return decoder.pendingBytes;
        },
        dropBuffered: drop,
        release() {
          drop();
          if (!counted) return;
          counted = false;
          leave();
        },
      };
    },
    refuse(socket, writer, why) {
      if (refusedSince++ === 0) logger.warn({ maxConnections, maxBufferedBytes, active, buffered }, "overloaded: refusing connections");
      socket.pause();
      const message =
        why === "connections"
          ? `Too many connections (${maxConnections}) are open on this service; retry in a moment.`
          : `This service holds too many unfinished frames (${maxBufferedBytes} bytes); retry in a moment.`;
      void writer.send(errorFrame("overloaded", message)).finally(() => endSoon(socket, LINGER_AFTER_ANSWER_MS));
    },
  };
}
