// The whole turn's bound (agent.turn_timeout_ms, docs/zino-protocol.md §3 "A turn's time"): a model that keeps calling
// slow tools within its iteration limit is stopped at the deadline, the running tool killed, and the turn ends in
// `error turn_timeout` saying what to do; what ran is stored like any turn that failed after its tools ran. The REAL ctx,
// rtr and exc (node tools, unsandboxed for the test) against the fake OpenAI-compatible provider.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { AgentConfigSchema } from "../../../src/zino/config/index.js";
import { startHarness, type Harness } from "./daemon-harness.js";

void describe("a turn past agent.turn_timeout_ms", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ exc: true });
  });
  after(async () => h.close());

  const history = async (ctxkey: string) => {
    const [frame] = await h.askCtx({ type: "get_history", ctxkey });
    return frame?.messages as Array<Record<string, unknown>>;
  };

  void it("DMN-37 a slow tool call past the deadline is stopped; error turn_timeout; the calls that ran are stored with a failure note", async () => {
    await h.askCtx({ type: "set_config", ctxkey: "tt1", config: { agent: { turn_timeout_ms: 1500 } } });
    h.provider.enqueue(
      { toolCalls: [{ id: "quick", name: "execute_node", arguments: { code: "console.log('first step')" } }] },
      { toolCalls: [{ id: "slow", name: "execute_node", arguments: { code: "setTimeout(() => console.log('late'), 8000)" } }] },
    );
    const started = Date.now();
    const frames = await h.ask({ message: "do two steps", ctxkey: "tt1" });
    const elapsedMs = Date.now() - started;
    const end = frames.at(-1);
    assert.equal(end?.type, "error", JSON.stringify(frames));
    assert.equal(end.code, "turn_timeout");
    assert.match(String(end.message), /1500 ms \(agent\.turn_timeout_ms\).*raise agent\.turn_timeout_ms/);
    assert.equal(end.tool_calls, 2);
    assert.equal(end.stored, true);
    assert.ok(elapsedMs < 5_000, `stopped at the deadline, not after the 8 s tool (${elapsedMs} ms)`);
    assert.equal(h.provider.chatRequests().length, 2, "no model call after the deadline");

    const stored = await history("tt1");
    assert.deepEqual(
      stored.map((m) => m.role),
      ["user", "assistant", "tool", "assistant", "tool", "assistant"],
    );
    assert.match(String(stored[2]!.content), /first step/);
    assert.equal(stored[4]!.tool_call_id, "slow", "the stopped call has its result: the history stays paired");
    assert.match(String(stored[4]!.content), /turn's time limit \(agent\.turn_timeout_ms\)/);
    assert.match(String(stored[5]!.content), /failed before a final answer: turn_timeout/);
  });

  void it("DMN-37 a model call still waiting at the deadline ends the turn in turn_timeout; nothing ran, nothing is stored", async () => {
    await h.askCtx({ type: "set_config", ctxkey: "tt2", config: { agent: { turn_timeout_ms: 1000 } } });
    h.provider.enqueue({ headersDelayMs: 6_000, text: "too late" });
    const started = Date.now();
    const frames = await h.ask({ message: "hello", ctxkey: "tt2" });
    assert.equal(frames.at(-1)?.code, "turn_timeout", JSON.stringify(frames.at(-1)));
    assert.equal(frames.at(-1)?.stored, undefined);
    assert.ok(Date.now() - started < 4_000);
    assert.deepEqual(await history("tt2"), []);
  });

  void it("DMN-37 a turn within its bound is untouched", async () => {
    await h.askCtx({ type: "set_config", ctxkey: "tt3", config: { agent: { turn_timeout_ms: 5000 } } });
    h.provider.enqueue({ text: "quick answer" });
    const frames = await h.ask({ message: "hello", ctxkey: "tt3" });
    assert.equal(frames.at(-1)?.type, "done");
  });
});

void it("DMN-37 agent.turn_timeout_ms defaults to 10 minutes and is bounded: 1 s to a day, an integer", () => {
  assert.equal(AgentConfigSchema.parse({}).turn_timeout_ms, 600_000);
  for (const bad of [0, 999, 86_400_001, 1500.5, "600000", -1]) {
    assert.equal(AgentConfigSchema.safeParse({ turn_timeout_ms: bad }).success, false, JSON.stringify(bad));
  }
  assert.equal(AgentConfigSchema.parse({ turn_timeout_ms: 1000 }).turn_timeout_ms, 1000);
});
