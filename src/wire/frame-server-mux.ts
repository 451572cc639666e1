// The server side of a multiplexed connection [ext] (mux.ts): after the hello, every frame is a request with its
// `rid`, or the cancel of one; answers of different requests interleave on the connection, each closed by `end`.
// The connection holds one admission slot for its whole life (its requests are capped by `maxInFlight`), and is
// not closed for idleness: the peer is one of the instance's own services, which keeps it open on purpose. Two
// bounds stand in for the one-request connection's idle timeout: a frame left unfinished for `idleTimeoutMs` closes
// the connection, and a peer that does not read its answers is not read either (MAX_UNREAD_ANSWER_BYTES), so what
// it sends stays in the kernel instead of becoming answers queued in our memory. A peer that half-closes sends nothing
// more: its requests in flight are answered, then the connection ends.
import type { Socket } from "node:net";
import type { Slot, Admission } from "./frame-server-admission.js";
import { clientGone, type Answerer } from "./frame-server-answer.js";
import type { Decoded, Frame } from "./frame-codec.js";
import { NOT_SENT, endSoon, type ConnectionWriter, type FrameWriter } from "./frame-writer.js";
import { CANCEL_TYPE, END_TYPE, HELLO_TYPE, MUX_FEATURE, encodeWithRid, ridOf } from "./mux.js";
import { errorFrame } from "./wire-errors.js";
import { inputEndedError } from "./peer-end.js";

export interface MuxContext {
  answer: Answerer;
  admission: Admission;
  slot: Slot;
  maxInFlight: number;
  /** How long a frame may stay unfinished (its first bytes in, not its last) before the connection is closed. */
  idleTimeoutMs: number;
  /** Frames that arrived with the hello, in the same chunk. */
  pending: Decoded[];
}

export interface MuxConnection {
  /** The peer ended its input and can still read (peer-end.ts). */
  peerEnded(): void;
}

/** Answers queued for a peer that does not read them, past which its connection is not read until they drain. */
export const MAX_UNREAD_ANSWER_BYTES = 1024 * 1024;

export function serveMux(socket: Socket, writer: ConnectionWriter, context: MuxContext): MuxConnection {
  const { slot, admission } = context;
  const inFlight = new Map<number, AbortController>();
  const unfinished = unfinishedFrameTimer(socket, writer, context.idleTimeoutMs);
  const ending = endingAfterHalfClose(socket, writer, { ...context, inFlight, unfinished });
  void writer.send({ type: HELLO_TYPE, features: [MUX_FEATURE], max_in_flight: context.maxInFlight });
  const closeAll = () => {
    slot.release();
    for (const controller of inFlight.values()) controller.abort(clientGone());
    inFlight.clear();
  };
  socket.on("close", closeAll);
  const receive = (decoded: Decoded[]) => {
    for (const item of decoded) receiveOne(item);
  };
  const receiveOne = (item: Decoded) => {
    if (item.kind === "too_large") {
      // The decoder cannot find the next frame boundary without reading the body: the connection ends.
      void context.answer(item, writer, new AbortController().signal).finally(() => socket.destroy());
      return;
    }
    if (item.kind === "bad_json") {
      void writer.send(errorFrame("bad_request", `Malformed frame on a multiplexed connection: ${item.reason}.`));
      return;
    }
    const rid = ridOf(item);
    if (rid === undefined || rid < 0) {
      void writer.send(errorFrame("bad_request", "Every request on a multiplexed connection carries rid, a non-negative integer."));
      return;
    }
    if (item.frame.type === CANCEL_TYPE) {
      // Over for the peer at once: its rid and its place among maxInFlight are free for the next request, which may
      // come in the same chunk (a client waiting for a place sends it right after the cancel).
      inFlight.get(rid)?.abort(clientGone());
      inFlight.delete(rid);
      return;
    }
    start(rid, item);
  };
  const start = (rid: number, item: Decoded) => {
    if (inFlight.has(rid)) {
      // Refused without its rid: frames carrying it belong to the request already in flight, which goes on.
      void writer.send(errorFrame("bad_request", `rid ${rid} is already in flight on this connection; use another.`));
      return;
    }
    const bytes = item.kind === "frame" ? (item.bytes ?? 0) : 0;
    const refusal = refusalOf(inFlight.size, bytes, context);
    if (refusal) {
      void writer.sendEncoded(encodeWithRid(refusal, rid));
      void writer.sendEncoded(encodeWithRid({ type: END_TYPE }, rid));
      return;
    }
    const controller = new AbortController();
    inFlight.set(rid, controller);
    const out = requestWriter(writer, rid, controller.signal);
    void context.answer(item, out, controller.signal).finally(() => {
      admission.free(bytes);
      if (inFlight.get(rid) === controller) inFlight.delete(rid);
      if (!controller.signal.aborted) void writer.sendEncoded(encodeWithRid({ type: END_TYPE }, rid));
      ending.endIfAnswered();
    });
  };
  socket.on("data", (chunk: Buffer) => {
    const decoded = slot.push(chunk);
    receive(decoded);
    // Over the service's budget for unfinished frames: this connection is refused only if it holds some of them.
    if (admission.overBuffered() && slot.pendingBytes > 0) {
      socket.removeAllListeners("data");
      unfinished.stop();
      closeAll();
      admission.refuse(socket, writer, "bytes");
      return;
    }
    unfinished.update(slot.pendingBytes, decoded.length > 0);
    if (socket.writableLength > MAX_UNREAD_ANSWER_BYTES && !socket.isPaused()) {
      socket.pause();
      socket.once("drain", () => socket.resume());
    }
  });
  socket.on("close", () => unfinished.stop());
  receive(context.pending);
  // The chunk that brought the hello may have ended inside a frame.
  unfinished.update(slot.pendingBytes, true);
  return ending;
}

/**
 * A peer that half-closed sends nothing more: its requests in flight are answered, then the connection ends; a frame
 * its end of input cut short is refused.
 */
function endingAfterHalfClose(
  socket: Socket,
  writer: ConnectionWriter,
  state: Pick<MuxContext, "slot" | "idleTimeoutMs"> & { inFlight: Map<number, unknown>; unfinished: { stop(): void } },
) {
  const { inFlight, unfinished, slot, idleTimeoutMs } = state;
  let inputEnded = false;
  const endIfAnswered = () => {
    if (inputEnded && inFlight.size === 0) endSoon(socket, idleTimeoutMs);
  };
  return {
    endIfAnswered,
    peerEnded() {
      inputEnded = true;
      unfinished.stop();
      const received = slot.pendingBytes;
      slot.dropBuffered();
      if (received > 0) void writer.send(inputEndedError(received));
      endIfAnswered();
    },
  };
}

/** Why a request cannot start now (too many in flight here, too many bytes being answered by the service), if so. */
function refusalOf(inFlight: number, bytes: number, context: MuxContext): Frame | undefined {
  if (inFlight >= context.maxInFlight)
    return errorFrame("overloaded", `Too many requests (${context.maxInFlight}) in flight on this connection; retry in a moment.`);
  return context.admission.hold(bytes) ? undefined : context.admission.heldRefusal();
}

/**
 * The age of the frame a connection is in the middle of: started when bytes are left over after the last whole frame,
 * restarted when a frame completes, stopped when nothing is left over. Past `limitMs` the peer is told and the
 * connection closed: its bytes count against the service's budget for unfinished frames.
 */
function unfinishedFrameTimer(socket: Socket, writer: ConnectionWriter, limitMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const expire = () => {
    const message = `A frame stayed unfinished for ${limitMs} ms on this connection; send each frame whole.`;
    void writer.send(errorFrame("timeout", message)).finally(() => {
      writer.flush();
      socket.destroy();
    });
  };
  return {
    stop,
    update(pendingBytes: number, completedOne: boolean) {
      if (pendingBytes === 0 || completedOne) stop();
      if (pendingBytes > 0) timer ??= setTimeout(expire, limitMs);
    },
  };
}

/** One request's view of the connection: its frames carry its rid; once cancelled it writes nothing more. */
function requestWriter(writer: ConnectionWriter, rid: number, signal: AbortSignal): FrameWriter {
  let framesSent = 0;
  return {
    get framesSent() {
      return framesSent;
    },
    get closed() {
      return signal.aborted || writer.closed;
    },
    send(frame) {
      if (signal.aborted) return NOT_SENT;
      framesSent += 1;
      return writer.sendEncoded(encodeWithRid(frame, rid));
    },
  };
}
