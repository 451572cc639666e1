// node-postgres's client-side bound on a statement (`query_timeout`, on a pool or per statement): how its failure is
// told, and the per-statement setting, which its types omit. Used by ctx's and the Zelinqa API's PostgreSQL stores.
import type pg from "pg";

/** A statement's config with its own `query_timeout` (ms), replacing the pool's for that statement. */
export type TimedQueryConfig<V extends unknown[] = unknown[]> = pg.QueryConfig<V> & { query_timeout?: number };

/** The failure of a statement that got no answer within its query_timeout (its connection is then not to be reused). */
export function isQueryReadTimeout(err: unknown): boolean {
  return err instanceof Error && err.message === "Query read timeout";
}
