// Sub-agents at exc (docs/zino-protocol.md §6): `run_skill {skill, request}` becomes a child turn requested from the daemon socket,
// whose progress goes up as status frames and whose answer comes back with a digest of its tool results; the
// `run_skill` function offered in `tools`; depth and time limits; cancellation; skill tool lists. The daemon is
// a stand-in frame server on its socket (a process boundary); the real end-to-end is test/zino/daemon/subagent.test.ts.
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import {
  createFrameServer,
  requestAll,
  requestFrames,
  silentLogger,
  type Frame,
  type FrameServer,
  type FrameWriter,
  type WireRequest,
} from "../../../src/wire/index.js";
import { startExc, type ExcHarness } from "./exc-harness.js";

type DaemonBehaviour = (request: WireRequest, out: FrameWriter, signal: AbortSignal) => Promise<void>;

const SKILLS = [
  { name: "sum", description: "Add numbers.\nSecond line is not shown.", system_prompt: "You add.", examples: [], tools: ["bash"] },
  { name: "calc", description: "Calculate things.", tools: [], ctxkey: "calc-key", model: "small-model" },
];

interface FakeDaemon {
  requests: Frame[];
  aborted: number;
  behaviour: DaemonBehaviour;
}

function toolNames(frame: Frame): string[] {
  return (frame.tools as Array<{ function: { name: string } }>).map((tool) => tool.function.name);
}

async function waitUntil(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const untilAborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));

void describe("zino-exc sub-agents (run_skill)", () => {
  let h: ExcHarness;
  let server: FrameServer;
  const daemon: FakeDaemon = { requests: [], aborted: 0, behaviour: async () => {} };
  const startDaemon = async (): Promise<FrameServer> => {
    const started = createFrameServer({
      socketPath: h.daemonSocket,
      logger: silentLogger(),
      handler: async (request, out, signal) => {
        daemon.requests.push(request.raw);
        signal.addEventListener("abort", () => (daemon.aborted += 1), { once: true });
        await daemon.behaviour(request, out, signal);
      },
    });
    await started.start();
    return started;
  };
  before(async () => {
    h = await startExc({ defaults: { exec: { sandbox: "none", allow_unsandboxed: true } } });
    h.ctx.skills.push(...SKILLS);
    server = await startDaemon();
  });
  after(async () => {
    await server.close();
    await h.close();
  });
  beforeEach(() => {
    daemon.requests = [];
    daemon.behaviour = async (_request, out) => void (await out.send({ type: "done", full_text: "ok", iterations: 1 }));
    h.ctx.configs.clear();
  });

  const runSkill = (frame: Frame) =>
    requestAll(h.excSocket, {
      message: { name: "run_skill", arguments: { skill: "sum", request: "add 2 and 40" } },
      ctxkey: "p1",
      ...frame,
    });

  void it("EXC-21 lists run_skill with the skills as an enum when the ctxkey sees skills, and not when denied or at the depth limit", async () => {
    const [listed] = await requestAll(h.excSocket, { type: "tools", ctxkey: "p1" });
    assert.ok(listed);
    assert.ok(toolNames(listed).includes("execute_bash"));
    const runSkillTool = (
      listed.tools as Array<{
        function: { name: string; description: string; parameters: { properties: { skill: { enum: string[] } }; required: string[] } };
      }>
    ).find((tool) => tool.function.name === "run_skill");
    assert.ok(runSkillTool, "run_skill is offered");
    assert.deepEqual(runSkillTool.function.parameters.properties.skill.enum, ["sum", "calc"]);
    assert.deepEqual(runSkillTool.function.parameters.required, ["skill", "request"]);
    assert.match(runSkillTool.function.description, /- sum: Add numbers\.\n- calc: Calculate things\./);
    h.configure("denied", { exec: { deny: ["run_skill"] } });
    const [denied] = await requestAll(h.excSocket, { type: "tools", ctxkey: "denied" });
    assert.ok(!toolNames(denied!).includes("run_skill"));
    const [deepest] = await requestAll(h.excSocket, { type: "tools", ctxkey: "p1", subagent: { depth: 2 } });
    assert.ok(!toolNames(deepest!).includes("run_skill"), "a turn at agent.max_subagent_depth (2) cannot spawn");
    const [bad] = await requestAll(h.excSocket, { type: "tools", ctxkey: "p1", subagent: { depth: "deep" } });
    assert.equal(bad?.type, "error");
    assert.equal(bad?.code, "bad_request");
  });

  void it("EXC-21 limits a skill's own turn to the skill's tools, in tools and in calls", async () => {
    const [sumTools] = await requestAll(h.excSocket, { type: "tools", ctxkey: "skill:sum" });
    assert.deepEqual(toolNames(sumTools!), ["execute_bash"], "skill sum lists tools [bash]: no other executor, no run_skill");
    const refused = await h.call("skill:sum", "execute_node", { code: "console.log(1)" });
    assert.equal(refused.exit_code, 126);
    assert.match(String(refused.stderr), /not among the tools of the skill "sum" \(bash\)/);
    const ran = await h.call("skill:sum", "execute_bash", { code: "echo fine" });
    assert.equal(ran.exit_code, 0);
    assert.equal(ran.stdout, "fine\n");
    const [calcTools] = await requestAll(h.excSocket, { type: "tools", ctxkey: "calc-key" });
    assert.deepEqual(toolNames(calcTools!), [], "skill calc has no tools");
    const named = await requestAll(h.excSocket, { type: "tools", ctxkey: "anything", subagent: { depth: 1, skill: "sum" } });
    assert.deepEqual(toolNames(named[0]!), ["execute_bash"], "the skill named by the daemon decides");
  });

  void it("EXC-22 asks the daemon for a child turn on the skill's ctxkey and returns its answer with a digest of its tool results", async () => {
    daemon.behaviour = async (_request, out) => {
      await out.send({ type: "status", phase: "ready", ms: 1 });
      await out.send({ type: "status", phase: "model", iteration: 1, ms: 2 });
      await out.send({ type: "tool_start", kind: "tool", name: "execute_bash", description: "echo $((2+40))" });
      await out.send({ type: "tool_done", kind: "tool", name: "execute_bash", ok: true, ms: 5 });
      await out.send({ type: "status", phase: "tool_output", kind: "tool", name: "execute_bash", ok: true, preview: "42\n", ms: 3 });
      await out.send({ type: "chunk", delta: "The sum " });
      await out.send({ type: "chunk", delta: "is 42." });
      await out.send({ type: "done", full_text: "The sum is 42.", iterations: 2 });
    };
    const frames = await runSkill({});
    assert.deepEqual(daemon.requests[0], {
      message: "add 2 and 40",
      ctxkey: "skill:sum",
      events: "all",
      subagent: { depth: 1, parent_ctxkey: "p1", skill: "sum" },
    });
    const progress = frames.filter((f) => f.type === "status");
    assert.ok(
      progress.every((f) => f.phase === "subagent" && f.skill === "sum" && f.depth === 1),
      JSON.stringify(progress),
    );
    assert.deepEqual(
      progress.map((f) => f.event),
      ["start", "model", "tool_start", "tool_done", "done"],
    );
    assert.equal(progress[2]?.description, "echo $((2+40))");
    const result = frames.at(-1)!;
    assert.equal(result.type, "result");
    assert.equal(result.exit_code, 0);
    assert.equal(result.stdout, 'The sum is 42.\n\n[Tool results of the sub-agent "sum" (1 call)]\n- execute_bash ok (5 ms): 42');
    assert.equal(result.truncated, false);

    daemon.requests = [];
    await requestAll(h.excSocket, {
      message: { name: "run_skill", arguments: '{"skill":"calc","request":"x"}' },
      ctxkey: "skill:sum-caller",
      subagent: { depth: 1 },
    });
    assert.deepEqual(daemon.requests[0]?.ctxkey, "calc-key", "the skill's own ctxkey");
    assert.deepEqual(daemon.requests[0]?.subagent, { depth: 2, parent_ctxkey: "skill:sum-caller", skill: "calc" });
  });

  void it("EXC-22 bounds the digest (calls, preview length) and the result (output_cap_bytes)", async () => {
    daemon.behaviour = async (_request, out) => {
      for (let i = 0; i < 30; i += 1) {
        await out.send({ type: "tool_start", kind: "tool", name: `execute_bash`, description: `step ${i}` });
        await out.send({ type: "tool_done", kind: "tool", name: "execute_bash", ok: i % 2 === 0, ms: i });
        await out.send({ type: "status", phase: "tool_output", name: "execute_bash", ok: true, preview: `${"y".repeat(500)}\nmore` });
      }
      await out.send({ type: "done", full_text: "Done.", iterations: 31 });
    };
    const result = (await runSkill({})).at(-1)!;
    const stdout = String(result.stdout);
    const lines = stdout.split("\n").filter((line) => line.startsWith("- "));
    assert.equal(lines.length, 13);
    assert.equal(lines.at(-1), "- … and 18 more");
    assert.match(lines[1]!, /^- execute_bash failed \(1 ms\): y+…$/);
    assert.ok(
      lines.every((line) => line.length < 200),
      "previews are one short line",
    );
    assert.ok(stdout.length < 3200);

    h.configure("small", { exec: { output_cap_bytes: 40 } });
    daemon.behaviour = async (_request, out) => void (await out.send({ type: "done", full_text: "é".repeat(100), iterations: 1 }));
    const capped = (await runSkill({ ctxkey: "small" })).at(-1)!;
    assert.equal(capped.truncated, true);
    assert.equal(capped.stdout, "é".repeat(20));
  });

  void it("EXC-23 refuses to spawn beyond agent.max_subagent_depth, without asking the daemon", async () => {
    const deep = (await runSkill({ subagent: { depth: 2 } })).at(-1)!;
    assert.equal(deep.exit_code, 126);
    assert.match(String(deep.stderr), /depth limit reached: the skill "sum" would run at depth 3, but agent.max_subagent_depth is 2/);
    h.configure("none", { agent: { max_subagent_depth: 0 } });
    const [tools] = await requestAll(h.excSocket, { type: "tools", ctxkey: "none" });
    assert.ok(!toolNames(tools!).includes("run_skill"));
    const refused = (await runSkill({ ctxkey: "none" })).at(-1)!;
    assert.equal(refused.exit_code, 126);
    assert.equal(daemon.requests.length, 0);
  });

  void it("EXC-24 cancels the child turn at agent.subagent_timeout_ms and returns what it had written, exit 124", async () => {
    h.configure("slow", { agent: { subagent_timeout_ms: 300 } });
    const abortedBefore = daemon.aborted;
    daemon.behaviour = async (_request, out, signal) => {
      await out.send({ type: "tool_start", kind: "tool", name: "execute_bash", description: "ls" });
      await out.send({ type: "tool_done", kind: "tool", name: "execute_bash", ok: true, ms: 7 });
      await out.send({ type: "chunk", delta: "Partial findings: three files" });
      await untilAborted(signal);
    };
    const started = Date.now();
    const result = (await runSkill({ ctxkey: "slow" })).at(-1)!;
    assert.ok(Date.now() - started < 2000);
    assert.equal(result.exit_code, 124);
    assert.equal(result.timed_out, true);
    assert.equal(
      result.stdout,
      'Partial findings: three files\n\n[Tool results of the sub-agent "sum" (1 call)]\n- execute_bash ok (7 ms)',
    );
    assert.match(String(result.stderr), /did not finish within 300 ms \(agent.subagent_timeout_ms\)/);
    await waitUntil(() => daemon.aborted === abortedBefore + 1);
  });

  void it("EXC-25 closing the exc request closes the daemon request (the child turn is cancelled)", async () => {
    const abortedBefore = daemon.aborted;
    daemon.behaviour = async (_request, out, signal) => {
      await out.send({ type: "status", phase: "model", iteration: 1 });
      await untilAborted(signal);
    };
    for await (const frame of requestFrames(h.excSocket, {
      message: { name: "run_skill", arguments: { skill: "sum", request: "long" } },
      ctxkey: "p1",
    })) {
      if (frame.type === "status" && frame.event === "model") break;
    }
    await waitUntil(() => daemon.aborted === abortedBefore + 1);
  });

  void it("EXC-26 unknown skills, bad arguments, a refusing or absent daemon are failing results", async () => {
    const unknown = await h.call("p1", "run_skill", { skill: "nope", request: "x" });
    assert.equal(unknown.exit_code, 127);
    assert.match(String(unknown.stderr), /unknown skill "nope"; the skills are: sum, calc/);
    const missing = await h.call("p1", "run_skill", { skill: "sum" });
    assert.equal(missing.exit_code, 2);
    assert.match(String(missing.stderr), /run_skill needs arguments \{"skill"/);
    h.configure("denied", { exec: { deny: ["run_*"] } });
    assert.equal((await h.call("denied", "run_skill", { skill: "sum", request: "x" })).exit_code, 126);
    daemon.behaviour = async (_request, out) => void (await out.send({ type: "error", code: "forbidden", message: "too deep" }));
    const refused = (await runSkill({})).at(-1)!;
    assert.equal(refused.exit_code, 126);
    assert.match(String(refused.stderr), /the sub-agent "sum" failed: forbidden: too deep/);
    daemon.behaviour = async (_request, out) => void (await out.send({ type: "error", code: "unavailable", message: "rtr down" }));
    assert.equal((await runSkill({})).at(-1)?.exit_code, 1);
    await server.close();
    try {
      const absent = (await runSkill({})).at(-1)!;
      assert.equal(absent.exit_code, 1);
      assert.match(String(absent.stderr), /zino-daemon is not reachable/);
    } finally {
      server = await startDaemon();
    }
  });
});
