// The running MCP servers, one per (ctxkey, server): a server starts on first use, is restarted on the next use
// after it died or its configuration changed (concurrent callers share one restart), and stops when idle (never
// while a call runs) or on close(). At most `maxServers` run at once: a new one first stops the least recently used
// idle one, and is refused (`mcp_servers_full`) only when every running server is in use.
import type { McpServerConfig } from "../config/index.js";
import type { Logger } from "../../wire/index.js";
import { stopMcpConnection, type McpConnection } from "./mcp-connection.js";

/**
 * MCP servers running at once by default. Each is a process of its own (a Node server holds about 40 MB), started per
 * (ctxkey, server): without a bound, 200 ctxkeys listing their tools started 200 processes (8 GB).
 */
export const DEFAULT_MAX_MCP_SERVERS = 32;

export interface McpPoolOptions {
  logger: Logger;
  /** Starts the server of (ctxkey, server) with this configuration. */
  open: (ctxkey: string, server: string, config: McpServerConfig, fingerprint: string) => Promise<McpConnection>;
  /** Servers running (or starting) at once; default {@link DEFAULT_MAX_MCP_SERVERS}. */
  maxServers?: number;
}

export interface McpPool {
  /**
   * The live connection of (ctxkey, server), started or restarted when needed, held for the caller (counted in
   * `busy`, so it is not stopped meanwhile) until `release`. Rejects with {@link McpServersFullError} when
   * `maxServers` servers run and every one is in use.
   */
  connection(ctxkey: string, server: string, config: McpServerConfig): Promise<McpConnection>;
  /** Ends the caller's hold of a connection; its idle timer starts over. */
  release(conn: McpConnection): void;
  /** The servers started and not stopped since. */
  live(): McpConnection[];
  /** Stops every server, and starts no more. */
  close(): Promise<void>;
}

export class McpServersFullError extends Error {
  readonly code = "mcp_servers_full";
  constructor(maxServers: number, server: string) {
    super(
      `mcp_servers_full: MCP server "${server}" was not started: ${maxServers} MCP servers are running and every one is in use ` +
        `(one process per ctxkey and server). Retry once some calls have ended, or raise ZINO_EXC_MAX_MCP_SERVERS in zino-exc's environment.`,
    );
    this.name = "McpServersFullError";
  }
}

const keyOf = (ctxkey: string, server: string) => `${ctxkey}\u0000${server}`;

/** The running servers, least recently used first (a use moves one to the end), and their slots. */
function createLiveServers(logger: Logger, maxServers: number, stopped: (conn: McpConnection) => void) {
  const live = new Set<McpConnection>();
  let starting = 0;

  async function stop(conn: McpConnection): Promise<void> {
    live.delete(conn);
    await stopMcpConnection(conn, logger);
  }

  function touch(conn: McpConnection): void {
    clearTimeout(conn.idleTimer);
    if (live.delete(conn)) live.add(conn);
    conn.idleTimer = setTimeout(() => {
      if (conn.busy > 0) return touch(conn);
      logger.info({ server: conn.server, ctxkey: conn.ctxkey, pid: conn.pid }, "stopping idle MCP server");
      void stop(conn).then(() => stopped(conn));
    }, conn.idleTimeoutMs);
    conn.idleTimer.unref();
  }

  /** Takes a slot for a server about to start, stopping the least recently used idle server when all are taken. */
  function reserve(server: string): void {
    while (live.size + starting >= maxServers) {
      const idle = [...live].find((conn) => conn.busy === 0);
      if (!idle) throw new McpServersFullError(maxServers, server);
      logger.info(
        { server: idle.server, ctxkey: idle.ctxkey, pid: idle.pid, maxServers },
        "stopping the least recently used idle MCP server to start another",
      );
      // stop() takes it out of `live` before its first await.
      void stop(idle).then(() => stopped(idle));
    }
    starting += 1;
  }

  /** The reserved slot is taken by `conn`, or given back (undefined: the start failed). */
  function started(conn: McpConnection | undefined): void {
    starting -= 1;
    if (conn) live.add(conn);
  }

  function release(conn: McpConnection): void {
    conn.busy = Math.max(0, conn.busy - 1);
    if (conn.alive) touch(conn);
  }

  return { live, stop, touch, reserve, started, release };
}

export function createMcpPool(options: McpPoolOptions): McpPool {
  const { logger, open } = options;
  const connections = new Map<string, Promise<McpConnection>>();
  const forget = (conn: McpConnection) => {
    const key = keyOf(conn.ctxkey, conn.server);
    void connections.get(key)?.then(
      (current) => {
        if (current === conn) connections.delete(key);
      },
      () => undefined,
    );
  };
  const { live, stop, touch, reserve, started, release } = createLiveServers(logger, options.maxServers ?? DEFAULT_MAX_MCP_SERVERS, forget);
  let closed = false;

  async function connection(ctxkey: string, server: string, config: McpServerConfig): Promise<McpConnection> {
    if (closed) throw new Error("exc is shutting down");
    const key = keyOf(ctxkey, server);
    const fingerprint = JSON.stringify(config);
    const existing = connections.get(key);
    let previous: McpConnection | undefined;
    if (existing) {
      previous = await existing.catch(() => undefined);
      if (connections.get(key) !== existing) return connection(ctxkey, server, config);
      if (previous?.alive && previous.fingerprint === fingerprint) {
        previous.busy += 1;
        touch(previous);
        return previous;
      }
    }
    // The one being replaced gives its slot back first.
    if (previous) live.delete(previous);
    try {
      reserve(server);
    } catch (err) {
      if (previous) void stop(previous).then(() => forget(previous));
      throw err;
    }
    // Registered before any await, so that concurrent callers share this restart instead of starting another.
    const pending = (async () => {
      let conn: McpConnection | undefined;
      try {
        if (previous) {
          logger.info({ server, ctxkey, pid: previous.pid, alive: previous.alive }, "restarting MCP server");
          await stop(previous);
        }
        conn = await open(ctxkey, server, config, fingerprint);
        return conn;
      } finally {
        started(conn);
      }
    })();
    connections.set(key, pending);
    try {
      const conn = await pending;
      conn.busy += 1;
      touch(conn);
      return conn;
    } catch (err) {
      if (connections.get(key) === pending) connections.delete(key);
      throw err;
    }
  }

  return {
    connection,
    release,
    live: () => [...live],
    async close() {
      closed = true;
      const all = [...connections.values()];
      connections.clear();
      await Promise.all(
        all.map(async (pending) => {
          const conn = await pending.catch(() => undefined);
          if (conn) await stop(conn);
        }),
      );
      await Promise.all([...live].map(stop));
    },
  };
}
