// One OpenAI chat message, the shape every ZINO service exchanges (docs/zino-protocol.md §3, §4, §5): ctx stores and builds
// lists of them, the daemon adds the turn's calls and results, rtr sends them to the provider. Unknown fields
// are kept so that what the daemon stores (provider extras included) comes back exactly as it was written.
import { z } from "zod";
import { inSchemaOrder, isRecord } from "./key-order.js";
import { ToolCallSchema } from "./tool-call.js";

export const CHAT_ROLES = ["system", "developer", "user", "assistant", "tool"] as const;

const ContentPartSchema = z.looseObject({ type: z.string().min(1) });
const ContentSchema = z.union([z.string(), z.null(), z.array(ContentPartSchema)]);

/** The fields and their types, without the rules that tie them together (see ChatMessageSchema). */
export const ChatMessageShapeSchema = z.looseObject({
  role: z.enum(CHAT_ROLES),
  content: ContentSchema.optional(),
  name: z.string().optional(),
  tool_calls: z.array(ToolCallSchema).optional(),
  tool_call_id: z.string().min(1).optional(),
});

/** A chat message a provider can take: the shape plus the rules OpenAI applies between its fields. */
export const ChatMessageSchema = ChatMessageShapeSchema.superRefine((message, ctx) => {
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

// The fast path: every built prompt carries tens of history messages, read at ctx (rows), the daemon (ctx's
// answer) and rtr (the request). test/zino/protocol/fast-paths.property.test.ts proves it equal to the schema.

const MESSAGE_KEYS = Object.keys(ChatMessageShapeSchema.shape);
const TOOL_CALL_KEYS = Object.keys(ToolCallSchema.shape);
const FUNCTION_KEYS = Object.keys(ToolCallSchema.shape.function.shape);
const ROLES = new Set<string>(CHAT_ROLES);

function isToolCall(value: unknown): boolean {
  if (!isRecord(value) || !inSchemaOrder(value, TOOL_CALL_KEYS)) return false;
  const fn = value.function;
  return (
    typeof value.id === "string" &&
    value.id.length > 0 &&
    (value.type === undefined || value.type === "function") &&
    isRecord(fn) &&
    inSchemaOrder(fn, FUNCTION_KEYS) &&
    typeof fn.name === "string" &&
    fn.name.length > 0 &&
    typeof fn.arguments === "string"
  );
}

/**
 * `value` itself when ChatMessageSchema would accept it and output an equal object (same keys, same order),
 * checked without zod. Text content only; anything else (content parts, a refusal to word) is undefined, for
 * the schema to decide.
 */
export function canonicalChatMessage(value: unknown): ChatMessage | undefined {
  if (!isRecord(value) || !inSchemaOrder(value, MESSAGE_KEYS)) return undefined;
  const { role, content, name, tool_calls: toolCalls, tool_call_id: toolCallId } = value;
  if (typeof role !== "string" || !ROLES.has(role)) return undefined;
  if (content !== undefined && content !== null && typeof content !== "string") return undefined;
  if (name !== undefined && typeof name !== "string") return undefined;
  if (toolCallId !== undefined && (typeof toolCallId !== "string" || toolCallId.length === 0)) return undefined;
  if (toolCalls !== undefined && (role !== "assistant" || !Array.isArray(toolCalls) || !toolCalls.every(isToolCall))) return undefined;
  const hasContent = content !== undefined && content !== null;
  if (role === "tool" && toolCallId === undefined) return undefined;
  if (role === "assistant" ? !hasContent && !(toolCalls as unknown[] | undefined)?.length : !hasContent) return undefined;
  return value as ChatMessage;
}

/** `messages` itself when every entry passes canonicalChatMessage, else undefined. */
export function canonicalChatMessages(messages: unknown): ChatMessage[] | undefined {
  return Array.isArray(messages) && messages.every((m) => canonicalChatMessage(m) !== undefined) ? (messages as ChatMessage[]) : undefined;
}
