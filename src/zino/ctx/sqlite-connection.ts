// The ctx database file opened for the store: its directory (0700), WAL, a busy timeout, migrations, the row
// sealer of secrets at rest (sealed-rows.ts), and statements prepared once.
import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import BetterSqlite3, { type Database, type Statement } from "better-sqlite3";
import { openRowSealer, type RowSealer } from "./sealed-rows.js";
import { migrateSqlite } from "./sqlite-migrations.js";

export interface SqliteStoreOptions {
  path: string;
  busyTimeoutMs?: number;
  /** The key that seals secrets at rest (sealed-rows.ts); default `<path>.key`, none for `:memory:`; null: none. */
  keyPath?: string | null;
}

export interface SqliteConnection {
  db: Database;
  schemaVersion: number;
  sealer: RowSealer;
  /** The statement of this SQL, prepared on first use. */
  stmt: (sql: string) => Statement;
}

/** The file opened in WAL mode; a folder or file that cannot be used is a `store_open` error naming the path. */
function openDatabaseFile(path: string): Database {
  let db: Database | undefined;
  try {
    const dir = dirname(path);
    if (!existsSync(dir)) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      chmodSync(dir, 0o700);
    }
    db = new BetterSqlite3(path);
    db.pragma("journal_mode = WAL");
    return db;
  } catch (err) {
    db?.close();
    const reason = err instanceof Error ? err.message : String(err);
    throw Object.assign(
      new Error(
        `cannot open the database ${path} (${reason}): check that its folder exists and this user can write to it, or set [paths] database`,
      ),
      { code: "store_open" },
    );
  }
}

export function openSqliteConnection(options: SqliteStoreOptions): SqliteConnection {
  const db = openDatabaseFile(options.path);
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  // Deleted rows (a secret before it was sealed, a cleared history) are overwritten, not left in free pages.
  db.pragma("secure_delete = ON");
  const schemaVersion = migrateSqlite(db);
  const defaultKeyPath = options.path === ":memory:" ? undefined : `${options.path}.key`;
  let sealer: RowSealer;
  try {
    sealer = openRowSealer(db, options.keyPath === null ? undefined : (options.keyPath ?? defaultKeyPath));
  } catch (err) {
    db.close();
    throw err;
  }

  const statements = new Map<string, Statement>();
  const stmt = (sql: string): Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  return { db, schemaVersion, sealer, stmt };
}
