// How the benchmark's fake provider answers (bench/fake-provider-process.ts): an echo of the last user message,
// except for the tool turn of bench/zino-tool-turn.ts. A user message containing TOOL_TURN_MARKER gets a native
// `execute_bash` call; the request that carries the tool result (last message of role `tool`) gets plain text
// quoting that result, so the benchmark can check from the turn's answer that the tool ran and what it returned.
import { echoLastUserMessage, type FakeReply, type RecordedRequest } from "../harness/fake-provider.js";

export const TOOL_TURN_MARKER = "[bench: tool turn]";
export const TOOL_TURN_CODE = "echo ok";
/** Prefix of the second reply; the rest of the text is the tool message's content (exc's result as JSON). */
export const TOOL_RESULT_PREFIX = "tool result: ";

export function benchReply(request: RecordedRequest): FakeReply {
  const body = request.body as { messages?: unknown } | undefined;
  const messages = Array.isArray(body?.messages) ? (body.messages as { role?: unknown; content?: unknown }[]) : [];
  const last = messages[messages.length - 1];
  if (last?.role === "tool") {
    return { text: `${TOOL_RESULT_PREFIX}${typeof last.content === "string" ? last.content : JSON.stringify(last.content)}`, chunks: 1 };
  }
  if (last?.role === "user" && typeof last.content === "string" && last.content.includes(TOOL_TURN_MARKER)) {
    return { toolCalls: [{ name: "execute_bash", arguments: { code: TOOL_TURN_CODE } }] };
  }
  return echoLastUserMessage(request);
}

/**
 * The reply of bench/zino-python.ts, the same as its fake Python rtr sends: 20 chunks of 4 characters; the tool turn
 * (TOOL_TURN_MARKER) gets a native `execute_bash` call of `echo hi`, and the request carrying its result the 20 chunks.
 */
export const SIDE_BY_SIDE_TEXT = "abcd".repeat(20);
export function sideBySideReply(request: RecordedRequest): FakeReply {
  const body = request.body as { messages?: unknown } | undefined;
  const messages = Array.isArray(body?.messages) ? (body.messages as { role?: unknown; content?: unknown }[]) : [];
  const last = messages[messages.length - 1];
  if (last?.role === "user" && typeof last.content === "string" && last.content.includes(TOOL_TURN_MARKER)) {
    return { toolCalls: [{ name: "execute_bash", arguments: { code: "echo hi" } }] };
  }
  return { deltas: Array.from({ length: 20 }, () => "abcd") };
}
