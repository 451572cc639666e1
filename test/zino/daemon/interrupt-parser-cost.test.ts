// The interrupt parser's cost over a model's text streamed a token at a time (DMN-38): each character is scanned once
// however the text is chunked. A long run of backticks, of whitespace after a tag, or a block's body used to be
// scanned again at every push, so one answer of 20,000 characters held the daemon's only thread for seconds.
import assert from "node:assert/strict";
import { it } from "node:test";
import { InterruptParser, type ParserEvent } from "../../../src/zino/daemon/interrupt-parser.js";
import { cpuMs } from "../../support/cpu-time.js";

const CHARS = 20_000;

/** The text pushed one piece at a time (the pieces as `pieces` cuts them), and the events. */
function pushAll(pieces: readonly string[]): ParserEvent[] {
  const parser = new InterruptParser();
  const events: ParserEvent[] = [];
  for (const piece of pieces) events.push(...parser.push(piece));
  events.push(...parser.end());
  return events;
}

/** Adjacent text events joined: what the client is shown, whatever the chunking. */
function shown(events: readonly ParserEvent[]): (string | object)[] {
  const out: (string | object)[] = [];
  let text = "";
  for (const event of events) {
    if (event.type === "text") {
      text += event.text;
      continue;
    }
    if (text) out.push(text);
    text = "";
    out.push(event.call);
  }
  if (text) out.push(text);
  return out;
}

const HOSTILE: Record<string, string> = {
  "a run of backticks": "`".repeat(CHARS),
  "a run of tildes at a line start": `\n${"~".repeat(CHARS)}`,
  "whitespace after a tag": `<tool_call>${" ".repeat(CHARS)}`,
  "whitespace after a tag, then a call": `<tool_call>${"\n".repeat(CHARS)}{"name":"a","arguments":{}}</tool_call>`,
  "closing tags inside a block's JSON string": `<tool_call>{"name":"a","arguments":{"x":"${"</tool_call>".repeat(CHARS / 12)}"}}</tool_call>`,
  "text after a block's JSON value": `<tool_call>{"name":"a","arguments":{}}${"x".repeat(CHARS)}</tool_call>`,
};

void it("DMN-38 the interrupt parser scans a hostile answer streamed a character at a time in time linear in its length", () => {
  const plain = "word ".repeat(CHARS / 5);
  const plainMs = cpuMs(() => pushAll([...plain]));
  for (const [name, text] of Object.entries(HOSTILE)) {
    let events: ParserEvent[] = [];
    const ms = cpuMs(() => {
      events = pushAll([...text]);
    });
    assert.ok(ms < 10 * plainMs + 300, `${name}: ${ms.toFixed(0)} ms of CPU, against ${plainMs.toFixed(0)} ms for plain text as long`);
    assert.deepEqual(shown(events), shown(pushAll([text])), `${name}: the same events as the text in one piece`);
  }
});

void it("DMN-38 a run of backticks split across pushes still opens and closes a fenced block", () => {
  const text = '\n```\n<tool_call>{"name":"a"}</tool_call>\n``` done <tool_call>{"name":"b","arguments":{}}</tool_call>';
  for (const cut of [1, 2, 3, 5]) {
    const pieces: string[] = [];
    for (let i = 0; i < text.length; i += cut) pieces.push(text.slice(i, i + cut));
    const calls = pushAll(pieces).filter((e) => e.type === "call");
    assert.deepEqual(
      calls.map((e) => (e.type === "call" ? e.call.name : "")),
      ["b"],
      `pieces of ${cut}: the fenced example is text, the call after the fence is a call`,
    );
  }
});
