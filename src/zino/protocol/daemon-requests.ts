// The fields of a client's request to zino-daemon beyond the envelope (docs/zino-protocol.md §3):
// `events:"all"` for status frames, `turn_id` [ext] for a turn that may be retried safely.
import { z } from "zod";
import { TurnIdSchema, isTurnId } from "./turn-id.js";

export const DaemonRequestSchema = z.looseObject({ events: z.string().optional(), turn_id: TurnIdSchema.optional() });
export type DaemonRequest = z.infer<typeof DaemonRequestSchema>;

/**
 * Every turn's request checked by hand: the frame itself when the schema would accept it (its output has the same
 * fields; the daemon reads them by name). Anything else: undefined, for the schema to refuse it.
 */
export function plainDaemonRequest(frame: Record<string, unknown>): DaemonRequest | undefined {
  const { events, turn_id: turnId } = frame;
  if (events !== undefined && typeof events !== "string") return undefined;
  return turnId === undefined || isTurnId(turnId) ? frame : undefined;
}
