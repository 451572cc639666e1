// The token estimate ctx uses for history limits (spec §4 "limits in tokens").
// Heuristic, documented on purpose: ceil(characters / 4) per message, where the characters are the text content
// (content parts and tool calls by the length of their JSON, plus the `name`), plus MESSAGE_OVERHEAD_TOKENS for
// the role and separators a chat template adds. One token per 4 characters is close to what BPE tokenizers give
// for English prose and errs on the large side for code. zino-rtr's context budget uses the same formula, so a
// history ctx accepts is measured the same way there.
import type { ChatMessage } from "./chat-message.js";

export const CHARS_PER_TOKEN = 4;
export const MESSAGE_OVERHEAD_TOKENS = 4;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

export function estimateMessageTokens(message: ChatMessage): number {
  let chars = 0;
  const { content } = message;
  if (typeof content === "string") chars += content.length;
  else if (Array.isArray(content)) chars += JSON.stringify(content).length;
  if (message.tool_calls) chars += JSON.stringify(message.tool_calls).length;
  if (message.name) chars += message.name.length;
  return MESSAGE_OVERHEAD_TOKENS + Math.ceil(chars / CHARS_PER_TOKEN);
}

export function estimateMessagesTokens(messages: readonly ChatMessage[]): number {
  return messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0);
}
