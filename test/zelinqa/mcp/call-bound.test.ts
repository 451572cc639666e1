// zelinqa-mcp over real stdio against an API that holds every request: a host flooding tool calls gets
// `too_many_calls` past the bound at once, the API sees no more connections than the bound, and the process keeps
// answering.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { MAX_CALLS_IN_FLIGHT } from "../../../src/zelinqa/mcp/call-gate.js";

const MAIN = fileURLToPath(new URL("../../../src/zelinqa/mcp/main.ts", import.meta.url));

interface Reply {
  id: string | number | null;
  result?: { isError?: boolean; content?: Array<{ text: string }> };
  error?: { code: number; message: string };
}

for (const mode of ["advanced", "business"] as const) {
  void describe(`zelinqa-mcp (${mode}) bounds the tool calls running at once`, () => {
    let child: ChildProcessWithoutNullStreams;
    let api: http.Server;
    let connections = 0;
    let stdout = "";
    let exitCode: number | null | undefined;
    const replies = () =>
      stdout
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => JSON.parse(l) as Reply);
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
      const end = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > end) throw new Error(`${what}; connections=${connections} stdout=${stdout.slice(-400)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    }

    before(async () => {
      // Accepts every request and never answers it: an API slower than the host.
      api = http.createServer(() => undefined);
      api.on("connection", () => (connections += 1));
      await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
      const { port } = api.address() as AddressInfo;
      child = spawn(process.execPath, ["--import", "tsx", MAIN, ...(mode === "advanced" ? ["--advanced"] : [])], {
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          ZELINQA_API_KEY: "zk_fake_key_call_bound",
          ZELINQA_BASE_URL: `http://127.0.0.1:${port}`,
        },
        stdio: ["pipe", "pipe", "pipe"],
      });
      child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
      child.stderr.resume();
      child.on("exit", (code) => (exitCode = code));
      send({
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "0" } },
      });
      await until(() => replies().length === 1, "no answer to initialize");
      send({ jsonrpc: "2.0", method: "notifications/initialized" });
    });
    after(() => {
      child?.kill("SIGKILL");
      api?.closeAllConnections();
      api?.close();
    });

    void it("refuses the calls past the bound at once with too_many_calls, and keeps serving", async () => {
      const calls = MAX_CALLS_IN_FLIGHT * 4;
      for (let i = 1; i <= calls; i += 1) {
        const params =
          mode === "advanced"
            ? { name: "zelinqa_get_session", arguments: { session_id: `ses_${i}` } }
            : { name: "zelinqa_start", arguments: { conversation: `c${i}` } };
        send({ jsonrpc: "2.0", id: i, method: "tools/call", params });
      }
      const refused = () =>
        replies().filter((r) => r.result?.isError === true && /^too_many_calls: /.test(r.result.content?.[0]?.text ?? ""));
      await until(() => refused().length >= calls - MAX_CALLS_IN_FLIGHT, "the calls past the bound were not refused");
      assert.match(refused()[0]!.result!.content![0]!.text, /wait for some of them to be answered, then retry/);
      send({ jsonrpc: "2.0", id: "ping", method: "ping" });
      await until(() => replies().some((r) => r.id === "ping"), "no answer to ping");
      assert.ok(connections <= MAX_CALLS_IN_FLIGHT, `${connections} connections to the API`);
      assert.equal(exitCode, undefined);
    });
  });
}
