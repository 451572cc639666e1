// The streaming interrupt parser (docs/zino-protocol.md §3): finds inline Hermes-style `<tool_call>{…}</tool_call>` and
// `<task>{…}</task>` blocks in model text arriving in arbitrary chunks. Text outside blocks is released as soon
// as it cannot be the start of a tag; text inside a block is never released. Parsing stops at the first block.
import { z } from "zod";

export type CallKind = "tool" | "skill";

/** A structured call found in the text. `error` is set when the block could not be read (the model is told). */
export interface InlineCall {
  kind: CallKind;
  /** Tool name, or the skill name for a `<task>`. Empty when unreadable. */
  name: string;
  arguments: Record<string, unknown>;
  error?: string;
}

export type ParserEvent = { type: "text"; text: string } | { type: "call"; call: InlineCall };

const TAGS: ReadonlyArray<{ open: string; close: string; kind: CallKind }> = [
  { open: "<tool_call>", close: "</tool_call>", kind: "tool" },
  { open: "<task>", close: "</task>", kind: "skill" },
];

/** The skill executor's function name at exc (docs/zino-protocol.md: exc lists `run_skill`). */
export const RUN_SKILL = "run_skill";

export class InterruptParser {
  private state: "text" | "block" | "finished" = "text";
  private pending = "";
  private block: { open: string; close: string; kind: CallKind } | undefined;
  private consumed = "";

  /** Everything the model wrote up to the end of the first call block: the assistant message to record. */
  get transcript(): string {
    return this.consumed;
  }

  get finished(): boolean {
    return this.state === "finished";
  }

  push(chunk: string): ParserEvent[] {
    if (this.state === "finished" || chunk.length === 0) return [];
    this.pending += chunk;
    const events = this.state === "text" ? this.scanText() : this.scanBlock();
    if (this.finished) {
      // Text after the closing tag is not part of the turn (generation stops at the call): drop it.
      this.consumed += chunk.slice(0, chunk.length - this.pending.length);
      this.pending = "";
    } else {
      this.consumed += chunk;
    }
    return events;
  }

  /** End of stream: held-back text is released; an unterminated block is read as if it were closed. */
  end(): ParserEvent[] {
    if (this.state === "finished") return [];
    const events: ParserEvent[] = [];
    if (this.state === "text") {
      if (this.pending.length > 0) events.push({ type: "text", text: this.pending });
    } else if (this.block) {
      // Providers stopping on the closing tag omit it; a complete JSON body is still a call.
      events.push({ type: "call", call: readBlock(this.block.kind, this.pending, false) });
    }
    this.pending = "";
    this.state = "finished";
    return events;
  }

  private scanText(): ParserEvent[] {
    const events: ParserEvent[] = [];
    let text = "";
    let i = 0;
    const input = this.pending;
    while (i < input.length) {
      const lt = input.indexOf("<", i);
      if (lt < 0) {
        text += input.slice(i);
        break;
      }
      text += input.slice(i, lt);
      const rest = input.slice(lt);
      const full = TAGS.find((tag) => rest.startsWith(tag.open));
      if (full) {
        if (text) events.push({ type: "text", text });
        this.block = full;
        this.state = "block";
        this.pending = rest.slice(full.open.length);
        return [...events, ...this.scanBlock()];
      }
      if (TAGS.some((tag) => tag.open.startsWith(rest))) {
        // Could still become a tag: hold back until more text disambiguates it.
        if (text) events.push({ type: "text", text });
        this.pending = rest;
        return events;
      }
      text += "<";
      i = lt + 1;
    }
    if (text) events.push({ type: "text", text });
    this.pending = "";
    return events;
  }

  private scanBlock(): ParserEvent[] {
    const block = this.block!;
    const at = this.pending.indexOf(block.close);
    if (at < 0) return [];
    const body = this.pending.slice(0, at);
    this.pending = this.pending.slice(at + block.close.length);
    this.state = "finished";
    return [{ type: "call", call: readBlock(block.kind, body, true) }];
  }
}

const ToolBlockSchema = z.object({
  name: z.string().min(1),
  arguments: z.unknown().optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
});

const JsonObjectSchema = z.record(z.string(), z.unknown());

const TaskBlockSchema = z.looseObject({
  skill: z.string().min(1),
  request: z.string().optional(),
});

function readBlock(kind: CallKind, body: string, closed: boolean): InlineCall {
  const unreadable = (error: string): InlineCall => ({ kind, name: "", arguments: {}, error });
  const what = kind === "tool" ? "<tool_call>" : "<task>";
  let value: unknown;
  try {
    value = JSON.parse(body.trim());
  } catch (err) {
    const reason = err instanceof Error ? err.message : "invalid JSON";
    return unreadable(`${what} block ${closed ? "" : "(unterminated) "}is not valid JSON: ${reason}`);
  }
  if (kind === "skill") {
    const task = TaskBlockSchema.safeParse(value);
    if (!task.success) return unreadable(`${what} block needs {"skill": "<name>", "request": "<text>"}`);
    const { skill, ...rest } = task.data;
    return { kind, name: skill, arguments: { skill, ...rest } };
  }
  const tool = ToolBlockSchema.safeParse(value);
  if (!tool.success) return unreadable(`${what} block needs {"name": "<tool>", "arguments": {...}}`);
  const args = parseArguments(tool.data.arguments ?? tool.data.parameters ?? {});
  if (!args.ok) return { kind, name: tool.data.name, arguments: {}, error: args.error };
  return { kind, name: tool.data.name, arguments: args.value };
}

/** `arguments` may be an object or a JSON string holding one (OpenAI native calls always use the string form). */
export function parseArguments(raw: unknown): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  let value = raw;
  if (typeof raw === "string") {
    if (raw.trim() === "") return { ok: true, value: {} };
    try {
      value = JSON.parse(raw);
    } catch (err) {
      return { ok: false, error: `the arguments are not valid JSON: ${err instanceof Error ? err.message : "invalid"}` };
    }
  }
  if (value === null || value === undefined) return { ok: true, value: {} };
  const object = JsonObjectSchema.safeParse(value);
  return object.success ? { ok: true, value: object.data } : { ok: false, error: "the arguments must be a JSON object" };
}
