// Our own Zelinqa API as a real process on SQLite in a temp dir, with keys made by `zelinqa keys create` and the
// reference corpus of docs/zelinqa-api.md §15 installed through the SDK; plus a zelinqa-mcp stdio client launcher.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ZelinqaConfigurationClient } from "../src/zelinqa/sdk/index.js";
import { referenceCorpusChanges } from "./zelinqa-reference-corpus.js";
import { freePort } from "../src/shared/free-port.js";

const ZELINQA_CLI = fileURLToPath(new URL("../src/zelinqa/cli/main.ts", import.meta.url));
const MCP_MAIN = fileURLToPath(new URL("../src/zelinqa/mcp/main.ts", import.meta.url));
const TSX = ["--import", "tsx"];

export interface LiveApi {
  baseUrl: string;
  keys: { runtime: string; manage: string; read: string; revoked: string };
  close(): Promise<void>;
}

function runCli(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...TSX, ZELINQA_CLI, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (err += c.toString()));
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`zelinqa ${args.join(" ")} exited ${code}: ${err}`))));
  });
}

async function createKey(sqlite: string, scopes: string): Promise<{ key_id: string; api_key: string }> {
  const out = await runCli(["keys", "create", "--scopes", scopes, "--sqlite-path", sqlite]);
  return JSON.parse(out.trim().split("\n")[0] ?? "{}") as { key_id: string; api_key: string };
}

async function waitForHealth(baseUrl: string, server: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the API exited ${server.exitCode}: ${stderr()}`);
    try {
      if ((await fetch(`${baseUrl}/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the API did not become healthy: ${stderr()}`);
}

export async function startLiveApi(): Promise<LiveApi> {
  const dir = mkdtempSync(join(tmpdir(), "zelinqa-mcp-live-"));
  const sqlite = join(dir, "zelinqa.sqlite");
  const runtime = await createKey(sqlite, "runtime");
  const manage = await createKey(sqlite, "configuration:read,configuration:write,configuration:publish");
  const read = await createKey(sqlite, "configuration:read");
  const revoked = await createKey(sqlite, "runtime");
  await runCli(["keys", "revoke", revoked.key_id, "--sqlite-path", sqlite]);
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [...TSX, ZELINQA_CLI, "serve", "--sqlite-path", sqlite, "--port", String(port), "--log-level", "warn"],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let serverErr = "";
  server.stderr.on("data", (c: Buffer) => (serverErr = (serverErr + c.toString()).slice(-4000)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server, () => serverErr);
    const config = new ZelinqaConfigurationClient({ apiKey: manage.api_key, baseUrl });
    await config.applyChanges({ changes: referenceCorpusChanges() });
    const job = await config.publish({});
    const done = await config.waitForCompilation(job.compilation_id, { pollIntervalMs: 100, timeoutMs: 60_000 });
    if (done.status !== "succeeded") throw new Error(`compilation ${done.status}: ${JSON.stringify(done.error)}`);
  } catch (error) {
    await close();
    throw error;
  }
  return { baseUrl, keys: { runtime: runtime.api_key, manage: manage.api_key, read: read.api_key, revoked: revoked.api_key }, close };
}

export interface McpProcess {
  client: Client;
  call(
    name: string,
    args?: Record<string, unknown>,
  ): Promise<{ isError: boolean; text: string; structured: Record<string, unknown> | undefined }>;
  close(): Promise<void>;
}

export async function startMcp(options: { apiKey: string; baseUrl: string; advanced?: boolean }): Promise<McpProcess> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...TSX, MCP_MAIN, ...(options.advanced ? ["--advanced"] : [])],
    env: { PATH: process.env.PATH ?? "", ZELINQA_API_KEY: options.apiKey, ZELINQA_BASE_URL: options.baseUrl },
    stderr: "pipe",
  });
  const client = new Client({ name: "live-test", version: "0" });
  await client.connect(transport);
  return {
    client,
    async call(name, args = {}) {
      const raw = (await client.callTool({ name, arguments: args })) as CallToolResult;
      const first = raw.content[0];
      return { isError: raw.isError === true, text: first?.type === "text" ? first.text : "", structured: raw.structuredContent };
    },
    close: () => client.close(),
  };
}
