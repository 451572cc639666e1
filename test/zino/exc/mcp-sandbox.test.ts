// zino-exc's bubblewrap sandbox for MCP servers (EXC-28, docs/zino-protocol.md §6): `sandbox = "bwrap"` runs a server with the host
// read-only, a private /tmp and HOME, the instance's runtime dir, sockets and database hidden, the network only when
// `network` allows it, `writable` paths bound read-write, and a clear failure, never an unsandboxed start, when
// bubblewrap cannot run. Real bwrap, real server processes; each denial has an unsandboxed control that succeeds.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { McpServerConfigSchema, type McpServerConfig } from "../../../src/zino/config/index.js";
import { createCtxClient } from "../../../src/zino/exc/ctx-client.js";
import { createMcpHost, type McpHost, type McpHostOptions } from "../../../src/zino/exc/mcp-host.js";
import { MCP_SANDBOX_HOME, commandPathArgs } from "../../../src/zino/exc/mcp-sandbox.js";
import { silentLogger } from "../../../src/wire/index.js";
import { createFakeCtx, eventually, processesWith, startExc, BASE_DEFAULTS, type FakeCtx } from "./exc-harness.js";
import { needs } from "../../support/system-requirements.js";

const PROBE_SCRIPT = join(process.cwd(), "test/support/mcp-sandbox-probe-server.ts");
/** Marks this file's server processes on their command lines (the probe ignores the extra argument). */
const MARKER = `zx-mcp-sandbox-${process.pid}`;
/** Outside /tmp (which the sandbox replaces with its own), so that the sandbox sees it, read-only. */
const HOST_DIR_PARENT = "/var/tmp";

function probe(fields: Record<string, unknown> = {}, marker = MARKER): McpServerConfig {
  return McpServerConfigSchema.parse({ command: process.execPath, args: ["--import", "tsx", PROBE_SCRIPT, marker], ...fields });
}

const SANDBOXED = probe({ sandbox: "bwrap" });
const PLAIN = probe();

void describe("zino-exc MCP servers in bubblewrap", () => {
  let hostDir: string;
  let runtimeDir: string;
  let ctxSocket: string;
  let databasePath: string;
  let fakeCtx: FakeCtx;
  let tcp: Server;
  let tcpPort: number;
  let tcpConnections = 0;
  const hosts: McpHost[] = [];
  const newHost = (options: Partial<McpHostOptions> = {}) => {
    const host = createMcpHost({ ctx: createCtxClient({ socketPath: ctxSocket }), logger: silentLogger(), ...options });
    hosts.push(host);
    return host;
  };
  let host: McpHost;

  /** The probe's text answer (a failing result fails the test with its stderr). */
  async function ask(
    on: McpHost,
    config: McpServerConfig,
    tool: string,
    args: Record<string, unknown> = {},
    ctxkey = "k",
  ): Promise<string> {
    const result = await on.call({ ctxkey, server: "p", config, tool, args, timeoutMs: 15_000, outputCapBytes: 1 << 20 });
    assert.equal(result.exit_code, 0, result.stderr);
    return result.stdout;
  }

  before(async () => {
    process.env.LLM_API_KEY = "sk-zx-mcp-sandbox-test";
    hostDir = mkdtempSync(join(HOST_DIR_PARENT, "zx-mcp-"));
    runtimeDir = join(hostDir, "run");
    mkdirSync(runtimeDir, { mode: 0o700 });
    ctxSocket = join(runtimeDir, "ctx.sock");
    mkdirSync(join(hostDir, "data"));
    databasePath = join(hostDir, "data", "zino.sqlite");
    writeFileSync(databasePath, "secret rows");
    writeFileSync(`${databasePath}-wal`, "secret recent rows");
    writeFileSync(`${databasePath}.key`, "secret key");
    writeFileSync(join(hostDir, "data", "ctx-store.key"), "secret key of the shared store");
    fakeCtx = createFakeCtx(ctxSocket, BASE_DEFAULTS);
    await fakeCtx.start();
    // Under 8 characters: not redacted from the probe's answer (mcp-env-secrets.test.ts).
    fakeCtx.values.set("k/session", "sess-k");
    tcp = createServer((socket) => {
      tcpConnections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => tcp.listen(0, "127.0.0.1", resolve));
    tcpPort = (tcp.address() as { port: number }).port;
    host = newHost({
      instance: {
        runtimeDir,
        sockets: {
          daemon: join(runtimeDir, "daemon.sock"),
          ctx: ctxSocket,
          rtr: join(runtimeDir, "rtr.sock"),
          exc: join(runtimeDir, "exc.sock"),
        },
        databasePath,
        store: {
          kind: "postgres",
          url: "postgres://zino@127.0.0.1:1/zino",
          poolSize: 1,
          statementTimeoutMs: 1000,
          connectTimeoutMs: 1000,
          keyPath: join(hostDir, "data", "ctx-store.key"),
        },
      },
    });
  });

  after(async () => {
    await Promise.all(hosts.map((each) => each.close()));
    await fakeCtx.close();
    await new Promise((resolve) => tcp.close(resolve));
    rmSync(hostDir, { recursive: true, force: true });
    delete process.env.LLM_API_KEY;
    assert.ok(await eventually(() => processesWith(MARKER).length === 0), "close() stops every sandboxed server and its bwrap");
  });

  void it(
    "EXC-28 a bwrap-sandboxed MCP server is listed and called through exc like any other",
    { skip: needs("bubblewrap") },
    async () => {
      const h = await startExc();
      try {
        h.configure("sbx", { mcp_servers: { p: { command: SANDBOXED.command, args: SANDBOXED.args, sandbox: "bwrap" } } });
        const listing = await h.request({ type: "tools", ctxkey: "sbx" });
        const names = (listing.tools as { function: { name: string } }[]).map((tool) => tool.function.name);
        for (const tool of ["echo", "write_file", "env"]) assert.ok(names.includes(`mcp__p__${tool}`), tool);
        assert.equal(listing.errors, undefined, JSON.stringify(listing.errors));
        const echoed = await h.call("sbx", "mcp__p__echo", { text: "through bwrap" });
        assert.equal(echoed.exit_code, 0, String(echoed.stderr));
        assert.equal(echoed.stdout, "echo: through bwrap");
        const target = join(hostDir, "through-exc.txt");
        const written = await h.call("sbx", "mcp__p__write_file", { path: target });
        assert.equal(written.stdout, "error: EROFS", "the server really runs in the sandbox");
        assert.equal(existsSync(target), false);
      } finally {
        await h.close();
      }
    },
  );

  void it(
    "EXC-28 a sandboxed server cannot write outside its private /tmp and HOME; its /tmp is not the host's",
    { skip: needs("bubblewrap") },
    async () => {
      const outside = join(hostDir, "outside.txt");
      assert.equal(await ask(host, SANDBOXED, "write_file", { path: outside }), "error: EROFS");
      assert.equal(existsSync(outside), false, "nothing was written on the host");
      const inRepo = join(process.cwd(), `zx-mcp-sandbox-${process.pid}.txt`);
      assert.equal(await ask(host, SANDBOXED, "write_file", { path: inRepo }), "error: EROFS");
      assert.equal(existsSync(inRepo), false);
      assert.equal(await ask(host, SANDBOXED, "write_file", { path: `${MCP_SANDBOX_HOME}/.cache-file` }), "written", "HOME is writable");
      const privateTmp = `/tmp/zx-mcp-sandbox-${process.pid}.txt`;
      assert.equal(await ask(host, SANDBOXED, "write_file", { path: privateTmp }), "written", "/tmp is writable");
      assert.equal(existsSync(privateTmp), false, "the sandbox's /tmp is private");
      const control = join(hostDir, "control.txt");
      assert.equal(
        await ask(host, PLAIN, "write_file", { path: control }, "control"),
        "written",
        "control: unsandboxed, the same write works",
      );
      assert.equal(existsSync(control), true);
    },
  );

  void it(
    "EXC-28 a sandboxed server cannot reach the instance's runtime dir, its sockets or the ctx database",
    { skip: needs("bubblewrap") },
    async () => {
      assert.equal(
        await ask(host, PLAIN, "connect_unix", { path: ctxSocket }, "control"),
        "connected",
        "control: unsandboxed, ctx is reachable",
      );
      assert.match(await ask(host, PLAIN, "read_file", { path: databasePath }, "control"), /secret rows/);
      assert.equal(await ask(host, SANDBOXED, "list_dir", { path: runtimeDir }), "[]", "the runtime dir is an empty tmpfs");
      assert.equal(await ask(host, SANDBOXED, "connect_unix", { path: ctxSocket }), "error: ENOENT");
      for (const path of [databasePath, `${databasePath}-wal`, `${databasePath}.key`, join(hostDir, "data", "ctx-store.key")]) {
        assert.doesNotMatch(await ask(host, SANDBOXED, "read_file", { path }), /secret/, path);
      }
      assert.equal(await ask(host, SANDBOXED, "list_dir", { path: "/run" }), "[]", "/run (D-Bus, systemd, docker sockets) is hidden");
      // Without the instance's paths, the host still hides the directory of its ctx socket.
      const bare = newHost();
      assert.equal(await ask(bare, SANDBOXED, "connect_unix", { path: ctxSocket }), "error: ENOENT");
      assert.equal(await ask(bare, SANDBOXED, "list_dir", { path: runtimeDir }), "[]");
    },
  );

  void it(
    "EXC-28 a sandboxed server's environment is only its env, its env_from_ctx values and the SDK's safe list",
    { skip: needs("bubblewrap") },
    async () => {
      const config = probe({ sandbox: "bwrap", env: { MCP_GIVEN: "given" }, env_from_ctx: { MCP_FROM_CTX: "session" } });
      const env = JSON.parse(await ask(host, config, "env", {}, "k")) as Record<string, string>;
      // bwrap sets PWD to the directory it starts the server in, as a shell would.
      const expected = [...new Set([...Object.keys(getDefaultEnvironment()), "HOME", "MCP_GIVEN", "MCP_FROM_CTX", "PWD"])].sort();
      assert.deepEqual(Object.keys(env).sort(), expected);
      assert.equal(env.MCP_GIVEN, "given");
      assert.equal(env.MCP_FROM_CTX, "sess-k");
      assert.equal(env.HOME, MCP_SANDBOX_HOME, "HOME is the private one");
      assert.equal(env.LLM_API_KEY, undefined);
    },
  );

  void it(
    "EXC-28 network = false leaves the server no network (not even the host's loopback); network = true keeps it",
    { skip: needs("bubblewrap") },
    async () => {
      const before = tcpConnections;
      assert.equal(await ask(host, probe({ sandbox: "bwrap", network: false }), "connect_tcp", { port: tcpPort }), "error: ECONNREFUSED");
      assert.equal(tcpConnections, before);
      assert.equal(await ask(host, probe({ sandbox: "bwrap", network: true }), "connect_tcp", { port: tcpPort }, "net"), "connected");
      assert.ok(await eventually(() => tcpConnections === before + 1), "the test's server saw the connection");
    },
  );

  void it(
    "EXC-28 `writable` paths are bound read-write; a missing one is a failing result naming it",
    { skip: needs("bubblewrap") },
    async () => {
      const shared = mkdtempSync(join(hostDir, "writable-"));
      const config = probe({ sandbox: "bwrap", writable: [shared] });
      assert.equal(await ask(host, config, "write_file", { path: join(shared, "out.txt") }, "w"), "written");
      assert.equal(readFileSync(join(shared, "out.txt"), "utf8"), "written by the MCP server\n");
      assert.equal(await ask(host, config, "write_file", { path: join(hostDir, "beside.txt") }, "w"), "error: EROFS", "only that path");
      const missing = join(hostDir, "no-such-dir");
      const failed = await host.call({
        ctxkey: "w2",
        server: "p",
        config: probe({ sandbox: "bwrap", writable: [missing] }),
        tool: "echo",
        args: { text: "x" },
        timeoutMs: 15_000,
        outputCapBytes: 4096,
      });
      assert.equal(failed.exit_code, 1);
      assert.match(failed.stderr, /did not start: .*writable path .*no-such-dir does not exist/);
    },
  );

  void it("EXC-28 without a usable bwrap a sandboxed server fails clearly, is never started unsandboxed, and others keep working", async () => {
    const missingBwrap = newHost({ bwrapPath: "/nonexistent/bwrap" });
    const marker = `${MARKER}-nobwrap`;
    const config = probe({ sandbox: "bwrap" }, marker);
    const listing = await missingBwrap.listTools("k", { p: config, plain: PLAIN });
    assert.equal(listing.errors.length, 1);
    assert.match(
      listing.errors[0] ?? "",
      /^p: MCP server p did not start: .*sandbox = "bwrap" but bubblewrap cannot run here \(\/nonexistent\/bwrap not found\); install bubblewrap .* or set sandbox = "none"/,
    );
    assert.ok(
      listing.tools.some((tool) => tool.function.name === "mcp__plain__echo"),
      "the other server is listed",
    );
    const failed = await missingBwrap.call({
      ctxkey: "k",
      server: "p",
      config,
      tool: "echo",
      args: { text: "x" },
      timeoutMs: 15_000,
      outputCapBytes: 4096,
    });
    assert.equal(failed.exit_code, 1);
    assert.match(failed.stderr, /install bubblewrap/);
    assert.equal(processesWith(marker).length, 0, "no unsandboxed fallback");
    const plain = await missingBwrap.call({
      ctxkey: "k",
      server: "plain",
      config: PLAIN,
      tool: "echo",
      args: { text: "still here" },
      timeoutMs: 15_000,
      outputCapBytes: 4096,
    });
    assert.equal(plain.stdout, "echo: still here");
  });

  void it("EXC-28 exc gives its MCP servers its own bubblewrap path (ZINO_EXC_BWRAP / bwrapPath), and keeps answering when it is missing", async () => {
    const h = await startExc({ exc: { bwrapPath: "/nonexistent/exc-bwrap" } });
    try {
      h.configure("nobwrap", {
        mcp_servers: { p: { command: SANDBOXED.command, args: [...SANDBOXED.args.slice(0, -1), `${MARKER}-exc`], sandbox: "bwrap" } },
      });
      const listing = await h.request({ type: "tools", ctxkey: "nobwrap" });
      assert.match(JSON.stringify(listing.errors), /\/nonexistent\/exc-bwrap not found.*install bubblewrap/);
      const failed = await h.call("nobwrap", "mcp__p__echo", { text: "x" });
      assert.equal(failed.exit_code, 1);
      assert.equal(processesWith(`${MARKER}-exc`).length, 0, "no unsandboxed fallback");
      assert.deepEqual(await h.request({ type: "ping" }), { type: "pong" });
    } finally {
      await h.close();
    }
  });

  void it("EXC-28 a bwrap the kernel refuses fails with its own words and the fix, before or after the probe", async () => {
    const refusing = join(hostDir, "refusing-bwrap");
    writeFileSync(refusing, "#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n", { mode: 0o755 });
    const marker = `${MARKER}-refused`;
    const refused = await newHost({ bwrapPath: refusing }).call({
      ctxkey: "k",
      server: "p",
      config: probe({ sandbox: "bwrap" }, marker),
      tool: "echo",
      args: { text: "x" },
      timeoutMs: 15_000,
      outputCapBytes: 4096,
    });
    assert.equal(refused.exit_code, 1);
    assert.doesNotMatch(refused.stderr, /install bubblewrap/, "it is installed: the kernel refuses it");
    assert.match(
      refused.stderr,
      /bubblewrap cannot run here \(bwrap: No permissions to create new namespace\); bubblewrap \(\S+refusing-bwrap\) is installed\b.* user namespaces.*, or set sandbox = "none"/,
    );
    // Passes the probe, then refuses the server's own mounts: its complaint is quoted in the start failure.
    const picky = join(hostDir, "picky-bwrap");
    writeFileSync(
      picky,
      "#!/bin/sh\ncase \"$*\" in *'exit 0'*) exit 0;; esac\necho 'bwrap: Can not mount tmpfs on /newroot/run' >&2\nexit 1\n",
      { mode: 0o755 },
    );
    const failed = await newHost({ bwrapPath: picky }).call({
      ctxkey: "k",
      server: "p",
      config: probe({ sandbox: "bwrap" }, marker),
      tool: "echo",
      args: { text: "x" },
      timeoutMs: 15_000,
      outputCapBytes: 4096,
    });
    assert.equal(failed.exit_code, 1);
    assert.match(failed.stderr, /did not start .*\(bwrap: Can not mount tmpfs on \/newroot\/run\)/);
    assert.equal(processesWith(marker).length, 0, "no unsandboxed fallback");
  });

  void it("EXC-28 a server installed under the host's /tmp still runs: its working dir, command and path arguments there are bound back read-only", () => {
    const base = mkdtempSync("/tmp/zx-mcp-paths-");
    try {
      mkdirSync(join(base, "lib"));
      writeFileSync(join(base, "lib", "server.js"), "");
      const bound = commandPathArgs(
        { command: "/usr/bin/node", args: ["--import", "tsx", join(base, "lib", "server.js"), "/usr/share"] },
        base,
      );
      assert.deepEqual(
        bound,
        ["--ro-bind", base, base],
        "the working dir covers the script inside it; paths outside /tmp stay as they are",
      );
      assert.deepEqual(commandPathArgs({ command: join(base, "lib", "server.js"), args: [] }, "/work"), [
        "--ro-bind",
        join(base, "lib", "server.js"),
        join(base, "lib", "server.js"),
      ]);
      assert.deepEqual(
        commandPathArgs({ command: "node", args: ["/tmp/missing-zx-file"] }, "/work"),
        [],
        "a path that does not exist binds nothing",
      );
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  void it("EXC-28 the schema rejects a bad sandbox, network or writable value with a message naming the field", async () => {
    const issues = (fields: Record<string, unknown>) => {
      const parsed = McpServerConfigSchema.safeParse({ command: "x", ...fields });
      assert.equal(parsed.success, false, JSON.stringify(fields));
      return parsed.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ") ?? "";
    };
    assert.equal(issues({ sandbox: "docker" }), 'sandbox: sandbox must be "none" or "bwrap"');
    assert.equal(issues({ network: "yes" }), "network: network must be true or false");
    assert.equal(issues({ writable: ["relative/dir"] }), "writable.0: writable entries must be absolute paths");
    const parsed = McpServerConfigSchema.parse({ command: "x" });
    assert.deepEqual([parsed.sandbox, parsed.network, parsed.writable], ["none", true, []], "the defaults keep servers as they were");
    const h = await startExc();
    try {
      h.configure("bad", { mcp_servers: { p: { command: "x", sandbox: "docker" } } });
      const ready = await h.request({ message: null, ctxkey: "bad" });
      assert.match(String(ready.warning), /mcp_servers\.p\.sandbox: sandbox must be "none" or "bwrap"/);
    } finally {
      await h.close();
    }
  });
});
