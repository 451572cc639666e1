// The token estimate ctx uses for history limits (spec §4 "limits in tokens").
// Heuristic, documented on purpose: one token per 4 characters (rounded up), which is close to what BPE
// tokenizers give for English prose and errs on the large side for code; plus a fixed overhead per message for
// the role and separators the chat template adds. Tool calls count by the length of their JSON.
import { type ChatMessage, contentText } from "./chat-message.js";

export const CHARS_PER_TOKEN = 4;
export const MESSAGE_OVERHEAD_TOKENS = 4;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

export function estimateMessageTokens(message: ChatMessage): number {
  let tokens = MESSAGE_OVERHEAD_TOKENS + estimateTokens(contentText(message));
  if (message.tool_calls?.length) tokens += estimateTokens(JSON.stringify(message.tool_calls));
  if (message.tool_call_id) tokens += estimateTokens(message.tool_call_id);
  return tokens;
}

export function estimateMessagesTokens(messages: readonly ChatMessage[]): number {
  return messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0);
}
