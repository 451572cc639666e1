// Answering one decoded request frame: decoding problems and bad envelopes become error frames, `ping` is
// answered here, everything else goes to the service's handler, whose failures become error frames.
import { randomUUID } from "node:crypto";
import { parseEnvelope, type WireRequest } from "./envelope.js";
import { frameTooLargeMessage, type Decoded } from "./frame-codec.js";
import type { FrameWriter } from "./frame-writer.js";
import type { Logger } from "./logger.js";
import { WireError, errorFrame } from "./wire-errors.js";

export type Answerer = (decoded: Decoded, out: FrameWriter, signal: AbortSignal) => Promise<void>;

export function createAnswerer(
  handler: (request: WireRequest, out: FrameWriter, signal: AbortSignal) => Promise<void>,
  logger: Logger,
  maxFrameBytes: number,
): Answerer {
  return async (decoded, out, signal) => {
    if (decoded.kind === "too_large") {
      await out.send(errorFrame("frame_too_large", frameTooLargeMessage(decoded.declaredBytes, maxFrameBytes)));
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
  };
}

/**
 * The abort reason of a request whose client went away. One shared instance: building an Error (and its stack)
 * for every closed connection was a visible cost on the hot path, and the reason carries no per-request data.
 */
let clientGoneReason: WireError | undefined;
export function clientGone(): WireError {
  clientGoneReason ??= new WireError("cancelled", "the client disconnected");
  return clientGoneReason;
}
