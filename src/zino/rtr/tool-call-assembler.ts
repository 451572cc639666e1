// Native tool calls arrive as deltas keyed by `index` (id and name once, arguments in pieces); this assembles
// them into the `done.tool_calls` list `[{id, name, arguments}]`, `arguments` being the JSON text as sent.
import { randomUUID } from "node:crypto";

export interface AssembledToolCall {
  id: string;
  name: string;
  arguments: string;
}

export class ToolCallAssembler {
  private readonly calls = new Map<number, { id?: string; name?: string; arguments: string }>();

  add(delta: { index: number; id?: string; name?: string; argumentsDelta?: string }): void {
    const call = this.calls.get(delta.index) ?? { arguments: "" };
    if (delta.id && !call.id) call.id = delta.id;
    if (delta.name && !call.name) call.name = delta.name;
    if (delta.argumentsDelta) call.arguments += delta.argumentsDelta;
    this.calls.set(delta.index, call);
  }

  /** In index order; calls that never got a name are dropped; a missing id is generated. */
  result(): AssembledToolCall[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .filter(([, call]) => call.name !== undefined)
      .map(([index, call]) => ({
        id: call.id ?? `call_${index}_${randomUUID().slice(0, 8)}`,
        name: call.name ?? "",
        arguments: call.arguments === "" ? "{}" : call.arguments,
      }));
  }
}
