// Answers every ZINO service gives (docs/zino-protocol.md §1, §2): `ready` to `(null, ctxkey)` and `ok` to writes.
import { z } from "zod";

export const ReadyAnswerSchema = z.looseObject({ type: z.literal("ready") });
export const OkAnswerSchema = z.looseObject({ type: z.literal("ok") });
export type OkAnswer = z.infer<typeof OkAnswerSchema>;

/** An `ok` read without zod (every turn's history append gets one): the frame, whose only checked field is `type`. */
export function plainOkAnswer(frame: Record<string, unknown>): OkAnswer | undefined {
  return frame.type === "ok" ? (frame as OkAnswer) : undefined;
}
