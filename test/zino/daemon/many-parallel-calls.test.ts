// A model that asks for more tool calls in one answer than the turn may still run (agent.max_tool_calls, 16 by
// default) used to have every one of them written into the conversation, the refused ones with their refusal: 200
// calls filled the next prompt and the turn failed with context_overflow, advising to lower agent.max_tool_calls,
// which bounds nothing of what the model asks. Now only the calls that can run enter the conversation, and the model
// is told how many were not run and asked for its answer. The REAL ctx and rtr; exc is a stand-in counting runs.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startHarness, type Harness } from "./daemon-harness.js";

const TOOLS = [{ type: "function", function: { name: "execute_bash", description: "Run bash", parameters: { type: "object" } } }];

interface ChatBody {
  messages: Array<{ role: string; tool_calls?: unknown[] }>;
}

void describe("more parallel tool calls than the turn may run", () => {
  let h: Harness;
  let ran = 0;
  before(async () => {
    h = await startHarness({ toml: "[agent]\nmax_tool_calls = 5" });
    await h.startExc(async (request, out) => {
      if (request.type === "tools") return void (await out.send({ type: "tools", tools: TOOLS }));
      if (request.message === null) return void (await out.send({ type: "ready", ctxkey: request.ctxkey }));
      ran += 1;
      await out.send({ type: "result", exit_code: 0, stdout: `run ${ran}\n`, stderr: "", truncated: false, ms: 1 });
    });
  });
  after(async () => h.close());

  void it("runs the first five of 120 calls, keeps only those in the conversation, and ends with the model's answer", async () => {
    h.provider.enqueue(
      {
        toolCalls: Array.from({ length: 120 }, (_, i) => ({
          id: `c${i}`,
          name: "execute_bash",
          arguments: { code: `echo ${i}` },
        })),
      },
      { text: "Five of them ran." },
    );
    const frames = await h.ask({ message: "run them all", ctxkey: "many1" });
    const last = frames.at(-1);
    assert.equal(last?.type, "done", JSON.stringify(last));
    assert.equal(last.full_text, "Five of them ran.");
    assert.equal(ran, 5);
    const final = h.provider.chatRequests().at(-1)!.body as ChatBody;
    const assistant = final.messages.filter((m) => m.role === "assistant" && Array.isArray(m.tool_calls));
    assert.deepEqual(
      assistant.map((m) => m.tool_calls!.length),
      [5],
    );
    assert.equal(final.messages.filter((m) => m.role === "tool").length, 5);
    assert.match(JSON.stringify(final.messages.at(-1)), /115 further tool call\(s\) you asked for were not run/);
  });
});
