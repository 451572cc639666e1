// A client's turn id [ext] (docs/zino-protocol.md §3 (`turn_id`)): 1 to 128 characters, unique per ctxkey;
// the daemon echoes it and ctx stores a turn once per id, with the SHA-256 of its user message: a turn id sent again
// with another message is refused (`turn_id_reused`) rather than answered with the earlier turn's answer.
import { z } from "zod";

/** The refusal of a text ctx keeps in a column of its own: PostgreSQL text cannot hold U+0000, so neither store takes it. */
export const NO_NUL = { message: "must not contain U+0000 (NUL)" } as const;
export const hasNoNul = (text: string) => !text.includes("\u0000");

export const TurnIdSchema = z.string().min(1).max(128).refine(hasNoNul, NO_NUL);

/** TurnIdSchema's rule checked by hand, for the fast paths (fast-paths.property.test.ts keeps them equal). */
export function isTurnId(value: unknown): value is string {
  return typeof value === "string" && value.length >= 1 && value.length <= 128 && hasNoNul(value);
}

/** The fingerprint of a turn's user message kept with its turn id (the daemon's messageSha256, turn-ledger.ts). */
const SHA256_HEX = /^[0-9a-f]{64}$/;
export const MessageSha256Schema = z.string().regex(SHA256_HEX, "must be a SHA-256 in lowercase hex (64 characters)");
export const isMessageSha256 = (value: unknown): value is string => typeof value === "string" && SHA256_HEX.test(value);
