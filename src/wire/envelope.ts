// The request envelope of docs/zino-protocol.md §2: (message, ctxkey) plus an optional `type`; `channel_id` is an alias of ctxkey.
import { z } from "zod";
import type { Frame } from "./frame-codec.js";

export const MessageSchema = z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown()), z.null()], {
  error: "must be a string (a turn), an object or an array (a service's own request), or null (the ready handshake)",
});
const KeySchema = z.string({ error: "must be a string, or null for the ctxkey default" }).nullable().optional();

export const EnvelopeSchema = z.looseObject({
  message: MessageSchema.optional(),
  ctxkey: KeySchema,
  channel_id: KeySchema,
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

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

type EnvelopeFields = Pick<z.infer<typeof EnvelopeSchema>, "message" | "ctxkey" | "channel_id" | "type">;

const isOptionalString = (value: unknown): boolean => value === undefined || value === null || typeof value === "string";

/**
 * The common case checked by hand (every request of every service goes through here): the fields have the types
 * EnvelopeSchema accepts. Anything else goes through the schema, which also words the refusal. Kept: 9x faster
 * than the schema (bench/zino-protocol.ts); test/wire/frame-properties.test.ts proves the two agree.
 */
function wellTyped(frame: Frame): EnvelopeFields | undefined {
  const { message, ctxkey, channel_id: channelId, type } = frame;
  if (message !== undefined && message !== null && typeof message !== "string" && typeof message !== "object") return undefined;
  if (!isOptionalString(ctxkey) || !isOptionalString(channelId) || (type !== undefined && typeof type !== "string")) return undefined;
  return frame;
}

export function parseEnvelope(frame: Frame): EnvelopeResult {
  const fast = wellTyped(frame);
  if (fast) return envelopeOf(fast, frame);
  const parsed = EnvelopeSchema.safeParse(frame);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") || "frame";
    return { ok: false, reason: `${where}: ${issue?.message ?? "invalid"}` };
  }
  return envelopeOf(parsed.data, frame);
}

function envelopeOf(fields: EnvelopeFields, frame: Frame): EnvelopeResult {
  const { message, ctxkey, channel_id: channelId, type } = fields;
  const key = ctxkey ?? channelId ?? DEFAULT_CTXKEY;
  if (key.length === 0 || key.length > 256) return { ok: false, reason: "ctxkey: must be 1 to 256 characters" };
  // A lone surrogate (a JSON escape such as "\ud800") is stored as U+FFFD: two different ctxkeys would become one.
  if (LONE_SURROGATE.test(key)) return { ok: false, reason: "ctxkey: must be well-formed Unicode (no lone surrogates)" };
  // PostgreSQL text cannot hold U+0000: a ctxkey that SQLite would store and PostgreSQL could not is refused on both.
  if (key.includes("\u0000")) return { ok: false, reason: "ctxkey: must not contain U+0000 (NUL)" };
  return { ok: true, request: { message: message ?? null, ctxkey: key, type, raw: frame } };
}
