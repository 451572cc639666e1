// SQLite adapter of the SQL port: one better-sqlite3 connection in WAL mode, serialised by an async lock so an
// awaiting transaction never interleaves with other statements on the same connection.
import { closeSync, openSync } from "node:fs";
import Database from "better-sqlite3";
import type { SqlExecutor, SqlParam, SqlRow } from "../sql-executor.js";
import { SideConnectionUnavailable, startSideConnection } from "./sqlite-side-connection.js";
import type { SideConnection } from "./sqlite-side-connection.js";

/** `$1`-style placeholders become `?`; the parameter order of each statement text is computed once. */
const placeholderOrders = new Map<string, { sql: string; order: number[] }>();

function translate(sql: string, params: readonly SqlParam[]): { sql: string; params: unknown[] } {
  let translated = placeholderOrders.get(sql);
  if (!translated) {
    const order: number[] = [];
    const out = sql.replace(/\$(\d+)/g, (_m, index: string) => {
      order.push(Number(index) - 1);
      return "?";
    });
    translated = { sql: out, order };
    placeholderOrders.set(sql, translated);
  }
  const ordered = translated.order.map((i) => {
    const value = params[i];
    return typeof value === "boolean" ? (value ? 1 : 0) : value;
  });
  return { sql: translated.sql, params: ordered };
}

class AsyncLock {
  private tail: Promise<void> = Promise.resolve();
  /** Holders and waiters; 0 means nobody holds or awaits the lock. */
  private users = 0;
  get idle(): boolean {
    return this.users === 0;
  }
  async run<T>(fn: () => Promise<T>): Promise<T> {
    this.users += 1;
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      return await fn();
    } finally {
      this.users -= 1;
      release();
    }
  }
}

/** A synchronous statement as a promise, run now (a throw becomes the rejection). */
const settled = async <T>(fn: () => T): Promise<T> => fn();

/** A read on the side connection (committed data), or `here` when there is no side connection. */
async function readOnSide(
  side: SideConnection,
  statement: { sql: string; params: unknown[] },
  here: () => Promise<SqlRow | undefined>,
): Promise<SqlRow | undefined> {
  try {
    return await side.get(statement.sql, statement.params);
  } catch (error) {
    if (!(error instanceof SideConnectionUnavailable)) throw error;
    return here();
  }
}

export interface SqliteExecutorOptions {
  path: string;
}

/**
 * A new database file is created 0600 before SQLite opens it: it holds conversation answers (personal data), key
 * and sign-in code hashes, and SQLite gives the -wal and -shm files the mode of the database file. An existing file
 * keeps its mode; a path that cannot be created is left to SQLite, whose error names it.
 */
function openPrivately(path: string): Database.Database {
  if (path !== "" && path !== ":memory:" && !path.startsWith("file:")) {
    try {
      closeSync(openSync(path, "wx", 0o600));
    } catch {
      // already there, or not creatable: SQLite opens or reports it
    }
  }
  return new Database(path);
}

function configure(db: Database.Database): void {
  db.pragma("journal_mode = WAL");
  // WAL + NORMAL: no fsync per COMMIT; a commit survives a crash of the process, a power loss may lose the last
  // ones but never corrupts the file (docs/zelinqa-api.md §2.3).
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  // Larger page cache and less frequent checkpoints: sessions rewrite a few KB of state per turn.
  db.pragma("cache_size = -65536");
  db.pragma("temp_store = MEMORY");
  db.pragma("wal_autocheckpoint = 4000");
}

export function createSqliteExecutor(options: SqliteExecutorOptions): SqlExecutor {
  const db = openPrivately(options.path);
  configure(db);
  const side = startSideConnection(options.path);
  const lock = new AsyncLock();
  // Prepared once: db.exec would parse the statement text on every transaction.
  const begin = db.prepare("BEGIN IMMEDIATE");
  const commit = db.prepare("COMMIT");
  const statements = new Map<string, Database.Statement>();
  let closed = false;

  const prepare = (sql: string): Database.Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };

  const direct = {
    all(sql: string, params: readonly SqlParam[] = []): SqlRow[] {
      const t = translate(sql, params);
      const statement = prepare(t.sql);
      if (!statement.reader) {
        statement.run(...t.params);
        if (!db.inTransaction) side.committed();
        return [];
      }
      return statement.all(...t.params) as SqlRow[];
    },
    run(sql: string, params: readonly SqlParam[] = []): number {
      const t = translate(sql, params);
      const statement = prepare(t.sql);
      if (statement.reader) return statement.all(...t.params).length;
      const changes = statement.run(...t.params).changes;
      if (!db.inTransaction) side.committed();
      return changes;
    },
  };

  let inTransactionExecutor: SqlExecutor | undefined;
  const scoped = (inTransaction: boolean): SqlExecutor => {
    // A statement runs at once inside the transaction that holds the lock, or when nobody holds or awaits it
    // (nothing could be ordered before it); otherwise it queues behind the holder.
    const wrap = <T>(fn: () => T): Promise<T> => (inTransaction || lock.idle ? settled(fn) : lock.run(async () => fn()));
    const executor: SqlExecutor = {
      dialect: "sqlite",
      all: (sql, params) => wrap(() => direct.all(sql, params)),
      get: (sql, params) => wrap(() => direct.all(sql, params)[0]),
      getLarge: (sql, params = []) => {
        const here = () => wrap(() => direct.all(sql, params)[0]);
        return inTransaction ? here() : readOnSide(side, translate(sql, params), here);
      },
      run: (sql, params) => wrap(() => direct.run(sql, params)),
      transaction: async <T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> => {
        if (inTransaction) return fn(executor);
        return lock.run(async () => {
          begin.run();
          try {
            inTransactionExecutor ??= scoped(true);
            const result = await fn(inTransactionExecutor);
            commit.run();
            side.committed();
            return result;
          } catch (error) {
            if (db.inTransaction) db.exec("ROLLBACK");
            throw error;
          }
        });
      },
      close: async () => {
        await lock.run(async () => {
          if (closed) return;
          closed = true;
          // The side connection first, so that the last connection to close checkpoints and removes the WAL.
          await side.close();
          db.close();
        });
      },
    };
    return executor;
  };
  return scoped(false);
}
