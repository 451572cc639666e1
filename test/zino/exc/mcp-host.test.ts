// zino-exc as an MCP host (docs/zino-protocol.md §6): per-(ctxkey, server) stdio processes through the official SDK, tools listed
// with `mcp__<server>__` prefixes, calls routed, errors and crashes as results, env from ctx, idle stop.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { eventually, startExc, type ExcHarness } from "./exc-harness.js";

const SERVER = {
  command: process.execPath,
  args: ["--import", "tsx", join(process.cwd(), "test/support/mcp-test-server.ts")],
};

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

void describe("zino-exc MCP host", () => {
  let h: ExcHarness;
  const pids: number[] = [];
  const pidOf = async (ctxkey: string, server = "t") => {
    const frame = await h.call(ctxkey, `mcp__${server}__pid`, {});
    assert.equal(frame.exit_code, 0, String(frame.stderr));
    const pid = Number(frame.stdout);
    pids.push(pid);
    return pid;
  };

  before(async () => {
    process.env.LLM_API_KEY = "sk-zx-mcp-host-test";
    h = await startExc();
    h.configure("m", { mcp_servers: { t: { ...SERVER, env: { MCP_TEST_SECRET: "from-config" } } } });
    h.configure("a", { mcp_servers: { t: { ...SERVER, env_from_ctx: { MCP_TEST_SECRET: "session" } } } });
    h.configure("b", { mcp_servers: { t: { ...SERVER, env_from_ctx: { MCP_TEST_SECRET: "session" } } } });
    // Values under 8 characters are not redacted (mcp-env-secrets.test.ts): the answers tell which reached which server.
    h.ctx.values.set("a/session", "sess-a");
    h.ctx.values.set("b/session", "sess-b");
  });
  after(async () => {
    await h.close();
    delete process.env.LLM_API_KEY;
    assert.ok(await eventually(() => pids.every((pid) => !alive(pid))), "close() stops every MCP server");
  });

  void it("EXC-04 EXC-17 lists the MCP tools next to the executors, prefixed mcp__<server>__ with their input schemas", async () => {
    const frame = await h.request({ type: "tools", ctxkey: "m" });
    const tools = frame.tools as { type: string; function: { name: string; parameters: { properties?: Record<string, unknown> } } }[];
    const names = tools.map((tool) => tool.function.name);
    assert.deepEqual(names.slice(0, 3), ["execute_bash", "execute_python3", "execute_node"]);
    for (const name of ["echo", "fail", "crash", "pid", "structured", "text_upper"]) assert.ok(names.includes(`mcp__t__${name}`), name);
    assert.ok(
      names.every((name) => /^[A-Za-z0-9_-]{1,64}$/.test(name)),
      "every name is a valid OpenAI function name",
    );
    const echo = tools.find((tool) => tool.function.name === "mcp__t__echo");
    assert.equal(echo?.type, "function");
    assert.ok(echo?.function.parameters.properties?.text, "the input schema is passed through");
  });

  void it("EXC-17 EXC-19 routes a call to its server and returns the text content on stdout", async () => {
    const frame = await h.call("m", "mcp__t__echo", { text: "hello" });
    assert.equal(frame.type, "result");
    assert.equal(frame.exit_code, 0);
    assert.equal(frame.stdout, "echo: hello\nsecret: [redacted]", "the env value reached the server (redacted on the way back)");
    const dotted = await h.call("m", "mcp__t__text_upper", { text: "dots" });
    assert.equal(dotted.stdout, "DOTS", "a dotted MCP tool name is offered as text_upper and routed back");
    const structured = await h.call("m", "mcp__t__structured", {});
    assert.deepEqual(
      JSON.parse(String(structured.stdout)),
      { answer: 42, env_llm_key: null },
      "exc's LLM_API_KEY never reaches MCP servers",
    );
  });

  void it("EXC-18 turns an isError result, an unknown tool and bad arguments into failing results", async () => {
    const failed = await h.call("m", "mcp__t__fail", { reason: "test" });
    assert.equal(failed.exit_code, 1);
    assert.match(String(failed.stderr), /failed on purpose: test/);
    const unknownTool = await h.call("m", "mcp__t__nope", {});
    assert.equal(unknownTool.type, "result");
    assert.notEqual(unknownTool.exit_code, 0);
    const unknownServer = await h.call("m", "mcp__zz__echo", {});
    assert.equal(unknownServer.exit_code, 127);
    const badArgs = await h.call("m", "mcp__t__echo", { text: 5 });
    assert.notEqual(badArgs.exit_code, 0);
  });

  void it("EXC-18 reports a crashed server as an error result and restarts it on the next call", async () => {
    const before = await pidOf("m");
    const crashed = await h.call("m", "mcp__t__crash", {});
    assert.equal(crashed.exit_code, 1);
    assert.match(String(crashed.stderr), /crash/);
    assert.ok(await eventually(() => !alive(before)));
    const restarted = await Promise.all([pidOf("m"), pidOf("m"), pidOf("m")]);
    assert.equal(new Set(restarted).size, 1, "concurrent calls share one restarted server");
    const [after] = restarted;
    assert.notEqual(after, before);
    assert.equal((await h.call("m", "mcp__t__echo", { text: "again" })).exit_code, 0);
  });

  void it("EXC-17 EXC-19 runs one process per ctxkey, each with the env values ctx stores for its own ctxkey", async () => {
    const [a, b] = await Promise.all([pidOf("a"), pidOf("b")]);
    assert.notEqual(a, b);
    assert.equal(await pidOf("a"), a, "the server is reused within a ctxkey");
    const echoA = await h.call("a", "mcp__t__echo", { text: "x" });
    const echoB = await h.call("b", "mcp__t__echo", { text: "x" });
    assert.match(String(echoA.stdout), /secret: sess-a$/);
    assert.match(String(echoB.stdout), /secret: sess-b$/);
    const tools = await h.request({ type: "tools", ctxkey: "a" });
    assert.doesNotMatch(JSON.stringify(tools), /sess-a/, "stored values are never shown in tool definitions");
    assert.ok(h.ctx.requests.some((frame) => frame.type === "get_value" && frame.ctxkey === "a" && frame.key === "session"));
  });

  void it("EXC-14 denies MCP tools by name like executors", async () => {
    h.configure("deny-mcp", { exec: { deny: ["mcp__t__fail"] }, mcp_servers: { t: SERVER } });
    const refused = await h.call("deny-mcp", "mcp__t__fail", {});
    assert.equal(refused.exit_code, 126);
    const tools = await h.request({ type: "tools", ctxkey: "deny-mcp" });
    assert.doesNotMatch(JSON.stringify(tools), /mcp__t__fail/);
  });

  void it("EXC-18 stops a server after its idle timeout and starts it again on the next use", async () => {
    h.configure("idle", { mcp_servers: { t: { ...SERVER, idle_timeout_ms: 300 } } });
    const first = await pidOf("idle");
    assert.ok(await eventually(() => !alive(first), 60_000), "the idle server was stopped");
    const second = await pidOf("idle");
    assert.notEqual(second, first);
  });

  void it("EXC-18 reports a server that cannot start in the tools listing and as a failing result", async () => {
    h.configure("broken", { mcp_servers: { gone: { command: "/nonexistent/mcp-server" } } });
    const tools = await h.request({ type: "tools", ctxkey: "broken" });
    assert.equal((tools.tools as unknown[]).length, 3, "the executors are still listed");
    assert.match(JSON.stringify(tools.errors), /gone/);
    const result = await h.call("broken", "mcp__gone__anything", {});
    assert.equal(result.exit_code, 1);
    assert.match(String(result.stderr), /did not start/);
  });
});
