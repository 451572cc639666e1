// An error frame as a peer reads it (docs/zino-protocol.md §2: `{type:"error", code, message}`; codes: src/wire/wire-errors.ts).
// Readers are lenient: a Python service may leave fields out; each reader says what it does without them.
import { z } from "zod";

export const ErrorFrameSchema = z.looseObject({ type: z.literal("error"), code: z.string().optional(), message: z.string().optional() });

/** An error frame that names its code (exc's ctx client needs one to report). */
export const CodedErrorFrameSchema = ErrorFrameSchema.extend({ code: z.string() });
