// Native tool call ids must be unique in the conversation sent back to the provider: strict OpenAI-compatible
// providers refuse a request in which two calls share a `tool_call_id`. A model may give the same id twice in one
// answer, reuse an id of an earlier step or turn, or leave ids out (the provider then numbers them `call_<index>`,
// which can equal an id given next to them). The first use keeps its id; later ones are renamed `<id>_2`, `<id>_3`…,
// and each tool result carries the id of its call. The REAL ctx and rtr; exc is a stand-in that echoes the code.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startHarness, type Harness } from "./daemon-harness.js";

const TOOLS = [{ type: "function", function: { name: "execute_bash", description: "Run bash", parameters: { type: "object" } } }];

interface Message {
  role: string;
  content?: unknown;
  tool_call_id?: string;
  tool_calls?: Array<{ id: string; function: { arguments: string } }>;
}

/** Every call id of the conversation once, and each tool message right after its call with the call's own output. */
function assertPaired(messages: Message[]): string[] {
  const ids = messages.flatMap((m) => (m.role === "assistant" ? (m.tool_calls ?? []).map((c) => c.id) : []));
  assert.equal(new Set(ids).size, ids.length, `duplicate call ids: ${JSON.stringify(ids)}`);
  for (const [i, m] of messages.entries()) {
    if (!m.tool_calls?.length) continue;
    const results = messages.slice(i + 1, i + 1 + m.tool_calls.length);
    assert.deepEqual(
      results.map((r) => r.tool_call_id),
      m.tool_calls.map((c) => c.id),
    );
    for (const [k, call] of m.tool_calls.entries()) {
      const code = (JSON.parse(call.function.arguments) as { code: string }).code;
      assert.match(String(results[k]!.content), new RegExp(`ran ${code}`));
    }
  }
  return ids;
}

void describe("duplicate native tool call ids", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    await h.startExc(async (request, out) => {
      if (request.type === "tools") return void (await out.send({ type: "tools", tools: TOOLS }));
      if (request.message === null) return void (await out.send({ type: "ready", ctxkey: request.ctxkey }));
      const code = String((request.message as { arguments?: { code?: string } }).arguments?.code ?? "");
      await out.send({ type: "result", exit_code: 0, stdout: `ran ${code}\n`, stderr: "", truncated: false, ms: 1 });
    });
  });
  after(async () => h.close());

  const call = (code: string, id?: string) => ({ ...(id === undefined ? {} : { id }), name: "execute_bash", arguments: { code } });

  void it("renames repeated ids within an answer, across steps and across turns, and pairs every result", async () => {
    h.provider.enqueue(
      // "call_1" given, then a call without id that the provider numbers call_1 too; "dup" twice.
      { toolCalls: [call("a", "call_1"), call("b"), call("c", "dup"), call("d", "dup")] },
      // The next step reuses ids of the first.
      { toolCalls: [call("e", "dup"), call("f", "call_1")] },
      { text: "All ran." },
    );
    const frames = await h.ask({ message: "run them", ctxkey: "dupids" });
    assert.equal(frames.at(-1)?.type, "done", JSON.stringify(frames.at(-1)));
    const sent = h.provider.chatRequests().at(-1)!.body as { messages: Message[] };
    const ids = assertPaired(sent.messages);
    assert.deepEqual(ids, ["call_1", "call_1_2", "dup", "dup_2", "dup_3", "call_1_3"]);

    // A later turn: its ids must not repeat those the history already holds.
    h.provider.enqueue({ toolCalls: [call("g", "dup")] }, { text: "Done again." });
    const again = await h.ask({ message: "once more", ctxkey: "dupids" });
    assert.equal(again.at(-1)?.type, "done", JSON.stringify(again.at(-1)));
    const second = h.provider.chatRequests().at(-1)!.body as { messages: Message[] };
    assert.deepEqual(assertPaired(second.messages), [...ids, "dup_4"]);
  });
});
