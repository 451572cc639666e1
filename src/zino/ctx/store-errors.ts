// Failures of the ctx database that the operator must see plainly: a stable code, where (the URL without its
// password) and what to do. At start they end the process with that line (src/zino/runtime/run-service.ts); on a
// request they are an `unavailable` or `timeout` error frame carrying `store_error: <code>`.
import { WireError } from "../../wire/index.js";
import { isQueryReadTimeout } from "../../shared/pg-query-timeout.js";
import { UNREACHABLE_NETWORK_CODES } from "../../shared/network-errors.js";

export type StoreErrorCode =
  "store_unreachable" | "store_auth" | "store_config" | "store_schema" | "store_timeout" | "store_busy" | "store_full" | "store_read_only";

export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "StoreError";
  }
}

const UNREACHABLE_NODE_CODES = new Set([...UNREACHABLE_NETWORK_CODES, "EPIPE"]);

function causeOf(err: unknown): { code: string; message: string } {
  const code = typeof err === "object" && err !== null && "code" in err && typeof err.code === "string" ? err.code : "";
  const message = err instanceof Error ? err.message : String(err);
  return { code, message };
}

/**
 * The StoreError a `pg` failure (or a SQLite full or read-only file) stands for, or undefined for one that is not
 * about reaching or writing the database (a bug, a constraint): those stay internal errors. `location` is already redacted; the driver's message never holds the
 * password.
 */
export function storeErrorOf(err: unknown, location: string): StoreError | undefined {
  if (err instanceof StoreError) return err;
  const { code, message } = causeOf(err);
  const plain = message.replace(/postgres(ql)?:\/\/\S+/gi, "(url)");
  // node-postgres's pool says this when a request waited connect_timeout_ms for one of its connections, all in use (a
  // new connection that cannot be made fails with its own error, below).
  if (/timeout exceeded when trying to connect/i.test(message)) {
    return new StoreError(
      "store_busy",
      `no connection to ${location} came free within [store] connect_timeout_ms: all [store] pool_size connections were busy (slow statements, locks held in the database) or still connecting; check the database's load and locks, or raise pool_size`,
    );
  }
  if (
    UNREACHABLE_NODE_CODES.has(code) ||
    code.startsWith("08") ||
    code === "57P01" ||
    code === "57P03" ||
    /^Connection terminated|Client has encountered a connection error/i.test(message)
  ) {
    return new StoreError(
      "store_unreachable",
      `zino-ctx cannot reach its PostgreSQL database ${location} (${code || plain}); check that the server runs and accepts connections from this host, and [store] url in ZINO.toml`,
    );
  }
  if (code === "28P01" || code === "28000") {
    return new StoreError(
      "store_auth",
      `PostgreSQL refused zino-ctx's login to ${location} (${plain}); check the user and password of [store] url`,
    );
  }
  if (code === "3D000")
    return new StoreError("store_config", `the database of ${location} does not exist (${plain}); create it, or fix [store] url`);
  if (code === "57014") {
    return new StoreError("store_timeout", `a ctx statement on ${location} ran past [store] statement_timeout_ms and was cancelled`);
  }
  // Both stores: the disk (or the database's quota) is full, or the file cannot be written. The write was rolled back.
  if (code === "SQLITE_FULL" || code === "53100") {
    return new StoreError(
      "store_full",
      `the disk holding ${location} is full: nothing was stored; free space there (or move [paths] database elsewhere), then retry`,
    );
  }
  if (code.startsWith("SQLITE_READONLY") || code === "25006") {
    return new StoreError(
      "store_read_only",
      `${location} cannot be written (a read-only file, folder or file system): nothing was stored; give zino-ctx write access to it and its folder, then retry`,
    );
  }
  if (isQueryReadTimeout(err)) {
    return new StoreError(
      "store_timeout",
      `${location} gave no answer to a ctx statement within [store] statement_timeout_ms and 2 s more; the connection was dropped: check that the database server and the network to it are responsive`,
    );
  }
  return undefined;
}

/** A request's failure as an error frame: the store's own codes said plainly, anything else as it was. */
export function wireErrorOf(err: unknown, location: string): unknown {
  // PostgreSQL's refusal of a text it cannot hold (U+0000; the requests' schemas refuse it first where they know the
  // field): the request's fault, not an internal error.
  const { code } = causeOf(err);
  if (code === "22021" || code === "22P05") {
    return new WireError("bad_request", "The request holds text the ctx database cannot store (U+0000, NUL): remove it and send again.");
  }
  const store = storeErrorOf(err, location);
  if (!store) return err;
  const waited = store.code === "store_timeout" || store.code === "store_busy";
  return new WireError(waited ? "timeout" : "unavailable", store.message, { store_error: store.code });
}
