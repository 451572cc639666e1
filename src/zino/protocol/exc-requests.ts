// The tool-use message of docs/zino-protocol.md §6, `{name, arguments}`, sent to zino-exc as the request's `message`:
// `arguments` may be an object or a JSON string (both are sent by models).
import { z } from "zod";

export const ToolUseSchema = z.looseObject({
  name: z.string().min(1).max(256),
  arguments: z.union([z.record(z.string(), z.unknown()), z.string(), z.null()]).optional(),
});
export type ToolUse = z.infer<typeof ToolUseSchema>;
