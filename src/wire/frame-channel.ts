// A client's channel to one service socket [ext] (mux.ts): the first request opens one connection and offers
// multiplexing with `hello`; a service that accepts keeps that connection for every later request, many in
// flight at once. A service that does not (the Python ZINO, an older build) answers the hello with an error or
// anything else, and is then spoken to one request per connection (frame-client.ts), as before; it is asked
// again after `RETRY_MUX_MS`, in case it was replaced by one that can. Same calls and errors as frame-client.ts.
// A service listening in the same thread of a process that answers in process (in-process.ts) is called directly.
import { createConnection, type Socket } from "node:net";
import { DEFAULT_MAX_FRAME_BYTES, FrameDecoder, HEADER_BYTES, encodeFrame, type Frame } from "./frame-codec.js";
import { RequestTimeoutError, ServiceUnavailableError, requestFrames, type RequestOptions } from "./frame-client.js";
import { corkPerTick } from "./frame-writer.js";
import { CANCEL_TYPE, DEFAULT_MAX_IN_FLIGHT, END_TYPE, acceptsMux, encodeWithRid, helloRequest, ridOf } from "./mux.js";
import { WireError } from "./wire-errors.js";
import { inProcessService, startInProcess, wakeReader, type AnswerQueue, type InProcessService } from "./in-process.js";

/** How long a service that refused multiplexing is spoken to one request per connection before asking again. */
export const RETRY_MUX_MS = 30_000;
/** Longest wait for the answer to `hello`. */
const HELLO_TIMEOUT_MS = 5_000;

export interface FrameChannel {
  readonly socketPath: string;
  /**
   * Streams the answer frames of one request, like requestFrames; nothing is sent before the first `next()`.
   * Breaking out of the loop cancels the request. One `next()` at a time (as `for await` calls it).
   */
  frames(request: Frame, options?: RequestOptions): AsyncIterableIterator<Frame>;
  /** Sends one request and returns its first answer frame. */
  one(request: Frame, options?: RequestOptions): Promise<Frame>;
  /** Counts the multiplexed connections opened so far: a new one means the service was reconnected (restarted). */
  readonly connections: number;
  /**
   * "mux" once the service accepted multiplexing, "single" while it is spoken to one request per connection,
   * "in-process" while it answers in this thread (in-process.ts).
   */
  readonly mode: "unknown" | "mux" | "single" | "in-process";
  close(): void;
}

export function createFrameChannel(socketPath: string, options: { maxFrameBytes?: number } = {}): FrameChannel {
  const maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  let connection: Promise<MuxConnection | undefined> | undefined;
  let singleUntil = 0;
  let connections = 0;
  let mode: FrameChannel["mode"] = "unknown";
  let closed = false;
  let inProcess: InProcessService | undefined;

  /** The multiplexed connection, or undefined when the service speaks one request per connection. */
  async function muxConnection(): Promise<MuxConnection | undefined> {
    if (closed) return undefined;
    const local = inProcessService(socketPath);
    if (local !== inProcess) {
      // The service started or stopped answering in this thread: a new connection, as after a restart.
      inProcess = local;
      void connection?.then((c) => c?.destroy());
      connection = undefined;
      if (local) {
        connections += 1;
        mode = "in-process";
        connection = Promise.resolve(inProcessConnection(socketPath, local));
      }
    }
    if (local) return connection;
    if (Date.now() < singleUntil) return undefined;
    if (connection) return connection;
    // Each reset is guarded: a connection that ends after being replaced (by a service now in this thread) is no longer ours.
    const opening: Promise<MuxConnection | undefined> = openMux(socketPath, maxFrameBytes, () => {
      if (connection === opening) connection = undefined;
    }).then(
      (opened) => {
        if (opened) {
          connections += 1;
          mode = "mux";
        } else {
          if (connection === opening) connection = undefined;
          singleUntil = Date.now() + RETRY_MUX_MS;
          mode = "single";
        }
        return opened;
      },
      (err: unknown) => {
        if (connection === opening) connection = undefined;
        throw err;
      },
    );
    connection = opening;
    return connection;
  }

  const frames = (request: Frame, requestOptions: RequestOptions = {}): AsyncIterableIterator<Frame> =>
    lazyRequest(async () => {
      requestOptions.signal?.throwIfAborted();
      const mux = await muxConnection();
      return mux ? mux.request(request, requestOptions) : requestFrames(socketPath, request, { maxFrameBytes, ...requestOptions });
    });

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

/** A request's frames, opened by the first `next()`; later ones go straight to it (no generator layer per frame). */
function lazyRequest(start: () => Promise<AsyncIterator<Frame>>): AsyncIterableIterator<Frame> {
  let inner: AsyncIterator<Frame> | undefined;
  let over = false;
  const open = async (): Promise<IteratorResult<Frame>> => {
    try {
      inner = await start();
    } catch (err) {
      over = true;
      throw err;
    }
    return inner.next();
  };
  const iterator: AsyncIterableIterator<Frame> = {
    next: () => (inner ? inner.next() : over ? Promise.resolve(DONE) : open()),
    return: () => {
      over = true;
      return inner?.return ? inner.return() : Promise.resolve(DONE);
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

interface MuxConnection {
  request(request: Frame, options: RequestOptions): AsyncIterator<Frame>;
  destroy(): void;
}

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

type Pending = AnswerQueue;

/** Connects and says hello; undefined when the service does not multiplex (the connection is then closed). */
async function openMux(socketPath: string, maxFrameBytes: number, onClosed: () => void): Promise<MuxConnection | undefined> {
  const socket = createConnection(socketPath);
  const decoder = new FrameDecoder(maxFrameBytes);
  let peerMaxInFlight = DEFAULT_MAX_IN_FLIGHT;
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
      if (!first) return;
      const accepts = first.kind === "frame" && acceptsMux(first.frame);
      if (accepts) peerMaxInFlight = maxInFlightOf(first.frame);
      finish(accepts);
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
  return muxConnection(socket, decoder, { socketPath, maxFrameBytes, maxInFlight: peerMaxInFlight }, onClosed);
}

/** The requests in flight the service's hello allows on the connection (mux.ts); its default when it names none. */
function maxInFlightOf(hello: Frame): number {
  const value = hello.max_in_flight;
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : DEFAULT_MAX_IN_FLIGHT;
}

interface MuxLimits {
  socketPath: string;
  /** The largest frame the service reads: a larger request fails alone, instead of ending the shared connection. */
  maxFrameBytes: number;
  /** Requests the service takes in flight: the channel's later ones wait their turn instead of being refused. */
  maxInFlight: number;
}

function muxConnection(socket: Socket, decoder: FrameDecoder, limits: MuxLimits, onClosed: () => void): MuxConnection {
  const { socketPath } = limits;
  const pending = new Map<number, Pending>();
  let nextRid = 1;
  let lost: Error | undefined;
  const refresh = () => (pending.size > 0 ? socket.ref() : socket.unref());
  // Requests and cancels of the same tick leave in one writev: many turns reach their next request together.
  const writes = corkPerTick(socket);
  const places = placesInFlight(limits.maxInFlight, (bytes) => writes.write(bytes));
  decoder.splitRid = true;
  socket.unref();
  socket.on("data", (chunk: Buffer) => {
    for (const item of decoder.push(chunk)) {
      if (item.kind !== "frame") {
        lost ??= new Error(`the service sent an unreadable frame (${item.kind})`);
        socket.destroy();
        return;
      }
      const rid = ridOf(item);
      const entry = rid === undefined ? undefined : pending.get(rid);
      if (!entry) continue; // an answer to a cancelled request, or a connection-level notice
      if (item.frame.type === END_TYPE) {
        entry.ended = true;
        places.settled(rid!);
      } else entry.queue.push(item.frame);
      wakeReader(entry);
    }
  });
  socket.on("error", (err) => (lost ??= err));
  socket.on("close", () => {
    onClosed();
    lost ??= new Error("the connection closed");
    for (const entry of pending.values()) {
      entry.ended = true;
      wakeReader(entry);
    }
    pending.clear();
    places.clear();
  });

  const parts: MuxParts = {
    socketPath,
    open(frame, entry) {
      if (socket.destroyed) throw new ServiceUnavailableError(socketPath, lost?.message ?? "closed");
      const rid = nextRid++;
      const bytes = encodeWithRid(frame, rid);
      if (bytes.length - HEADER_BYTES > limits.maxFrameBytes) {
        throw new WireError(
          "frame_too_large",
          `This request to ${socketPath} would be a frame of ${bytes.length - HEADER_BYTES} bytes, over the ${limits.maxFrameBytes}-byte limit; send a shorter message.`,
        );
      }
      pending.set(rid, entry);
      refresh();
      places.send(rid, bytes);
      return rid;
    },
    close(rid, entry) {
      // One still waiting was never sent: nothing to cancel.
      if (places.dropWaiting(rid)) pending.delete(rid);
      else if (pending.delete(rid) && !entry.ended && !socket.destroyed) writes.write(encodeWithRid({ type: CANCEL_TYPE }, rid));
      places.settled(rid);
      refresh();
    },
  };
  const request = (frame: Frame, options: RequestOptions): AsyncIterator<Frame> => new MuxRequest(parts, frame, options);
  return { request, destroy: () => socket.destroy() };
}

/**
 * The service's `max_in_flight` places on a connection: a request is written when a place is free, else it waits (in
 * order) for an earlier one to end or be cancelled.
 */
function placesInFlight(maxInFlight: number, write: (bytes: Buffer) => void) {
  /** Requests sent and not yet answered to the end (nor cancelled). */
  const sent = new Set<number>();
  const waiting = new Map<number, Buffer>();
  const sendWaiting = () => {
    for (const [rid, bytes] of waiting) {
      if (sent.size >= maxInFlight) return;
      waiting.delete(rid);
      sent.add(rid);
      write(bytes);
    }
  };
  return {
    send(rid: number, bytes: Buffer) {
      waiting.set(rid, bytes);
      sendWaiting();
    },
    /** Takes back a request not sent yet; false when it was sent. */
    dropWaiting: (rid: number) => waiting.delete(rid),
    /** Request `rid` ended or was cancelled: its place goes to the next one waiting. */
    settled(rid: number) {
      if (sent.delete(rid)) sendWaiting();
    },
    clear() {
      sent.clear();
      waiting.clear();
    },
  };
}

/**
 * Requests to a service in this thread, read through the same MuxRequest as a multiplexed connection's. A request made
 * after the service closed is refused as on a closed socket; the channel's next one goes to the socket.
 */
function inProcessConnection(socketPath: string, service: InProcessService): MuxConnection {
  const inFlight = new Map<number, { entry: Pending; cancel: () => void }>();
  let nextRid = 1;
  const parts: MuxParts = {
    socketPath,
    open(frame, entry) {
      if (inProcessService(socketPath) !== service) throw new ServiceUnavailableError(socketPath, "closed");
      const rid = nextRid++;
      inFlight.set(rid, { entry, cancel: startInProcess(service, frame, entry) });
      return rid;
    },
    close(rid) {
      inFlight.get(rid)?.cancel();
      inFlight.delete(rid);
    },
  };
  // Like a closed socket: every unfinished answer ends where it is.
  const destroy = () => {
    for (const { entry, cancel } of inFlight.values()) {
      cancel();
      entry.ended = true;
      wakeReader(entry);
    }
    inFlight.clear();
  };
  return { request: (frame, options) => new MuxRequest(parts, frame, options), destroy };
}

const TERMINAL_TYPES = new Set(["done", "error"]);

/** What a request needs of its connection: to be registered and sent, and to be taken off (cancelled if unanswered). */
interface MuxParts {
  readonly socketPath: string;
  /** Registers the entry under a new rid and sends the request; throws when the connection is gone. */
  open(frame: Frame, entry: Pending): number;
  close(rid: number, entry: Pending): void;
}

/**
 * One request's answer frames, as an iterator written out (one promise per frame at most, where async generators
 * nested three deep made several): the request is sent at the first `next()`; the answer ends after a terminal
 * frame or the `end` frame; a failure, an abort or the idle timeout rejects; `return()` cancels an unfinished one.
 */
class MuxRequest implements AsyncIterator<Frame> {
  private readonly entry: Pending = { queue: [], ended: false, failure: undefined, wake: undefined };
  private rid: number | undefined;
  private state: "new" | "open" | "over" = "new";
  private received = 0;
  /** The last frame handed out was terminal: the next call ends the answer. */
  private terminal = false;
  private readonly onAbort = () => {
    const { signal } = this.options;
    this.entry.failure ??= signal?.reason instanceof Error ? signal.reason : new Error("aborted");
    const wake = this.entry.wake;
    this.entry.wake = undefined;
    wake?.();
  };

  constructor(
    private readonly parts: MuxParts,
    private readonly frame: Frame,
    private readonly options: RequestOptions,
  ) {}

  next(): Promise<IteratorResult<Frame>> {
    if (this.state === "over") return Promise.resolve(DONE);
    try {
      if (this.state === "new") this.open();
      const result = this.poll();
      return result ? Promise.resolve(result) : this.wait();
    } catch (err) {
      this.finish();
      const failure = err as Error; // a failure, an abort reason or a timeout, passed on as thrown
      return Promise.reject(failure);
    }
  }

  return(): Promise<IteratorResult<Frame>> {
    return Promise.resolve(this.finish());
  }

  private open(): void {
    // Aborted while the connection was being opened: nothing is sent.
    this.options.signal?.throwIfAborted();
    this.rid = this.parts.open(this.frame, this.entry);
    this.state = "open";
    this.options.signal?.addEventListener("abort", this.onAbort, { once: true });
  }

  /** The next result if there is one now (undefined: wait for the connection); throws the request's failure. */
  private poll(): IteratorResult<Frame> | undefined {
    const { entry } = this;
    if (this.terminal) return this.finish();
    if (entry.failure) throw entry.failure;
    const frame = entry.queue.shift();
    if (frame) {
      this.received += 1;
      this.terminal = typeof frame.type === "string" && TERMINAL_TYPES.has(frame.type);
      return { done: false, value: frame };
    }
    if (entry.ended) {
      if (this.received === 0) throw new ServiceUnavailableError(this.parts.socketPath, "closed without answering");
      return this.finish();
    }
    return undefined;
  }

  private wait(): Promise<IteratorResult<Frame>> {
    const { idleTimeoutMs } = this.options;
    return new Promise<IteratorResult<Frame>>((resolve, reject) => {
      const fail = (err: unknown) => {
        this.finish();
        const failure = err as Error; // as thrown
        reject(failure);
      };
      const timer =
        idleTimeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              this.entry.wake = undefined;
              fail(new RequestTimeoutError(idleTimeoutMs));
            }, idleTimeoutMs);
      const wake = () => {
        try {
          const result = this.poll();
          if (!result) {
            this.entry.wake = wake;
            return;
          }
          if (timer) clearTimeout(timer);
          resolve(result);
        } catch (err) {
          if (timer) clearTimeout(timer);
          fail(err);
        }
      };
      this.entry.wake = wake;
    });
  }

  private finish(): IteratorReturnResult<undefined> {
    if (this.state === "open") {
      this.options.signal?.removeEventListener("abort", this.onAbort);
      this.parts.close(this.rid!, this.entry);
    }
    this.state = "over";
    return DONE;
  }
}
