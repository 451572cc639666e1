// The PostgreSQL database opened for the ctx store: a `pg` pool sized and timed by `[store]`, statements
// prepared once per connection (named), migrations run once across hosts (pg-migrations.ts), and the row sealer
// of secrets at rest, whose key every host must share: a check row tells a host that holds another key at start.
import { isQueryReadTimeout } from "../../shared/pg-query-timeout.js";
import { existsSync } from "node:fs";
import pg from "pg";
import type { PostgresStoreSettings } from "../config/index.js";
import { redactDatabaseUrl } from "../../shared/database-url.js";
import { migratePostgres } from "./pg-migrations.js";
import { SecretKeyError } from "./secret-box.js";
import { SEALED_LIKE, keyedSealer, type RowSealer } from "./sealed-rows.js";
import { storeErrorOf } from "./store-errors.js";

export type PgParam = string | number | boolean | null | readonly string[];

export interface PgConnection {
  pool: pg.Pool;
  settings: PostgresStoreSettings;
  /** The URL without its password. */
  location: string;
  schemaVersion: number;
  sealer: RowSealer;
  /** Runs one statement (prepared by name on each connection) outside any explicit transaction. */
  query: (sql: string, params?: readonly PgParam[]) => Promise<pg.QueryResult>;
  /** Runs `fn` in one transaction on one connection; a thrown error rolls it back. */
  transaction: <T>(fn: (client: pg.PoolClient) => Promise<T>) => Promise<T>;
}

const KEY_CHECK = "zino-ctx key check";

/** Statement names: one per SQL text, the same in every connection of the process. */
function statementNames(): (sql: string) => string {
  const names = new Map<string, string>();
  return (sql) => {
    let name = names.get(sql);
    if (name === undefined) {
      name = `zino_ctx_${names.size}`;
      names.set(sql, name);
    }
    return name;
  };
}

/**
 * How much longer than statement_timeout_ms ctx waits for any answer to a statement. The server cancels a slow
 * statement itself; this bounds the wait on a server or a network that stopped answering at all (a frozen host, a
 * dropped route), where nothing else would for minutes.
 */
export const QUERY_TIMEOUT_MARGIN_MS = 2000;
/** Idle time before TCP keepalive probes start on ctx's connections (the OS default is two hours). */
export const KEEPALIVE_IDLE_MS = 10_000;

function poolConfig(settings: PostgresStoreSettings, max: number): pg.PoolConfig {
  return {
    connectionString: settings.url,
    max,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    statement_timeout: settings.statementTimeoutMs,
    query_timeout: settings.statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
    application_name: "zino-ctx",
  };
}

export async function openPgConnection(settings: PostgresStoreSettings): Promise<PgConnection> {
  const location = redactDatabaseUrl(settings.url);
  const pool = new pg.Pool(poolConfig(settings, settings.poolSize));
  // An idle connection lost (server restart) must not end the process: the next query reports it.
  pool.on("error", () => undefined);
  try {
    const client = await pool.connect();
    try {
      const schemaVersion = await migratePostgres(client);
      const sealer = await openSealer(client, settings.keyPath);
      return { ...requests(pool), pool, settings, location, schemaVersion, sealer };
    } finally {
      client.release();
    }
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw storeErrorOf(err, location) ?? err;
  }
}

function requests(pool: pg.Pool): Pick<PgConnection, "query" | "transaction"> {
  const nameOf = statementNames();
  return {
    query: (sql, params = []) => pool.query({ name: nameOf(sql), text: sql, values: params as unknown[] }),
    async transaction(fn) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query("BEGIN");
        const result = await fn(client);
        await client.query("COMMIT");
        return result;
      } catch (err) {
        // A connection that stopped answering would not answer the ROLLBACK either: it is dropped instead.
        if (isQueryReadTimeout(err)) broken = true;
        else {
          await client.query("ROLLBACK").catch(() => {
            broken = true;
          });
        }
        throw err;
      } finally {
        client.release(broken);
      }
    },
  };
}

/** The sealer over the shared key file; the check row, sealed by the first host, proves every later host's key. */
async function openSealer(client: pg.PoolClient, keyPath: string): Promise<RowSealer> {
  const sealed = await client.query(
    "SELECT 1 FROM zino_ctx_meta WHERE key = 'key_check' UNION ALL SELECT 1 FROM zino_ctx_values WHERE value LIKE $1 LIMIT 1",
    [SEALED_LIKE],
  );
  if ((sealed.rowCount ?? 0) > 0 && !existsSync(keyPath)) {
    throw new SecretKeyError(
      `the shared ctx database holds sealed secrets but this host has no key file ${keyPath}; copy it from a host already using this database (every host needs the same one)`,
    );
  }
  const sealer = keyedSealer(keyPath, false);
  await client.query("INSERT INTO zino_ctx_meta (key, value) VALUES ('key_check', $1) ON CONFLICT (key) DO NOTHING", [
    sealer.seal(KEY_CHECK),
  ]);
  const row = (await client.query<{ value: string }>("SELECT value FROM zino_ctx_meta WHERE key = 'key_check'")).rows[0];
  let clear: string | undefined;
  try {
    clear = row ? sealer.unseal(row.value) : undefined;
  } catch {
    clear = undefined;
  }
  if (clear !== KEY_CHECK) {
    throw new SecretKeyError(
      `the ctx key file ${keyPath} is not the key the shared database seals its secrets with; copy the key file from a host already using this database (every host needs the same one)`,
    );
  }
  return sealer;
}
