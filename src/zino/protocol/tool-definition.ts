// An OpenAI function tool definition: what exc lists (`tools`), the daemon offers the model, rtr passes through.
import { z } from "zod";
import { inSchemaOrder, isRecord } from "./key-order.js";

export const ToolDefinitionSchema = z.looseObject({
  type: z.literal("function"),
  function: z.looseObject({
    name: z.string().min(1),
    description: z.string().optional(),
    parameters: z.unknown().optional(),
  }),
});
export type ToolDefinition = z.infer<typeof ToolDefinitionSchema>;

const TOOL_KEYS = Object.keys(ToolDefinitionSchema.shape);
const TOOL_FUNCTION_KEYS = Object.keys(ToolDefinitionSchema.shape.function.shape);

/**
 * `value` itself when ToolDefinitionSchema would accept it and output an equal object (same keys, same order),
 * checked without zod: the daemon sends exc's tool list with every model call of every turn
 * (test/zino/protocol/fast-paths.property.test.ts proves it equal to the schema). Else undefined.
 */
export function canonicalToolDefinition(value: unknown): ToolDefinition | undefined {
  if (!isRecord(value) || !inSchemaOrder(value, TOOL_KEYS) || value.type !== "function") return undefined;
  const fn = value.function;
  if (!isRecord(fn) || !inSchemaOrder(fn, TOOL_FUNCTION_KEYS)) return undefined;
  if (typeof fn.name !== "string" || fn.name.length === 0) return undefined;
  if (fn.description !== undefined && typeof fn.description !== "string") return undefined;
  return value as ToolDefinition;
}
