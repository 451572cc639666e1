// A second connection to the SQLite file, in a worker thread, for work that must not hold the request thread
// (better-sqlite3 is synchronous):
// - WAL checkpoints. SQLite's automatic checkpoint (copy the WAL into the database file and fsync it, every
//   wal_autocheckpoint pages) ran inside the COMMIT of whichever request crossed the threshold, and took most of the time
//   the /next path spent in SQLite. The worker runs PASSIVE checkpoints instead (they never block the writer), asked for
//   every CHECKPOINT_EVERY_COMMITS commits; the main connection's own wal_autocheckpoint stays as the bound if the worker
//   falls behind.
// - Reads of large rows (a largest artefact is a 44 MB row: 100 to 200 ms of reading and decoding). The worker reads the
//   row and hands it back; only the copy of its values into the request thread's heap (some 40 ms for 44 MB) stays there.
//   It reads what is committed, so the executor never sends it a read of an open transaction.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { SqlRow } from "../sql-executor.js";

/** About 20 pages per commit of one /next, fewer per /next when several commit together (sql-session-group-commit.ts): a
 * checkpoint every few hundred pages, well under wal_autocheckpoint (4000). */
const CHECKPOINT_EVERY_COMMITS = 32;

// Plain CommonJS evaluated in the worker (no TypeScript loader there). Messages: "checkpoint", "close", or a read
// { id, sql, params } (placeholders already `?`), answered by { id, row } or { id, error }.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
const statements = new Map();
parentPort.on("message", (message) => {
  if (message === "close") {
    db.close();
    parentPort.close();
    return;
  }
  if (message === "checkpoint") {
    try {
      db.pragma("wal_checkpoint(PASSIVE)");
    } catch {
      // A busy or failed checkpoint is retried at the next request; the writer's own checkpoint bounds the WAL.
    }
    parentPort.postMessage("checkpointed");
    return;
  }
  try {
    let statement = statements.get(message.sql);
    if (statement === undefined) {
      statement = db.prepare(message.sql);
      if (statements.size < 100) statements.set(message.sql, statement);
    }
    parentPort.postMessage({ id: message.id, row: statement.get(...message.params) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

/** The worker is not there (an in-memory database, or it failed): the caller reads on its own connection instead. */
export class SideConnectionUnavailable extends Error {
  constructor() {
    super("the SQLite side connection is not available");
    this.name = "SideConnectionUnavailable";
  }
}

export interface SideConnection {
  /** Called after each COMMIT: asks for a checkpoint every CHECKPOINT_EVERY_COMMITS commits, one at a time. */
  committed(): void;
  /**
   * One row read on the side connection (`sql` with `?` placeholders), of committed data; rejects with
   * SideConnectionUnavailable when there is no worker to read it, or with the statement's error.
   */
  get(sql: string, params: readonly unknown[]): Promise<SqlRow | undefined>;
  close(): Promise<void>;
}

const NO_SIDE_CONNECTION: SideConnection = {
  committed: () => undefined,
  get: () => Promise.reject(new SideConnectionUnavailable()),
  close: async () => undefined,
};

type Answer = "checkpointed" | { id: number; row?: SqlRow; error?: string };

/** The side connection to the database file at `path`; none for an in-memory or temporary database (no file to share). */
export function startSideConnection(path: string): SideConnection {
  if (path === "" || path === ":memory:" || path.startsWith("file:")) return NO_SIDE_CONNECTION;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { path, driver: createRequire(import.meta.url).resolve("better-sqlite3") },
  });
  worker.unref();
  let commits = 0;
  let checkpointing = false;
  let failed = false;
  let closing = false;
  let nextId = 0;
  const reads = new Map<number, { resolve: (row: SqlRow | undefined) => void; reject: (error: Error) => void }>();
  // A pending read keeps the process alive (a request awaits it); an idle worker does not.
  const held = () => (reads.size > 0 ? worker.ref() : closing ? undefined : worker.unref());
  worker.on("message", (answer: Answer) => {
    if (answer === "checkpointed") {
      checkpointing = false;
      return;
    }
    const read = reads.get(answer.id);
    reads.delete(answer.id);
    held();
    if (answer.error !== undefined) read?.reject(new Error(answer.error));
    else read?.resolve(answer.row);
  });
  // Without the worker, SQLite's automatic checkpoint keeps doing the work as before, and reads go to the main connection.
  const gone = () => {
    failed = true;
    for (const read of reads.values()) read.reject(new SideConnectionUnavailable());
    reads.clear();
  };
  worker.on("error", gone);
  const exited = new Promise<void>((resolve) =>
    worker.once("exit", () => {
      gone();
      resolve();
    }),
  );
  return {
    committed() {
      commits += 1;
      if (commits < CHECKPOINT_EVERY_COMMITS || checkpointing || failed) return;
      commits = 0;
      checkpointing = true;
      worker.postMessage("checkpoint");
    },
    get(sql, params) {
      if (failed || closing) return Promise.reject(new SideConnectionUnavailable());
      const id = (nextId += 1);
      return new Promise<SqlRow | undefined>((resolve, reject) => {
        reads.set(id, { resolve, reject });
        held();
        worker.postMessage({ id, sql, params });
      });
    },
    async close() {
      closing = true;
      // Referenced again so that the event loop waits for the worker to close its connection.
      worker.ref();
      if (!failed) worker.postMessage("close");
      await exited;
    },
  };
}
