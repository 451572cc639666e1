// PostgreSQL adapter of the SQL port: a `pg` pool; a transaction holds one client from BEGIN to COMMIT.
import pg from "pg";
import type { SqlExecutor, SqlParam, SqlRow } from "../sql-executor.js";

export interface PostgresExecutorOptions {
  url: string;
  maxConnections?: number;
}

type Queryable = Pick<pg.PoolClient, "query">;

function executorOver(client: Queryable, transaction: SqlExecutor["transaction"], close: () => Promise<void>): SqlExecutor {
  return {
    dialect: "postgres",
    all: async (sql, params = []) => (await client.query<SqlRow>(sql, params as SqlParam[])).rows,
    get: async (sql, params = []) => (await client.query<SqlRow>(sql, params as SqlParam[])).rows[0],
    run: async (sql, params = []) => (await client.query(sql, params as SqlParam[])).rowCount ?? 0,
    transaction,
    close,
  };
}

export function createPostgresExecutor(options: PostgresExecutorOptions): SqlExecutor {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5000,
  });
  // An idle client losing its connection must not crash the process; the next query reports the failure.
  pool.on("error", () => undefined);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await pool.end();
  };
  const transaction = async <T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query("BEGIN");
      const scoped: SqlExecutor = executorOver(client, (inner) => inner(scoped), close);
      const result = await fn(scoped);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      try {
        await client.query("ROLLBACK");
      } catch {
        broken = true;
      }
      throw error;
    } finally {
      client.release(broken);
    }
  };
  return executorOver(pool, transaction, close);
}
