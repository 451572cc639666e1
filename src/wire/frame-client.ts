// The client side of one ZINO request: connect, write one frame, read answer frames until the server closes.
import { createConnection } from "node:net";
import { DEFAULT_MAX_FRAME_BYTES, FrameDecoder, encodeFrame, type Frame } from "./frame-codec.js";

/**
 * The service could not be reached (no socket, refused, closed without a frame), or it broke the connection after
 * it was reached (`connected`: EPIPE, ECONNRESET before the end of its answer).
 */
export class ServiceUnavailableError extends Error {
  constructor(
    readonly socketPath: string,
    readonly reason: string,
    readonly connected = false,
  ) {
    super(`service at ${socketPath} is unavailable: ${reason}`);
    this.name = "ServiceUnavailableError";
  }
}

/** The request itself cannot be written as a frame (a value nested too deep for JSON.stringify); nothing was sent. */
export class RequestEncodeError extends Error {
  constructor(reason: string) {
    super(`the request cannot be sent: ${reason}`);
    this.name = "RequestEncodeError";
  }
}

/** No frame arrived within the idle timeout. */
export class RequestTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer frame within ${timeoutMs} ms`);
    this.name = "RequestTimeoutError";
  }
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Longest wait for the next frame (not for the whole answer). Default: no limit. */
  idleTimeoutMs?: number;
  maxFrameBytes?: number;
}

const TERMINAL_TYPES = new Set(["done", "error"]);

/** Streams the answer frames of one request. Breaking out of the loop closes the connection (cancels). */
export async function* requestFrames(socketPath: string, request: Frame, options: RequestOptions = {}): AsyncGenerator<Frame> {
  const { signal } = options;
  signal?.throwIfAborted();
  // Encoded before connecting: a request that cannot be encoded fails here, in the caller's hands, not in a socket
  // event handler where the throw would be uncaught.
  const bytes = encodeRequest(request);
  const socket = createConnection(socketPath);
  const decoder = new FrameDecoder(options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES);
  const queue: Frame[] = [];
  let failure: Error | undefined;
  let ended = false;
  let connected = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  socket.on("connect", () => {
    connected = true;
    socket.write(bytes);
  });
  socket.on("data", (chunk: Buffer) => {
    for (const item of decoder.push(chunk)) {
      if (item.kind === "frame") queue.push(item.frame);
      else failure ??= new Error(`the service sent an unreadable frame (${item.kind})`);
    }
    notify();
  });
  socket.on("error", (err: NodeJS.ErrnoException) => {
    const code = err.code ?? err.message;
    failure ??= connected
      ? new ServiceUnavailableError(socketPath, `closed the connection (${code})`, true)
      : new ServiceUnavailableError(socketPath, code);
    notify();
  });
  socket.on("close", () => {
    ended = true;
    notify();
  });
  const onAbort = () => {
    failure ??= signal?.reason instanceof Error ? signal.reason : new Error("aborted");
    socket.destroy();
    notify();
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  let received = 0;
  try {
    for (;;) {
      if (queue.length > 0) {
        const frame = queue.shift()!;
        received += 1;
        yield frame;
        if (typeof frame.type === "string" && TERMINAL_TYPES.has(frame.type)) return;
        continue;
      }
      if (failure) throw failure;
      if (ended) {
        if (received === 0) throw new ServiceUnavailableError(socketPath, "closed without answering");
        return;
      }
      await waitFor((resolve) => (wake = resolve), options.idleTimeoutMs);
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    socket.destroy();
  }
}

function encodeRequest(request: Frame): Buffer {
  try {
    return encodeFrame(request);
  } catch (err) {
    // JSON.stringify's RangeError ("Maximum call stack size exceeded") on a value nested thousands of levels deep.
    throw new RequestEncodeError(err instanceof RangeError ? "it nests too deep to be encoded" : String(err));
  }
}

async function waitFor(register: (resolve: () => void) => void, timeoutMs: number | undefined): Promise<void> {
  if (timeoutMs === undefined) return new Promise<void>((resolve) => register(resolve));
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RequestTimeoutError(timeoutMs)), timeoutMs);
    register(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Sends one request and returns its first answer frame (for non-streaming operations). */
export async function requestOne(socketPath: string, request: Frame, options: RequestOptions = {}): Promise<Frame> {
  for await (const frame of requestFrames(socketPath, request, options)) return frame;
  throw new ServiceUnavailableError(socketPath, "closed without answering");
}

/** Sends one request and collects every answer frame. */
export async function requestAll(socketPath: string, request: Frame, options: RequestOptions = {}): Promise<Frame[]> {
  const frames: Frame[] = [];
  for await (const frame of requestFrames(socketPath, request, options)) frames.push(frame);
  return frames;
}
