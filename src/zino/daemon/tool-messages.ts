// How tool calls and their results are written into the conversation (docs/zino-protocol.md §3): `<tool_response>` /
// `<task_response>` user messages for inline calls, `tool` messages with `tool_call_id` for native ones.
import type { ChatMessage, ToolDefinition } from "./agent-types.js";
import { RUN_SKILL, type CallKind } from "./interrupt-parser.js";

/** A call the loop is about to handle, whatever style it came in. */
export interface PendingCall {
  kind: CallKind;
  /** Function name at exc (`run_skill` for skills). */
  name: string;
  /** Name shown to the client: the tool, or the skill. */
  label: string;
  arguments: Record<string, unknown>;
  /** Native calls only. */
  id?: string;
  /** Set when the call could not be read; the model gets this as the result. */
  error?: string;
}

export function inlineResultMessage(call: PendingCall, result: Record<string, unknown>): ChatMessage {
  const body =
    call.kind === "skill" ? JSON.stringify({ skill: call.label, content: result }) : JSON.stringify({ name: call.name, content: result });
  const tag = call.kind === "skill" ? "task_response" : "tool_response";
  return { role: "user", content: `<${tag}>\n${body}\n</${tag}>` };
}

/**
 * Makes the ids of a model answer's native calls unique within the turn: strict OpenAI-compatible providers refuse a
 * conversation in which two calls share a `tool_call_id`, and a result must pair with exactly one call. A call keeps
 * the id the model gave unless it was already used (in the history sent, or earlier in this turn); a call without an
 * id is named `call_<index>` first. A taken id becomes `<id>_2`, `<id>_3`, … (the first free one), so the same
 * answer always gets the same ids. `used` is updated.
 */
export function uniqueCallIds<T extends { id?: string }>(calls: readonly T[], used: Set<string>): T[] {
  return calls.map((call, i) => {
    const given = call.id !== undefined && call.id.trim() !== "" ? call.id : `call_${i}`;
    let id = given;
    for (let n = 2; used.has(id); n += 1) id = `${given}_${n}`;
    used.add(id);
    return id === call.id ? call : { ...call, id };
  });
}

/** The call ids already in a conversation (assistant `tool_calls`), which the turn's new calls must not reuse. */
export function callIdsIn(messages: readonly ChatMessage[]): Set<string> {
  const ids = new Set<string>();
  for (const message of messages) {
    for (const call of message.tool_calls ?? []) ids.add(call.id);
  }
  return ids;
}

export function nativeResultMessage(call: PendingCall, result: Record<string, unknown>): ChatMessage {
  return { role: "tool", tool_call_id: call.id ?? "", content: JSON.stringify(result) };
}

export function nativeAssistantMessage(text: string, calls: readonly PendingCall[], rawArguments: readonly string[]): ChatMessage {
  return {
    role: "assistant",
    content: text.length > 0 ? text : null,
    tool_calls: calls.map((call, i) => ({
      id: call.id ?? `call_${i}`,
      type: "function" as const,
      function: { name: call.name, arguments: rawArguments[i] ?? JSON.stringify(call.arguments) },
    })),
  };
}

/** The last user message of a forced final call (not stored in history: it is an instruction, not the turn). */
export function finalCallNote(reason: string): ChatMessage {
  return {
    role: "user",
    content: `[zino] No more tool calls in this turn: ${reason}. Using the results above, write your final answer to the user now, without calling tools.`,
  };
}

const DESCRIPTION_CHARS = 100;

/** A one-line description for `tool_start`: the code's first line, the skill request, or the tool's own text. */
export function describeCall(call: PendingCall, tools: readonly ToolDefinition[]): string {
  const args = call.arguments;
  const pick = [args.code, args.request, args.command, args.query].find((v): v is string => typeof v === "string" && v.trim() !== "");
  const text = pick ?? tools.find((t) => t.function.name === call.name)?.function.description ?? "";
  const line = text.trim().split("\n")[0] ?? "";
  return line.length > DESCRIPTION_CHARS ? `${line.slice(0, DESCRIPTION_CHARS - 1)}…` : line;
}

/** Skills reach exc as `run_skill {skill, request}`; a native `run_skill` call is shown as its skill. */
export function skillLabel(name: string, args: Record<string, unknown>): { kind: CallKind; label: string } {
  if (name !== RUN_SKILL) return { kind: "tool", label: name };
  return { kind: "skill", label: typeof args.skill === "string" && args.skill ? args.skill : name };
}
