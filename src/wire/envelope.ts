// The request envelope of spec §2: (message, ctxkey) plus an optional `type`; `channel_id` is an alias of ctxkey.
import { z } from "zod";
import type { Frame } from "./frame-codec.js";

export const MessageSchema = z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown()), z.null()]);

export const EnvelopeSchema = z.looseObject({
  message: MessageSchema.optional(),
  ctxkey: z.string().nullable().optional(),
  channel_id: z.string().nullable().optional(),
  type: z.string().optional(),
});

export interface WireRequest {
  /** `null` when absent or null: the "get ready" handshake. */
  message: string | Record<string, unknown> | unknown[] | null;
  /** `ctxkey`, else `channel_id`, else "default". */
  ctxkey: string;
  type: string | undefined;
  /** The whole frame, for typed operations that carry more fields. */
  raw: Frame;
}

export type EnvelopeResult = { ok: true; request: WireRequest } | { ok: false; reason: string };

export const DEFAULT_CTXKEY = "default";

export function parseEnvelope(frame: Frame): EnvelopeResult {
  const parsed = EnvelopeSchema.safeParse(frame);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") || "frame";
    return { ok: false, reason: `${where}: ${issue?.message ?? "invalid"}` };
  }
  const { message, ctxkey, channel_id: channelId, type } = parsed.data;
  const key = ctxkey ?? channelId ?? DEFAULT_CTXKEY;
  if (key.length === 0 || key.length > 256) return { ok: false, reason: "ctxkey: must be 1 to 256 characters" };
  return { ok: true, request: { message: message ?? null, ctxkey: key, type, raw: frame } };
}
