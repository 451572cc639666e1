// The streaming interrupt parser (docs/zino-protocol.md §3): finds inline Hermes-style `<tool_call>{…}</tool_call>` and
// `<task>{…}</task>` blocks in model text arriving in arbitrary chunks. Text outside blocks is released as soon
// as it cannot be the start of a tag; text inside a block is never released. Parsing stops at the first block.
// A tag is a block only when a JSON object follows it, and never inside markdown code (a fenced block or an inline
// code span): prose and examples that mention the syntax are text.
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

/** A block opens only when its tag is followed (after optional whitespace) by the start of a JSON object. */
const BLOCK_START = "{";

/** An unterminated body that began as a call (`{"name"…`, `{"skill"…`): reported to the model, never shown. */
const CALL_LIKE = /^\s*\{\s*"(name|skill)"\s*:/;

export class InterruptParser {
  private state: "text" | "block" | "finished" = "text";
  private pending = "";
  private block: { open: string; close: string; kind: CallKind } | undefined;
  private consumed = "";
  /** Markdown code the text is in: a tag there is an example, not a call. */
  private fence: string | undefined;
  private codeSpan = 0;
  private atLineStart = true;
  private json = new JsonValueScanner();

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

  /**
   * End of stream: held-back text is released. An unterminated block with a complete JSON body is a call (providers
   * stopping on the closing tag omit it); one that began as a call is reported as unreadable; anything else was prose
   * that happened to contain the tag, and is released as text.
   */
  end(): ParserEvent[] {
    if (this.state === "finished") return [];
    const events: ParserEvent[] = [];
    if (this.state === "text") {
      if (this.pending.length > 0) events.push({ type: "text", text: this.pending });
    } else if (this.block) {
      // JSON that never completed (a stray quote or brace) but a closing tag: read up to the tag, as a broken call.
      const at = this.pending.indexOf(this.block.close);
      if (at >= 0) return [...this.close(at), ...this.end()];
      const call = readBlock(this.block.kind, this.pending, false);
      if (!call.error || CALL_LIKE.test(this.pending)) events.push({ type: "call", call });
      else events.push({ type: "text", text: `${this.block.open}${this.pending}` });
    }
    this.pending = "";
    this.state = "finished";
    return events;
  }

  private scanText(): ParserEvent[] {
    const events: ParserEvent[] = [];
    const input = this.pending;
    let i = 0;
    let released = 0;
    const release = (to: number) => {
      if (to > released) events.push({ type: "text", text: input.slice(released, to) });
      released = to;
    };
    while (i < input.length) {
      const ch = input[i]!;
      if (ch === "`" || ch === "~") {
        let j = i;
        while (j < input.length && input[j] === ch) j += 1;
        if (j === input.length) break; // the run may go on in the next chunk: decided then
        this.codeMark(input.slice(i, j));
        i = j;
        continue;
      }
      if (ch === "\n") {
        this.atLineStart = true;
        this.codeSpan = 0; // an unclosed inline code span does not swallow the next paragraph
        i += 1;
        continue;
      }
      if (ch === " " || ch === "\t") {
        i += 1;
        continue;
      }
      this.atLineStart = false;
      if (ch !== "<" || this.fence !== undefined || this.codeSpan > 0) {
        i += 1;
        continue;
      }
      const opening = this.tagAt(input, i);
      if (opening === "wait") break;
      if (opening === undefined) {
        i += 1;
        continue;
      }
      release(i);
      this.block = opening;
      this.json = new JsonValueScanner();
      this.state = "block";
      this.pending = input.slice(i + opening.open.length);
      return [...events, ...this.scanBlock()];
    }
    release(i);
    this.pending = input.slice(i);
    return events;
  }

  /** The block a `<` at `at` opens, `wait` when more text is needed to know, undefined when it opens none. */
  private tagAt(input: string, at: number): (typeof TAGS)[number] | "wait" | undefined {
    const rest = input.slice(at, at + 16);
    const tag = TAGS.find((t) => rest.startsWith(t.open));
    if (!tag) return TAGS.some((t) => t.open.startsWith(rest)) ? "wait" : undefined;
    let j = at + tag.open.length;
    while (j < input.length && /\s/.test(input[j]!)) j += 1;
    if (j === input.length) return "wait";
    return input[j] === BLOCK_START ? tag : undefined;
  }

  /** A run of backticks or tildes: opens or closes a fenced block (at a line start) or an inline code span. */
  private codeMark(run: string): void {
    const char = run[0]!;
    if (this.atLineStart && run.length >= 3 && this.codeSpan === 0) {
      if (this.fence === undefined) this.fence = run;
      else if (char === this.fence[0] && run.length >= this.fence.length) this.fence = undefined;
    } else if (char === "`" && this.fence === undefined) {
      if (this.codeSpan === 0) this.codeSpan = run.length;
      else if (this.codeSpan === run.length) this.codeSpan = 0;
    }
    this.atLineStart = false;
  }

  /**
   * The block ends at its closing tag after the JSON value: a `</tool_call>` inside a JSON string (code writing
   * about the syntax) is part of the arguments. The body is scanned once, across pushes.
   */
  private scanBlock(): ParserEvent[] {
    const block = this.block!;
    const valueEnd = this.json.scan(this.pending);
    if (valueEnd < 0) return [];
    const at = this.pending.indexOf(block.close, valueEnd);
    if (at < 0) return [];
    return this.close(at);
  }

  private close(at: number): ParserEvent[] {
    const block = this.block!;
    const body = this.pending.slice(0, at);
    this.pending = this.pending.slice(at + block.close.length);
    this.state = "finished";
    return [{ type: "call", call: readBlock(block.kind, body, true) }];
  }
}

/** Finds where the first JSON value of a text ends, strings and escapes respected, fed the same growing text. */
class JsonValueScanner {
  private pos = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private end = -1;

  /** The index just after the value, or -1 while it is incomplete. */
  scan(text: string): number {
    for (; this.end < 0 && this.pos < text.length; this.pos += 1) {
      const ch = text[this.pos];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (ch === "\\") this.escaped = true;
        else if (ch === '"') this.inString = false;
      } else if (ch === '"') {
        this.inString = true;
      } else if (ch === "{" || ch === "[") {
        this.depth += 1;
      } else if ((ch === "}" || ch === "]") && this.depth > 0) {
        this.depth -= 1;
        if (this.depth === 0) this.end = this.pos + 1;
      }
    }
    return this.end;
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
