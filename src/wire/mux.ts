// Multiplexed connections between ZINO's own services [ext] (docs/zino-protocol.md "Multiplexed connections"):
// a client that opens a connection with `{type:"hello", features:["mux"]}` and gets the same answer back keeps
// that connection and sends many requests on it, each carrying a request id `rid`; every answer frame carries
// the request's `rid`, `{type:"end", rid}` closes each answer, `{type:"cancel", rid}` cancels one request. A
// peer that answers the hello with anything else (the Python ZINO, an older build) is spoken to one request per
// connection, as docs/zino-protocol.md §2 says. Nothing changes for a client that never sends `hello`.
import { HEADER_BYTES, RID_FIELD, encodeText, type Frame } from "./frame-codec.js";

export const HELLO_TYPE = "hello";
export const MUX_FEATURE = "mux";
export const CANCEL_TYPE = "cancel";
export const END_TYPE = "end";
export { RID_FIELD };
/** Requests one multiplexed connection may have in flight; a further one is answered `overloaded`. */
export const DEFAULT_MAX_IN_FLIGHT = 1024;

export function helloRequest(): Frame {
  return { type: HELLO_TYPE, features: [MUX_FEATURE] };
}

export function isHelloRequest(frame: Frame): boolean {
  return frame.type === HELLO_TYPE && Array.isArray(frame.features) && frame.features.includes(MUX_FEATURE);
}

/** A server's hello answer that accepts multiplexing. */
export function acceptsMux(frame: Frame): boolean {
  return frame.type === HELLO_TYPE && Array.isArray(frame.features) && frame.features.includes(MUX_FEATURE);
}

/** A request id: a non-negative safe integer. */
export function isRid(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/**
 * The frame with `rid` as its first field, without copying the object: the JSON text is written after the field,
 * its opening brace then overwritten by the field's separator (no second copy of the text, which for a message
 * list to rtr is several KiB per turn). Equal to encodeFrame({rid, ...frame}) for a frame without its own `rid`.
 */
export function encodeWithRid(frame: Frame, rid: number): Buffer {
  const json = JSON.stringify(frame);
  if (json.length === 2) return encodeText(`{"${RID_FIELD}":${rid}}`);
  // `{"rid":N,` is ASCII: as many bytes as characters.
  const field = `{"${RID_FIELD}":${rid},`;
  const bodyBytes = field.length - 1 + Buffer.byteLength(json, "utf8");
  const out = Buffer.allocUnsafe(HEADER_BYTES + bodyBytes);
  out.writeUInt32BE(bodyBytes, 0);
  out.write(json, HEADER_BYTES + field.length - 1, "utf8");
  out.write(field, HEADER_BYTES, "latin1");
  return out;
}

/** Takes the request id out of a received frame (so it never reaches a handler or a caller); undefined without one. */
export function takeRid(frame: Frame): number | undefined {
  const rid = frame[RID_FIELD];
  if (rid === undefined) return undefined;
  delete frame[RID_FIELD];
  return isRid(rid) ? rid : -1;
}

/** The request id of a received frame: split off by the decoder (FrameDecoder.splitRid), else taken out of it. */
export function ridOf(item: { frame: Frame; rid?: number }): number | undefined {
  return item.rid ?? takeRid(item.frame);
}
