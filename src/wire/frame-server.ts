// A Unix-socket frame server (docs/zino-protocol.md §2): one request per connection, at least one answer frame, frame size and
// idle limits, `ping` answered here, the handler cancelled through an AbortSignal when the peer goes away (not when it
// only ends its input: peer-end.ts).
// Connections and the bytes buffered for unfinished frames are capped per server: past either, a connection is
// answered `overloaded` and closed, so many slow or partial senders cannot take the host's memory.
// A connection whose first frame is the `hello` of mux.ts [ext] becomes a multiplexed one (frame-server-mux.ts).
// Where a process answers in process (in-process.ts), a listening server also answers its own thread's channels directly.
import { chmodSync, existsSync, unlinkSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { isMainThread } from "node:worker_threads";
import { Buffer } from "node:buffer";
import { MAX_SOCKET_PATH_BYTES, removeStaleSocket } from "../shared/unix-socket.js";
import { DEFAULT_MAX_FRAME_BYTES, FrameDecoder, type Decoded } from "./frame-codec.js";
import { clientGone, createAnswerer, type Answerer } from "./frame-server-answer.js";
import { createAdmission, type Admission } from "./frame-server-admission.js";
import { serveMux, type MuxConnection } from "./frame-server-mux.js";
import { inputEndedError, watchPeerEnd } from "./peer-end.js";
import { createWriter, endSoon, type ConnectionWriter, type FrameWriter } from "./frame-writer.js";
import type { Logger } from "./logger.js";
import { DEFAULT_MAX_IN_FLIGHT, isHelloRequest } from "./mux.js";
import { SOCKET_IN_USE, SOCKET_PATH_TOO_LONG, codedError, prepareSocketDir } from "./socket-dir.js";
import { registerInProcess } from "./in-process.js";
import type { WireRequest } from "./envelope.js";
import { errorFrame } from "./wire-errors.js";

export type { FrameWriter } from "./frame-writer.js";

export const DEFAULT_IDLE_TIMEOUT_MS = 30_000;
/** Connections served at once (requests being read or answered); more are answered `overloaded`. */
export const DEFAULT_MAX_CONNECTIONS = 256;
/** Bytes of unfinished frames held across all connections; never below one frame of the maximum size. */
export const DEFAULT_MAX_BUFFERED_BYTES = 64 * 1024 * 1024;
/** Bytes of the requests being answered together, as a multiple of the unfinished frames' budget. */
export const HELD_BYTES_PER_BUFFERED_BYTE = 4;

export type FrameHandler = (request: WireRequest, out: FrameWriter, signal: AbortSignal) => Promise<void>;

export interface FrameServerOptions {
  socketPath: string;
  handler: FrameHandler;
  logger: Logger;
  maxFrameBytes?: number;
  idleTimeoutMs?: number;
  maxConnections?: number;
  maxBufferedBytes?: number;
  /** Bytes of the requests being answered together (default 4 × maxBufferedBytes); more are answered `overloaded`. */
  maxHeldBytes?: number;
  /** Requests in flight on one multiplexed connection [ext] (default 1024). */
  maxInFlight?: number;
  /** How often a peer that half-closed is probed while its answer runs (default HALF_CLOSED_PROBE_MS). */
  halfClosedProbeMs?: number;
}

export interface FrameServer {
  start(): Promise<void>;
  close(): Promise<void>;
  readonly socketPath: string;
}

interface ServeContext {
  maxFrameBytes: number;
  idleTimeoutMs: number;
  maxInFlight: number;
  halfClosedProbeMs: number | undefined;
  admission: Admission;
  answer: Answerer;
}

export function createFrameServer(options: FrameServerOptions): FrameServer {
  const maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  const maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  const maxBufferedBytes = Math.max(options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES, maxFrameBytes + 4);
  const { logger, socketPath } = options;
  const context: ServeContext = {
    maxFrameBytes,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    maxInFlight: options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT,
    halfClosedProbeMs: options.halfClosedProbeMs,
    admission: createAdmission({
      maxConnections,
      maxBufferedBytes,
      maxHeldBytes: options.maxHeldBytes ?? HELD_BYTES_PER_BUFFERED_BYTE * maxBufferedBytes,
      logger,
    }),
    answer: createAnswerer(options.handler, logger, maxFrameBytes),
  };
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let closing: Promise<void> | undefined;
  let unregister = () => {};
  const serve = (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    serveConnection(socket, context);
  };

  return {
    socketPath,
    async start() {
      server = await listen(socketPath, logger, serve);
      unregister = registerInProcess(socketPath, { answer: context.answer, maxFrameBytes });
    },
    close() {
      unregister();
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

async function listen(socketPath: string, logger: Logger, serve: (socket: Socket) => void): Promise<Server> {
  // Past the kernel's limit the path would be cut short, and listen report a false EADDRINUSE.
  const bytes = Buffer.byteLength(socketPath);
  if (bytes > MAX_SOCKET_PATH_BYTES)
    throw codedError(
      SOCKET_PATH_TOO_LONG,
      `the socket path ${socketPath} is ${bytes} bytes, over the ${MAX_SOCKET_PATH_BYTES}-byte limit of Unix socket paths: set [paths] runtime_dir (or ZINO_RUNTIME_DIR) to a shorter folder`,
    );
  const dir = prepareSocketDir(socketPath);
  if (dir.warning) logger.warn({ socketPath }, dir.warning);
  // A socket file left by a crashed process is removed; a live one means another instance owns the path.
  if ((await removeStaleSocket(socketPath)) === "live")
    throw codedError(
      SOCKET_IN_USE,
      `another process is already listening on ${socketPath}: stop it (\`zino down\` if it is this instance's), or set [paths] runtime_dir to another folder`,
    );
  // Half-open: a peer's end of input does not end our side, so a client that shuts its write side still gets its answer.
  const server = createServer({ allowHalfOpen: true }, serve);
  // Created 0600 rather than made so by the chmod below, which leaves a moment. A worker thread cannot set the umask
  // (zino-host runs ctx in one); the host's umask is 077 for the whole process, so the socket starts as 0700 there.
  // listen() binds (creates the socket file) before it returns: the umask is the process's own again right after,
  // never across an await, where another start, or any file made meanwhile, would see it (two starts at once left
  // the process at 0177 for good: every folder made later was 0600, unusable by a user who is not root).
  const previousMask = isMainThread ? process.umask(0o177) : undefined;
  let listening: Promise<void>;
  try {
    listening = new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } finally {
    if (previousMask !== undefined) process.umask(previousMask);
  }
  await listening;
  chmodSync(socketPath, 0o600);
  logger.info({ socketPath }, "listening");
  return server;
}

/** One connection: its first frame is either the one request it carries, or the hello of a multiplexed connection. */
function serveConnection(socket: Socket, context: ServeContext): void {
  const { admission, idleTimeoutMs } = context;
  const writer = createWriter(socket, idleTimeoutMs, context.maxFrameBytes);
  if (!admission.tryEnter()) {
    socket.on("error", () => {});
    admission.refuse(socket, writer, "connections");
    return;
  }
  const decoder = new FrameDecoder(context.maxFrameBytes);
  const slot = admission.slot(decoder);
  const controller = new AbortController();
  let started = false;
  /** The one request has been answered: its signal is no longer aborted when the client then goes (as on a mux). */
  let answered = false;
  const idle = setTimeout(() => {
    if (started) return;
    started = true;
    slot.release();
    timeOut(socket, writer);
  }, idleTimeoutMs);
  const gone = () => {
    clearTimeout(idle);
    slot.release();
    // Firing an abort is not free (about 10 µs with its event): only a request still under way is cancelled.
    if (!answered && !controller.signal.aborted) controller.abort(clientGone());
  };
  socket.on("close", gone);
  socket.on("error", gone);
  /** Set once the connection is multiplexed: its requests in flight are answered after a half-close. */
  let mux: MuxConnection | undefined;
  watchPeerEnd(socket, {
    probeMs: context.halfClosedProbeMs,
    halfClosed() {
      if (mux) return mux.peerEnded();
      // A request under way (or answered) goes on to its terminal frame; one never completed never will be.
      if (started) return;
      started = true;
      clearTimeout(idle);
      const refusal = inputEndedError(slot.pendingBytes);
      slot.release();
      void writer.send(refusal).finally(() => endSoon(socket, idleTimeoutMs));
    },
  });
  const onData = (chunk: Buffer) => {
    if (started) return; // one request per connection: later bytes are ignored
    const decoded = slot.push(chunk);
    const first = decoded[0];
    if (!first) {
      if (admission.overBuffered()) {
        started = true;
        clearTimeout(idle);
        slot.release();
        admission.refuse(socket, writer, "bytes");
      }
      return;
    }
    started = true;
    clearTimeout(idle);
    if (first.kind === "frame" && isHelloRequest(first.frame)) {
      socket.off("data", onData);
      decoder.splitRid = true;
      mux = serveMux(socket, writer, { ...context, slot, pending: decoded.slice(1) });
      return;
    }
    slot.dropBuffered(); // one request per connection: the rest is never read
    const finished = () => {
      answered = true;
      slot.release();
      endSoon(socket, idleTimeoutMs);
    };
    const bytes = first.kind === "frame" ? (first.bytes ?? 0) : 0;
    if (!admission.hold(bytes)) {
      void writer.send(admission.heldRefusal()).finally(finished);
      return;
    }
    answerSingle(first, writer, controller.signal, context.answer, () => {
      admission.free(bytes);
      finished();
    });
  };
  socket.on("data", onData);
}

/** A connection that sent no complete request in time is told so and closed (docs/zino-protocol.md §2 "Limits"). */
function timeOut(socket: Socket, writer: ConnectionWriter): void {
  void writer.send(errorFrame("timeout", "No complete request arrived in time; send one frame right after connecting.")).finally(() => {
    writer.flush();
    socket.destroy();
  });
}

function answerSingle(first: Decoded, writer: ConnectionWriter, signal: AbortSignal, answer: Answerer, finished: () => void): void {
  void answer(first, writer, signal).finally(finished);
}
