// The shapes rtr accepts on its socket (docs/zino-protocol.md, rtr section; spec §8 for `infer`), parsed with
// zod at the boundary. Messages and tools are OpenAI chat-completions shapes, kept loose so provider-specific
// fields pass through untouched.
import { z } from "zod";
import { isRecord } from "../../shared/is-record.js";

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

const MESSAGE_KEYS = ["role", "content", "name", "tool_call_id", "tool_calls"];
const ROLES = new Set(["system", "developer", "user", "assistant", "tool"]);

/** A text message already in the shape (and key order) ChatMessageSchema outputs, checked without zod. */
function isPlainMessage(value: unknown): boolean {
  if (!isRecord(value)) return false;
  let position = -1;
  let unknownSeen = false;
  for (const key of Object.keys(value)) {
    const at = MESSAGE_KEYS.indexOf(key);
    if (at < 0) unknownSeen = true;
    else if (unknownSeen || at < position) return false;
    else position = at;
  }
  const { role, content, name, tool_call_id: toolCallId, tool_calls: toolCalls } = value;
  return typeof role === "string" && ROLES.has(role) &&
    (content === undefined || content === null || typeof content === "string") &&
    (name === undefined || typeof name === "string") && (toolCallId === undefined || typeof toolCallId === "string") && toolCalls === undefined;
}

const inRange = (value: unknown, max: number) => value === undefined || (typeof value === "number" && value >= 0 && value <= max);

/**
 * The defining request in its common form (text messages, no tools, stop or tool_choice), checked by hand: the
 * frame is then what CompletionRequestSchema would output. Anything else: undefined, for the schema to decide.
 */
export function plainCompletionRequest(frame: Record<string, unknown>): CompletionRequest | undefined {
  const { message, tools, tool_choice: toolChoice, stop, temperature, top_p: topP } = frame;
  if (tools !== undefined || toolChoice !== undefined || stop !== undefined || !inRange(temperature, 2) || !inRange(topP, 1)) return undefined;
  if (!Array.isArray(message) || message.length === 0 || !message.every(isPlainMessage)) return undefined;
  return frame as CompletionRequest;
}

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
