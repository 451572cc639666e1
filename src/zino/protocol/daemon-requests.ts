// The fields of a client's request to zino-daemon beyond the envelope (docs/zino-protocol.md §3):
// `events:"all"` for status frames, `turn_id` [ext] for a turn that may be retried safely.
import { z } from "zod";
import { TurnIdSchema } from "./turn-id.js";

export const DaemonRequestSchema = z.looseObject({ events: z.string().optional(), turn_id: TurnIdSchema.optional() });
