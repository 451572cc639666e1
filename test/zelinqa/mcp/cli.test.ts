// The zelinqa-mcp command line and process (docs/zelinqa-mcp.md §10, §13.3 R41–R43), spawning the real main.ts.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { parseArguments } from "../../../src/zelinqa/mcp/cli-arguments.js";
import { SERVER_VERSION } from "../../../src/zelinqa/mcp/index.js";

const MAIN = fileURLToPath(new URL("../../../src/zelinqa/mcp/main.ts", import.meta.url));
const NODE_ARGS = ["--import", "tsx", MAIN];
const FAKE_KEY = "zk_fake_key_for_cli_tests_77";

function baseEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

function run(args: string[], env: NodeJS.ProcessEnv = baseEnv()) {
  const res = spawnSync(process.execPath, [...NODE_ARGS, ...args], { env, input: "", encoding: "utf8", timeout: 20_000 });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

const silent = { out: () => {}, err: () => {} };

void describe("zelinqa-mcp command line (docs/zelinqa-mcp.md §10)", () => {
  void it("R41 defaults are stdio, 127.0.0.1, 8000 and WARNING, and explicit flags are honoured", () => {
    assert.deepEqual(parseArguments([], silent), {
      kind: "run",
      args: { transport: "stdio", host: "127.0.0.1", port: 8000, logLevel: "WARNING", advanced: false },
    });
    assert.deepEqual(
      parseArguments(
        ["--transport", "streamable-http", "--host", "0.0.0.0", "--port", "9001", "--log-level", "DEBUG", "--advanced"],
        silent,
      ),
      { kind: "run", args: { transport: "streamable-http", host: "0.0.0.0", port: 9001, logLevel: "DEBUG", advanced: true } },
    );
    assert.deepEqual(parseArguments(["--port", "x"], silent), { kind: "exit", code: 2 });
    assert.deepEqual(parseArguments(["--bogus"], silent), { kind: "exit", code: 2 });
  });

  void it("R41 --transport sse and --log-level TRACE exit 2 with stdout empty; --version prints zelinqa-mcp 1.0.1 and exits 0; --help exits 0", () => {
    for (const args of [["--transport", "sse"], ["--log-level", "TRACE"], ["--unknown-flag"]]) {
      const res = run(args, baseEnv({ ZELINQA_API_KEY: FAKE_KEY }));
      assert.equal(res.code, 2, args.join(" "));
      assert.equal(res.stdout, "");
      assert.ok(res.stderr.length > 0);
    }
    const version = run(["--version"]);
    assert.equal(version.code, 0);
    assert.equal(version.stdout.trim(), "zelinqa-mcp 1.0.1");
    assert.equal(version.stdout.trim(), `zelinqa-mcp ${SERVER_VERSION}`);
    const help = run(["--help"]);
    assert.equal(help.code, 0);
    assert.ok(help.stdout.includes("--advanced") && help.stdout.includes("--log-level"));
    assert.ok(!help.stdout.includes("streamable-http") && !help.stdout.includes("--port"), "help lists only the transport that works");
  });

  void it("R42 a missing or blank key exits 2 with the docs/zelinqa-mcp.md §10 message on stderr and nothing on stdout", () => {
    for (const key of [undefined, "", "   "]) {
      const res = run([], baseEnv({ ZELINQA_API_KEY: key }));
      assert.equal(res.code, 2);
      assert.equal(res.stdout, "");
      assert.ok(res.stderr.startsWith("zelinqa-mcp: ZELINQA_API_KEY is not set."), res.stderr);
      assert.ok(res.stderr.includes("runtime") && res.stderr.includes("env"));
    }
  });

  void it("R42 --transport streamable-http exits 2 without serving", () => {
    const res = run(["--transport", "streamable-http", "--port", "8765"], baseEnv({ ZELINQA_API_KEY: FAKE_KEY }));
    assert.equal(res.code, 2);
    assert.equal(res.stdout, "");
    assert.ok(res.stderr.startsWith("streamable-http is disabled: use stdio, isolated per trusted host/user."));
  });

  void it("R42 the default invocation serves stdio, logs only on stderr as LEVEL name: message, and exits 0 promptly at end of input even with a call in flight", async () => {
    let held = 0;
    const hanging = createServer(() => {
      held += 1; // never answers
    });
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    try {
      const child = spawn(process.execPath, [...NODE_ARGS, "--log-level", "DEBUG"], {
        env: baseEnv({ ZELINQA_API_KEY: FAKE_KEY, ZELINQA_BASE_URL: url }),
        stdio: ["pipe", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
      child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      const send = (msg: unknown) => child.stdin.write(`${JSON.stringify(msg)}\n`);
      send({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "0" } },
      });
      while (!stdout.includes('"id":1')) await new Promise((r) => setTimeout(r, 20));
      send({ jsonrpc: "2.0", method: "notifications/initialized" });
      send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "zelinqa_start", arguments: { conversation: "hang" } } });
      // The call is in flight once the API holds its request (a fixed 300 ms could pass before it was sent).
      for (const until = Date.now() + 60_000; held === 0 && Date.now() < until;) await new Promise((r) => setTimeout(r, 20));
      assert.ok(held > 0, "the API got the call");
      const ended = Date.now();
      child.stdin.end();
      const code = await exited;
      assert.equal(code, 0);
      // Waiting for the call would take the SDK's 30 s timeout (and its retries); 10 s leave a loaded machine room.
      assert.ok(Date.now() - ended < 10_000, `exit took ${Date.now() - ended} ms`);
      for (const line of stdout.split("\n").filter((l) => l !== "")) {
        assert.equal((JSON.parse(line) as { jsonrpc: string }).jsonrpc, "2.0");
      }
      const logs = stderr.split("\n").filter((l) => l !== "");
      assert.ok(logs.length > 0);
      for (const line of logs) assert.match(line, /^(DEBUG|INFO|WARNING|ERROR|CRITICAL) zelinqa_mcp: /);
      assert.ok(!stderr.includes(FAKE_KEY));
    } finally {
      hanging.closeAllConnections();
      hanging.close();
    }
  });

  void it("R43 a real stdio subprocess with an unreachable API lists 7 tools and the prompt, serves the guide, and reports connection_error without the key", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: NODE_ARGS,
      env: baseEnv({
        ZELINQA_API_KEY: FAKE_KEY,
        ZELINQA_BASE_URL: "http://127.0.0.1:1",
        ZELINQA_TIMEOUT_SECONDS: "1",
        ZELINQA_MAX_RETRIES: "0",
      }) as Record<string, string>,
      stderr: "pipe",
    });
    const client = new Client({ name: "cli-test", version: "0" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      assert.equal(tools.length, 7);
      assert.ok(!tools.some((t) => t.name === "zelinqa_answer"));
      const { prompts } = await client.listPrompts();
      assert.deepEqual(
        prompts.map((p) => [p.name, (p.arguments ?? []).length]),
        [["zelinqa_integration_check", 0]],
      );
      const guide = await client.readResource({ uri: "zelinqa://guide" });
      assert.equal((guide.contents[0] as { text: string }).text, client.getInstructions());
      assert.equal(client.getServerVersion()?.version, "1.0.1");
      const res = (await client.callTool({ name: "zelinqa_start", arguments: { conversation: "smoke" } })) as {
        isError?: boolean;
        content: { type: string; text: string }[];
      };
      assert.equal(res.isError, true);
      const text = res.content[0]?.text ?? "";
      assert.ok(text.startsWith("connection_error: "), text);
      assert.ok(text.includes("ZELINQA_BASE_URL"));
      assert.ok(!text.includes(FAKE_KEY) && !text.includes("api.zelinqa.ai"));
    } finally {
      await client.close();
    }
  });

  void it("R43 bad environment values surface on the first tool call as invalid_request, never at startup", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: NODE_ARGS,
      env: baseEnv({ ZELINQA_API_KEY: FAKE_KEY, ZELINQA_TIMEOUT_SECONDS: "soon", ZELINQA_MAX_RETRIES: "2" }) as Record<string, string>,
      stderr: "pipe",
    });
    const client = new Client({ name: "cli-test", version: "0" });
    await client.connect(transport);
    try {
      assert.equal((await client.listTools()).tools.length, 7);
      const res = (await client.callTool({ name: "zelinqa_start", arguments: { conversation: "x" } })) as { content: { text: string }[] };
      assert.equal(res.content[0]?.text, "invalid_request: ZELINQA_TIMEOUT_SECONDS must be a number, got 'soon'");
    } finally {
      await client.close();
    }
  });
});
