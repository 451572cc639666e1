// Skills as sub-agents end to end (docs/zino-protocol.md §3, §6): the REAL ctx, rtr, exc and daemon on sockets in a temp dir, the
// fake provider as the model. A `run_skill` call becomes a child turn with the skill's prompt, examples, tools and
// model; its answer and tool digest reach the parent model; its progress reaches events:"all" clients only;
// depth, fan-out and time limits hold; a client disconnect cancels the child; child turns are not stored.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { requestFrames, type Frame } from "../../../src/wire/index.js";
import { BASIC_FRAME_TYPES } from "../../../src/zino/daemon/index.js";
import type { FakeReply, RecordedRequest } from "../../../harness/fake-provider.js";
import { startHarness, types, type Harness } from "./daemon-harness.js";

type Message = { role: string; content?: unknown; tool_calls?: Array<{ function: { name: string } }> };

const SKILLS = {
  sum: {
    name: "sum",
    description: "Adds numbers with node.",
    system_prompt: "SUM-SKILL: you add numbers and answer with the sum.",
    examples: [{ user: "1 + 1", assistant: "2" }],
    tools: ["node"],
    ctxkey: "skill:sum",
    model: "small-model",
  },
  loop: {
    name: "loop",
    description: "Hands the task to itself.",
    system_prompt: "LOOP-SKILL: always delegate.",
    tools: ["run_skill"],
    ctxkey: "skill:loop",
  },
  slow: { name: "slow", description: "Takes its time.", system_prompt: "SLOW-SKILL: think long.", tools: [] },
};

function messagesOf(request: RecordedRequest): Message[] {
  return (request.body as { messages: Message[] }).messages;
}

function systemOf(request: RecordedRequest): string {
  const content = messagesOf(request)[0]?.content;
  return typeof content === "string" ? content : "";
}

function toolNamesOf(request: RecordedRequest): string[] | undefined {
  const tools = (request.body as { tools?: Array<{ function: { name: string } }> }).tools;
  return tools?.map((tool) => tool.function.name);
}

/** Requests of one skill's turns, and those that started a turn (the last message is the task, not a tool result). */
function skillRequests(h: Harness, marker: string): { all: RecordedRequest[]; starts: RecordedRequest[] } {
  const all = h.provider.chatRequests().filter((request) => systemOf(request).includes(marker));
  return { all, starts: all.filter((request) => messagesOf(request).at(-1)?.role === "user") };
}

let parentReply: (request: RecordedRequest) => FakeReply = () => ({ text: "nothing to do" });

/** Skills answer by their system prompt; the user's turns follow `parentReply`. */
function route(request: RecordedRequest): FakeReply {
  const system = systemOf(request);
  const last = messagesOf(request).at(-1);
  const fresh = last?.role === "user";
  if (system.includes("SUM-SKILL")) {
    return fresh
      ? { toolCalls: [{ id: `sum_${request.index}`, name: "execute_node", arguments: { code: "console.log(2 + 40)" } }] }
      : { text: "The sum is 42." };
  }
  if (system.includes("LOOP-SKILL")) {
    return fresh
      ? { toolCalls: [{ id: `loop_${request.index}`, name: "run_skill", arguments: { skill: "loop", request: "go deeper" } }] }
      : { text: `loop answer after: ${String(last?.content).slice(0, 300)}` };
  }
  if (system.includes("SLOW-SKILL")) return { text: "Partial slow work that never ends", stallAfterChunks: 4 };
  return parentReply(request);
}

/** The user's turn: one call of `run_skill` per request given, then a final answer quoting the tool results. */
function delegate(skill: string, ...requests: string[]): (request: RecordedRequest) => FakeReply {
  return (request) => {
    const last = messagesOf(request).at(-1);
    if (last?.role === "tool") return { text: "Parent done." };
    return {
      toolCalls: requests.map((task, i) => ({ id: `p${request.index}_${i}`, name: "run_skill", arguments: { skill, request: task } })),
    };
  };
}

async function history(h: Harness, ctxkey: string): Promise<Message[]> {
  const [frame] = await h.askCtx({ type: "get_history", ctxkey });
  return frame?.messages as Message[];
}

void describe("daemon sub-agents with the real ctx, rtr and exc", () => {
  let h: Harness;
  let agentsDir: string;
  before(async () => {
    agentsDir = mkdtempSync(join(tmpdir(), "zs-"));
    mkdirSync(join(agentsDir, "skills"));
    for (const [name, skill] of Object.entries(SKILLS)) writeFileSync(join(agentsDir, "skills", `${name}.json`), JSON.stringify(skill));
    h = await startHarness({
      exc: true,
      agentsDir,
      toml: "[agent]\nmax_subagent_depth = 2\nmax_subagent_fanout = 4\nsubagent_timeout_ms = 20000",
    });
    h.provider.script(route);
  });
  after(async () => {
    await h.close();
    rmSync(agentsDir, { recursive: true, force: true });
  });

  void it("DMN-25 DMN-28 runs the skill's turn with its prompt, examples, tools and model, and feeds its answer and tool digest to the parent", async () => {
    parentReply = delegate("sum", "add 2 and 40");
    const before = h.provider.chatRequests().length;
    const frames = await h.ask({ message: "What is 2 + 40?", ctxkey: "a1", events: "all" });
    assert.equal(frames.at(-1)?.type, "done", JSON.stringify(frames.at(-1)));
    assert.equal(frames.at(-1)?.full_text, "Parent done.");
    const parentFirst = h.provider.chatRequests()[before]!;
    assert.ok(toolNamesOf(parentFirst)?.includes("run_skill"), "the parent is offered run_skill");

    const { all, starts } = skillRequests(h, "SUM-SKILL");
    assert.equal(starts.length, 1);
    const child = starts[0]!;
    assert.deepEqual(
      messagesOf(child).slice(1),
      [
        { role: "user", content: "1 + 1" },
        { role: "assistant", content: "2" },
        { role: "user", content: "add 2 and 40" },
      ],
      "the skill's examples, then the task; no history",
    );
    assert.equal(child.model, "small-model", "the skill's model");
    assert.deepEqual(toolNamesOf(child), ["execute_node"], "only the skill's tools");
    assert.match(String(messagesOf(all[1]!).at(-1)?.content), /"stdout":"42\\n"/, "the child's own tool ran at exc");

    const parentSecond = h.provider
      .chatRequests()
      .filter((r) => r.index > child.index && !systemOf(r).includes("SKILL"))
      .at(0)!;
    const toolMessage = messagesOf(parentSecond).at(-1)!;
    assert.equal(toolMessage.role, "tool");
    const result = JSON.parse(String(toolMessage.content)) as { exit_code: number; stdout: string };
    assert.equal(result.exit_code, 0);
    assert.match(
      result.stdout,
      /^The sum is 42\.\n\n\[Tool results of the sub-agent "sum" \(1 call\)\]\n- execute_node ok \(\d+ ms\): 42$/,
    );

    const progress = frames.filter((f) => f.type === "status" && f.phase === "subagent");
    assert.ok(
      progress.every((f) => f.source === "exc" && f.tool === "sum" && f.skill === "sum" && f.depth === 1),
      JSON.stringify(progress),
    );
    const events = progress.map((f) => f.event);
    assert.deepEqual(
      events.filter((e) => e !== "model"),
      ["start", "tool_start", "tool_done", "done"],
    );
    assert.ok(events.includes("model"));
    assert.equal(progress.find((f) => f.event === "tool_start")?.name, "execute_node");
    const parentToolDone = frames.findIndex((f) => f.type === "tool_done");
    assert.ok(frames.indexOf(progress.at(-1)!) < parentToolDone, "progress arrives while the skill runs");

    assert.deepEqual(await history(h, "skill:sum"), [], "the sub-agent's turn is not stored");
    assert.deepEqual(
      (await history(h, "a1")).map((m) => m.role),
      ["user", "assistant", "tool", "assistant"],
    );
  });

  void it("DMN-07 DMN-28 a Python-style client sees only the five basic frame types while a skill runs", async () => {
    parentReply = delegate("sum", "add 1 and 41");
    const startsBefore = skillRequests(h, "SUM-SKILL").starts.length;
    const frames = await h.ask({ message: "What is 1 + 41?", channel_id: "py1" });
    assert.equal(skillRequests(h, "SUM-SKILL").starts.length, startsBefore + 1, "the skill ran");
    assert.ok(
      frames.every((f) => (BASIC_FRAME_TYPES as readonly unknown[]).includes(f.type)),
      JSON.stringify(types(frames)),
    );
    assert.deepEqual(types(frames).slice(0, 2), ["tool_start", "tool_done"]);
    assert.deepEqual(frames[0], { type: "tool_start", kind: "skill", name: "sum", description: "add 1 and 41" });
    assert.equal(frames.at(-1)?.type, "done");
  });

  void it("DMN-23 DMN-28 in inline style a <task> block runs the skill and its answer comes back in a <task_response>", async () => {
    await h.askCtx({ type: "set_config", ctxkey: "i1", config: { agent: { tool_style: "inline" } } });
    parentReply = (request) => {
      const last = String(messagesOf(request).at(-1)?.content);
      return last.startsWith("<task_response>")
        ? { text: "Inline parent done." }
        : { text: 'Asking. <task>{"skill": "sum", "request": "add 5 and 37"}</task>' };
    };
    const frames = await h.ask({ message: "What is 5 + 37?", ctxkey: "i1" });
    assert.equal(frames.at(-1)?.full_text, "Asking. \n\nInline parent done.");
    const child = skillRequests(h, "SUM-SKILL").starts.at(-1)!;
    assert.equal(messagesOf(child).at(-1)?.content, "add 5 and 37");
    const last = h.provider
      .chatRequests()
      .filter((r) => !systemOf(r).includes("SKILL"))
      .at(-1)!;
    assert.match(
      String(messagesOf(last).at(-1)?.content),
      /^<task_response>\n\{"skill":"sum","content":\{"exit_code":0,"stdout":"The sum is 42\.\\n\\n\[Tool results of the sub-agent \\"sum\\" \(1 call\)\]/,
    );
  });

  void it("DMN-26 a skill that calls itself stops at agent.max_subagent_depth; the deepest call is refused with a result its model reads", async () => {
    parentReply = delegate("loop", "go");
    const frames = await h.ask({ message: "loop forever", ctxkey: "d1", events: "all" });
    assert.equal(frames.at(-1)?.type, "done");
    const { starts, all } = skillRequests(h, "LOOP-SKILL");
    assert.equal(starts.length, 2, "child turns at depth 1 and 2, none at depth 3");
    assert.deepEqual(toolNamesOf(starts[0]!), ["run_skill"], "depth 1 may still delegate");
    assert.equal(toolNamesOf(starts[1]!), undefined, "depth 2 (the limit) is offered no run_skill");
    const deepestResult = all.find((r) => r.index > starts[1]!.index)!;
    assert.match(
      String(messagesOf(deepestResult).at(-1)?.content),
      /"exit_code":126.*depth limit reached: the skill \\"loop\\" would run at depth 3/,
    );
    const depths = new Set(frames.filter((f) => f.phase === "subagent").map((f) => f.depth));
    assert.deepEqual([...depths].sort(), [1, 2], "nested progress is relayed with its depth");

    const direct = await h.ask({ message: "too deep", ctxkey: "skill:loop", subagent: { depth: 3, parent_ctxkey: "x", skill: "loop" } });
    assert.equal(direct.at(-1)?.type, "error");
    assert.equal(direct.at(-1)?.code, "forbidden");
    assert.match(String(direct.at(-1)?.message), /depth 3, beyond agent.max_subagent_depth \(2\)/);
    const bad = await h.ask({ message: "x", ctxkey: "k", subagent: { depth: 0 } });
    assert.equal(bad.at(-1)?.code, "bad_request");
  });

  void it("DMN-27 at most agent.max_subagent_fanout run_skill calls per turn; later ones are error results", async () => {
    await h.askCtx({ type: "set_config", ctxkey: "f1", config: { agent: { max_subagent_fanout: 2 } } });
    parentReply = delegate("sum", "first", "second", "third");
    const startsBefore = skillRequests(h, "SUM-SKILL").starts.length;
    const frames = await h.ask({ message: "three tasks", ctxkey: "f1" });
    assert.equal(frames.at(-1)?.full_text, "Parent done.");
    assert.equal(skillRequests(h, "SUM-SKILL").starts.length, startsBefore + 2);
    const last = h.provider
      .chatRequests()
      .filter((r) => !systemOf(r).includes("SKILL"))
      .at(-1)!;
    const toolResults = messagesOf(last)
      .filter((m) => m.role === "tool")
      .map((m) => String(m.content));
    assert.equal(toolResults.length, 3);
    assert.match(toolResults[0]!, /"exit_code":0/);
    assert.match(toolResults[1]!, /"exit_code":0/);
    assert.match(toolResults[2]!, /at most 2 tasks to skills \(agent.max_subagent_fanout\)/);
  });

  void it("DMN-29 cancels a skill at agent.subagent_timeout_ms (provider request aborted) and gives the parent its partial answer", async () => {
    await h.askCtx({ type: "set_config", ctxkey: "t1", config: { agent: { subagent_timeout_ms: 1500 } } });
    parentReply = delegate("slow", "take your time");
    const frames = await h.ask({ message: "slow task", ctxkey: "t1" });
    assert.equal(frames.at(-1)?.full_text, "Parent done.");
    const slow = skillRequests(h, "SLOW-SKILL").all.at(-1)!;
    await h.provider.waitFor(() => slow.aborted);
    const last = h.provider
      .chatRequests()
      .filter((r) => !systemOf(r).includes("SKILL"))
      .at(-1)!;
    const result = JSON.parse(String(messagesOf(last).at(-1)?.content)) as Frame;
    assert.equal(result.exit_code, 124);
    assert.equal(result.timed_out, true);
    assert.match(String(result.stdout), /^Partial slow/);
    assert.match(String(result.stderr), /did not finish within 1500 ms/);
    assert.deepEqual(await history(h, "skill:slow"), []);
  });

  void it("DMN-30 a client disconnecting during a skill cancels the child turn down to the provider; nothing is stored", async () => {
    parentReply = delegate("slow", "never mind");
    const before = skillRequests(h, "SLOW-SKILL").all.length;
    for await (const frame of requestFrames(h.instance.sockets.daemon, { message: "start slow", ctxkey: "c1", events: "all" })) {
      if (frame.type === "status" && frame.phase === "subagent" && frame.event === "model") {
        await h.provider.waitFor(() => skillRequests(h, "SLOW-SKILL").all.length > before);
        break;
      }
    }
    const slow = skillRequests(h, "SLOW-SKILL").all.at(-1)!;
    await h.provider.waitFor(() => slow.aborted);
    assert.deepEqual(await history(h, "c1"), []);
  });
});
