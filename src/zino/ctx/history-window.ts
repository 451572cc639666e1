// Which stored messages a built prompt carries (docs/zino-protocol.md §4): whole turns, newest first, within the ctxkey's
// message and token limits. A turn's user message and final answer come first; its tool calls and results are kept
// only while room is left (whole, else with their results shortened, else left out), so one tool-heavy turn never
// pushes the conversation itself out of the window. Never starts with an assistant or tool message.
import type { ChatMessage } from "../protocol/index.js";
import { estimateMessageTokens } from "../config/index.js";
import { headOf } from "../../shared/text-cut.js";

export interface HistoryLimits {
  maxMessages: number;
  maxTokens: number;
}

/** How many stored messages to read for a window of `maxMessages`: tool messages may be left out of it. */
export function historyReadLimit(maxMessages: number): number {
  return maxMessages === 0 ? 0 : maxMessages * 4 + 64;
}

/** A tool result kept in a condensed turn: its start, then a note. */
export const CONDENSED_RESULT_CHARS = 200;

/** One stored turn: the user's message, the calls and results in between, the final answer. */
interface Turn {
  user: ChatMessage;
  middle: ChatMessage[];
  final: ChatMessage | undefined;
}

/** `history` is chronological (oldest first); the result is chronological and made of whole or condensed turns. */
export function selectHistory(history: readonly ChatMessage[], limits: HistoryLimits): ChatMessage[] {
  const turns = splitTurns(history);
  const room = { messages: limits.maxMessages, tokens: limits.maxTokens };
  const take = (messages: readonly ChatMessage[]): boolean => {
    const tokens = messages.reduce((sum, m) => sum + estimateMessageTokens(m), 0);
    if (messages.length > room.messages || tokens > room.tokens) return false;
    room.messages -= messages.length;
    room.tokens -= tokens;
    return true;
  };
  // First the conversation itself: each turn's request and answer, newest first; a turn too large on its own is skipped.
  const chosen: Array<{ turn: Turn; middle: ChatMessage[] }> = [];
  for (let i = turns.length - 1; i >= 0 && room.messages > 0; i -= 1) {
    const turn = turns[i]!;
    if (take(core(turn))) chosen.push({ turn, middle: [] });
  }
  // Then what happened in between, newest turn first, while it fits: whole, else condensed.
  for (const entry of chosen) {
    const { middle } = entry.turn;
    if (middle.length === 0) continue;
    if (take(middle)) entry.middle = middle;
    else {
      const condensed = middle.map(condense);
      if (!take(condensed)) break;
      entry.middle = condensed;
    }
  }
  const out = chosen.reverse().flatMap(({ turn, middle }) => [turn.user, ...middle, ...(turn.final ? [turn.final] : [])]);
  return dropOrphans(out);
}

const INLINE_RESULT = /^\s*<(tool_response|task_response)>/;

/** A user message the daemon wrote: an inline tool or skill result, not something the user said. */
export function isInlineResult(message: ChatMessage): boolean {
  return message.role === "user" && typeof message.content === "string" && INLINE_RESULT.test(message.content);
}

/** Turns start at a user message that is not an inline result; messages before the first one are dropped. */
function splitTurns(history: readonly ChatMessage[]): Turn[] {
  const turns: Turn[] = [];
  for (const message of history) {
    if (message.role === "user" && !isInlineResult(message)) {
      turns.push({ user: message, middle: [], final: undefined });
    } else {
      turns.at(-1)?.middle.push(message);
    }
  }
  for (const turn of turns) {
    const last = turn.middle.at(-1);
    if (last?.role === "assistant" && !(last.tool_calls && last.tool_calls.length > 0)) turn.final = turn.middle.pop();
  }
  return turns;
}

function core(turn: Turn): ChatMessage[] {
  return turn.final ? [turn.user, turn.final] : [turn.user];
}

/** A tool result reduced to its start and a note; calls and text are kept as they are. */
function condense(message: ChatMessage): ChatMessage {
  const isResult = message.role === "tool" || isInlineResult(message);
  if (!isResult || typeof message.content !== "string" || message.content.length <= CONDENSED_RESULT_CHARS * 2) return message;
  const content = message.content;
  const tag = message.role === "user" ? INLINE_RESULT.exec(content)?.[1] : undefined;
  const note = `\n[… ${content.length - CONDENSED_RESULT_CHARS} more characters of this earlier tool result are not shown …]`;
  return { ...message, content: `${headOf(content, CONDENSED_RESULT_CHARS)}${note}${tag ? `\n</${tag}>` : ""}` };
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
