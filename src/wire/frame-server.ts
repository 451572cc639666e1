// A Unix-socket frame server (spec §2): one request per connection, at least one answer frame, frame size and
// idle limits, `ping` answered here, the handler cancelled through an AbortSignal when the peer goes away.
// Connections and the bytes buffered for unfinished frames are capped per server: past either, a connection is
// answered `overloaded` and closed, so many slow or partial senders cannot take the host's memory.
import { randomUUID } from "node:crypto";
import { chmodSync, existsSync, unlinkSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { type WireRequest, parseEnvelope } from "./envelope.js";
import { removeStaleSocket } from "../shared/unix-socket.js";
import { DEFAULT_MAX_FRAME_BYTES, FrameDecoder, encodeFrame, type Frame } from "./frame-codec.js";
import type { Logger } from "./logger.js";
import { prepareSocketDir } from "./socket-dir.js";
import { WireError, errorFrame } from "./wire-errors.js";

export const DEFAULT_IDLE_TIMEOUT_MS = 30_000;
/** Connections served at once (requests being read or answered); more are answered `overloaded`. */
export const DEFAULT_MAX_CONNECTIONS = 256;
/** Bytes of unfinished frames held across all connections; never below one frame of the maximum size. */
export const DEFAULT_MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

export interface FrameWriter {
  /** Writes one frame, waiting for the socket to drain (back-pressure). Resolves false when the peer is gone. */
  send(frame: Frame): Promise<boolean>;
  readonly framesSent: number;
  readonly closed: boolean;
}

export type FrameHandler = (request: WireRequest, out: FrameWriter, signal: AbortSignal) => Promise<void>;

export interface FrameServerOptions {
  socketPath: string;
  handler: FrameHandler;
  logger: Logger;
  maxFrameBytes?: number;
  idleTimeoutMs?: number;
  maxConnections?: number;
  maxBufferedBytes?: number;
}

export interface FrameServer {
  start(): Promise<void>;
  close(): Promise<void>;
  readonly socketPath: string;
}

export function createFrameServer(options: FrameServerOptions): FrameServer {
  const maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  const maxBufferedBytes = Math.max(options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES, maxFrameBytes + 4);
  const { logger, handler, socketPath } = options;
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let closing: Promise<void> | undefined;
  /** Connections being read or answered (refused ones are not counted). */
  let active = 0;
  /** Bytes held by every connection's decoder. */
  let buffered = 0;
  let refusedSince = 0;

  /** Answers `overloaded` and stops reading: what the peer still sends is left in the kernel, not in our memory. */
  function refuse(socket: Socket, writer: ReturnType<typeof createWriter>, message: string): void {
    if (refusedSince++ === 0) logger.warn({ maxConnections, maxBufferedBytes, active, buffered }, "overloaded: refusing connections");
    socket.pause();
    void writer.send(errorFrame("overloaded", message)).finally(() => endSoon(socket, LINGER_AFTER_ANSWER_MS));
  }

  function serve(socket: Socket): void {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    const writer = createWriter(socket, idleTimeoutMs);
    if (active >= maxConnections) {
      socket.on("error", () => {});
      refuse(socket, writer, `Too many connections (${maxConnections}) are open on this service; retry in a moment.`);
      return;
    }
    active += 1;
    const decoder = new FrameDecoder(maxFrameBytes);
    const controller = new AbortController();
    let started = false;
    let counted = true;
    /** Gives back the connection's slot and its buffered bytes, once. */
    const release = () => {
      buffered -= decoder.pendingBytes;
      decoder.release();
      if (counted) {
        counted = false;
        active -= 1;
        if (active === 0 && refusedSince > 0) {
          logger.info({ refused: refusedSince }, "no longer overloaded");
          refusedSince = 0;
        }
      }
    };
    const idle = setTimeout(() => {
      if (started) return;
      started = true;
      release();
      void writer.send(errorFrame("timeout", "No complete request arrived in time; send one frame right after connecting.")).finally(() => {
        writer.flush();
        socket.destroy();
      });
    }, idleTimeoutMs);
    const gone = () => {
      clearTimeout(idle);
      release();
      if (!controller.signal.aborted) controller.abort(clientGone());
    };
    socket.on("close", gone);
    socket.on("end", gone);
    socket.on("error", gone);
    socket.on("data", (chunk: Buffer) => {
      if (started) return; // one request per connection: later bytes are ignored
      const before = decoder.pendingBytes;
      const [first] = decoder.push(chunk);
      buffered += decoder.pendingBytes - before;
      if (!first) {
        if (buffered > maxBufferedBytes) {
          started = true;
          clearTimeout(idle);
          release();
          refuse(socket, writer, `This service holds too many unfinished frames (${maxBufferedBytes} bytes); retry in a moment.`);
        }
        return;
      }
      started = true;
      clearTimeout(idle);
      buffered -= decoder.pendingBytes;
      decoder.release(); // one request per connection: the rest is never read
      void answer(first, writer, controller.signal).finally(() => {
        release();
        endSoon(socket, idleTimeoutMs);
      });
    });
  }

  async function answer(decoded: ReturnType<FrameDecoder["push"]>[number], out: FrameWriter, signal: AbortSignal): Promise<void> {
    if (decoded.kind === "too_large") {
      await out.send(errorFrame("frame_too_large", `The frame declares ${decoded.declaredBytes} bytes; the limit is ${maxFrameBytes}.`));
      return;
    }
    if (decoded.kind === "bad_json") {
      await out.send(errorFrame("bad_request", `Malformed frame: ${decoded.reason}.`));
      return;
    }
    const envelope = parseEnvelope(decoded.frame);
    if (!envelope.ok) {
      await out.send(errorFrame("bad_request", `Bad request envelope: ${envelope.reason}.`));
      return;
    }
    if (envelope.request.type === "ping") {
      await out.send({ type: "pong" });
      return;
    }
    try {
      await handler(envelope.request, out, signal);
      if (out.framesSent === 0) throw new Error("handler answered nothing");
    } catch (err) {
      if (out.closed) return;
      if (err instanceof WireError) {
        await out.send(errorFrame(err.code, err.message, err.extra));
        return;
      }
      const requestId = randomUUID();
      logger.error({ err, requestId, type: envelope.request.type }, "unexpected failure while answering a request");
      await out.send(errorFrame("internal_error", `The service failed unexpectedly (request ${requestId}); see its log.`));
    }
  }

  return {
    socketPath,
    async start() {
      const dir = prepareSocketDir(socketPath);
      if (dir.warning) logger.warn({ socketPath }, dir.warning);
      // A socket file left by a crashed process is removed; a live one means another instance owns the path.
      if ((await removeStaleSocket(socketPath)) === "live") throw new Error(`another process is already listening on ${socketPath}`);
      server = createServer(serve);
      const previousMask = process.umask(0o177);
      try {
        await new Promise<void>((resolve, reject) => {
          server!.once("error", reject);
          server!.listen(socketPath, () => {
            server!.off("error", reject);
            resolve();
          });
        });
      } finally {
        process.umask(previousMask);
      }
      chmodSync(socketPath, 0o600);
      logger.info({ socketPath }, "listening");
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }).then(() => {
        if (existsSync(socketPath)) unlinkSync(socketPath);
      });
      return closing;
    },
  };
}

/**
 * The abort reason of a request whose client went away. One shared instance: building an Error (and its stack)
 * for every closed connection was a visible cost on the hot path, and the reason carries no per-request data.
 */
let clientGoneReason: WireError | undefined;
function clientGone(): WireError {
  clientGoneReason ??= new WireError("cancelled", "the client disconnected");
  return clientGoneReason;
}

/**
 * Frames written in the same tick leave in one `writev` (the socket is corked until the next tick): a streamed
 * answer often produces several frames from one upstream read, and each separate write is a system call and a
 * wake-up of the reader. Nothing waits longer than the current tick. A wait for the peer to read (back-pressure)
 * longer than `stallTimeoutMs` closes the connection.
 */
function createWriter(socket: Socket, stallTimeoutMs: number): FrameWriter & { flush(): void } {
  let framesSent = 0;
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  return {
    get framesSent() {
      return framesSent;
    },
    get closed() {
      return socket.destroyed || !socket.writable;
    },
    /** Writes out what the current tick queued (before a destroy, which would drop it). */
    flush() {
      if (corked) uncork();
    },
    async send(frame) {
      if (socket.destroyed || !socket.writable) return false;
      framesSent += 1;
      if (!corked) {
        corked = true;
        socket.cork();
        process.nextTick(uncork);
      }
      if (socket.write(encodeFrame(frame))) return true;
      // A peer that stops reading would hold the answer (and a connection slot) forever: it is dropped instead.
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
    },
  };
}

/** How long a peer may keep a connection open after its answer ended, before the server closes it. */
const LINGER_AFTER_ANSWER_MS = 2000;

/**
 * Ends our side; a peer that never closes its side, or never reads what is left to send, does not keep the
 * connection (and its descriptor) forever: closed `LINGER_AFTER_ANSWER_MS` after the answer is flushed, or after
 * `hardMs` whatever happened.
 */
function endSoon(socket: Socket, hardMs: number): void {
  socket.end();
  const destroy = () => socket.destroy();
  const hard = setTimeout(destroy, hardMs).unref();
  socket.once("finish", () => setTimeout(destroy, LINGER_AFTER_ANSWER_MS).unref());
  socket.once("close", () => clearTimeout(hard));
}
