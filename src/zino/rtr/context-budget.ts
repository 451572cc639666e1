// Prompt size against the model's context window (docs/zino-protocol.md §5 "Context management"). Tokens are estimated, not
// counted (config/token-estimate.ts: ceil(chars / 4) for ASCII, one token per CJK character, by UTF-8 size) per message
// text plus MESSAGE_OVERHEAD_TOKENS per message, tool definitions and tool calls by their JSON. Over budget, the oldest
// history goes first, by whole units.
import { estimateMessageTokens, estimateTokens, messageTokensAtMost } from "../config/index.js";
import type { ChatMessage, ToolDefinition as Tool } from "../protocol/index.js";
import { headOf } from "../../shared/text-cut.js";

export { MESSAGE_OVERHEAD_TOKENS, estimateMessageTokens } from "../config/index.js";

/** Tokens the provider adds to prime the reply. */
export const REPLY_PRIMING_TOKENS = 3;

export function estimatePromptTokens(messages: readonly ChatMessage[], tools: readonly Tool[] = []): number {
  return messages.reduce((sum, m) => sum + estimateMessageTokens(m), REPLY_PRIMING_TOKENS + toolDefinitionTokens(tools));
}

function toolDefinitionTokens(tools: readonly Tool[]): number {
  return tools.length > 0 ? estimateTokens(JSON.stringify(tools)) : 0;
}

/** estimatePromptTokens never exceeds this (messageTokensAtMost). */
function promptTokensAtMost(messages: readonly ChatMessage[], tools: readonly Tool[]): number {
  const toolTokens = tools.length > 0 ? JSON.stringify(tools).length : 0;
  return messages.reduce((sum, m) => sum + messageTokensAtMost(m), REPLY_PRIMING_TOKENS + toolTokens);
}

/** `tokensBefore`/`tokensAfter`: estimates; when nothing had to change, the bound that showed it fits. */
export type BudgetResult =
  | { ok: true; messages: ChatMessage[]; removed: number; shortened: number; tokensBefore: number; tokensAfter: number }
  | { ok: false; tokensBefore: number; minimumTokens: number; parts: PromptParts };

/** Where the tokens of a prompt that cannot fit go, so the refusal can say what to change. */
export interface PromptParts {
  /** The system/developer messages at the start (system prompt, memories, examples). */
  systemTokens: number;
  /** The current turn's user message. */
  userTokens: number;
  /** The current turn's tool calls and results (already shortened), and the model's text between them. */
  toolTokens: number;
  /** Tool definitions offered natively. */
  toolDefinitionTokens: number;
}

/** What is left of a tool result shortened to fit: its start, then a note. */
export const SHORTENED_RESULT_HEAD_CHARS = 200;

/**
 * Fits `messages` into `budgetTokens`. Protected: the leading system/developer messages (the system prompt)
 * and everything from the turn's user message on (the current turn, including its tool calls and results, inline ones too).
 * Between them, the oldest units are removed first: an assistant message with tool_calls goes together with
 * the tool results that answer it. The kept history never starts with an orphan assistant or tool message.
 * When the current turn alone is still too large, its tool results are shortened, oldest first, before refusing.
 */
export function fitToBudget(messages: readonly ChatMessage[], tools: readonly Tool[], budgetTokens: number): BudgetResult {
  // Most prompts fit with room to spare: a bound from lengths alone settles them without measuring their text.
  const atMost = promptTokensAtMost(messages, tools);
  if (atMost <= budgetTokens) {
    return { ok: true, messages: [...messages], removed: 0, shortened: 0, tokensBefore: atMost, tokensAfter: atMost };
  }
  // Each message measured once: trimming subtracts the same figures.
  const sizes = messages.map(estimateMessageTokens);
  const tokensBefore = sizes.reduce((sum, n) => sum + n, REPLY_PRIMING_TOKENS + toolDefinitionTokens(tools));
  if (tokensBefore <= budgetTokens) {
    return { ok: true, messages: [...messages], removed: 0, shortened: 0, tokensBefore, tokensAfter: tokensBefore };
  }

  let head = 0;
  while (head < messages.length && (messages[head]!.role === "system" || messages[head]!.role === "developer")) head += 1;
  const tailStart = turnStart(messages, head);
  const system = messages.slice(0, head);
  const tail = messages.slice(tailStart);
  const history = messages.slice(head, tailStart);

  let total = tokensBefore;
  let from = 0;
  while (from < history.length && total > budgetTokens) {
    const next = skipLeadingOrphans(history, skipOldestUnit(history, from));
    for (let i = from; i < next; i += 1) total -= sizes[head + i]!;
    from = next;
  }
  let shortened = 0;
  // The turn's own tool results, oldest first: the model has read them already, the latest is what it needs now.
  for (let i = 1; i < tail.length && total > budgetTokens; i += 1) {
    const message = tail[i]!;
    if (!isToolResult(message)) continue;
    const short = shortenResult(message);
    if (!short) continue;
    total -= sizes[tailStart + i]! - estimateMessageTokens(short);
    tail[i] = short;
    shortened += 1;
  }
  if (total > budgetTokens) return { ok: false, tokensBefore, minimumTokens: total, parts: partsOf(system, tail, tools) };
  const kept = [...system, ...history.slice(from), ...tail];
  return { ok: true, messages: kept, removed: messages.length - kept.length, shortened, tokensBefore, tokensAfter: total };
}

/**
 * Where the current turn starts: its user message, the last one the user wrote. Inline tool results and the
 * daemon's `[zino]` notes are user messages too, but they belong to the turn: the request before them is kept.
 */
function turnStart(messages: readonly ChatMessage[], head: number): number {
  let start = messages.length;
  for (let i = messages.length - 1; i >= head; i -= 1) {
    const message = messages[i]!;
    if (message.role !== "user") continue;
    start = i;
    if (!isToolResult(message) && !isDaemonNote(message)) return i;
  }
  return start;
}

/** The daemon's instruction of a forced final call (src/zino/daemon/tool-messages.ts finalCallNote). */
function isDaemonNote(message: ChatMessage): boolean {
  return typeof message.content === "string" && message.content.startsWith("[zino] ");
}

const INLINE_RESULT = /^\s*<(tool_response|task_response)>/;

/** A tool's result: a `tool` message, or an inline `<tool_response>`/`<task_response>` user message. */
export function isToolResult(message: ChatMessage): boolean {
  if (message.role === "tool") return true;
  return message.role === "user" && typeof message.content === "string" && INLINE_RESULT.test(message.content);
}

function shortenResult(message: ChatMessage): ChatMessage | undefined {
  const content = typeof message.content === "string" ? message.content : JSON.stringify(message.content ?? "");
  if (content.length <= SHORTENED_RESULT_HEAD_CHARS * 2) return undefined;
  const note =
    `\n[… ${content.length - SHORTENED_RESULT_HEAD_CHARS} more characters of this tool result were removed from the prompt ` +
    `to fit the context window; call the tool again with a narrower request if you need them …]`;
  const inline = message.role === "user" ? INLINE_RESULT.exec(content)?.[1] : undefined;
  const text = `${headOf(content, SHORTENED_RESULT_HEAD_CHARS)}${note}${inline ? `\n</${inline}>` : ""}`;
  return { ...message, content: text };
}

function partsOf(system: readonly ChatMessage[], tail: readonly ChatMessage[], tools: readonly Tool[]): PromptParts {
  const sum = (list: readonly ChatMessage[]) => list.reduce((n, m) => n + estimateMessageTokens(m), 0);
  const userTokens = tail.length > 0 ? estimateMessageTokens(tail[0]!) : 0;
  return {
    systemTokens: sum(system),
    userTokens,
    toolTokens: sum(tail) - userTokens,
    toolDefinitionTokens: estimatePromptTokens([], tools) - REPLY_PRIMING_TOKENS,
  };
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
