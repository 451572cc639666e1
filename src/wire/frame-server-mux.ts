// The server side of a multiplexed connection [ext] (mux.ts): after the hello, every frame is a request with its
// `rid`, or the cancel of one; answers of different requests interleave on the connection, each closed by `end`.
// The connection holds one admission slot for its whole life (its requests are capped by `maxInFlight`), and is
// not closed for idleness: the peer is one of the instance's own services, which keeps it open on purpose.
import type { Socket } from "node:net";
import type { Slot, Admission } from "./frame-server-admission.js";
import { clientGone, type Answerer } from "./frame-server-answer.js";
import type { Decoded } from "./frame-codec.js";
import { NOT_SENT, type ConnectionWriter, type FrameWriter } from "./frame-writer.js";
import { CANCEL_TYPE, END_TYPE, HELLO_TYPE, MUX_FEATURE, encodeWithRid, ridOf } from "./mux.js";
import { errorFrame } from "./wire-errors.js";

export interface MuxContext {
  answer: Answerer;
  admission: Admission;
  slot: Slot;
  maxInFlight: number;
  /** Frames that arrived with the hello, in the same chunk. */
  pending: Decoded[];
}

export function serveMux(socket: Socket, writer: ConnectionWriter, context: MuxContext): void {
  const { slot, admission } = context;
  const inFlight = new Map<number, AbortController>();
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
      inFlight.get(rid)?.abort(clientGone());
      return;
    }
    start(rid, item);
  };
  const start = (rid: number, item: Decoded) => {
    const refusal = inFlight.has(rid)
      ? errorFrame("bad_request", `rid ${rid} is already in flight on this connection.`)
      : inFlight.size >= context.maxInFlight
        ? errorFrame("overloaded", `Too many requests (${context.maxInFlight}) in flight on this connection; retry in a moment.`)
        : undefined;
    if (refusal) {
      void writer.sendEncoded(encodeWithRid(refusal, rid));
      void writer.sendEncoded(encodeWithRid({ type: END_TYPE }, rid));
      return;
    }
    const controller = new AbortController();
    inFlight.set(rid, controller);
    const out = requestWriter(writer, rid, controller.signal);
    void context.answer(item, out, controller.signal).finally(() => {
      if (inFlight.get(rid) === controller) inFlight.delete(rid);
      if (!controller.signal.aborted) void writer.sendEncoded(encodeWithRid({ type: END_TYPE }, rid));
    });
  };
  socket.on("data", (chunk: Buffer) => {
    receive(slot.push(chunk));
    if (admission.overBuffered()) {
      socket.removeAllListeners("data");
      closeAll();
      admission.refuse(socket, writer, "bytes");
    }
  });
  receive(context.pending);
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
