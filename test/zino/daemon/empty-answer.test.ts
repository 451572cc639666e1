// A model call that ends with nothing to show (docs/zino-protocol.md §3 "Empty answers"): no text and no tool call ends
// the turn with an error of a stable code (empty_answer, output_truncated, content_filtered) carrying the finish
// reason, and stores no empty assistant message; a native call without a name is answered with an error result.
// The REAL ctx and rtr; exc is a stand-in frame server.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { FakeReply } from "../../../harness/fake-provider.js";
import { startHarness, type Harness } from "./daemon-harness.js";

const TOOLS = [{ type: "function", function: { name: "execute_bash", description: "Run bash", parameters: { type: "object" } } }];

void describe("empty model answers", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    await h.startExc(async (request, out) => {
      if (request.type === "tools") return void (await out.send({ type: "tools", tools: TOOLS }));
      if (request.message === null) return void (await out.send({ type: "ready", ctxkey: request.ctxkey }));
      await out.send({ type: "result", exit_code: 0, stdout: "ran\n", stderr: "", truncated: false, ms: 1 });
    });
  });
  after(async () => h.close());

  const cases: Array<[string, FakeReply, string, string]> = [
    ["no text", { text: "" }, "empty_answer", "stop"],
    ["only whitespace", { text: "  \n\t " }, "empty_answer", "stop"],
    ["no text, stopped at the output limit", { text: "", finishReason: "length" }, "output_truncated", "length"],
    ["no text, blocked by the content filter", { text: "", finishReason: "content_filter" }, "content_filtered", "content_filter"],
  ];
  for (const [i, [title, reply, code, finish]] of cases.entries()) {
    void it(`DMN-EA1 ${title}: error ${code} with the finish reason, nothing stored`, async () => {
      const ctxkey = `empty${i}`;
      h.provider.enqueue(reply);
      const frames = await h.ask({ message: "hello?", ctxkey });
      const last = frames.at(-1);
      assert.equal(last?.type, "error", JSON.stringify(frames));
      assert.equal(last.code, code);
      assert.equal(last.finish_reason, finish);
      assert.match(String(last.message), new RegExp(`finish_reason "${finish}"`));
      const [history] = await h.askCtx({ type: "get_history", ctxkey });
      assert.deepEqual(history?.messages, []);
    });
  }

  void it("DMN-EA2 a native call with an empty name reaches the model as an error result, and the turn goes on", async () => {
    h.provider.enqueue({ toolCalls: [{ id: "nameless", name: "", arguments: { code: "ls" } }] }, { text: "Sorry, retrying properly." });
    const start = h.provider.chatRequests().length;
    const frames = await h.ask({ message: "list", ctxkey: "empty-name", events: "all" });
    assert.equal(frames.at(-1)?.type, "done");
    const rejected = frames.find((f) => f.type === "status" && f.phase === "tool_rejected");
    assert.match(String(rejected?.reason), /no function name/);
    const second = (h.provider.chatRequests()[start + 1]!.body as { messages: Array<Record<string, unknown>> }).messages;
    assert.equal(second.at(-1)?.role, "tool");
    assert.equal(second.at(-1)?.tool_call_id, "nameless");
    assert.match(String(second.at(-1)?.content), /no function name/);
  });
});
