// The streaming interrupt parser (docs/zino-protocol.md §3 "Interrupts"): inline blocks found across any chunking, text inside
// blocks never released, look-alike text released once disambiguated, arguments as object or JSON string.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InterruptParser, type InlineCall, type ParserEvent } from "../../../src/zino/daemon/index.js";

interface Parsed {
  text: string;
  call: InlineCall | undefined;
  transcript: string;
  /** Text released before the whole input had arrived (proves streaming, not buffering). */
  events: ParserEvent[];
}

function parse(chunks: string[]): Parsed {
  const parser = new InterruptParser();
  const events: ParserEvent[] = [];
  for (const chunk of chunks) {
    events.push(...parser.push(chunk));
    if (parser.finished) break;
  }
  events.push(...parser.end());
  const text = events.flatMap((e) => (e.type === "text" ? [e.text] : [])).join("");
  const calls = events.flatMap((e) => (e.type === "call" ? [e.call] : []));
  assert.ok(calls.length <= 1, "at most one call per generation");
  return { text, call: calls[0], transcript: parser.transcript, events };
}

/** Every way of cutting `input` in two, plus one chunk per character. */
function splits(input: string): string[][] {
  const out: string[][] = [[input], Array.from(input)];
  for (let i = 1; i < input.length; i += 1) out.push([input.slice(0, i), input.slice(i)]);
  return out;
}

void describe("interrupt parser", () => {
  const call = '<tool_call>{"name": "execute_bash", "arguments": {"code": "ls -la"}}</tool_call>';
  const input = `Let me look. ${call} ignored after the call`;

  void it("DMN-14 finds a tool call split at every position and never shows the block text", () => {
    for (const chunks of splits(input)) {
      const parsed = parse(chunks);
      const where = JSON.stringify(chunks.map((c) => c.length));
      assert.equal(parsed.text, "Let me look. ", where);
      assert.deepEqual(parsed.call, { kind: "tool", name: "execute_bash", arguments: { code: "ls -la" } }, where);
      assert.equal(parsed.transcript, `Let me look. ${call}`, where);
    }
  });

  void it("DMN-14 DMN-23 finds a task block split at every position as a skill call", () => {
    const task = 'Delegating.<task>{"skill": "summarize", "request": "sum up the log"}</task>';
    for (const chunks of splits(task)) {
      const parsed = parse(chunks);
      assert.equal(parsed.text, "Delegating.");
      assert.deepEqual(parsed.call, { kind: "skill", name: "summarize", arguments: { skill: "summarize", request: "sum up the log" } });
    }
  });

  void it("DMN-15 accepts arguments given as a JSON string", () => {
    const parsed = parse(['<tool_call>{"name":"execute_python3","arguments":"{\\"code\\": \\"print(1)\\"}"}</tool_call>']);
    assert.deepEqual(parsed.call, { kind: "tool", name: "execute_python3", arguments: { code: "print(1)" } });
  });

  const malformed: Array<[string, string, RegExp]> = [
    ["broken JSON", "<tool_call>{name: execute_bash}</tool_call>", /not valid JSON/],
    ["no name", '<tool_call>{"arguments": {}}</tool_call>', /needs \{"name"/],
    ["arguments string that is not JSON", '<tool_call>{"name":"x","arguments":"{oops"}</tool_call>', /arguments are not valid JSON/],
    ["arguments that are an array", '<tool_call>{"name":"x","arguments":[1,2]}</tool_call>', /must be a JSON object/],
    ["task without a skill", '<task>{"request": "do it"}</task>', /needs \{"skill"/],
  ];
  for (const [title, text, error] of malformed) {
    void it(`DMN-15 reports ${title} as a call with an error the model can read`, () => {
      const parsed = parse([`Before ${text} after`]);
      assert.equal(parsed.text, "Before ");
      assert.ok(parsed.call?.error, "an error is reported");
      assert.match(parsed.call.error, error);
    });
  }

  const lookAlikes = [
    "a <tool is not a call",
    "x < y and y <tool_cal",
    "<task force>",
    "1 <t 2",
    "<tool_call_id> is a field",
    "ends with <",
    "ends with <too",
  ];
  for (const text of lookAlikes) {
    void it(`DMN-14 releases look-alike text unchanged: ${JSON.stringify(text)}`, () => {
      for (const chunks of splits(text)) {
        const parsed = parse(chunks);
        assert.equal(parsed.text, text, JSON.stringify(chunks));
        assert.equal(parsed.call, undefined);
      }
    });
  }

  void it("DMN-14 holds back a possible tag start only until it is disambiguated", () => {
    const parser = new InterruptParser();
    assert.deepEqual(parser.push("Hello <to"), [{ type: "text", text: "Hello " }]);
    assert.deepEqual(parser.push("day"), [{ type: "text", text: "<today" }]);
  });

  void it("DMN-14 streams plain text as it arrives", () => {
    const parser = new InterruptParser();
    assert.deepEqual(parser.push("one "), [{ type: "text", text: "one " }]);
    assert.deepEqual(parser.push("two"), [{ type: "text", text: "two" }]);
  });

  void it("DMN-14 reads an unterminated block with complete JSON at the end of the stream (stop sequence cut the tag)", () => {
    const parsed = parse(['Run: <tool_call>{"name":"execute_bash","arguments":{"code":"pwd"}}']);
    assert.equal(parsed.text, "Run: ");
    assert.deepEqual(parsed.call, { kind: "tool", name: "execute_bash", arguments: { code: "pwd" } });
  });

  void it("DMN-15 reports an unterminated block with incomplete JSON as malformed, without showing it", () => {
    const parsed = parse(['Run: <tool_call>{"name":"execute_b']);
    assert.equal(parsed.text, "Run: ");
    assert.match(parsed.call?.error ?? "", /unterminated/);
  });

  void it("DMN-16 ignores everything after the first block", () => {
    const parsed = parse(['<tool_call>{"name":"a","arguments":{}}</tool_call><tool_call>{"name":"b","arguments":{}}</tool_call>']);
    assert.equal(parsed.call?.name, "a");
    assert.equal(parsed.text, "");
  });

  const prose = [
    "To run a command, write a <tool_call> block with JSON inside. ZINO runs it for you. Anything else?",
    "Skills are started with a <task> block naming the skill. Then you wait.",
    "Use `<tool_call>` then JSON, then `</tool_call>`. Done explaining.",
    'Inline code: `<tool_call>{"name":"execute_bash","arguments":{}}</tool_call>` is the syntax.',
    'Here is how you would do it:\n```\n<tool_call>{"name":"execute_bash","arguments":{"code":"ls"}}</tool_call>\n```\nThat is all.',
    'Tilde fence:\n~~~json\n<task>{"skill":"summarize","request":"x"}</task>\n~~~\nEnd.',
    "An unclosed mention at the end: <tool_call>",
    "A tag then prose <tool_call> and {braces} later",
  ];
  for (const text of prose) {
    void it(`DMN-14b text that only mentions or quotes the syntax stays text: ${JSON.stringify(text.slice(0, 40))}`, () => {
      for (const chunks of splits(text)) {
        const parsed = parse(chunks);
        assert.equal(parsed.call, undefined, JSON.stringify(chunks));
        assert.equal(parsed.text, text, JSON.stringify(chunks));
      }
    });
  }

  void it("DMN-14b an unterminated block whose body is prose is released as text at the end, not turned into a call", () => {
    const text = "Start <tool_call> {not json at all, just words";
    const parsed = parse([text]);
    assert.equal(parsed.call, undefined);
    assert.equal(parsed.text, text);
  });

  void it("DMN-14b a call after a closed code fence or a closed code span is still a call", () => {
    const block = '<tool_call>{"name":"execute_bash","arguments":{"code":"ls"}}</tool_call>';
    for (const before of ["Example:\n```\nx\n```\nNow: ", "The `ls` command: ", "It's `odd\nNew line: "]) {
      for (const chunks of splits(`${before}${block}`)) {
        const parsed = parse(chunks);
        assert.deepEqual(parsed.call, { kind: "tool", name: "execute_bash", arguments: { code: "ls" } }, JSON.stringify(chunks));
        assert.equal(parsed.text, before);
      }
    }
  });

  void it("DMN-14b a tag followed by whitespace and a JSON object opens a block", () => {
    const parsed = parse(['<tool_call>\n  {"name":"a","arguments":{}}\n</tool_call>']);
    assert.deepEqual(parsed.call, { kind: "tool", name: "a", arguments: {} });
  });

  void it("DMN-14c a closing tag inside a JSON string is part of the arguments, split at every position", () => {
    const code = "printf %s '<tool_call>x</tool_call>' > doc.txt; echo \\\"}</tool_call>";
    const block = `<tool_call>${JSON.stringify({ name: "execute_bash", arguments: { code } })}</tool_call>`;
    for (const chunks of splits(`Writing it. ${block} never shown`)) {
      const parsed = parse(chunks);
      assert.deepEqual(parsed.call, { kind: "tool", name: "execute_bash", arguments: { code } }, JSON.stringify(chunks));
      assert.equal(parsed.text, "Writing it. ");
      assert.equal(parsed.transcript, `Writing it. ${block}`);
    }
  });

  void it("DMN-14c a block whose JSON never completes still ends at its closing tag, as an unreadable call", () => {
    const parsed = parse(['<tool_call>{"name":"x","arguments":{"code":"unterminated}</tool_call> after']);
    assert.match(parsed.call?.error ?? "", /not valid JSON/);
    assert.equal(parsed.text, "");
  });
});
