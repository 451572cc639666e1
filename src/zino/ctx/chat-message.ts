// The OpenAI chat message shape ctx stores and returns. Unknown fields are kept so that what the daemon stores
// (assistant `tool_calls`, `tool` results, provider extras) comes back exactly as it was written (spec §3, §4).
import { z } from "zod";

export const ToolCallSchema = z.looseObject({
  id: z.string().min(1),
  /** OpenAI always sends "function"; some producers leave it out, which is kept as given. */
  type: z.literal("function").optional(),
  function: z.looseObject({
    name: z.string().min(1),
    /** OpenAI sends the arguments as a JSON string; it is stored as given. */
    arguments: z.string(),
  }),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

const ContentPartSchema = z.looseObject({ type: z.string().min(1) });
const ContentSchema = z.union([z.string(), z.null(), z.array(ContentPartSchema)]);

export const ChatMessageSchema = z
  .looseObject({
    role: z.enum(["system", "developer", "user", "assistant", "tool"]),
    content: ContentSchema.optional(),
    name: z.string().optional(),
    tool_calls: z.array(ToolCallSchema).optional(),
    tool_call_id: z.string().min(1).optional(),
  })
  .superRefine((message, ctx) => {
    const hasContent = message.content !== undefined && message.content !== null;
    if (message.role === "tool" && message.tool_call_id === undefined) {
      ctx.addIssue({ code: "custom", path: ["tool_call_id"], message: "a tool message needs the tool_call_id it answers" });
    }
    if (message.tool_calls !== undefined && message.role !== "assistant") {
      ctx.addIssue({ code: "custom", path: ["tool_calls"], message: "only assistant messages carry tool_calls" });
    }
    if (message.role === "assistant" && !hasContent && !message.tool_calls?.length) {
      ctx.addIssue({ code: "custom", path: ["content"], message: "an assistant message needs content or tool_calls" });
    }
    if (message.role !== "assistant" && !hasContent) {
      ctx.addIssue({ code: "custom", path: ["content"], message: `a ${message.role} message needs content` });
    }
  });
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** The content as plain text (array parts contribute their `text` fields), for token estimates and search. */
export function contentText(message: ChatMessage): string {
  const { content } = message;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((part) => (typeof part.text === "string" ? part.text : "")).join("\n");
}
