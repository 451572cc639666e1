// zelinqa-mcp over real stdio (issue 11): invalid JSON, invalid requests, unknown methods and bad params get
// the JSON-RPC 2.0 error codes (-32700, -32600, -32601, -32602); a line over 10 MiB is answered and the process
// keeps serving; nothing ends the process silently.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { fileURLToPath } from "node:url";
import { PassThrough, Writable } from "node:stream";
import fc from "fast-check";
import { MAX_MESSAGE_CONTAINERS, MAX_MESSAGE_DEPTH, StdioLineTransport } from "../../../src/zelinqa/mcp/stdio-line-transport.js";

const MAIN = fileURLToPath(new URL("../../../src/zelinqa/mcp/main.ts", import.meta.url));

interface Reply {
  id: string | number | null;
  result?: unknown;
  error?: { code: number; message: string };
}

void describe("zelinqa-mcp JSON-RPC errors over real stdio", () => {
  let child: ChildProcessWithoutNullStreams;
  let stdout = "";
  let stderr = "";
  let exitCode: number | null | undefined;
  const lines = () =>
    stdout
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l) as Reply);

  /** Backstops far above the milliseconds a reply takes: a loaded machine once took over 10 s to start the server. */
  async function nextReply(count: number, timeoutMs = 60_000): Promise<Reply> {
    const until = Date.now() + timeoutMs;
    while (lines().length < count) {
      if (Date.now() > until)
        throw new Error(`no reply ${count}; stdout=${stdout.slice(0, 500)} stderr=${stderr.slice(0, 500)} exit=${String(exitCode)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return lines()[count - 1]!;
  }

  let sent = 0;
  async function exchange(raw: string | Buffer): Promise<Reply> {
    sent += 1;
    child.stdin.write(raw);
    return nextReply(sent);
  }

  before(async () => {
    child = spawn(process.execPath, ["--import", "tsx", MAIN], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ZELINQA_API_KEY: "zk_fake_key_stdio_errors",
        ZELINQA_BASE_URL: "http://127.0.0.1:9",
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("exit", (code) => (exitCode = code));
    const init = await exchange(
      `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "0" } } })}\n`,
    );
    assert.ok(init.result, JSON.stringify(init));
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
  });
  after(() => {
    child?.kill("SIGKILL");
  });

  void it("answers invalid JSON with -32700 and id null", async () => {
    const reply = await exchange('{"jsonrpc":"2.0","id":2,"method":\n');
    assert.equal(reply.id, null);
    assert.equal(reply.error?.code, -32700);
  });

  void it("answers a JSON value that is not a JSON-RPC message with -32600", async () => {
    const cases: Array<[string, string | number | null]> = [
      ["[]", null],
      ["42", null],
      ['{"jsonrpc":"1.0","id":3,"method":"ping"}', 3],
      ['{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}', null],
      ['{"jsonrpc":"2.0","id":"four","method":7}', "four"],
    ];
    for (const [raw, id] of cases) {
      const reply = await exchange(`${raw}\n`);
      assert.equal(reply.error?.code, -32600, raw);
      assert.equal(reply.id, id, raw);
    }
  });

  void it("answers an unknown method with -32601", async () => {
    const reply = await exchange(`${JSON.stringify({ jsonrpc: "2.0", id: 5, method: "no/such" })}\n`);
    assert.equal(reply.id, 5);
    assert.equal(reply.error?.code, -32601);
  });

  void it("answers bad params of a known method with -32602, not -32603", async () => {
    const cases = [
      { jsonrpc: "2.0", id: 6, method: "tools/call", params: { arguments: {} } },
      { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: 42 } },
      { jsonrpc: "2.0", id: 8, method: "resources/read", params: {} },
      { jsonrpc: "2.0", id: 9, method: "prompts/get", params: { name: ["x"] } },
    ];
    for (const message of cases) {
      const reply = await exchange(`${JSON.stringify(message)}\n`);
      assert.equal(reply.id, message.id);
      assert.equal(reply.error?.code, -32602, JSON.stringify(reply));
    }
    assert.match(JSON.stringify(lines().at(-1)), /"data":\{"issues":\[\{"path":"params.name"/);
  });

  void it("answers a tool name that is an Object.prototype member like any unknown name, never 'disabled'", async () => {
    const answer = async (name: string, id: number) => {
      const reply = await exchange(`${JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: {} } })}\n`);
      assert.equal(reply.id, id);
      return JSON.stringify(reply.result ?? reply.error).replaceAll(name, "NAME");
    };
    const unknown = await answer("no_such_tool", 20);
    assert.match(unknown, /Tool NAME not found/);
    for (const [i, name] of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"].entries()) {
      assert.equal(await answer(name, 21 + i), unknown, name);
    }
  });

  void it("answers a line over 10 MiB with an error and keeps serving", async () => {
    const huge = Buffer.alloc(11 * 1024 * 1024, 0x61);
    const reply = await exchange(
      Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":10,"method":"ping","params":{"x":"'), huge, Buffer.from('"}}\n')]),
    );
    assert.equal(reply.error?.code, -32600);
    assert.match(reply.error?.message ?? "", /exceed/);
    const ping = await exchange(`${JSON.stringify({ jsonrpc: "2.0", id: 11, method: "ping" })}\n`);
    assert.deepEqual(ping, { jsonrpc: "2.0", id: 11, result: {} });
    const tools = await exchange(`${JSON.stringify({ jsonrpc: "2.0", id: 12, method: "tools/list" })}\n`);
    assert.ok(tools.result, JSON.stringify(tools));
    assert.equal(exitCode, undefined);
    assert.match(stderr, /WARNING zelinqa_mcp: a message over 10485760 bytes was refused/);
  });

  void it("refuses a message nested too deep or holding too many objects before parsing it, at once, and keeps serving", async () => {
    const deep = Buffer.concat([
      Buffer.from('{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"x","arguments":{"a":'),
      Buffer.alloc(3_000_000, 0x5b),
      Buffer.alloc(3_000_000, 0x5d),
      Buffer.from("}}}\n"),
    ]);
    const reply = await exchange(deep);
    assert.equal(reply.error?.code, -32600, JSON.stringify(reply));
    assert.match(reply.error?.message ?? "", new RegExp(`nest deeper than ${MAX_MESSAGE_DEPTH} levels`));
    const many = `{"jsonrpc":"2.0","id":14,"method":"ping","params":{"x":[${Array.from({ length: MAX_MESSAGE_CONTAINERS + 1 }, () => "{}").join(",")}]}}\n`;
    const manyReply = await exchange(many);
    assert.equal(manyReply.error?.code, -32600, JSON.stringify(manyReply));
    assert.match(manyReply.error?.message ?? "", new RegExp(`hold more than ${MAX_MESSAGE_CONTAINERS} objects and arrays`));
    const ping = await exchange(`${JSON.stringify({ jsonrpc: "2.0", id: 15, method: "ping" })}\n`);
    assert.deepEqual(ping, { jsonrpc: "2.0", id: 15, result: {} });
    assert.match(stderr, /WARNING zelinqa_mcp: a message that would nest deeper than \d+ levels was refused/);
  });

  void it("exits 0 at end of input after all that", async () => {
    child.stdin.end();
    const until = Date.now() + 30_000;
    while (exitCode === undefined && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    assert.equal(exitCode, 0);
    for (const line of stderr.split("\n").filter((l) => l !== "")) assert.match(line, /^(DEBUG|INFO|WARNING|ERROR|CRITICAL) zelinqa_mcp: /);
  });

  void it("reports a fatal error on stderr and exits non-zero when stdout is gone, never a silent exit 0", async () => {
    const orphan = spawn(process.execPath, ["--import", "tsx", MAIN], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ZELINQA_API_KEY: "zk_fake_key_stdio_errors",
        ZELINQA_BASE_URL: "http://127.0.0.1:9",
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let err = "";
    orphan.stderr.on("data", (c: Buffer) => (err += c.toString()));
    const exited = new Promise<number | null>((resolve) => orphan.on("exit", (code) => resolve(code)));
    orphan.stdout.destroy();
    const ping = `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" })}\n`;
    const timer = setInterval(() => orphan.stdin.write(ping, () => undefined), 50);
    orphan.stdin.on("error", () => undefined);
    const code = await exited;
    clearInterval(timer);
    assert.equal(code, 1, err);
    assert.match(err, /^CRITICAL zelinqa_mcp: .*EPIPE/m);
  });
});

void describe("zelinqa-mcp stdio fuzz", () => {
  void it("answers hundreds of random lines with well-formed JSON-RPC and keeps serving", async () => {
    const method = fc.constantFrom(
      "initialize",
      "ping",
      "tools/list",
      "tools/call",
      "resources/read",
      "resources/list",
      "prompts/get",
      "prompts/list",
      "logging/setLevel",
      "completion/complete",
      "x/y",
    );
    const message = fc.record(
      {
        jsonrpc: fc.constantFrom("2.0", "2.0", "1.0"),
        id: fc.oneof(fc.integer({ min: 100, max: 1_000_000 }), fc.string({ maxLength: 6 }), fc.constant(null), fc.object()),
        method,
        params: fc.oneof(
          fc.object({ maxDepth: 2 }),
          fc.record({ name: fc.constantFrom("zelinqa_start", "zelinqa_next", "nope", ""), arguments: fc.object({ maxDepth: 2 }) }),
          fc.jsonValue({ maxDepth: 2 }),
        ),
      },
      { requiredKeys: [] },
    );
    const line = fc.oneof(
      message.map((m) => JSON.stringify(m)),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 60 }).map((s) => s.replace(/[\r\n]/g, " ")),
    );
    const lines = fc.sample(line, { numRuns: 300, seed: 11 });
    const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ZELINQA_API_KEY: "zk_fake_key_stdio_fuzz",
        ZELINQA_BASE_URL: "http://127.0.0.1:9",
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (err += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      child.stdin.write(`${lines.join("\n")}\n${JSON.stringify({ jsonrpc: "2.0", id: "final-ping", method: "ping" })}\n`);
      const until = Date.now() + 60_000;
      while (!out.includes('"id":"final-ping"') && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      const replies = out
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => JSON.parse(l) as { jsonrpc?: string; id?: unknown; result?: unknown; error?: { code?: unknown } });
      assert.ok(
        replies.some((r) => r.id === "final-ping" && JSON.stringify(r.result) === "{}"),
        `stderr: ${err.slice(0, 500)}`,
      );
      for (const reply of replies) {
        assert.equal(reply.jsonrpc, "2.0", JSON.stringify(reply));
        if (reply.error) assert.equal(typeof reply.error.code, "number", JSON.stringify(reply));
      }
      // Every line that was not valid JSON got its -32700.
      const parseErrors = replies.filter((r) => r.error?.code === -32700).length;
      const invalidJson = lines.filter((l) => {
        try {
          JSON.parse(l);
          return false;
        } catch {
          return l.trim() !== "";
        }
      }).length;
      assert.equal(parseErrors, invalidJson);
      child.stdin.end();
      assert.equal(await exited, 0);
      for (const logLine of err.split("\n").filter((l) => l !== ""))
        assert.match(logLine, /^(DEBUG|INFO|WARNING|ERROR|CRITICAL) zelinqa_mcp: /);
    } finally {
      child.kill("SIGKILL");
    }
  });
});

void describe("zelinqa-mcp's stdio transport and a host that does not read", () => {
  void it("stops reading messages while its answers wait unread, and answers them all once they are read", async () => {
    const stdin = new PassThrough();
    // A host that reads nothing until told: each write's callback is held.
    const held: Array<() => void> = [];
    let written = 0;
    const stdout = new Writable({
      highWaterMark: 4096,
      write(_chunk: Buffer, _encoding, callback) {
        written += 1;
        held.push(() => callback());
      },
    });
    const transport = new StdioLineTransport({ stdin, stdout });
    await transport.start();
    const count = 5000;
    // Lines that are not JSON: each is answered -32700 by the transport itself.
    for (let i = 0; i < count; i += 1) stdin.write("not json\n");
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(written < count / 10, `${written} answers written while the host read none`);
    assert.ok(stdin.readableLength > 0, "the rest of the messages wait unread");
    while (written < count) {
      held.splice(0).forEach((release) => release());
      await new Promise((resolve) => setImmediate(resolve));
    }
    assert.equal(written, count);
    await transport.close();
  });
});
