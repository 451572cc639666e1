// A native function call as it travels in an assistant message's `tool_calls` (OpenAI chat format, docs/zino-protocol.md §3):
// the daemon writes it, ctx stores it, rtr forwards it to the provider.
import { z } from "zod";

export const ToolCallSchema = z.looseObject({
  id: z.string().min(1),
  /** OpenAI always sends "function"; some producers leave it out, which is kept as given. */
  type: z.literal("function").optional(),
  function: z.looseObject({
    name: z.string().min(1),
    /** OpenAI sends the arguments as a JSON string; it is kept as given. */
    arguments: z.string(),
  }),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

/** A native call as rtr normalises it in `done.tool_calls`; `arguments` is a JSON string or an object. */
export interface NativeToolCall {
  id: string;
  name: string;
  arguments: unknown;
}
