// The running MCP servers, one per (ctxkey, server): a server starts on first use, is restarted on the next use
// after it died or its configuration changed (concurrent callers share one restart), and stops when idle (never
// while a call runs) or on close().
import type { McpServerConfig } from "../config/index.js";
import type { Logger } from "../../wire/index.js";
import { stopMcpConnection, type McpConnection } from "./mcp-connection.js";

export interface McpPoolOptions {
  logger: Logger;
  /** Starts the server of (ctxkey, server) with this configuration. */
  open: (ctxkey: string, server: string, config: McpServerConfig, fingerprint: string) => Promise<McpConnection>;
}

export interface McpPool {
  /** The live connection of (ctxkey, server), started or restarted when needed; its idle timer starts over. */
  connection(ctxkey: string, server: string, config: McpServerConfig): Promise<McpConnection>;
  /** Starts the idle timer over (after a call). */
  touch(conn: McpConnection): void;
  /** The servers started and not stopped since. */
  live(): McpConnection[];
  /** Stops every server, and starts no more. */
  close(): Promise<void>;
}

const keyOf = (ctxkey: string, server: string) => `${ctxkey}\u0000${server}`;

export function createMcpPool(options: McpPoolOptions): McpPool {
  const { logger, open } = options;
  const connections = new Map<string, Promise<McpConnection>>();
  const live = new Set<McpConnection>();
  let closed = false;

  async function stop(conn: McpConnection): Promise<void> {
    live.delete(conn);
    await stopMcpConnection(conn, logger);
  }

  function touch(conn: McpConnection): void {
    clearTimeout(conn.idleTimer);
    conn.idleTimer = setTimeout(() => {
      if (conn.busy > 0) return touch(conn);
      logger.info({ server: conn.server, ctxkey: conn.ctxkey, pid: conn.pid }, "stopping idle MCP server");
      const key = keyOf(conn.ctxkey, conn.server);
      void stop(conn).then(() => {
        void connections.get(key)?.then(
          (current) => {
            if (current === conn) connections.delete(key);
          },
          () => undefined,
        );
      });
    }, conn.idleTimeoutMs);
    conn.idleTimer.unref();
  }

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
      const conn = await open(ctxkey, server, config, fingerprint);
      live.add(conn);
      return conn;
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

  return {
    connection,
    touch,
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
