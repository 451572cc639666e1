// An OpenAI function tool definition: what exc lists (`tools`), the daemon offers the model, rtr passes through.
import { z } from "zod";

export const ToolDefinitionSchema = z.looseObject({
  type: z.literal("function"),
  function: z.looseObject({
    name: z.string().min(1),
    description: z.string().optional(),
    parameters: z.unknown().optional(),
  }),
});
export type ToolDefinition = z.infer<typeof ToolDefinitionSchema>;
