// The requests zino-rtr accepts (docs/zino-protocol.md §5; §8 for `infer`). Tools and options
// are OpenAI chat-completions shapes, kept loose so provider-specific fields pass through untouched.
import { z } from "zod";
import { ChatMessageSchema, canonicalChatMessages } from "./chat-message.js";
import { inSchemaOrder } from "./key-order.js";
import { ToolDefinitionSchema, canonicalToolDefinition } from "./tool-definition.js";

export const ChatMessagesSchema = z.array(ChatMessageSchema).min(1, "at least one message is required");

const SamplingFields = {
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().min(0).max(1).optional(),
};

/** The defining request: `{message: [messages], ctxkey, tools?, tool_choice?, stop?}`. */
export const CompletionRequestSchema = z.looseObject({
  message: ChatMessagesSchema,
  tools: z.array(ToolDefinitionSchema).optional(),
  tool_choice: z.union([z.string(), z.looseObject({ type: z.string() })]).optional(),
  stop: z.union([z.string(), z.array(z.string()).max(16)]).optional(),
  ...SamplingFields,
});
export type CompletionRequest = z.infer<typeof CompletionRequestSchema>;

const REQUEST_KEYS = Object.keys(CompletionRequestSchema.shape);
const inRange = (value: unknown, max: number) => value === undefined || (typeof value === "number" && value >= 0 && value <= max);

/**
 * The defining request in its common form (canonical messages and tool definitions, no stop or tool_choice), checked by hand:
 * the frame is then what CompletionRequestSchema outputs (test/zino/protocol/fast-paths.property.test.ts).
 * Anything else: undefined, for the schema to decide.
 */
export function plainCompletionRequest(frame: Record<string, unknown>): CompletionRequest | undefined {
  const { message, tools, tool_choice: toolChoice, stop, temperature, top_p: topP } = frame;
  if (toolChoice !== undefined || stop !== undefined) return undefined;
  if (tools !== undefined && !(Array.isArray(tools) && tools.every((tool) => canonicalToolDefinition(tool) !== undefined)))
    return undefined;
  if (!inRange(temperature, 2) || !inRange(topP, 1)) return undefined;
  if (!Array.isArray(message) || message.length === 0 || !canonicalChatMessages(message)) return undefined;
  if (!inSchemaOrder(frame, REQUEST_KEYS)) return undefined;
  return frame as CompletionRequest;
}

/** Python rtr `infer` (docs/zino-protocol.md §8). Without `stream` the answer is one `response` frame. */
export const InferRequestSchema = z.looseObject({
  type: z.literal("infer"),
  messages: ChatMessagesSchema,
  stream: z.boolean().optional(),
  ...SamplingFields,
});
export type InferRequest = z.infer<typeof InferRequestSchema>;
