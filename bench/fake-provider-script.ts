// How the benchmark's fake provider answers (bench/fake-provider-process.ts): an echo of the last user message,
// except for the tool turn of bench/zino-tool-turn.ts. A user message containing TOOL_TURN_MARKER gets a native
// `execute_bash` call; the request that carries the tool result (last message of role `tool`) gets plain text
// quoting that result, so the benchmark can check from the turn's answer that the tool ran and what it returned.
import { echoLastUserMessage, type FakeReply, type RecordedRequest } from "../harness/fake-provider.js";

export const TOOL_TURN_MARKER = "[bench: tool turn]";
export const TOOL_TURN_CODE = "echo ok";
/** Prefix of the second reply; the rest of the text is the tool message's content (exc's result as JSON). */
export const TOOL_RESULT_PREFIX = "tool result: ";

/** The request's last chat message, if any. */
function lastMessage(request: RecordedRequest): { role?: unknown; content?: unknown } | undefined {
  const body = request.body as { messages?: unknown } | undefined;
  return Array.isArray(body?.messages) ? (body.messages.at(-1) as { role?: unknown; content?: unknown } | undefined) : undefined;
}

/** A user message asking for the tool turn. */
function asksForToolTurn(last: { role?: unknown; content?: unknown } | undefined): boolean {
  return last?.role === "user" && typeof last.content === "string" && last.content.includes(TOOL_TURN_MARKER);
}

export function benchReply(request: RecordedRequest): FakeReply {
  const last = lastMessage(request);
  if (last?.role === "tool") {
    return { text: `${TOOL_RESULT_PREFIX}${typeof last.content === "string" ? last.content : JSON.stringify(last.content)}`, chunks: 1 };
  }
  if (asksForToolTurn(last)) return { toolCalls: [{ name: "execute_bash", arguments: { code: TOOL_TURN_CODE } }] };
  return echoLastUserMessage(request);
}

/**
 * The reply of bench/zino-python.ts, the same as its fake Python rtr sends: 20 chunks of 4 characters; the tool turn
 * (TOOL_TURN_MARKER) gets a native `execute_bash` call of `echo hi`, and the request carrying its result the 20 chunks
 * when the tool ran (exit 0, stdout "hi"), else `tool failed: ` and the result, which the benchmark refuses: a tool
 * that exc refused (no bwrap here, say) answers at once and would otherwise be timed as a very fast tool turn.
 */
const SIDE_BY_SIDE_CHUNKS: readonly string[] = Array.from({ length: 20 }, () => "abcd");
export const SIDE_BY_SIDE_TEXT = SIDE_BY_SIDE_CHUNKS.join("");
export const SIDE_BY_SIDE_TOOL_FAILED = "tool failed: ";
export function sideBySideReply(request: RecordedRequest): FakeReply {
  const last = lastMessage(request);
  if (asksForToolTurn(last)) return { toolCalls: [{ name: "execute_bash", arguments: { code: "echo hi" } }] };
  if (last?.role === "tool" && !toolSaidHi(last.content)) return { deltas: [`${SIDE_BY_SIDE_TOOL_FAILED}${String(last.content)}`] };
  return { deltas: [...SIDE_BY_SIDE_CHUNKS] };
}

/** A tool message's content (exc's result as JSON) says that `echo hi` ran and printed hi. */
function toolSaidHi(content: unknown): boolean {
  try {
    const result = JSON.parse(String(content)) as { exit_code?: unknown; stdout?: unknown };
    return result.exit_code === 0 && result.stdout === "hi\n";
  } catch {
    return false;
  }
}
