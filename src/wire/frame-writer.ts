// Writing answer frames to a connection: corked per tick, with back-pressure and a bound on how long a peer
// that reads nothing may hold an answer; and how a connection ends after its answer.
import type { Socket } from "node:net";
import { DEFAULT_MAX_FRAME_BYTES, HEADER_BYTES, encodeFrame, type Frame } from "./frame-codec.js";
import { WireError } from "./wire-errors.js";

export interface FrameWriter {
  /** Writes one frame, waiting for the socket to drain (back-pressure). Resolves false when the peer is gone. */
  send(frame: Frame): Promise<boolean>;
  readonly framesSent: number;
  readonly closed: boolean;
}

export interface ConnectionWriter extends FrameWriter {
  /** Writes an encoded frame (the multiplexed connection's frames carry their request id). */
  sendEncoded(bytes: Buffer): Promise<boolean>;
  /** Writes out what the current tick queued (before a destroy, which would drop it). */
  flush(): void;
}

/** The answers of a write that needed no wait: one settled promise each, shared (a settled promise never changes). */
export const SENT: Promise<boolean> = Promise.resolve(true);
export const NOT_SENT: Promise<boolean> = Promise.resolve(false);

/**
 * Frames written in the same tick leave in one `writev` (the socket is corked until the next tick): a streamed
 * answer often produces several frames from one upstream read, and each separate write is a system call and a
 * wake-up of the reader. Nothing waits longer than the current tick. A wait for the peer to read (back-pressure)
 * longer than `stallTimeoutMs` closes the connection.
 */
export function createWriter(socket: Socket, stallTimeoutMs: number, maxFrameBytes = DEFAULT_MAX_FRAME_BYTES): ConnectionWriter {
  let framesSent = 0;
  // One wait for the peer to read, shared by every frame that meets a full buffer: on a multiplexed connection
  // many requests may write at once, and one listener pair per writer would pile up on the socket.
  let draining: Promise<boolean> | undefined;
  const waitDrained = (): Promise<boolean> => {
    draining ??= drained(socket, stallTimeoutMs).finally(() => (draining = undefined));
    return draining;
  };
  const corked = corkPerTick(socket);
  const sendEncoded = (bytes: Buffer): Promise<boolean> => {
    if (socket.destroyed || !socket.writable) return NOT_SENT;
    // The peer's decoder would refuse it and lose the whole connection: the request fails with a code instead.
    if (bytes.length - HEADER_BYTES > maxFrameBytes) throw answerTooLarge(bytes.length - HEADER_BYTES, maxFrameBytes);
    framesSent += 1;
    if (corked.write(bytes)) return SENT;
    return waitDrained();
  };
  return {
    get framesSent() {
      return framesSent;
    },
    get closed() {
      return socket.destroyed || !socket.writable;
    },
    flush: () => corked.flush(),
    sendEncoded,
    send: (frame) => sendEncoded(encodeFrame(frame)),
  };
}

/**
 * An answer frame over the frame limit (docs/zino-protocol.md §2 "Limits" binds both directions). Thrown by `send`
 * before any byte is written, so the handler's failure becomes this error frame and the connection stays readable.
 */
export function answerTooLarge(bodyBytes: number, maxFrameBytes: number): WireError {
  return new WireError(
    "frame_too_large",
    `The answer frame would be ${bodyBytes} bytes, over the ${maxFrameBytes}-byte frame limit, so it was not sent: ` +
      `ask for less (a smaller result or history), or raise [limits] max_frame_bytes in ZINO.toml for every service.`,
    { answer_bytes: bodyBytes, max_frame_bytes: maxFrameBytes },
  );
}

export interface CorkedWrites {
  /** Writes bytes; they leave with everything else written in the same tick. Returns what `socket.write` returns. */
  write(bytes: Buffer): boolean;
  /** Writes out what the current tick queued. */
  flush(): void;
}

/**
 * Writes to a socket corked until the next tick, so that whatever the current tick writes leaves in one `writev`
 * (one system call and one wake-up of the reader) instead of one `write` each. The bytes are the same.
 */
export function corkPerTick(socket: Socket): CorkedWrites {
  let corked = false;
  const uncork = () => {
    if (!corked) return;
    corked = false;
    socket.uncork();
  };
  return {
    write(bytes) {
      if (!corked) {
        corked = true;
        socket.cork();
        process.nextTick(uncork);
      }
      return socket.write(bytes);
    },
    flush: uncork,
  };
}

/** A peer that stops reading would hold the answer (and a connection slot) forever: it is dropped instead. */
function drained(socket: Socket, stallTimeoutMs: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const stalled = setTimeout(() => socket.destroy(), stallTimeoutMs);
    const done = (ok: boolean) => {
      clearTimeout(stalled);
      socket.off("drain", onDrain);
      socket.off("close", onClose);
      resolve(ok);
    };
    const onDrain = () => done(true);
    const onClose = () => done(false);
    socket.once("drain", onDrain);
    socket.once("close", onClose);
  });
}

/** How long a peer may keep a connection open after its answer ended, before the server closes it. */
export const LINGER_AFTER_ANSWER_MS = 2000;

/**
 * Ends our side; a peer that never closes its side, or never reads what is left to send, does not keep the
 * connection (and its descriptor) forever: closed `LINGER_AFTER_ANSWER_MS` after the answer is flushed, or after
 * `hardMs` whatever happened. Both timers go when the connection closes: a timer left behind would keep the closed
 * socket, its buffers and its decoder in memory until it fired (thousands of them under load).
 */
export function endSoon(socket: Socket, hardMs: number): void {
  socket.end();
  const destroy = () => socket.destroy();
  const hard = setTimeout(destroy, hardMs).unref();
  let linger: NodeJS.Timeout | undefined;
  const onFinish = () => {
    linger = setTimeout(destroy, LINGER_AFTER_ANSWER_MS).unref();
  };
  socket.once("finish", onFinish);
  socket.once("close", () => {
    clearTimeout(hard);
    clearTimeout(linger);
    socket.off("finish", onFinish);
  });
}
