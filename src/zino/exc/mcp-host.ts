// exc as an MCP host (docs/zino-protocol.md §6): the MCP servers of a ctxkey run as one stdio process per (ctxkey, server),
// through the official SDK client. A server starts on first use, is restarted on the next use after it died,
// and stops when idle or on close(). Its environment is its configured `env`, values stored in ctx
// (`env_from_ctx`) and the SDK's short safe list (HOME, PATH, ...): never exc's own secrets. A server with
// `sandbox = "bwrap"` runs in bubblewrap (mcp-sandbox.ts), and never unsandboxed when bubblewrap cannot run.
// This module answers the host's requests; mcp-launch.ts, mcp-connection.ts and mcp-pool.ts do the rest.
import { dirname } from "node:path";
import type { McpServerConfig } from "../config/index.js";
import type { Logger } from "../../wire/index.js";
import type { CtxClient } from "./ctx-client.js";
import { EXIT, failureResult, type ExecResult } from "./exec-result.js";
import {
  MCP_PREFIX,
  connectionTools,
  openMcpConnection,
  stopMcpConnection,
  type McpConnection,
  type OpenAiTool,
} from "./mcp-connection.js";
import { createMcpLauncher, describeError as describe } from "./mcp-launch.js";
import { createMcpPool, type McpPool } from "./mcp-pool.js";
import { instanceHiddenPaths, type McpInstancePaths } from "./mcp-sandbox.js";
import { mcpResultToExecResult } from "./mcp-result.js";
import { redactSecrets } from "../../shared/redact-secrets.js";

export { MCP_PREFIX, modelSafeName, type OpenAiTool } from "./mcp-connection.js";

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
  /** MCP servers running at once (mcp-pool.ts); default DEFAULT_MAX_MCP_SERVERS. */
  maxServers?: number | undefined;
}

export function createMcpHost(options: McpHostOptions): McpHost {
  const { ctx, logger } = options;
  const hiddenPaths = options.instance ? instanceHiddenPaths(options.instance) : ctx.socketPath ? [dirname(ctx.socketPath)] : [];
  const launch = createMcpLauncher({ ctx, logger, bwrapPath: options.bwrapPath, hiddenPaths });
  const pool = createMcpPool({
    logger,
    ...(options.maxServers !== undefined ? { maxServers: options.maxServers } : {}),
    open: async (ctxkey, server, config, fingerprint) =>
      openMcpConnection({ ctxkey, server, config, fingerprint, launch: await launch(ctxkey, server, config), logger }),
  });

  return {
    listTools: (ctxkey, servers) => listAllTools({ pool, logger }, ctxkey, servers),

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
      const timedOut = () => ({
        ...failureResult(EXIT.timeout, `MCP tool ${server}/${tool} did not answer within ${timeoutMs} ms`, Date.now() - started),
        timed_out: true,
      });
      let conn: McpConnection | "timeout";
      const starting = pool.connection(ctxkey, server, config);
      try {
        // A server that is slow to start (or never answers `initialize`) takes the call's time, not the start's
        // longer bound: the start goes on for the next call.
        conn = await withinMs(starting, timeoutMs);
      } catch (err) {
        return failureResult(EXIT.failure, describe(err), Date.now() - started);
      }
      if (conn === "timeout") {
        void starting.then(
          (held) => pool.release(held),
          () => undefined,
        );
        return timedOut();
      }
      try {
        // The name map comes from the listing: a server (re)started by this call has not been listed yet.
        if (!conn.tools) await connectionTools(conn, logger).catch(() => undefined);
        const result = await conn.client.callTool({ name: conn.originalNames.get(tool) ?? tool, arguments: args }, undefined, {
          timeout: Math.max(1, timeoutMs - (Date.now() - started)),
          ...(signal ? { signal } : {}),
        });
        return redactResult(mcpResultToExecResult(result, outputCapBytes, Date.now() - started), conn.secrets);
      } catch (err) {
        if (signal?.aborted)
          return failureResult(EXIT.cancelled, `MCP tool ${server}/${tool}: cancelled by the caller`, Date.now() - started);
        if (isRequestTimeout(err)) {
          // A server that has not even read the call is not reading its input: it is restarted on the next use rather
          // than handed more calls to hold (their arguments would wait in exc's memory).
          if (conn.transport.unreadInputBytes > 0) {
            logger.warn({ server, ctxkey, pid: conn.pid }, "MCP server stopped: it does not read its input");
            void stopMcpConnection(conn, logger);
          }
          return timedOut();
        }
        const crashed = !conn.alive;
        const why = conn.transport.stoppedBecause === undefined ? "" : `: ${conn.transport.stoppedBecause}`;
        const note = crashed ? `; the server stopped${why} (it is restarted on the next use)` : "";
        const failed = `MCP tool ${server}/${tool} failed: ${redactSecrets(describe(err), conn.secrets)}${note}`;
        return failureResult(EXIT.failure, failed, Date.now() - started);
      } finally {
        pool.release(conn);
      }
    },

    status() {
      return pool.live().map(({ ctxkey, server, pid, alive }) => ({ ctxkey, server, pid, alive }));
    },

    close: () => pool.close(),
  };
}

/** A result with the server's secrets `[redacted]`: what it sends back goes to the model and the client. */
function redactResult(result: ExecResult, secrets: readonly string[]): ExecResult {
  if (secrets.length === 0) return result;
  return { ...result, stdout: redactSecrets(result.stdout, secrets), stderr: redactSecrets(result.stderr, secrets) };
}

/** The prefixed tools of every server of the ctxkey; a server that cannot start is reported, not fatal. */
async function listAllTools(
  deps: { pool: McpPool; logger: Logger },
  ctxkey: string,
  servers: Record<string, McpServerConfig>,
): Promise<{ tools: OpenAiTool[]; errors: string[] }> {
  const { pool, logger } = deps;
  const errors: string[] = [];
  const listed = await Promise.all(
    Object.entries(servers).map(async ([server, config]) => {
      try {
        const conn = await pool.connection(ctxkey, server, config);
        try {
          return await connectionTools(conn, logger);
        } finally {
          pool.release(conn);
        }
      } catch (err) {
        logger.warn({ server, ctxkey, err: describe(err) }, "cannot list the tools of an MCP server");
        errors.push(`${server}: ${describe(err)}`);
        return [];
      }
    }),
  );
  return { tools: listed.flat(), errors };
}

/** The SDK's timeout of a request (McpError RequestTimeout, -32001). */
function isRequestTimeout(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === -32001;
}

/** `promise`'s value, or "timeout" once `ms` have passed (the promise goes on; its rejection is then ignored). */
async function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | "timeout"> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
  });
  promise.catch(() => undefined);
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
