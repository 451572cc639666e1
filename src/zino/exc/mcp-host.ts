// exc as an MCP host (spec §6): the MCP servers of a ctxkey run as one stdio process per (ctxkey, server),
// through the official SDK client. A server starts on first use, is restarted on the next use after it died,
// and stops when idle or on close(). Its environment is its configured `env`, values stored in ctx
// (`env_from_ctx`) and the SDK's short safe list (HOME, PATH, ...): never exc's own secrets. A server with
// `sandbox = "bwrap"` runs in bubblewrap (mcp-sandbox.ts), and never unsandboxed when bubblewrap cannot run.
import { dirname } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { McpServerConfig } from "../config/index.js";
import type { Logger } from "../../wire/index.js";
import type { CtxClient } from "./ctx-client.js";
import { EXIT, failureResult, type ExecResult } from "./exec-result.js";
import { provisionMissingEnv } from "./mcp-provision.js";
import { MCP_SANDBOX_HOME, createBwrapCheck, defaultBwrapPath, instanceHiddenPaths, mcpBwrapArgs,
  type McpInstancePaths } from "./mcp-sandbox.js";
import { mcpResultToExecResult } from "./mcp-result.js";

export const MCP_PREFIX = "mcp__";
const START_TIMEOUT_MS = 20_000;
const LIST_TIMEOUT_MS = 10_000;
/** bwrap's own complaints (a bind that failed, a namespace refused) quoted in a start failure, at most this many. */
const MAX_BWRAP_LINES = 3;

export interface OpenAiTool {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

interface Connection {
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

export interface McpServerStatus {
  ctxkey: string;
  server: string;
  pid: number | null;
  alive: boolean;
}

export interface McpHost {
  /** The prefixed tools of every server of the ctxkey; a server that cannot start is reported, not fatal. */
  listTools(ctxkey: string, servers: Record<string, McpServerConfig>): Promise<{ tools: OpenAiTool[]; errors: string[] }>;
  /** Splits `mcp__<server>__<tool>` against the configured server names. */
  route(name: string, servers: Record<string, McpServerConfig>): { server: string; tool: string } | undefined;
  call(options: {
    ctxkey: string;
    server: string;
    config: McpServerConfig;
    tool: string;
    args: Record<string, unknown>;
    timeoutMs: number;
    outputCapBytes: number;
    signal?: AbortSignal;
  }): Promise<ExecResult>;
  status(): McpServerStatus[];
  close(): Promise<void>;
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export interface McpHostOptions {
  ctx: CtxClient;
  logger: Logger;
  /** bubblewrap for `sandbox = "bwrap"` servers; default `bwrap` on the standard PATH, else /usr/bin/bwrap. */
  bwrapPath?: string;
  /**
   * The instance's runtime dir, sockets and database, hidden from sandboxed servers. Without it, the directory of
   * the ctx client's socket is hidden.
   */
  instance?: McpInstancePaths;
}

export function createMcpHost(options: McpHostOptions): McpHost {
  const { ctx, logger } = options;
  const hiddenPaths = options.instance ? instanceHiddenPaths(options.instance)
    : ctx.socketPath ? [dirname(ctx.socketPath)] : [];
  const bwrapProblem = createBwrapCheck();
  const connections = new Map<string, Promise<Connection>>();
  const live = new Set<Connection>();
  let closed = false;

  const keyOf = (ctxkey: string, server: string) => `${ctxkey}\u0000${server}`;

  async function stop(conn: Connection): Promise<void> {
    conn.alive = false;
    live.delete(conn);
    clearTimeout(conn.idleTimer);
    try {
      await conn.client.close();
    } catch (err) {
      logger.warn({ server: conn.server, ctxkey: conn.ctxkey, err: describe(err) }, "error while stopping an MCP server");
    }
  }

  function touch(conn: Connection): void {
    clearTimeout(conn.idleTimer);
    conn.idleTimer = setTimeout(() => {
      if (conn.busy > 0) return touch(conn);
      logger.info({ server: conn.server, ctxkey: conn.ctxkey, pid: conn.pid }, "stopping idle MCP server");
      const key = keyOf(conn.ctxkey, conn.server);
      void stop(conn).then(() => {
        void connections.get(key)?.then((current) => {
          if (current === conn) connections.delete(key);
        }, () => undefined);
      });
    }, conn.idleTimeoutMs);
    conn.idleTimer.unref();
  }

  /** The command starting the server: its own, or bwrap running it; a sandbox that cannot be made is an error. */
  async function launchCommand(server: string, config: McpServerConfig): Promise<{ command: string; args: string[] }> {
    if (config.sandbox !== "bwrap") return { command: config.command, args: config.args };
    const bwrapPath = options.bwrapPath ?? defaultBwrapPath();
    const problem = await bwrapProblem(bwrapPath);
    if (problem !== undefined) {
      throw new Error(`MCP server ${server} did not start: it is configured with sandbox = "bwrap" but bubblewrap cannot run ` +
        `here (${problem}); install bubblewrap (apt-get install bubblewrap) or set sandbox = "none" for this server`);
    }
    try {
      return { command: bwrapPath, args: mcpBwrapArgs({ config, hiddenPaths }) };
    } catch (err) {
      throw new Error(`MCP server ${server} did not start: its bubblewrap sandbox cannot be set up: ${describe(err)}`, { cause: err });
    }
  }

  async function start(ctxkey: string, server: string, config: McpServerConfig, fingerprint: string): Promise<Connection> {
    const launch = await launchCommand(server, config);
    const sandboxed = config.sandbox === "bwrap";
    const env: Record<string, string> = { ...(sandboxed ? { HOME: MCP_SANDBOX_HOME } : {}), ...config.env };
    const missing: Record<string, string> = {};
    for (const [name, storedKey] of Object.entries(config.env_from_ctx)) {
      try {
        const value = await ctx.getValue(ctxkey, storedKey);
        if (value !== undefined) env[name] = value;
        else missing[name] = storedKey;
      } catch (err) {
        logger.warn({ server, ctxkey, variable: name, err: describe(err) }, "cannot read an env_from_ctx value from ctx; the variable is left unset");
      }
    }
    await provisionMissingEnv({ ctxkey, server, config, env, missing, ctx, logger });
    const transport = new StdioClientTransport({ ...launch, env, stderr: "pipe" });
    const client = new Client({ name: "zino-exc", version: "0.1.0" });
    const conn: Connection = { ctxkey, server, fingerprint, client, transport, pid: null, alive: true, busy: 0,
      idleTimeoutMs: config.idle_timeout_ms, originalNames: new Map() };
    let pending = "";
    const bwrapLines: string[] = [];
    transport.stderr?.on("data", (chunk: Buffer) => {
      const lines = (pending + chunk.toString("utf8")).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.trim()) continue;
        logger.info({ mcp: server, ctxkey, pid: conn.pid, line }, "mcp server stderr");
        if (sandboxed && line.startsWith("bwrap:") && bwrapLines.length < MAX_BWRAP_LINES) bwrapLines.push(line);
      }
    });
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
      throw new Error(`MCP server ${server} did not start (${config.command}): ${describe(err)}${quoted}`, { cause: err });
    }
    conn.pid = transport.pid;
    live.add(conn);
    logger.info({ server, ctxkey, pid: conn.pid, sandbox: config.sandbox }, "MCP server started");
    return conn;
  }

  async function connection(ctxkey: string, server: string, config: McpServerConfig): Promise<Connection> {
    if (closed) throw new Error("exc is shutting down");
    const key = keyOf(ctxkey, server);
    const fingerprint = JSON.stringify(config);
    const existing = connections.get(key);
    let previous: Connection | undefined;
    if (existing) {
      previous = await existing.catch(() => undefined);
      if (connections.get(key) !== existing) return connection(ctxkey, server, config);
      if (previous?.alive && previous.fingerprint === fingerprint) {
        touch(previous);
        return previous;
      }
    }
    // Registered before any await, so that concurrent callers share this restart instead of starting another.
    const pending = (async () => {
      if (previous) {
        logger.info({ server, ctxkey, pid: previous.pid, alive: previous.alive }, "restarting MCP server");
        await stop(previous);
      }
      return start(ctxkey, server, config, fingerprint);
    })();
    connections.set(key, pending);
    try {
      const conn = await pending;
      touch(conn);
      return conn;
    } catch (err) {
      if (connections.get(key) === pending) connections.delete(key);
      throw err;
    }
  }

  async function toolsOf(conn: Connection): Promise<OpenAiTool[]> {
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

  return {
    async listTools(ctxkey, servers) {
      const tools: OpenAiTool[] = [];
      const errors: string[] = [];
      const listed = await Promise.all(Object.entries(servers).map(async ([server, config]) => {
        try {
          return await toolsOf(await connection(ctxkey, server, config));
        } catch (err) {
          logger.warn({ server, ctxkey, err: describe(err) }, "cannot list the tools of an MCP server");
          errors.push(`${server}: ${describe(err)}`);
          return [];
        }
      }));
      for (const list of listed) tools.push(...list);
      return { tools, errors };
    },

    route(name, servers) {
      if (!name.startsWith(MCP_PREFIX)) return undefined;
      const rest = name.slice(MCP_PREFIX.length);
      const server = Object.keys(servers)
        .filter((candidate) => rest.startsWith(`${candidate}__`) && rest.length > candidate.length + 2)
        .sort((a, b) => b.length - a.length)[0];
      return server === undefined ? undefined : { server, tool: rest.slice(server.length + 2) };
    },

    async call({ ctxkey, server, config, tool, args, timeoutMs, outputCapBytes, signal }) {
      const started = Date.now();
      let conn: Connection;
      try {
        conn = await connection(ctxkey, server, config);
      } catch (err) {
        return failureResult(EXIT.failure, describe(err), Date.now() - started);
      }
      conn.busy += 1;
      try {
        // The name map comes from the listing: a server (re)started by this call has not been listed yet.
        if (!conn.tools) await toolsOf(conn).catch(() => undefined);
        const result = await conn.client.callTool({ name: conn.originalNames.get(tool) ?? tool, arguments: args }, undefined,
          { timeout: timeoutMs, ...(signal ? { signal } : {}) });
        return mcpResultToExecResult(result, outputCapBytes, Date.now() - started);
      } catch (err) {
        const crashed = !conn.alive;
        const note = crashed ? `; the server stopped (it is restarted on the next use)` : "";
        return failureResult(EXIT.failure, `MCP tool ${server}/${tool} failed: ${describe(err)}${note}`, Date.now() - started);
      } finally {
        conn.busy -= 1;
        if (conn.alive) touch(conn);
      }
    },

    status() {
      return [...live].map(({ ctxkey, server, pid, alive }) => ({ ctxkey, server, pid, alive }));
    },

    async close() {
      closed = true;
      const all = [...connections.values()];
      connections.clear();
      await Promise.all(all.map(async (pending) => {
        const conn = await pending.catch(() => undefined);
        if (conn) await stop(conn);
      }));
      await Promise.all([...live].map(stop));
    },
  };
}
