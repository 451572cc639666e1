// A client's turn id [ext] (docs/zino-protocol.md §3 (`turn_id`)): 1 to 128 characters, unique per ctxkey;
// the daemon echoes it and ctx stores a turn once per id.
import { z } from "zod";

export const TurnIdSchema = z.string().min(1).max(128);

/** TurnIdSchema's rule checked by hand, for the fast paths (fast-paths.property.test.ts keeps them equal). */
export function isTurnId(value: unknown): value is string {
  return typeof value === "string" && value.length >= 1 && value.length <= 128;
}
