// A client's channel to one service socket [ext] (mux.ts): the first request opens one connection and offers
// multiplexing with `hello`; a service that accepts keeps that connection for every later request, many in
// flight at once. A service that does not (the Python ZINO, an older build) answers the hello with an error or
// anything else, and is then spoken to one request per connection (frame-client.ts), as before; it is asked
// again after `RETRY_MUX_MS`, in case it was replaced by one that can. Same calls and errors as frame-client.ts.
import { createConnection, type Socket } from "node:net";
import { DEFAULT_MAX_FRAME_BYTES, FrameDecoder, encodeFrame, type Frame } from "./frame-codec.js";
import { RequestTimeoutError, ServiceUnavailableError, requestFrames, type RequestOptions } from "./frame-client.js";
import { CANCEL_TYPE, END_TYPE, acceptsMux, encodeWithRid, helloRequest, takeRid } from "./mux.js";

/** How long a service that refused multiplexing is spoken to one request per connection before asking again. */
export const RETRY_MUX_MS = 30_000;
/** Longest wait for the answer to `hello`. */
const HELLO_TIMEOUT_MS = 5_000;

export interface FrameChannel {
  readonly socketPath: string;
  /** Streams the answer frames of one request, like requestFrames. Breaking out of the loop cancels the request. */
  frames(request: Frame, options?: RequestOptions): AsyncGenerator<Frame>;
  /** Sends one request and returns its first answer frame. */
  one(request: Frame, options?: RequestOptions): Promise<Frame>;
  /** Counts the multiplexed connections opened so far: a new one means the service was reconnected (restarted). */
  readonly connections: number;
  /** "mux" once the service accepted multiplexing, "single" while it is spoken to one request per connection. */
  readonly mode: "unknown" | "mux" | "single";
  close(): void;
}

export function createFrameChannel(socketPath: string, options: { maxFrameBytes?: number } = {}): FrameChannel {
  const maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  let connection: Promise<MuxConnection | undefined> | undefined;
  let singleUntil = 0;
  let connections = 0;
  let mode: FrameChannel["mode"] = "unknown";
  let closed = false;

  /** The multiplexed connection, or undefined when the service speaks one request per connection. */
  async function muxConnection(): Promise<MuxConnection | undefined> {
    if (closed || Date.now() < singleUntil) return undefined;
    connection ??= openMux(socketPath, maxFrameBytes, () => (connection = undefined)).then(
      (opened) => {
        if (opened) {
          connections += 1;
          mode = "mux";
        } else {
          connection = undefined;
          singleUntil = Date.now() + RETRY_MUX_MS;
          mode = "single";
        }
        return opened;
      },
      (err: unknown) => {
        connection = undefined;
        throw err;
      },
    );
    return connection;
  }

  async function* frames(request: Frame, requestOptions: RequestOptions = {}): AsyncGenerator<Frame> {
    requestOptions.signal?.throwIfAborted();
    const mux = await muxConnection();
    if (!mux) yield* requestFrames(socketPath, request, { maxFrameBytes, ...requestOptions });
    else yield* mux.request(request, requestOptions);
  }

  return {
    socketPath,
    frames,
    async one(request, requestOptions) {
      for await (const frame of frames(request, requestOptions)) return frame;
      throw new ServiceUnavailableError(socketPath, "closed without answering");
    },
    get connections() {
      return connections;
    },
    get mode() {
      return mode;
    },
    close() {
      closed = true;
      void connection?.then((c) => c?.destroy());
      connection = undefined;
    },
  };
}

interface MuxConnection {
  request(request: Frame, options: RequestOptions): AsyncGenerator<Frame>;
  destroy(): void;
}

interface Pending {
  queue: Frame[];
  ended: boolean;
  failure: Error | undefined;
  wake: (() => void) | undefined;
}

/** Connects and says hello; undefined when the service does not multiplex (the connection is then closed). */
async function openMux(socketPath: string, maxFrameBytes: number, onClosed: () => void): Promise<MuxConnection | undefined> {
  const socket = createConnection(socketPath);
  const decoder = new FrameDecoder(maxFrameBytes);
  const accepted = await new Promise<boolean>((resolve, reject) => {
    const timer = setTimeout(() => finish(false), HELLO_TIMEOUT_MS);
    const finish = (ok: boolean, err?: Error) => {
      clearTimeout(timer);
      socket.off("data", onData);
      socket.off("error", onError);
      socket.off("close", onClose);
      if (err) reject(err);
      else resolve(ok);
    };
    const onData = (chunk: Buffer) => {
      const [first] = decoder.push(chunk);
      if (first) finish(first.kind === "frame" && acceptsMux(first.frame));
    };
    const onError = (err: NodeJS.ErrnoException) => finish(false, new ServiceUnavailableError(socketPath, err.code ?? err.message));
    const onClose = () => finish(false);
    socket.on("data", onData);
    socket.once("error", onError);
    socket.once("close", onClose);
    socket.once("connect", () => socket.write(encodeFrame(helloRequest())));
  }).catch((err: unknown) => {
    socket.destroy();
    throw err;
  });
  if (!accepted) {
    socket.destroy();
    return undefined;
  }
  return muxConnection(socket, decoder, socketPath, onClosed);
}

function muxConnection(socket: Socket, decoder: FrameDecoder, socketPath: string, onClosed: () => void): MuxConnection {
  const pending = new Map<number, Pending>();
  let nextRid = 1;
  let lost: Error | undefined;
  const wake = (entry: Pending) => {
    const w = entry.wake;
    entry.wake = undefined;
    w?.();
  };
  const refresh = () => (pending.size > 0 ? socket.ref() : socket.unref());
  socket.unref();
  socket.on("data", (chunk: Buffer) => {
    for (const item of decoder.push(chunk)) {
      if (item.kind !== "frame") {
        lost ??= new Error(`the service sent an unreadable frame (${item.kind})`);
        socket.destroy();
        return;
      }
      const rid = takeRid(item.frame);
      const entry = rid === undefined ? undefined : pending.get(rid);
      if (!entry) continue; // an answer to a cancelled request, or a connection-level notice
      if (item.frame.type === END_TYPE) entry.ended = true;
      else entry.queue.push(item.frame);
      wake(entry);
    }
  });
  socket.on("error", (err) => (lost ??= err));
  socket.on("close", () => {
    onClosed();
    lost ??= new Error("the connection closed");
    for (const entry of pending.values()) {
      entry.ended = true;
      wake(entry);
    }
    pending.clear();
  });

  async function* request(frame: Frame, options: RequestOptions): AsyncGenerator<Frame> {
    if (socket.destroyed) throw new ServiceUnavailableError(socketPath, lost?.message ?? "closed");
    // Aborted while the connection was being opened: nothing is sent.
    options.signal?.throwIfAborted();
    const rid = nextRid++;
    const entry: Pending = { queue: [], ended: false, failure: undefined, wake: undefined };
    pending.set(rid, entry);
    refresh();
    const { signal } = options;
    const onAbort = () => {
      entry.failure ??= signal?.reason instanceof Error ? signal.reason : new Error("aborted");
      wake(entry);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    socket.write(encodeWithRid(frame, rid));
    try {
      yield* answers(entry, socketPath, options.idleTimeoutMs);
    } finally {
      signal?.removeEventListener("abort", onAbort);
      if (pending.delete(rid) && !entry.ended && !socket.destroyed) socket.write(encodeWithRid({ type: CANCEL_TYPE }, rid));
      refresh();
    }
  }

  return { request, destroy: () => socket.destroy() };
}

const TERMINAL_TYPES = new Set(["done", "error"]);

async function* answers(entry: Pending, socketPath: string, idleTimeoutMs: number | undefined): AsyncGenerator<Frame> {
  let received = 0;
  for (;;) {
    if (entry.failure) throw entry.failure;
    const frame = entry.queue.shift();
    if (frame) {
      received += 1;
      yield frame;
      if (typeof frame.type === "string" && TERMINAL_TYPES.has(frame.type)) return;
      continue;
    }
    if (entry.ended) {
      if (received === 0) throw new ServiceUnavailableError(socketPath, "closed without answering");
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const timer =
        idleTimeoutMs === undefined ? undefined : setTimeout(() => reject(new RequestTimeoutError(idleTimeoutMs)), idleTimeoutMs);
      entry.wake = () => {
        if (timer) clearTimeout(timer);
        resolve();
      };
    });
  }
}
