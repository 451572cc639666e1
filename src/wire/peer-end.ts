// The end of a peer's input is not the peer being gone (docs/zino-protocol.md §2 "Connections"): a client that shuts
// its write side after its request (`shutdown(SHUT_WR)`, `socket.end()`, `nc -N`) still reads the whole answer, as
// from the Python ZINO, which reads one frame and never reads again. On a Unix stream socket a zero-length write
// tells the two apart: it fails (EPIPE) once the peer has closed entirely, and succeeds while it has only half-closed.
import type { Socket } from "node:net";
import { errorFrame, type ErrorFrame } from "./wire-errors.js";

/**
 * How often a half-closed peer is probed until its connection closes. Nothing read will ever say that it went, and an
 * answer may be silent for minutes (a long model call): the probe bounds how long a request outlives its client.
 * One probe costs about 7 µs (10,000 in 69 ms on the 2-core VM), so even every connection of a service
 * (max_connections, 256) half-closed at once costs under 0.2 % of a core.
 */
export const HALF_CLOSED_PROBE_MS = 1000;

const NOTHING = Buffer.alloc(0);

export interface PeerEndOptions {
  /** The peer ended its input and can still read: called once, before the first probe interval starts. */
  halfClosed(): void;
  /** The interval of the probes after a half-close (default HALF_CLOSED_PROBE_MS). */
  probeMs?: number;
}

/**
 * Watches a socket created with `allowHalfOpen` for the end of its peer's input. A peer gone entirely has its
 * connection destroyed, so the `close` listeners cancel what it asked; a peer that half-closed gets `halfClosed()` and
 * is then probed every `probeMs` until the connection closes. Once our side has ended too, the connection closes by
 * itself and nothing is probed.
 */
export function watchPeerEnd(socket: Socket, options: PeerEndOptions): void {
  socket.once("end", () => {
    probePeer(socket, () => {
      options.halfClosed();
      if (socket.destroyed) return;
      const timer = setInterval(() => probePeer(socket), options.probeMs ?? HALF_CLOSED_PROBE_MS).unref();
      socket.once("close", () => clearInterval(timer));
    });
  });
}

/** Writes nothing: a failure (the peer is gone) destroys the connection; `there` runs when the peer can still read. */
function probePeer(socket: Socket, there?: () => void): void {
  // Our side has ended (the answer is out) or is closed: nothing is left to cancel.
  if (socket.destroyed || !socket.writable) return;
  // A write still under way fails by itself if the peer went, or waits for a peer that reads slowly (the writer's
  // stall timeout bounds that): a probe behind it would tell nothing sooner.
  if (socket.writableLength > 0 && !there) return;
  socket.write(NOTHING, (err) => {
    if (err) socket.destroy();
    else there?.();
  });
}

/** The answer to a peer that ended its input before a complete request (`receivedBytes` of it had arrived). */
export function inputEndedError(receivedBytes: number): ErrorFrame {
  if (receivedBytes === 0)
    return errorFrame(
      "bad_request",
      "The connection's input ended before any request arrived; send one frame (a 4-byte big-endian length, then the JSON) before shutting down the write side.",
    );
  return errorFrame(
    "bad_request",
    `The connection's input ended inside a frame (${receivedBytes} bytes of it arrived); send the whole frame before shutting down the write side.`,
  );
}
