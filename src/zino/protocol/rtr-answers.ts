// The frames zino-rtr streams back for the defining request (docs/zino-protocol.md §5): `chunk`*
// (chunk-frame.ts), `tool_call_delta`*, `status`*, then `done` or `error`. Read as leniently as a Python rtr
// writes them (docs/zino-protocol.md §8: its `done` carries only `full_text`).
import { z } from "zod";
import { isNullishString, isRecord } from "./key-order.js";
import { UsageSchema, isCompleteUsage } from "./usage.js";

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
export type RtrDoneFrame = z.infer<typeof RtrDoneFrameSchema>;

const isDoneToolCall = (call: unknown) =>
  isRecord(call) && typeof call.name === "string" && (call.id === undefined || typeof call.id === "string");

/**
 * rtr's `done` checked by hand, as the daemon reads it after every model call: the frame itself when the schema
 * would accept it and output the same fields and values (usage with both counts, so no default is filled in; the
 * key order may differ, and the daemon reads fields by name). Anything else: undefined, for the schema to decide.
 * test/zino/protocol/fast-paths.property.test.ts proves it equal to the schema.
 */
export function plainRtrDone(frame: Record<string, unknown>): RtrDoneFrame | undefined {
  const { type, full_text: fullText, finish_reason: finishReason, usage, tool_calls: toolCalls } = frame;
  if (type !== "done" || !isNullishString(fullText) || !isNullishString(finishReason) || !isCompleteUsage(usage)) return undefined;
  if (toolCalls !== undefined && toolCalls !== null && !(Array.isArray(toolCalls) && toolCalls.every(isDoneToolCall))) return undefined;
  return frame as RtrDoneFrame;
}
