// Tool results against the model's context window (docs/zino-protocol.md §3 "Tool results", §5): a tool printing more than
// the prompt can take is cut to its share of the ctxkey's prompt budget (head, a marker, tail), the model answers and the
// turn is stored. The REAL ctx, rtr and exc (unsandboxed) with the default limits; the provider is the fake one.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { estimatePromptTokens } from "../../../src/zino/rtr/index.js";
import type { ChatMessage } from "../../../src/zino/protocol/index.js";
import { inlineToolCall } from "../../../harness/fake-provider.js";
import { startHarness, types, type Harness } from "./daemon-harness.js";

const sentMessages = (h: Harness, index: number) => (h.provider.chatRequests()[index]!.body as { messages: ChatMessage[] }).messages;

const contentOf = (message: ChatMessage | undefined): string => (typeof message?.content === "string" ? message.content : "");

void describe("tool results larger than the prompt budget", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ exc: true });
  });
  after(async () => h.close());

  void it("DMN-TR1 a 100 KB tool output is cut with a marker to fit the default budget; the model answers and the turn is stored", async () => {
    h.provider.enqueue(
      { toolCalls: [{ id: "big", name: "execute_bash", arguments: { code: "seq 1 20000" } }] },
      { text: "Printed 1..20000." },
    );
    const start = h.provider.chatRequests().length;
    const frames = await h.ask({ message: "count to 20000", ctxkey: "big1" });
    assert.deepEqual(
      types(frames).filter((t) => t !== "chunk"),
      ["tool_start", "tool_done", "done"],
      JSON.stringify(frames.at(-1)),
    );
    assert.equal(frames.at(-1)?.stored, true);
    const second = sentMessages(h, start + 1);
    const result = contentOf(second.at(-1));
    assert.equal(second.at(-1)?.role, "tool");
    assert.match(result, /^\{"exit_code":0,"stdout":"1\\n2\\n3\\n/, "the head is kept");
    // exc kept the first 64 KiB (exec.output_cap_bytes); the daemon keeps the head and the tail of that.
    assert.match(result, /…\]\\n[\d\\n]{1000,}","stderr"/, "the tail is kept");
    assert.match(result, /characters omitted here: the tool output was cut to fit the model's context window/);
    assert.match(result, /"truncated":true,.*"omitted_chars":\d+\}$/);
    // Default budget 8192 − 1024: the results of one model call take at most a quarter of it.
    assert.ok(result.length <= 7168 + 500, `result of ${result.length} characters`);
    assert.ok(estimatePromptTokens(second) <= 7168);
    const [history] = await h.askCtx({ type: "get_history", ctxkey: "big1" });
    const stored = history?.messages as ChatMessage[];
    assert.deepEqual(
      stored.map((m) => m.role),
      ["user", "assistant", "tool", "assistant"],
    );
    assert.equal(stored[2]!.content, result, "history keeps the cut result, not the 100 KB");
  });

  void it("DMN-TR1 the share follows the ctxkey's context window", async () => {
    await h.askCtx({ type: "set_config", ctxkey: "big2", config: { llm: { context_window: 65536, max_output_tokens: 1024 } } });
    h.provider.enqueue({ toolCalls: [{ id: "b2", name: "execute_bash", arguments: { code: "seq 1 20000" } }] }, { text: "ok" });
    const start = h.provider.chatRequests().length;
    await h.ask({ message: "count", ctxkey: "big2" });
    const result = contentOf(sentMessages(h, start + 1).at(-1));
    // (65536 − 1024) × 4 chars × 25 %: about 64 K characters of the 108,894 seq prints.
    assert.ok(result.length > 40_000 && result.length < 66_000, `result of ${result.length} characters`);
    assert.match(result, /characters omitted here/);
  });

  void it("DMN-TR1 a small result is passed unchanged", async () => {
    h.provider.enqueue({ toolCalls: [{ id: "s", name: "execute_bash", arguments: { code: "echo small" } }] }, { text: "ok" });
    const start = h.provider.chatRequests().length;
    await h.ask({ message: "small", ctxkey: "big3" });
    const result = contentOf(sentMessages(h, start + 1).at(-1));
    assert.doesNotMatch(result, /omitted/);
    assert.match(result, /"stdout":"small\\n"/);
  });

  void it("DMN-TR2 inline style: when the turn outgrows the budget, the user's request stays and the oldest results are shortened", async () => {
    await h.askCtx({
      type: "set_config",
      ctxkey: "inl1",
      config: { agent: { tool_style: "inline" }, llm: { context_window: 4096, max_output_tokens: 1024 } },
    });
    const calls = [1, 2, 3, 4].map((n) => ({ text: `Step ${n}. ${inlineToolCall("execute_bash", { code: `seq ${n} 9000` })}` }));
    h.provider.enqueue(...calls, { text: "Done." });
    const start = h.provider.chatRequests().length;
    const frames = await h.ask({ message: "IMPORTANT-TASK: list the numbers four times", ctxkey: "inl1" });
    assert.equal(frames.at(-1)?.type, "done", JSON.stringify(frames.at(-1)));
    const last = sentMessages(h, start + 4);
    assert.ok(
      last.some((m) => m.role === "user" && m.content === "IMPORTANT-TASK: list the numbers four times"),
      `the request is kept: ${JSON.stringify(last.map((m) => contentOf(m).slice(0, 40)))}`,
    );
    const results = last.filter((m) => contentOf(m).startsWith("<tool_response>"));
    assert.equal(results.length, 4, "every result stays, the oldest shortened");
    assert.match(contentOf(results[0]), /more characters of this tool result were removed from the prompt/);
    assert.doesNotMatch(contentOf(results[3]), /removed from the prompt/);
    assert.ok(estimatePromptTokens(last) <= 4096 - 1024);
  });
});
