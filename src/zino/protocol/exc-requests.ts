// The tool-use message of docs/zino-protocol.md §6, `{name, arguments}`, sent to zino-exc as the request's `message`:
// `arguments` may be an object or a JSON string (both are sent by models).
import { z } from "zod";
import { isRecord } from "./key-order.js";

export const ToolUseSchema = z.looseObject({
  name: z.string().min(1).max(256),
  arguments: z.union([z.record(z.string(), z.unknown()), z.string(), z.null()]).optional(),
});
export type ToolUse = z.infer<typeof ToolUseSchema>;

/**
 * The tool call as the daemon sends it, checked by hand: the value itself when ToolUseSchema would accept it and
 * output the same fields and values (the schema copies an object `arguments`; this keeps it: frames are copied
 * through JSON, so no one else holds it). Anything else: undefined, for the schema to decide and word the refusal
 * (test/zino/protocol/fast-paths.property.test.ts).
 */
export function plainToolUse(value: unknown): ToolUse | undefined {
  if (!isRecord(value)) return undefined;
  const { name, arguments: args } = value;
  if (typeof name !== "string" || name.length === 0 || name.length > 256) return undefined;
  if (args === undefined || args === null || typeof args === "string") return value as ToolUse;
  // The schema's copy of an object drops an own `__proto__` key (JSON.parse makes one): such arguments go to it.
  return isRecord(args) && !Object.hasOwn(args, "__proto__") ? (value as ToolUse) : undefined;
}
