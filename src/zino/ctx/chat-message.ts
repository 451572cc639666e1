// The OpenAI chat message shape ctx stores and returns. Unknown fields are kept so that what the daemon stores
// (assistant `tool_calls`, `tool` results, provider extras) comes back exactly as it was written (spec §3, §4).
import { z } from "zod";
import { isRecord } from "../../shared/is-record.js";

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

const MESSAGE_KEYS = ["role", "content", "name", "tool_calls", "tool_call_id"];
const TOOL_CALL_KEYS = ["id", "type", "function"];
const FUNCTION_KEYS = ["name", "arguments"];
const ROLES = new Set(["system", "developer", "user", "assistant", "tool"]);


/** The keys in the order ChatMessageSchema outputs them: the known ones in schema order, then the others. */
function inSchemaOrder(value: Record<string, unknown>, known: readonly string[]): boolean {
  let position = -1;
  let unknownSeen = false;
  for (const key of Object.keys(value)) {
    const at = known.indexOf(key);
    if (at < 0) unknownSeen = true;
    else if (unknownSeen || at < position) return false;
    else position = at;
  }
  return true;
}

function isToolCall(value: unknown): boolean {
  if (!isRecord(value) || !inSchemaOrder(value, TOOL_CALL_KEYS)) return false;
  const fn = value.function;
  return typeof value.id === "string" && value.id.length > 0 && (value.type === undefined || value.type === "function") &&
    isRecord(fn) && inSchemaOrder(fn, FUNCTION_KEYS) && typeof fn.name === "string" && fn.name.length > 0 && typeof fn.arguments === "string";
}

/**
 * `value` itself when ChatMessageSchema would accept it and output an equal object (same keys, same order): the
 * shape ctx writes, checked without zod for the rows of every built prompt. Text content only; anything else
 * (content parts, a refusal to word) is undefined, for the schema to decide.
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
