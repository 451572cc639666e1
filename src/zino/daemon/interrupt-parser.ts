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
  private fence: { char: string; length: number } | undefined;
  private codeSpan = 0;
  private atLineStart = true;
  private json = new JsonValueScanner();
  /**
   * What earlier pushes already scanned, so that each character is scanned once however the text is chunked (a model
   * streaming a long run of backticks or of whitespace after a tag, a token at a time, cost the daemon's thread the
   * square of its length): the run of backticks or tildes the text ended in, still open; how far the whitespace after
   * a tag waiting at the start of `pending` was read; the last characters after a block's JSON value, where its
   * closing tag may have begun.
   */
  private run: { char: string; length: number } | undefined;
  private tagReadTo = 0;
  private closeCarry = "";

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
    const events = this.state === "text" ? this.scanText() : this.scanBlock(chunk);
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
    const tagReadTo = this.tagReadTo;
    this.tagReadTo = 0;
    while (i < input.length) {
      const ch = input[i]!;
      if (ch === "`" || ch === "~") {
        let j = i;
        while (j < input.length && input[j] === ch) j += 1;
        // A run the previous push ended in goes on here; one that reaches the end may go on in the next push, so it
        // is counted (and shown: a run is text either way) but decided then.
        const length = j - i + (i === 0 && this.run?.char === ch ? this.run.length : 0);
        this.run = j === input.length ? { char: ch, length } : undefined;
        if (!this.run) this.codeMark(ch, length);
        i = j;
        continue;
      }
      if (this.run) {
        this.codeMark(this.run.char, this.run.length);
        this.run = undefined;
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
      const opening = this.tagAt(input, i, i === 0 ? tagReadTo : 0);
      if (opening === "wait") break;
      if (opening === undefined) {
        i += 1;
        continue;
      }
      release(i);
      this.block = opening;
      this.json = new JsonValueScanner();
      this.closeCarry = "";
      this.state = "block";
      this.pending = input.slice(i + opening.open.length);
      return [...events, ...this.scanBlock(this.pending)];
    }
    release(i);
    this.pending = input.slice(i);
    return events;
  }

  /**
   * The block a `<` at `at` opens, `wait` when more text is needed to know, undefined when it opens none. `readTo`:
   * how far past `at` an earlier push read whitespace after the tag (the text from `at` on is what it held back).
   */
  private tagAt(input: string, at: number, readTo: number): (typeof TAGS)[number] | "wait" | undefined {
    const rest = input.slice(at, at + 16);
    const tag = TAGS.find((t) => rest.startsWith(t.open));
    if (!tag) return TAGS.some((t) => t.open.startsWith(rest)) ? "wait" : undefined;
    let j = at + Math.max(tag.open.length, readTo);
    while (j < input.length && /\s/.test(input[j]!)) j += 1;
    if (j === input.length) {
      this.tagReadTo = j - at; // the text from `at` on is held back in `pending`, which the next push extends
      return "wait";
    }
    return input[j] === BLOCK_START ? tag : undefined;
  }

  /** A run of backticks or tildes: opens or closes a fenced block (at a line start) or an inline code span. */
  private codeMark(char: string, length: number): void {
    if (this.atLineStart && length >= 3 && this.codeSpan === 0) {
      if (this.fence === undefined) this.fence = { char, length };
      else if (char === this.fence.char && length >= this.fence.length) this.fence = undefined;
    } else if (char === "`" && this.fence === undefined) {
      if (this.codeSpan === 0) this.codeSpan = length;
      else if (this.codeSpan === length) this.codeSpan = 0;
    }
    this.atLineStart = false;
  }

  /**
   * The block ends at its closing tag after the JSON value: a `</tool_call>` inside a JSON string (code writing
   * about the syntax) is part of the arguments. The body is scanned once, across pushes: only `fresh`, the text this
   * push added at the end of `pending` (V8 copies a string grown by concatenation whole when it is read, so reading
   * `pending` at each push would cost the square of the block's length).
   */
  private scanBlock(fresh: string): ParserEvent[] {
    const block = this.block!;
    const start = this.pending.length - fresh.length;
    const valueEnd = this.json.scan(fresh, start);
    if (valueEnd < 0) return [];
    const from = Math.max(valueEnd, start);
    const search = this.closeCarry + fresh.slice(from - start);
    const at = search.indexOf(block.close);
    if (at >= 0) return this.close(from - this.closeCarry.length + at);
    // The tag may begin in these last characters and end in the next push.
    this.closeCarry = search.slice(-(block.close.length - 1));
    return [];
  }

  private close(at: number): ParserEvent[] {
    const block = this.block!;
    const body = this.pending.slice(0, at);
    this.pending = this.pending.slice(at + block.close.length);
    this.state = "finished";
    return [{ type: "call", call: readBlock(block.kind, body, true) }];
  }
}

/** Finds where the first JSON value of a text ends, strings and escapes respected, fed the text piece by piece. */
class JsonValueScanner {
  private pos = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private end = -1;

  /** The index just after the value, or -1 while it is incomplete; `text` is the text from index `base` on. */
  scan(text: string, base: number): number {
    for (; this.end < 0 && this.pos < base + text.length; this.pos += 1) {
      const ch = text[this.pos - base];
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
