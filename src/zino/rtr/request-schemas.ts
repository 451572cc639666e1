// The shapes rtr accepts on its socket (docs/zino-protocol.md, rtr section; spec §8 for `infer`), parsed with
// zod at the boundary. Messages and tools are OpenAI chat-completions shapes, kept loose so provider-specific
// fields pass through untouched.
import { z } from "zod";

const ContentPartSchema = z.looseObject({ type: z.string() });

export const ChatMessageSchema = z.looseObject({
  role: z.enum(["system", "developer", "user", "assistant", "tool"]),
  content: z.union([z.string(), z.array(ContentPartSchema), z.null()]).optional(),
  name: z.string().optional(),
  tool_call_id: z.string().optional(),
  tool_calls: z.array(z.looseObject({
    id: z.string().optional(),
    type: z.string().optional(),
    function: z.looseObject({ name: z.string(), arguments: z.string().optional() }),
  })).optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatMessagesSchema = z.array(ChatMessageSchema).min(1, "at least one message is required");

export const ToolSchema = z.looseObject({
  type: z.literal("function"),
  function: z.looseObject({ name: z.string().min(1), description: z.string().optional(), parameters: z.unknown().optional() }),
});
export type Tool = z.infer<typeof ToolSchema>;

const SamplingFields = {
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().min(0).max(1).optional(),
};

/** The defining request: `{message: [messages], ctxkey, tools?, tool_choice?, stop?}`. */
export const CompletionRequestSchema = z.looseObject({
  message: ChatMessagesSchema,
  tools: z.array(ToolSchema).optional(),
  tool_choice: z.union([z.string(), z.looseObject({ type: z.string() })]).optional(),
  stop: z.union([z.string(), z.array(z.string()).max(16)]).optional(),
  ...SamplingFields,
});
export type CompletionRequest = z.infer<typeof CompletionRequestSchema>;

/** Python rtr `infer` (spec §8). Without `stream` the answer is one `response` frame. */
export const InferRequestSchema = z.looseObject({
  type: z.literal("infer"),
  messages: ChatMessagesSchema,
  stream: z.boolean().optional(),
  ...SamplingFields,
});
export type InferRequest = z.infer<typeof InferRequestSchema>;

/** The first zod issue as `path: message`, without echoing the input (it may be large or private). */
export function describeIssue(error: z.ZodError, root: string): string {
  const issue = error.issues[0];
  const path = [root, ...(issue?.path ?? []).map(String)].join(".");
  return `${path}: ${issue?.message ?? "invalid"}`;
}
