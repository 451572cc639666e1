// Native tool calls arrive as deltas keyed by `index` (id and name once, arguments in pieces); this assembles
// them into the `done.tool_calls` list `[{id, name, arguments}]`, `arguments` being the JSON text as sent.
// Not every server keeps indexes apart: Ollama behind LiteLLM and Gemini's OpenAI layer send parallel calls all with
// `index: 0`, or with no index, each call whole. A delta with a new id therefore starts a new call, and so do a
// name after a call that is complete, and arguments that open a second JSON object after a complete one.
import { randomUUID } from "node:crypto";

export interface AssembledToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface ToolCallDelta {
  index: number;
  /** The server sent no `index` (then `index` is the position in its chunk, which says nothing across chunks). */
  indexMissing?: boolean;
  id?: string;
  name?: string;
  argumentsDelta?: string;
}

interface PartialCall {
  index: number;
  id?: string;
  name?: string;
  arguments: string;
}

export class ToolCallAssembler {
  /** In order of first appearance. */
  private readonly calls: PartialCall[] = [];
  /** The call each index currently continues. */
  private readonly byIndex = new Map<number, PartialCall>();

  add(delta: ToolCallDelta): void {
    const held = delta.indexMissing ? this.calls.at(-1) : this.byIndex.get(delta.index);
    let call = held && !startsNewCall(held, delta) ? held : this.open(delta.index);
    if (delta.id && !call.id) call.id = delta.id;
    if (delta.name && !call.name) call.name = delta.name;
    const piece = delta.argumentsDelta;
    if (!piece) return;
    if (call.arguments !== "" && piece.trimStart().startsWith("{") && isCompleteJson(call.arguments)) {
      // `{"a":1}{"b":2}`: a second call glued to the first one.
      call = this.open(delta.index);
      if (delta.name) call.name = delta.name;
    }
    call.arguments += piece;
  }

  private open(index: number): PartialCall {
    const call: PartialCall = { index, arguments: "" };
    this.calls.push(call);
    this.byIndex.set(index, call);
    return call;
  }

  /**
   * In order of appearance; a missing id is generated. A call without a name is kept (name "") when it has an id or
   * arguments, so that the model's intent is answered with an error rather than lost; an empty one is dropped.
   */
  result(): AssembledToolCall[] {
    return this.calls
      .filter((call) => call.name !== undefined || call.id !== undefined || call.arguments.trim() !== "")
      .map((call, position) => ({
        id: call.id ?? `call_${position}_${randomUUID().slice(0, 8)}`,
        name: call.name ?? "",
        arguments: call.arguments === "" ? "{}" : call.arguments,
      }));
  }
}

/** A delta that cannot continue `held`: another id, or a name once `held` already has one and its arguments are complete. */
function startsNewCall(held: PartialCall, delta: ToolCallDelta): boolean {
  if (delta.id && held.id && delta.id !== held.id) return true;
  if (delta.id && held.id === delta.id) return false;
  return delta.name !== undefined && held.name !== undefined && (held.arguments === "" || isCompleteJson(held.arguments));
}

function isCompleteJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
