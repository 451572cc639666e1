// PostgreSQL adapter of the SQL port: a `pg` pool; a transaction holds one client from BEGIN to COMMIT.
// Statements with parameters run as named prepared statements: each connection parses and plans a statement
// text once, later executions send only Bind/Execute. So statement texts carry values only as parameters: a
// value spliced into the text would prepare one statement per value on every connection.
import { createHash } from "node:crypto";
import pg from "pg";
import type { SqlExecutor, SqlParam, SqlRow } from "../sql-executor.js";
import { isQueryReadTimeout, type TimedQueryConfig } from "../../../shared/pg-query-timeout.js";

export interface PostgresExecutorOptions {
  url: string;
  maxConnections?: number;
  /** Longest wait for any answer to a statement; DEFAULT_QUERY_TIMEOUT_MS when absent. */
  queryTimeoutMs?: number;
}

/**
 * A statement that gets no answer at all for this long (a frozen server, a dropped route: no error, no close) fails,
 * and its connection is dropped; without it the request, and the connection, waited until TCP gave up (minutes).
 * PostgreSQL's own statement_timeout (deploy/zelinqa-postgres.md) cancels a slow statement sooner.
 */
export const DEFAULT_QUERY_TIMEOUT_MS = 30_000;

type Queryable = Pick<pg.PoolClient, "query">;

const statementNames = new Map<string, string>();

/** The client-side bound of a long transaction's statements (SqlExecutor.transaction's `long`: migrations). */
const LONG_QUERY_TIMEOUT_MS = 10 * 60_000;

/**
 * A stable name per statement text; statements without parameters (DDL, BEGIN) stay unnamed. `queryTimeoutMs`
 * replaces the pool's query_timeout for this statement (node-postgres reads it per statement; its types omit it).
 */
function queryConfig(sql: string, params: readonly SqlParam[], queryTimeoutMs?: number): TimedQueryConfig<SqlParam[]> {
  const timeout = queryTimeoutMs === undefined ? {} : { query_timeout: queryTimeoutMs };
  if (params.length === 0) return { text: sql, ...timeout };
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `zq_${createHash("sha256").update(sql).digest("hex").slice(0, 24)}`;
    if (statementNames.size > 1000) statementNames.clear();
    statementNames.set(sql, name);
  }
  return { name, text: sql, values: params as SqlParam[], ...timeout };
}

function executorOver(
  client: Queryable,
  transaction: SqlExecutor["transaction"],
  close: () => Promise<void>,
  queryTimeoutMs?: number,
): SqlExecutor {
  return {
    dialect: "postgres",
    all: async (sql, params = []) => (await client.query<SqlRow>(queryConfig(sql, params, queryTimeoutMs))).rows,
    get: async (sql, params = []) => (await client.query<SqlRow>(queryConfig(sql, params, queryTimeoutMs))).rows[0],
    getLarge: async (sql, params = []) => (await client.query<SqlRow>(queryConfig(sql, params, queryTimeoutMs))).rows[0],
    run: async (sql, params = []) => (await client.query(queryConfig(sql, params, queryTimeoutMs))).rowCount ?? 0,
    transaction,
    close,
  };
}

export function createPostgresExecutor(options: PostgresExecutorOptions): SqlExecutor {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5000,
    query_timeout: options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client losing its connection must not crash the process; the next query reports the failure.
  pool.on("error", () => undefined);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await pool.end();
  };
  const transaction = async <T>(fn: (tx: SqlExecutor) => Promise<T>, transactionOptions?: { long?: boolean }): Promise<T> => {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query("BEGIN");
      const statementTimeout = transactionOptions?.long === true ? LONG_QUERY_TIMEOUT_MS : undefined;
      const scoped: SqlExecutor = executorOver(client, (inner) => inner(scoped), close, statementTimeout);
      const result = await fn(scoped);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      // A connection that stopped answering would not answer the ROLLBACK either: it is dropped instead.
      if (isQueryReadTimeout(error)) broken = true;
      else {
        try {
          await client.query("ROLLBACK");
        } catch {
          broken = true;
        }
      }
      throw error;
    } finally {
      client.release(broken);
    }
  };
  return executorOver(pool, transaction, close);
}
