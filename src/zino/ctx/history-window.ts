// Which stored messages a built prompt carries (docs/zino-protocol.md §4): the newest ones within the ctxkey's message and token
// limits, never starting with an assistant or tool message whose user turn was cut off.
import type { ChatMessage } from "../protocol/index.js";
import { estimateMessageTokens } from "../config/index.js";

export interface HistoryLimits {
  maxMessages: number;
  maxTokens: number;
}

/** `history` is chronological (oldest first); the result is a chronological suffix of it, cleaned at its start. */
export function selectHistory(history: readonly ChatMessage[], limits: HistoryLimits): ChatMessage[] {
  const kept: ChatMessage[] = [];
  let tokens = 0;
  for (let i = history.length - 1; i >= 0 && kept.length < limits.maxMessages; i -= 1) {
    const message = history[i]!;
    const cost = estimateMessageTokens(message);
    if (tokens + cost > limits.maxTokens) break;
    tokens += cost;
    kept.push(message);
  }
  kept.reverse();
  return dropOrphans(kept);
}

/**
 * Drops leading assistant/tool messages (their user turn is outside the window), then any tool message whose
 * assistant call is not in the window: providers reject a tool result without its call.
 */
export function dropOrphans(messages: readonly ChatMessage[]): ChatMessage[] {
  let start = 0;
  while (start < messages.length && (messages[start]!.role === "assistant" || messages[start]!.role === "tool")) start += 1;
  const callIds = new Set<string>();
  const out: ChatMessage[] = [];
  for (const message of messages.slice(start)) {
    for (const call of message.tool_calls ?? []) callIds.add(call.id);
    if (message.role === "tool" && !callIds.has(message.tool_call_id ?? "")) continue;
    out.push(message);
  }
  return out;
}
