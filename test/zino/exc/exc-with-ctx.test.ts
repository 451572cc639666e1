// zino-exc against the real zino-ctx (docs/zino-protocol.md): rules from ZINO.toml and set_config, env values
// from set_value, and the repository's agents/tools definitions.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { loadInstanceConfig } from "../../../src/zino/config/index.js";
import { createCtxService, type CtxService } from "../../../src/zino/ctx/index.js";
import { createExcService, type ExcService } from "../../../src/zino/exc/index.js";
import { requestOne, silentLogger, type Frame } from "../../../src/wire/index.js";

const MCP_ARGS = JSON.stringify(["--import", "tsx", join(process.cwd(), "test/support/mcp-test-server.ts")]);

void describe("zino-exc with the real zino-ctx", () => {
  let dir: string;
  let ctx: CtxService;
  let exc: ExcService;
  let excSocket: string;
  let ctxSocket: string;
  const exc$ = (frame: Frame) => requestOne(excSocket, frame, { idleTimeoutMs: 60_000 });
  const ctx$ = (frame: Frame) => requestOne(ctxSocket, frame, { idleTimeoutMs: 10_000 });

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "zx-"));
    writeFileSync(
      join(dir, "ZINO.toml"),
      [
        "[paths]",
        'runtime_dir = "run"',
        'database = "ctx.sqlite"',
        `agents = "${join(process.cwd(), "agents")}"`,
        "",
        "[llm]",
        'base_url = "http://127.0.0.1:9/v1"',
        'model = "m"',
        "",
        "[exec]",
        'static_analysis = "off"',
        "timeout_ms = 10000",
        "",
        "[mcp_servers.t]",
        `command = "${process.execPath}"`,
        `args = ${MCP_ARGS}`,
        'env_from_ctx = { MCP_TEST_SECRET = "session" }',
        "",
      ].join("\n"),
    );
    const instance = loadInstanceConfig({ path: join(dir, "ZINO.toml") });
    excSocket = instance.sockets.exc;
    ctxSocket = instance.sockets.ctx;
    ctx = createCtxService({ instance, logger: silentLogger(), env: {} });
    exc = createExcService({ instance, logger: silentLogger(), env: {}, options: { rulesTtlMs: 0 } });
    await ctx.start();
    await exc.start();
  });
  after(async () => {
    await exc.close();
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  void it("EXC-20 EXC-01 EXC-04 is ready with the rules ctx serves, and lists the repository's executors and the MCP tools", async () => {
    const ready = await exc$({ message: null, ctxkey: "real" });
    assert.equal(ready.config_source, "ctx");
    assert.deepEqual(ready.mcp_servers, ["t"]);
    const tools = await exc$({ type: "tools", ctxkey: "real" });
    const names = (tools.tools as { function: { name: string } }[]).map((tool) => tool.function.name);
    assert.ok(names.includes("execute_bash") && names.includes("execute_python3") && names.includes("execute_node"), names.join());
    assert.ok(names.includes("mcp__t__echo"));
  });

  void it("EXC-20 EXC-14 EXC-19 applies a ctxkey's set_config rules and passes its set_value values to its MCP server only", async () => {
    assert.equal((await ctx$({ type: "set_config", ctxkey: "locked", config: { exec: { deny: ["execute_bash"] } } })).type, "ok");
    const denied = await exc$({ message: { name: "execute_bash", arguments: { code: "echo no" } }, ctxkey: "locked" });
    assert.equal(denied.exit_code, 126);
    const allowed = await exc$({ message: { name: "execute_bash", arguments: { code: "echo yes" } }, ctxkey: "open" });
    assert.equal(allowed.stdout, "yes\n");
    assert.equal((await ctx$({ type: "set_value", ctxkey: "locked", key: "session", value: "sess-123" })).type, "ok");
    const withValue = await exc$({ message: { name: "mcp__t__echo", arguments: { text: "hi" } }, ctxkey: "locked" });
    // The value reached the server; what it sends back has it redacted (mcp-env-secrets.test.ts).
    assert.equal(withValue.stdout, "echo: hi\nsecret: [redacted]");
    const without = await exc$({ message: { name: "mcp__t__echo", arguments: { text: "hi" } }, ctxkey: "open" });
    assert.equal(without.stdout, "echo: hi\nsecret: <unset>");
  });
});
