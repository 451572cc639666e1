// Where zino-ctx keeps its rows: the SQLite file of `[paths] database` (the default, Python-compatible), or a
// PostgreSQL database shared by several ZINO hosts [ext]: `[paths] database = "postgres://…"`, or a `[store]`
// table that also sets the pool, the timeouts and the key file (deploy/zino-postgres.md). The URL's password is
// never shown: `storeLocation` is what logs and status print.
import { z } from "zod";
import { isPostgresUrl, redactDatabaseUrl } from "../../shared/database-url.js";
import { ConfigError } from "./config-error.js";

export const StoreTableSchema = z.strictObject({
  /** `postgres://user:password@host:5432/db`; prefer `url_env` to keep the password out of the file. */
  url: z.string().optional(),
  /** The environment variable holding the URL (e.g. ZINO_DATABASE_URL). */
  url_env: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
    .optional(),
  /** Connections per zino-ctx process. */
  pool_size: z.number().int().min(1).max(100).optional(),
  /** Longest statement before PostgreSQL cancels it. */
  statement_timeout_ms: z.number().int().min(100).max(600_000).optional(),
  /** Longest wait for a connection (new or from the pool). */
  connect_timeout_ms: z.number().int().min(100).max(120_000).optional(),
  /** The key sealing secrets at rest: the same file on every host (default `.zino/ctx-store.key`). */
  key_file: z.string().optional(),
});

export interface PostgresStoreSettings {
  kind: "postgres";
  /** Empty when `urlMissing` says why: only zino-ctx needs the URL, the other processes start without it. */
  url: string;
  /** Set when `url_env` names a variable this process does not have (zino-ctx refuses to start then). */
  urlMissing?: string;
  poolSize: number;
  statementTimeoutMs: number;
  connectTimeoutMs: number;
  keyPath: string;
}

export const STORE_DEFAULTS = { poolSize: 10, statementTimeoutMs: 5000, connectTimeoutMs: 5000, keyFile: ".zino/ctx-store.key" };

export function storeSettings(options: {
  table: z.infer<typeof StoreTableSchema> | undefined;
  pathsDatabase: string | undefined;
  env: NodeJS.ProcessEnv;
  at: (path: string) => string;
}): PostgresStoreSettings | undefined {
  const { table, pathsDatabase, env } = options;
  if (table?.url !== undefined && table.url_env !== undefined) throw new ConfigError("[store]: set url or url_env, not both");
  let url = table?.url;
  let urlMissing: string | undefined;
  if (table?.url_env !== undefined) {
    url = env[table.url_env] ?? "";
    if (url === "") urlMissing = `[store] url_env: the environment variable ${table.url_env} is not set for zino-ctx`;
  }
  if (url === undefined && pathsDatabase !== undefined && isPostgresUrl(pathsDatabase)) url = pathsDatabase;
  if (url === undefined) {
    if (table !== undefined) throw new ConfigError("[store]: url or url_env is required (a postgres:// URL)");
    return undefined;
  }
  if (urlMissing === undefined && (!isPostgresUrl(url) || !URL.canParse(url))) {
    // Said without the value: it may hold a password.
    throw new ConfigError("the ctx database URL is not a valid postgres:// or postgresql:// URL");
  }
  return {
    kind: "postgres",
    url,
    ...(urlMissing === undefined ? {} : { urlMissing }),
    poolSize: table?.pool_size ?? STORE_DEFAULTS.poolSize,
    statementTimeoutMs: table?.statement_timeout_ms ?? STORE_DEFAULTS.statementTimeoutMs,
    connectTimeoutMs: table?.connect_timeout_ms ?? STORE_DEFAULTS.connectTimeoutMs,
    keyPath: options.at(table?.key_file ?? STORE_DEFAULTS.keyFile),
  };
}

/** Where an instance's ctx rows are, safe to print: the SQLite path, or the URL without its password. */
export function storeLocation(instance: { databasePath: string; store?: PostgresStoreSettings | undefined }): string {
  if (!instance.store) return instance.databasePath;
  return instance.store.urlMissing === undefined ? redactDatabaseUrl(instance.store.url) : "postgres (URL not in this environment)";
}
