// Requests to the peer services (ctx, rtr, exc) over their sockets, with their failures translated into the
// daemon's terms: a peer's error frame keeps its code, an absent peer is `unavailable`, a cancelled turn aborts.
import type { z } from "zod";
import {
  RequestTimeoutError,
  ServiceUnavailableError,
  WIRE_ERRORS,
  WireError,
  createFrameChannel,
  type Frame,
  type FrameChannel,
  type WireErrorCode,
} from "../../wire/index.js";
import { ErrorFrameSchema } from "../protocol/index.js";

export type PeerName = "ctx" | "rtr" | "exc";

export interface PeerSockets {
  ctx: string;
  rtr: string;
  exc: string;
}

export interface PeerOptions {
  sockets: PeerSockets;
  maxFrameBytes: number;
  /** One channel per peer: a multiplexed connection when the peer offers it [ext], else a connection per request. */
  channels: Record<PeerName, FrameChannel>;
}

export function peerChannels(sockets: PeerSockets, maxFrameBytes: number): Record<PeerName, FrameChannel> {
  return {
    ctx: createFrameChannel(sockets.ctx, { maxFrameBytes }),
    rtr: createFrameChannel(sockets.rtr, { maxFrameBytes }),
    exc: createFrameChannel(sockets.exc, { maxFrameBytes }),
  };
}

export function isWireErrorCode(code: unknown): code is WireErrorCode {
  return typeof code === "string" && Object.hasOwn(WIRE_ERRORS, code);
}

/** A peer's error frame as a WireError, so the daemon can pass it on with its code and message. */
export function peerError(peer: PeerName, frame: Frame, fallback: WireErrorCode = "internal_error"): WireError {
  const parsed = ErrorFrameSchema.safeParse(frame);
  const code = parsed.success && isWireErrorCode(parsed.data.code) ? parsed.data.code : fallback;
  const message = parsed.success && parsed.data.message ? parsed.data.message : `zino-${peer} failed without a message`;
  const { type: _type, code: _code, message: _message, ...extra } = frame;
  return new WireError(code, message, { ...extra, service: `zino-${peer}` });
}

/** Translates what the frame client throws. An aborted turn rethrows the abort reason unchanged. */
export function translatePeerFailure(peer: PeerName, err: unknown, signal: AbortSignal | undefined): unknown {
  if (signal?.aborted) return signal.reason;
  if (err instanceof WireError) return err;
  if (err instanceof ServiceUnavailableError && err.connected) {
    return new WireError("unavailable", `The connection to zino-${peer} failed: ${err.reason}.`, { service: `zino-${peer}` });
  }
  if (err instanceof ServiceUnavailableError) {
    return new WireError("unavailable", `zino-${peer} is not running (no answer on its socket); start it with \`zino up\` and retry.`, {
      service: `zino-${peer}`,
    });
  }
  if (err instanceof RequestTimeoutError) {
    return new WireError("timeout", `zino-${peer} did not answer within ${err.timeoutMs} ms.`, { service: `zino-${peer}` });
  }
  const reason = err instanceof Error ? err.message : String(err);
  return new WireError("unavailable", `The connection to zino-${peer} failed: ${reason}.`, { service: `zino-${peer}` });
}

export interface OneShotOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Receives the `status` frames a peer sends before its answer (e.g. a sub-agent's progress at exc). */
  onStatus?: (frame: Frame) => Promise<unknown>;
}

export interface AskOptions<T> extends OneShotOptions {
  /** A hand-written check of the common answer, returning it as the schema would, or undefined to use the schema. */
  fast?: (frame: Frame) => T | undefined;
}

/** One request whose answer is one frame; the schema validates it (an error frame becomes a WireError). */
export async function askPeer<T>(
  options: PeerOptions,
  peer: PeerName,
  request: Frame,
  schema: z.ZodType<T>,
  call: AskOptions<T> = {},
): Promise<T> {
  let frame: Frame | undefined;
  try {
    for await (const received of options.channels[peer].frames(request, { signal: call.signal, idleTimeoutMs: call.timeoutMs })) {
      if (received.type === "status") {
        await call.onStatus?.(received);
        continue;
      }
      frame = received;
      break;
    }
  } catch (err) {
    throw translatePeerFailure(peer, err, call.signal);
  }
  if (!frame) throw new WireError("unavailable", `zino-${peer} closed the connection without answering.`, { service: `zino-${peer}` });
  if (frame.type === "error") throw peerError(peer, frame);
  const fast = call.fast?.(frame);
  if (fast !== undefined) return fast;
  const parsed = schema.safeParse(frame);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new WireError(
      "internal_error",
      `zino-${peer} sent an unexpected answer (${String(frame.type)}: ${issue?.path.join(".") ?? ""} ${issue?.message ?? ""}).`,
    );
  }
  return parsed.data;
}
