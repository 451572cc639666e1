// The token estimate every ZINO service uses (docs/zino-protocol.md §4 history limits in tokens, §5 context budget), so a history
// ctx accepts is measured the same way by rtr. Heuristic, documented on purpose: ceil(characters / 4) per message,
// where the characters are the text content (content parts and tool calls by the length of their JSON, plus the
// `name`), plus MESSAGE_OVERHEAD_TOKENS for the role and separators a chat template adds. One token per 4
// characters is close to what BPE tokenizers give for English prose and errs on the large side for code.

export const CHARS_PER_TOKEN = 4;
export const MESSAGE_OVERHEAD_TOKENS = 4;

/** The parts of an OpenAI-format message the estimate reads. */
export interface EstimableMessage {
  content?: unknown;
  tool_calls?: unknown;
  name?: string | undefined;
}

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

export function estimateMessageTokens(message: EstimableMessage): number {
  let chars = 0;
  const { content } = message;
  if (typeof content === "string") chars += content.length;
  else if (Array.isArray(content)) chars += JSON.stringify(content).length;
  if (message.tool_calls) chars += JSON.stringify(message.tool_calls).length;
  if (message.name) chars += message.name.length;
  return MESSAGE_OVERHEAD_TOKENS + Math.ceil(chars / CHARS_PER_TOKEN);
}

export function estimateMessagesTokens(messages: readonly EstimableMessage[]): number {
  return messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0);
}
