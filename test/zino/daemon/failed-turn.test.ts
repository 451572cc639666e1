// A turn that fails after its tools ran (docs/zino-protocol.md §3 "A failed turn"): the user message, the calls and their
// results and a note that the turn failed are stored, so the next turn knows the side effects happened; a turn that
// fails before any tool ran stores nothing. The REAL ctx and rtr; exc is a stand-in frame server.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Frame } from "../../../src/wire/index.js";
import { startHarness, type Harness } from "./daemon-harness.js";

const TOOLS = [{ type: "function", function: { name: "pay_invoice", description: "Pay an invoice", parameters: { type: "object" } } }];

void describe("a turn that fails after its tools ran", () => {
  let h: Harness;
  const paid: Frame[] = [];
  before(async () => {
    h = await startHarness();
    await h.startExc(async (request, out) => {
      if (request.type === "tools") return void (await out.send({ type: "tools", tools: TOOLS }));
      if (request.message === null) return void (await out.send({ type: "ready", ctxkey: request.ctxkey }));
      paid.push(request.raw);
      await out.send({ type: "result", exit_code: 0, stdout: "charged 100 EUR for invoice 42\n", stderr: "", truncated: false, ms: 1 });
    });
  });
  after(async () => h.close());

  const history = async (ctxkey: string) => {
    const [frame] = await h.askCtx({ type: "get_history", ctxkey });
    return frame?.messages as Array<Record<string, unknown>>;
  };

  void it("DMN-FT1 stores the user message, the call, its result and a failure note; the error says stored; the next turn sees it", async () => {
    h.provider.enqueue({ toolCalls: [{ id: "pay42", name: "pay_invoice", arguments: { invoice: 42 } }] }, { status: 500 });
    const frames = await h.ask({ message: "pay invoice 42", ctxkey: "ft1" });
    const error = frames.at(-1);
    assert.equal(error?.type, "error", JSON.stringify(frames));
    assert.equal(error.code, "provider_error");
    assert.equal(error.stored, true);
    assert.equal(paid.length, 1);
    const stored = await history("ft1");
    assert.deepEqual(
      stored.map((m) => m.role),
      ["user", "assistant", "tool", "assistant"],
    );
    assert.equal(stored[0]!.content, "pay invoice 42");
    assert.equal(stored[2]!.tool_call_id, "pay42");
    assert.match(String(stored[2]!.content), /charged 100 EUR/);
    assert.match(String(stored[3]!.content), /This turn failed before a final answer: provider_error\. The tool calls above did run\./);

    h.provider.enqueue({ text: "Yes, invoice 42 was paid." });
    const start = h.provider.chatRequests().length;
    await h.ask({ message: "did you pay invoice 42?", ctxkey: "ft1" });
    const prompt = (h.provider.chatRequests()[start]!.body as { messages: Array<Record<string, unknown>> }).messages;
    assert.ok(
      prompt.some((m) => m.role === "tool" && String(m.content).includes("charged 100 EUR")),
      "the next turn's prompt carries the executed call",
    );
  });

  void it("DMN-FT1 a turn that fails before any tool ran stores nothing", async () => {
    h.provider.enqueue({ status: 500 });
    const frames = await h.ask({ message: "hello", ctxkey: "ft2" });
    assert.equal(frames.at(-1)?.code, "provider_error");
    assert.equal(frames.at(-1)?.stored, undefined);
    assert.deepEqual(await history("ft2"), []);
  });

  void it("DMN-FT1 a retry with the same turn_id runs the failed turn again (it was stored under an id of its own)", async () => {
    h.provider.enqueue({ toolCalls: [{ id: "p1", name: "pay_invoice", arguments: { invoice: 7 } }] }, { status: 500 });
    const first = await h.ask({ message: "pay invoice 7", ctxkey: "ft3", turn_id: "t-7" });
    assert.equal(first.at(-1)?.stored, true);
    h.provider.enqueue({ text: "Invoice 7 is already paid." });
    const retry = await h.ask({ message: "pay invoice 7", ctxkey: "ft3", turn_id: "t-7" });
    assert.equal(retry.at(-1)?.type, "done");
    assert.equal(retry.at(-1)?.replayed, undefined);
    assert.equal(retry.at(-1)?.full_text, "Invoice 7 is already paid.");
  });
});
