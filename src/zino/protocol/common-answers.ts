// Answers every ZINO service gives (docs/zino-protocol.md §1, §2): `ready` to `(null, ctxkey)` and `ok` to writes.
import { z } from "zod";

export const ReadyAnswerSchema = z.looseObject({ type: z.literal("ready") });
export const OkAnswerSchema = z.looseObject({ type: z.literal("ok") });
