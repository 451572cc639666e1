// Prompt size against the model's context window (docs/zino-protocol.md §5 "Context management"). Tokens are estimated, not
// counted: ceil(chars / 4) per message text plus MESSAGE_OVERHEAD_TOKENS per message, tool definitions and
// tool calls counted by their JSON length / 4. Over budget, the oldest history goes first, by whole units.
import { CHARS_PER_TOKEN, estimateMessageTokens } from "../config/index.js";
import type { ChatMessage, ToolDefinition as Tool } from "../protocol/index.js";

export { MESSAGE_OVERHEAD_TOKENS, estimateMessageTokens } from "../config/index.js";

/** Tokens the provider adds to prime the reply. */
export const REPLY_PRIMING_TOKENS = 3;

export function estimatePromptTokens(messages: readonly ChatMessage[], tools: readonly Tool[] = []): number {
  const toolTokens = tools.length > 0 ? Math.ceil(JSON.stringify(tools).length / CHARS_PER_TOKEN) : 0;
  return messages.reduce((sum, m) => sum + estimateMessageTokens(m), REPLY_PRIMING_TOKENS + toolTokens);
}

export type BudgetResult =
  | { ok: true; messages: ChatMessage[]; removed: number; tokensBefore: number; tokensAfter: number }
  | { ok: false; tokensBefore: number; minimumTokens: number };

/**
 * Fits `messages` into `budgetTokens`. Protected: the leading system/developer messages (the system prompt)
 * and everything from the last user message on (the current turn, including its tool calls and results).
 * Between them, the oldest units are removed first: an assistant message with tool_calls goes together with
 * the tool results that answer it. The kept history never starts with an orphan assistant or tool message.
 */
export function fitToBudget(messages: readonly ChatMessage[], tools: readonly Tool[], budgetTokens: number): BudgetResult {
  const tokensBefore = estimatePromptTokens(messages, tools);
  if (tokensBefore <= budgetTokens) return { ok: true, messages: [...messages], removed: 0, tokensBefore, tokensAfter: tokensBefore };

  let head = 0;
  while (head < messages.length && (messages[head]!.role === "system" || messages[head]!.role === "developer")) head += 1;
  let lastUser = -1;
  for (let i = messages.length - 1; i >= head; i -= 1) {
    if (messages[i]!.role === "user") {
      lastUser = i;
      break;
    }
  }
  const tailStart = lastUser >= 0 ? lastUser : messages.length;
  const system = messages.slice(0, head);
  const tail = messages.slice(tailStart);
  const history = messages.slice(head, tailStart);

  let total = tokensBefore;
  let from = 0;
  while (from < history.length && total > budgetTokens) {
    const next = skipLeadingOrphans(history, skipOldestUnit(history, from));
    for (let i = from; i < next; i += 1) total -= estimateMessageTokens(history[i]!);
    from = next;
  }
  if (total > budgetTokens) return { ok: false, tokensBefore, minimumTokens: total };
  const kept = [...system, ...history.slice(from), ...tail];
  return { ok: true, messages: kept, removed: messages.length - kept.length, tokensBefore, tokensAfter: total };
}

/** Index after the unit starting at `from`. */
function skipOldestUnit(history: readonly ChatMessage[], from: number): number {
  const first = history[from]!;
  let end = from + 1;
  if (first.role === "assistant" && first.tool_calls && first.tool_calls.length > 0) {
    while (end < history.length && history[end]!.role === "tool") end += 1;
  }
  return end;
}

/** History must start at a user message (or a mid-history system note), never at an assistant or tool one. */
function skipLeadingOrphans(history: readonly ChatMessage[], from: number): number {
  let start = from;
  while (start < history.length && (history[start]!.role === "assistant" || history[start]!.role === "tool")) start += 1;
  return start;
}
