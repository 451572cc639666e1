// One MCP server process as an SDK client over its stdio (mcp-stdio-transport.ts): connecting it (its stderr logged, bwrap's own complaints quoted
// in a start failure), listing its tools under model-safe prefixed names, and stopping it.
// The SDK (with ajv and zod-to-json-schema: about 150 modules and 20 MiB) is loaded on the first MCP server's
// start, not with exc: an instance without MCP servers never pays for it.
import { createHash } from "node:crypto";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { McpServerConfig } from "../config/index.js";
import { exceedsJsonDepth, type Logger } from "../../wire/index.js";
import { describeError, type McpLaunch } from "./mcp-launch.js";
import type { McpStdioTransport } from "./mcp-stdio-transport.js";
import { redactSecrets } from "../../shared/redact-secrets.js";

export const MCP_PREFIX = "mcp__";
const START_TIMEOUT_MS = 20_000;
/** The whole listing of a server's tools, every page, within this long. */
const LIST_TIMEOUT_MS = 10_000;
/** A listing stops past this many pages or tools (a server that pages for ever, or offers thousands of tools). */
export const MAX_TOOL_PAGES = 100;
export const MAX_TOOLS = 1000;
/** OpenAI's limit on a function name's length. */
export const MAX_FUNCTION_NAME = 64;
/**
 * A tool's definition (name, description, input schema) is offered up to this size and nesting, and a server's tools
 * up to MAX_SERVER_TOOLS_BYTES in all: past them the tool is left out, not the whole `tools` answer made too large or
 * too deep for the frame (16 MiB, 128 levels) that carries every server's tools and the executors.
 */
export const MAX_TOOL_BYTES = 64 * 1024;
export const MAX_TOOL_DEPTH = 32;
export const MAX_SERVER_TOOLS_BYTES = 2 * 1024 * 1024;
/** bwrap's own complaints (a bind that failed, a namespace refused) quoted in a start failure, at most this many. */
const MAX_BWRAP_LINES = 3;
/** A server's stderr: a line is logged up to this many characters, and at most STDERR_LINES_PER_SECOND lines a second. */
export const MAX_STDERR_LINE = 2048;
export const STDERR_LINES_PER_SECOND = 20;

export interface OpenAiTool {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface McpConnection {
  ctxkey: string;
  server: string;
  fingerprint: string;
  client: Client;
  transport: McpStdioTransport;
  pid: number | null;
  alive: boolean;
  busy: number;
  idleTimeoutMs: number;
  idleTimer?: NodeJS.Timeout;
  tools?: OpenAiTool[];
  /** Model-facing tool names (OpenAI allows only [A-Za-z0-9_-], 64 characters) back to the server's own names. */
  originalNames: Map<string, string>;
  /** Its env values that are secrets (mcp-launch.ts): `[redacted]` in what it sends back and in its logged stderr. */
  secrets: readonly string[];
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

/**
 * Logs the server's stderr line by line; keeps bwrap's first complaints in `bwrapLines` when sandboxed. The server is
 * not ours to trust: a line is cut at MAX_STDERR_LINE characters (the rest up to its newline is dropped, so a
 * stream without newlines costs nothing), and past STDERR_LINES_PER_SECOND lines in a second the others are only
 * counted, in one line at the next second.
 */
function followStderr(conn: McpConnection, sandboxed: boolean, bwrapLines: string[], logger: Logger): void {
  const where = () => ({ mcp: conn.server, ctxkey: conn.ctxkey, pid: conn.pid });
  let pending = "";
  let cut = false;
  let second = 0;
  let logged = 0;
  let unlogged = 0;
  /** Says how many lines went unlogged, at the end of their second (or at the next line, if sooner). */
  const flush = () => {
    if (unlogged > 0) logger.info({ ...where(), unlogged }, "mcp server stderr: lines not logged (too many a second)");
    unlogged = 0;
  };
  const line = (text: string) => {
    if (!text.trim()) return;
    if (sandboxed && text.startsWith("bwrap:") && bwrapLines.length < MAX_BWRAP_LINES) bwrapLines.push(text);
    const now = Date.now();
    if (Math.floor(now / 1000) !== second) {
      flush();
      second = Math.floor(now / 1000);
      logged = 0;
    }
    if (logged < STDERR_LINES_PER_SECOND) {
      logged += 1;
      logger.info({ ...where(), line: redactSecrets(text, conn.secrets) }, "mcp server stderr");
      return;
    }
    if (unlogged++ === 0) setTimeout(flush, 1000 - (now % 1000)).unref();
  };
  conn.transport.stderr.on("data", (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    let start = 0;
    for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", start)) {
      if (!cut) line(pending + text.slice(start, Math.min(end, start + MAX_STDERR_LINE - pending.length)));
      pending = "";
      cut = false;
      start = end + 1;
    }
    if (cut) return;
    pending += text.slice(start, start + MAX_STDERR_LINE - pending.length);
    if (pending.length >= MAX_STDERR_LINE) {
      line(`${pending} [cut]`);
      pending = "";
      cut = true;
    }
  });
}

export async function openMcpConnection(options: OpenMcpConnectionOptions): Promise<McpConnection> {
  const { ctxkey, server, config, fingerprint, launch, logger } = options;
  const [{ Client }, { McpStdioTransport }] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("./mcp-stdio-transport.js"),
  ]);
  const transport = new McpStdioTransport(launch);
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
    secrets: launch.secrets ?? [],
  };
  const bwrapLines: string[] = [];
  followStderr(conn, config.sandbox === "bwrap", bwrapLines, logger);
  client.onclose = () => {
    if (conn.alive) logger.warn({ server, ctxkey, pid: conn.pid, reason: transport.stoppedBecause }, "MCP server connection closed");
    conn.alive = false;
    clearTimeout(conn.idleTimer);
  };
  try {
    await client.connect(transport, { timeout: START_TIMEOUT_MS });
  } catch (err) {
    conn.alive = false;
    await transport.close().catch(() => undefined);
    const quoted = bwrapLines.length > 0 ? ` (${bwrapLines.join("; ")})` : "";
    const why = redactSecrets(`${describeError(err)}${quoted}`, conn.secrets);
    throw new Error(`MCP server ${server} did not start (${config.command}): ${why}`, { cause: err });
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

/**
 * The model-facing name of a server's tool: its model-safe form, shortened to fit MAX_FUNCTION_NAME with the prefix
 * (a hash of the whole name keeps shortened names apart).
 */
function toolNameFor(server: string, tool: string): string {
  const safe = modelSafeName(tool);
  const room = MAX_FUNCTION_NAME - `${MCP_PREFIX}${server}__`.length;
  if (safe.length <= room) return safe;
  const hash = createHash("sha256").update(tool).digest("hex").slice(0, 8);
  return `${safe.slice(0, Math.max(1, room - hash.length - 1))}_${hash}`;
}

/**
 * The server's tools, every page, as `mcp__<server>__<tool>` functions; listed once per connection, within
 * LIST_TIMEOUT_MS for all pages, MAX_TOOL_PAGES pages and MAX_TOOLS tools (a cursor seen before ends it too). Two
 * tools whose names come out the same keep the first: the name must call the tool it was offered for. A tool past
 * MAX_TOOL_BYTES, MAX_TOOL_DEPTH or the server's MAX_SERVER_TOOLS_BYTES is left out (logged).
 */
export async function connectionTools(conn: McpConnection, logger?: Logger): Promise<OpenAiTool[]> {
  if (conn.tools) return conn.tools;
  const tools: OpenAiTool[] = [];
  const names = new Map<string, string>();
  const collided: string[] = [];
  const oversized: string[] = [];
  let totalBytes = 0;
  const deadline = Date.now() + LIST_TIMEOUT_MS;
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 0; pages < MAX_TOOL_PAGES && tools.length < MAX_TOOLS; pages += 1) {
    const timeout = deadline - Date.now();
    if (timeout <= 0) throw new Error(`MCP server ${conn.server} did not list its tools within ${LIST_TIMEOUT_MS} ms`);
    const page = await conn.client.listTools(cursor ? { cursor } : undefined, { timeout });
    for (const tool of page.tools.slice(0, MAX_TOOLS - tools.length)) {
      const name = toolNameFor(conn.server, tool.name);
      const offered: OpenAiTool = {
        type: "function",
        function: {
          name: `${MCP_PREFIX}${conn.server}__${name}`,
          description: tool.description ?? `${tool.name} (MCP server ${conn.server})`,
          parameters: { ...tool.inputSchema },
        },
      };
      const bytes = Buffer.from(JSON.stringify(offered), "utf8");
      if (names.has(name)) collided.push(tool.name);
      else if (bytes.length > MAX_TOOL_BYTES || totalBytes + bytes.length > MAX_SERVER_TOOLS_BYTES) oversized.push(tool.name);
      else if (exceedsJsonDepth(bytes, MAX_TOOL_DEPTH)) oversized.push(tool.name);
      else {
        names.set(name, tool.name);
        totalBytes += bytes.length;
        tools.push(offered);
      }
    }
    cursor = page.nextCursor;
    if (!cursor || cursors.has(cursor)) break;
    cursors.add(cursor);
  }
  if (collided.length > 0) logger?.warn({ server: conn.server, tools: collided.slice(0, 10) }, "MCP tools left out: their names collide");
  if (oversized.length > 0) {
    logger?.warn(
      { server: conn.server, tools: oversized.slice(0, 10).map((t) => t.slice(0, 100)) },
      "MCP tools left out: too large or too deep",
    );
  }
  conn.originalNames = names;
  conn.tools = tools;
  return tools;
}
