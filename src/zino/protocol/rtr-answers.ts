// The frames zino-rtr streams back for the defining request (docs/zino-protocol.md §5): `chunk`*
// (chunk-frame.ts), `tool_call_delta`*, `status`*, then `done` or `error`. Read as leniently as a Python rtr
// writes them (docs/zino-protocol.md §8: its `done` carries only `full_text`).
import { z } from "zod";
import { UsageSchema } from "./usage.js";

/** One call of `done.tool_calls`: rtr always sends an id; a missing one is made up by the reader. */
export const DoneToolCallSchema = z.looseObject({ id: z.string().optional(), name: z.string(), arguments: z.unknown().optional() });

/** The terminal frame; rtr also sends `model`, `provider` and `attempts` (extra fields, kept). */
export const RtrDoneFrameSchema = z.looseObject({
  type: z.literal("done"),
  full_text: z.string().nullish(),
  finish_reason: z.string().nullish(),
  usage: UsageSchema.nullish(),
  tool_calls: z.array(DoneToolCallSchema).nullish(),
});
