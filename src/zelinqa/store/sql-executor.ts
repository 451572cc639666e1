// The SQL port shared by both backends: positional `$n` parameters, rows as plain records, and transactions
// that hand a scoped executor to the callback. Repositories are written once against this interface.
import { JsonText } from "./store-port.js";

export type SqlDialect = "sqlite" | "postgres";
export type SqlParam = string | number | boolean | null;
export type SqlRow = Record<string, unknown>;

export interface SqlExecutor {
  readonly dialect: SqlDialect;
  all(sql: string, params?: readonly SqlParam[]): Promise<SqlRow[]>;
  get(sql: string, params?: readonly SqlParam[]): Promise<SqlRow | undefined>;
  /**
   * `get` of a row too large to read on the calling thread (a 44 MB artefact), outside any transaction: SQLite reads it
   * on a second connection in a worker thread (committed data only), PostgreSQL as any read (its driver is asynchronous).
   */
  getLarge(sql: string, params?: readonly SqlParam[]): Promise<SqlRow | undefined>;
  /** Returns the number of rows changed. */
  run(sql: string, params?: readonly SqlParam[]): Promise<number>;
  /**
   * Runs `fn` in one transaction; a thrown error rolls it back. Nested calls reuse the outer transaction. `long`: its
   * statements may take minutes (migrations), past the client-side bound a request's statements have.
   */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>, options?: { long?: boolean }): Promise<T>;
  close(): Promise<void>;
}

/** Column readers: rows come back untyped from both drivers (PostgreSQL BIGINT arrives as a string). */
export function text(row: SqlRow, column: string): string {
  const value = row[column];
  if (typeof value !== "string") throw new Error(`column ${column} is not text`);
  return value;
}

export function textOrNull(row: SqlRow, column: string): string | null {
  const value = row[column];
  if (value === null || value === undefined) return null;
  if (typeof value !== "string") throw new Error(`column ${column} is not text`);
  return value;
}

export function int(row: SqlRow, column: string): number {
  const value = row[column];
  if (typeof value === "number") return value;
  if (typeof value === "string" || typeof value === "bigint") return Number(value);
  throw new Error(`column ${column} is not a number`);
}

export function intOrNull(row: SqlRow, column: string): number | null {
  const value = row[column];
  return value === null || value === undefined ? null : int(row, column);
}

/** A value to store as JSON TEXT: serialised here, unless it is JSON text already. */
export function jsonParam(value: unknown): string {
  return value instanceof JsonText ? value.text : JSON.stringify(value);
}

/** JSON stored as TEXT in both backends, parsed to `unknown`: callers validate what they need. */
export function json(row: SqlRow, column: string): unknown {
  return JSON.parse(text(row, column)) as unknown;
}

export function jsonOrNull(row: SqlRow, column: string): unknown {
  const value = textOrNull(row, column);
  return value === null ? null : (JSON.parse(value) as unknown);
}
