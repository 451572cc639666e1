// The token estimate every ZINO service uses (docs/zino-protocol.md §4 history limits in tokens, §5 context budget), so a history
// ctx accepts is measured the same way by rtr. Heuristic, documented on purpose, from a text's UTF-8 size: providers'
// tokenizers are byte-level BPE, and a script's bytes per character follow how many tokens it costs. ASCII gives
// ceil(characters / 4), as for English prose (it errs on the large side for code); a 3-byte character (CJK, Kana,
// Hangul, Devanagari, Thai) one token; a 2-byte one (Cyrillic, Greek, Arabic, Hebrew, accented Latin) 0.625; an emoji
// or other 4-byte character 1.25. That is tokens = ceil((3 · bytes − characters) / 8). The characters are the text
// content (content parts and tool calls by their JSON, plus the `name`), plus MESSAGE_OVERHEAD_TOKENS for the role and
// separators a chat template adds. Cost: one native UTF-8 length per text (about 24 µs per 100 KB of ASCII).

/** Characters per token of ASCII text (and the rough size of a token in characters elsewhere). */
export const CHARS_PER_TOKEN = 4;
export const MESSAGE_OVERHEAD_TOKENS = 4;

/** The parts of an OpenAI-format message the estimate reads. */
export interface EstimableMessage {
  content?: unknown;
  tool_calls?: unknown;
  name?: string | undefined;
}

/** A text's weight in eighths of a token: 2 per ASCII character, 5 per 2-byte, 8 per 3-byte, 10 per 4-byte one. */
function eighths(text: string): number {
  return 3 * Buffer.byteLength(text, "utf8") - text.length;
}

export function estimateTokens(text: string): number {
  return Math.ceil(eighths(text) / 8);
}

export function estimateMessageTokens(message: EstimableMessage): number {
  let weight = 0;
  const { content } = message;
  if (typeof content === "string") weight += eighths(content);
  else if (Array.isArray(content)) weight += eighths(JSON.stringify(content));
  if (message.tool_calls) weight += eighths(JSON.stringify(message.tool_calls));
  if (message.name) weight += eighths(message.name);
  return MESSAGE_OVERHEAD_TOKENS + Math.ceil(weight / 8);
}

/**
 * A bound the estimate never exceeds, from lengths alone (no UTF-8 measure): no UTF-16 unit weighs more than a token.
 * Lets a prompt that fits with room to spare, the common case, skip the measure (context-budget.ts).
 */
export function messageTokensAtMost(message: EstimableMessage): number {
  let units = 0;
  const { content } = message;
  if (typeof content === "string") units += content.length;
  else if (Array.isArray(content)) units += JSON.stringify(content).length;
  if (message.tool_calls) units += JSON.stringify(message.tool_calls).length;
  if (message.name) units += message.name.length;
  return MESSAGE_OVERHEAD_TOKENS + units;
}

export function estimateMessagesTokens(messages: readonly EstimableMessage[]): number {
  return messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0);
}
