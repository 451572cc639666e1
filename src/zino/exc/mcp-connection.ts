// One MCP server process as an SDK stdio client: connecting it (its stderr logged, bwrap's own complaints quoted
// in a start failure), listing its tools under model-safe prefixed names, and stopping it.
// The SDK (with ajv and zod-to-json-schema: about 150 modules and 20 MiB) is loaded on the first MCP server's
// start, not with exc: an instance without MCP servers never pays for it.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { McpServerConfig } from "../config/index.js";
import type { Logger } from "../../wire/index.js";
import { describeError, type McpLaunch } from "./mcp-launch.js";

export const MCP_PREFIX = "mcp__";
const START_TIMEOUT_MS = 20_000;
const LIST_TIMEOUT_MS = 10_000;
/** bwrap's own complaints (a bind that failed, a namespace refused) quoted in a start failure, at most this many. */
const MAX_BWRAP_LINES = 3;

export interface OpenAiTool {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface McpConnection {
  ctxkey: string;
  server: string;
  fingerprint: string;
  client: Client;
  transport: StdioClientTransport;
  pid: number | null;
  alive: boolean;
  busy: number;
  idleTimeoutMs: number;
  idleTimer?: NodeJS.Timeout;
  tools?: OpenAiTool[];
  /** Model-facing tool names (OpenAI allows only [A-Za-z0-9_-]) back to the server's own names. */
  originalNames: Map<string, string>;
}

/** OpenAI function names allow letters, digits, `_` and `-` only. */
export function modelSafeName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, "_");
}

export interface OpenMcpConnectionOptions {
  ctxkey: string;
  server: string;
  config: McpServerConfig;
  /** The configuration it was started with: another one restarts the server. */
  fingerprint: string;
  launch: McpLaunch;
  logger: Logger;
}

/** Logs the server's stderr line by line; keeps bwrap's first complaints in `bwrapLines` when sandboxed. */
function followStderr(conn: McpConnection, sandboxed: boolean, bwrapLines: string[], logger: Logger): void {
  let pending = "";
  conn.transport.stderr?.on("data", (chunk: Buffer) => {
    const lines = (pending + chunk.toString("utf8")).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.trim()) continue;
      logger.info({ mcp: conn.server, ctxkey: conn.ctxkey, pid: conn.pid, line }, "mcp server stderr");
      if (sandboxed && line.startsWith("bwrap:") && bwrapLines.length < MAX_BWRAP_LINES) bwrapLines.push(line);
    }
  });
}

export async function openMcpConnection(options: OpenMcpConnectionOptions): Promise<McpConnection> {
  const { ctxkey, server, config, fingerprint, launch, logger } = options;
  const [{ Client }, { StdioClientTransport }] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/stdio.js"),
  ]);
  const transport = new StdioClientTransport({ ...launch, stderr: "pipe" });
  const client = new Client({ name: "zino-exc", version: "0.1.0" });
  const conn: McpConnection = {
    ctxkey,
    server,
    fingerprint,
    client,
    transport,
    pid: null,
    alive: true,
    busy: 0,
    idleTimeoutMs: config.idle_timeout_ms,
    originalNames: new Map(),
  };
  const bwrapLines: string[] = [];
  followStderr(conn, config.sandbox === "bwrap", bwrapLines, logger);
  client.onclose = () => {
    if (conn.alive) logger.warn({ server, ctxkey, pid: conn.pid }, "MCP server connection closed");
    conn.alive = false;
    clearTimeout(conn.idleTimer);
  };
  try {
    await client.connect(transport, { timeout: START_TIMEOUT_MS });
  } catch (err) {
    conn.alive = false;
    await transport.close().catch(() => undefined);
    const quoted = bwrapLines.length > 0 ? ` (${bwrapLines.join("; ")})` : "";
    throw new Error(`MCP server ${server} did not start (${config.command}): ${describeError(err)}${quoted}`, { cause: err });
  }
  conn.pid = transport.pid;
  logger.info({ server, ctxkey, pid: conn.pid, sandbox: config.sandbox }, "MCP server started");
  return conn;
}

/** Closes the client (and so the server process); a failure is logged, never thrown. */
export async function stopMcpConnection(conn: McpConnection, logger: Logger): Promise<void> {
  conn.alive = false;
  clearTimeout(conn.idleTimer);
  try {
    await conn.client.close();
  } catch (err) {
    logger.warn({ server: conn.server, ctxkey: conn.ctxkey, err: describeError(err) }, "error while stopping an MCP server");
  }
}

/** The server's tools, every page, as `mcp__<server>__<tool>` functions; listed once per connection. */
export async function connectionTools(conn: McpConnection): Promise<OpenAiTool[]> {
  if (conn.tools) return conn.tools;
  const tools: OpenAiTool[] = [];
  let cursor: string | undefined;
  do {
    const page = await conn.client.listTools(cursor ? { cursor } : undefined, { timeout: LIST_TIMEOUT_MS });
    for (const tool of page.tools) {
      const safe = modelSafeName(tool.name);
      if (safe !== tool.name) conn.originalNames.set(safe, tool.name);
      tools.push({
        type: "function",
        function: {
          name: `${MCP_PREFIX}${conn.server}__${safe}`,
          description: tool.description ?? `${tool.name} (MCP server ${conn.server})`,
          parameters: { ...tool.inputSchema },
        },
      });
    }
    cursor = page.nextCursor;
  } while (cursor);
  conn.tools = tools;
  return tools;
}
