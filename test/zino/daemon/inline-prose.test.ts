// Prose that mentions the inline call syntax (docs/zino-protocol.md §3 "Tool calls"): with the default `auto` style, an
// answer explaining `<tool_call>`, `<task>` or `<think>`, or quoting a call in a markdown code block, reaches the user
// whole, is stored whole, and runs nothing. The REAL ctx and rtr; exc is a stand-in frame server recording calls.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Frame } from "../../../src/wire/index.js";
import { startHarness, text, type Harness } from "./daemon-harness.js";

const TOOLS = [{ type: "function", function: { name: "execute_bash", description: "Run bash", parameters: { type: "object" } } }];

void describe("prose mentioning the inline call syntax", () => {
  let h: Harness;
  const calls: Frame[] = [];
  before(async () => {
    h = await startHarness();
    await h.startExc(async (request, out) => {
      if (request.type === "tools") return void (await out.send({ type: "tools", tools: TOOLS }));
      if (request.message === null) return void (await out.send({ type: "ready", ctxkey: request.ctxkey }));
      calls.push(request.raw);
      await out.send({ type: "result", exit_code: 0, stdout: "ran\n", stderr: "", truncated: false, ms: 1 });
    });
  });
  after(async () => h.close());

  const answers = [
    "To run a command, write a <tool_call> block with JSON inside. ZINO runs it for you. Anything else?",
    "Skills are started with a <task> block naming the skill. Anything else?",
    "Use `<tool_call>` then JSON, then `</tool_call>`. Done explaining.",
    "Reasoning models wrap their thoughts in a <think> tag, which ZINO hides. Anything else?",
    'Here is how you would do it:\n```\n<tool_call>{"name":"execute_bash","arguments":{"code":"rm -rf build"}}</tool_call>\n```\nShall I?',
  ];
  for (const [i, answer] of answers.entries()) {
    void it(`DMN-14b is shown and stored whole, with one model call and no tool run: ${JSON.stringify(answer.slice(0, 36))}`, async () => {
      const ctxkey = `prose${i}`;
      h.provider.enqueue({ text: answer, chunks: 7 });
      const start = h.provider.chatRequests().length;
      const ran = calls.length;
      const frames = await h.ask({ message: "how do tool calls work?", ctxkey });
      assert.equal(text(frames), answer);
      assert.equal(frames.at(-1)?.type, "done");
      assert.equal(frames.at(-1)?.full_text, answer);
      assert.equal(h.provider.chatRequests().length, start + 1, "no second, unrequested model call");
      assert.equal(calls.length, ran, "nothing executed");
      const [history] = await h.askCtx({ type: "get_history", ctxkey });
      assert.deepEqual(history?.messages, [
        { role: "user", content: "how do tool calls work?" },
        { role: "assistant", content: answer },
      ]);
    });
  }

  void it("DMN-14c an inline call whose arguments contain </tool_call> in a string runs with those arguments", async () => {
    const code = "printf %s '<tool_call>x</tool_call>' > doc.txt; cat doc.txt";
    const block = `<tool_call>${JSON.stringify({ name: "execute_bash", arguments: { code } })}</tool_call>`;
    h.provider.enqueue({ text: `Writing it. ${block}`, chunks: 9 }, { text: "Written." });
    const ran = calls.length;
    const frames = await h.ask({ message: "write the doc", ctxkey: "close-in-args" });
    assert.equal(frames.at(-1)?.full_text, "Writing it. \n\nWritten.");
    assert.equal(calls.length, ran + 1);
    assert.deepEqual(calls.at(-1)?.message, { name: "execute_bash", arguments: { code } });
  });
});
