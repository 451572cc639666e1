// The agent loop through the service (docs/zino-protocol.md §1 steps 6–8, §3): native and inline calls executed at exc, tool
// frames to the client, results fed back, the whole turn in history, limits, exc down, cancelling a running tool.
// exc is a stand-in frame server on the exc socket (a process boundary); ctx and rtr are the real services.
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import { requestFrames, type Frame } from "../../../src/wire/index.js";
import { inlineToolCall } from "../../../harness/fake-provider.js";
import { startHarness, text, types, typesWithChunkRuns, type Harness } from "./daemon-harness.js";

const TOOLS = [
  {
    type: "function",
    function: { name: "execute_bash", description: "Run bash", parameters: { type: "object", properties: { code: { type: "string" } } } },
  },
  { type: "function", function: { name: "run_skill", description: "Run a skill", parameters: { type: "object" } } },
];

interface ExcLog {
  calls: Frame[];
  aborted: number;
  /** When set, tool calls wait until the caller goes away. */
  hang: boolean;
}

function bodyOf(h: Harness, index: number): { messages: Array<Record<string, unknown>>; tools?: unknown[] } {
  return h.provider.chatRequests()[index]!.body as { messages: Array<Record<string, unknown>>; tools?: unknown[] };
}

async function history(h: Harness, ctxkey: string): Promise<Array<Record<string, unknown>>> {
  const [frame] = await h.askCtx({ type: "get_history", ctxkey });
  return frame?.messages as Array<Record<string, unknown>>;
}

void describe("daemon tool calls with exc running", () => {
  let h: Harness;
  const exc: ExcLog = { calls: [], aborted: 0, hang: false };
  before(async () => {
    h = await startHarness();
    await h.startExc(async (request, out, signal) => {
      if (request.type === "tools") return void (await out.send({ type: "tools", tools: TOOLS }));
      if (request.message === null) return void (await out.send({ type: "ready", ctxkey: request.ctxkey }));
      // The daemon sends the configuration version it saw at ctx [ext], so exc reuses the rules of that version.
      const { config_version: version, ...call } = request.raw;
      assert.equal(typeof version, "string");
      exc.calls.push(call);
      if ((request.message as { name?: string }).name === "run_skill") {
        await out.send({ type: "status", phase: "subagent", message: "sub-agent working" });
        return void (await out.send({ type: "result", exit_code: 0, stdout: "The log is fine.", stderr: "", truncated: false, ms: 5 }));
      }
      if (exc.hang) {
        await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
        exc.aborted += 1;
        return;
      }
      await out.send({ type: "result", exit_code: 0, stdout: "hi\n", stderr: "", truncated: false, ms: 3 });
    });
  });
  after(async () => h.close());
  beforeEach(() => {
    exc.calls = [];
    exc.hang = false;
  });

  void it("DMN-17 DMN-18 DMN-19 DMN-22 executes a native call at exc, streams tool frames, feeds the result back and stores the whole turn", async () => {
    h.provider.enqueue({ toolCalls: [{ id: "call_a", name: "execute_bash", arguments: { code: "echo hi" } }] }, { text: "It printed hi." });
    const start = h.provider.chatRequests().length;
    const frames = await h.ask({ message: "run echo hi", ctxkey: "n1" });
    assert.deepEqual(typesWithChunkRuns(frames), ["tool_start", "tool_done", "chunk+", "done"]);
    assert.deepEqual(frames[0], { type: "tool_start", kind: "tool", name: "execute_bash", description: "echo hi" });
    assert.equal(frames[1]?.ok, true);
    assert.deepEqual(exc.calls, [{ message: { name: "execute_bash", arguments: { code: "echo hi" } }, ctxkey: "n1" }]);
    assert.deepEqual(bodyOf(h, start).tools, TOOLS, "exc's tools are offered natively (tool_style auto)");
    const second = bodyOf(h, start + 1).messages;
    assert.equal(second.at(-1)?.role, "tool");
    assert.equal(second.at(-1)?.tool_call_id, "call_a");
    assert.match(String(second.at(-1)?.content), /"stdout":"hi\\n"/);
    assert.equal(frames.at(-1)?.full_text, "It printed hi.");
    assert.equal(frames.at(-1)?.iterations, 2);
    assert.deepEqual(
      (await history(h, "n1")).map((m) => m.role),
      ["user", "assistant", "tool", "assistant"],
    );
  });

  void it("DMN-14 DMN-16 DMN-17 DMN-18 in inline style hides the block, cuts generation at it, and feeds a <tool_response> back", async () => {
    await h.askCtx({ type: "set_config", ctxkey: "i1", config: { agent: { tool_style: "inline" } } });
    const block = inlineToolCall("execute_bash", { code: "echo hi" });
    h.provider.enqueue(
      { text: `Let me check. ${block} and then more text that is never generated`, chunks: 12, chunkDelayMs: 20 },
      { text: "Done." },
    );
    const start = h.provider.chatRequests().length;
    const frames = await h.ask({ message: "check", ctxkey: "i1" });
    assert.equal(text(frames), "Let me check. \n\nDone.");
    assert.ok(!text(frames).includes("tool_call"));
    assert.equal(bodyOf(h, start).tools, undefined, "no native tools in inline style");
    await h.provider.waitFor(() => h.provider.chatRequests()[start]?.aborted === true);
    const second = bodyOf(h, start + 1).messages;
    assert.deepEqual(second.at(-2), { role: "assistant", content: `Let me check. ${block}` });
    assert.match(String(second.at(-1)?.content), /^<tool_response>\n\{"name":"execute_bash","content":\{"exit_code":0/);
    assert.deepEqual(
      (await history(h, "i1")).map((m) => m.role),
      ["user", "assistant", "user", "assistant"],
    );
  });

  void it("DMN-08 DMN-20 stops at the iteration limit, makes the last call without tools, and tells an events:all client why", async () => {
    await h.askCtx({ type: "set_config", ctxkey: "l1", config: { agent: { max_iterations: 2 } } });
    h.provider.enqueue({ toolCalls: [{ name: "execute_bash", arguments: { code: "1" } }] }, { text: "Final." });
    const start = h.provider.chatRequests().length;
    const frames = await h.ask({ message: "loop", ctxkey: "l1", events: "all" });
    assert.equal(bodyOf(h, start + 1).tools, undefined);
    const limit = frames.find((f) => f.type === "status" && f.phase === "limit");
    assert.equal(limit?.reason, "max_iterations");
    assert.equal(frames.at(-1)?.stopped, "max_iterations");
    assert.ok(
      frames.some((f) => f.type === "status" && f.phase === "tool_output" && f.preview === "hi\n"),
      "tool output preview for events:all",
    );
    assert.equal(frames.at(-1)?.iterations, 2);
  });

  void it("DMN-23 DMN-08 runs a <task> as run_skill at exc and shows the sub-agent's progress only to events:all clients", async () => {
    const task = '<task>{"skill": "summarize", "request": "the log"}</task>';
    h.provider.enqueue({ text: task }, { text: "Summary: fine." }, { text: task }, { text: "Summary: fine." });
    const rich = await h.ask({ message: "summarize", ctxkey: "s1", events: "all" });
    assert.deepEqual(exc.calls[0], { message: { name: "run_skill", arguments: { skill: "summarize", request: "the log" } }, ctxkey: "s1" });
    const start = rich.find((f) => f.type === "tool_start");
    assert.deepEqual(start, { type: "tool_start", kind: "skill", name: "summarize", description: "the log" });
    const progress = rich.find((f) => f.type === "status" && f.source === "exc");
    assert.equal(progress?.phase, "subagent");
    assert.equal(progress?.tool, "summarize");
    assert.ok(rich.indexOf(progress) < rich.findIndex((f) => f.type === "tool_done"));
    const basic = await h.ask({ message: "summarize", ctxkey: "s2" });
    assert.deepEqual(typesWithChunkRuns(basic), ["tool_start", "tool_done", "chunk+", "done"]);
    const last = h.provider.chatRequests().at(-1)!.body as { messages: Array<{ content: string }> };
    assert.match(
      String(last.messages.at(-1)?.content),
      /^<task_response>\n\{"skill":"summarize","content":\{"exit_code":0,"stdout":"The log is fine."/,
    );
  });

  void it("DMN-10 aborts the running tool at exc and stores nothing when the client disconnects", async () => {
    exc.hang = true;
    h.provider.enqueue({ toolCalls: [{ name: "execute_bash", arguments: { code: "sleep 100" } }] });
    const abortedBefore = exc.aborted;
    for await (const frame of requestFrames(h.instance.sockets.daemon, { message: "sleep", ctxkey: "c1" })) {
      if (frame.type === "tool_start") break;
    }
    const deadline = Date.now() + 60_000;
    while (exc.aborted === abortedBefore && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(exc.aborted, abortedBefore + 1, "exc saw its request cancelled");
    assert.deepEqual(await history(h, "c1"), []);
  });
});

void describe("daemon tool calls with exc down", () => {
  void it("DMN-13 gives the model an error result it reads, and still answers", async () => {
    const h = await startHarness();
    try {
      h.provider.enqueue({ text: inlineToolCall("execute_bash", { code: "ls" }) }, { text: "I cannot run tools right now." });
      const frames = await h.ask({ message: "list files", ctxkey: "x1" });
      assert.equal(frames.at(-1)?.full_text, "I cannot run tools right now.");
      assert.ok(frames.every((f) => f.type !== "error"));
      const second = bodyOf(h, 1).messages;
      assert.match(String(second.at(-1)?.content), /zino-exc\) is not available/);
      assert.equal(bodyOf(h, 0).tools, undefined, "no tools offered without exc");
    } finally {
      await h.close();
    }
  });
});

void describe("daemon tool calls with the real exc", () => {
  void it("DMN-17 DMN-19 runs execute_node at exc and feeds its output back to the model", async () => {
    const h = await startHarness({ exc: true });
    try {
      h.provider.enqueue(
        { toolCalls: [{ id: "n", name: "execute_node", arguments: { code: "console.log(6 * 7)" } }] },
        { text: "The answer is 42." },
      );
      const frames = await h.ask({ message: "what is 6*7? use node", ctxkey: "r1" });
      const offered = (bodyOf(h, 0).tools ?? []).map((t) => (t as { function: { name: string } }).function.name);
      assert.ok(offered.includes("execute_node"), offered.join(","));
      assert.deepEqual(types(frames).slice(0, 2), ["tool_start", "tool_done"]);
      assert.equal(frames[1]?.ok, true);
      const toolMessage = bodyOf(h, 1).messages.at(-1);
      assert.equal(toolMessage?.role, "tool");
      assert.match(String(toolMessage?.content), /"stdout":"42\\n"/);
      assert.equal(frames.at(-1)?.full_text, "The answer is 42.");
    } finally {
      await h.close();
    }
  });
});
