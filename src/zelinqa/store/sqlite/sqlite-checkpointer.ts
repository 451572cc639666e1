// WAL checkpoints off the request thread. better-sqlite3 is synchronous, so SQLite's automatic checkpoint (copy the
// WAL into the database file and fsync it, every wal_autocheckpoint pages) ran inside the COMMIT of whichever request
// crossed the threshold, and took most of the time the /next path spent in SQLite. A worker thread with its own
// connection to the same file runs PASSIVE checkpoints instead (they never block the writer), asked for every
// CHECKPOINT_EVERY_COMMITS commits; the connection's own wal_autocheckpoint stays as the bound if the worker falls behind.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** About 20 pages per commit of one /next, fewer per /next when several commit together (sql-session-group-commit.ts): a
 * checkpoint every few hundred pages, well under wal_autocheckpoint (4000). */
const CHECKPOINT_EVERY_COMMITS = 32;

// Plain CommonJS evaluated in the worker (no TypeScript loader there): a PASSIVE checkpoint per "checkpoint" message.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
parentPort.on("message", (message) => {
  if (message === "close") {
    db.close();
    parentPort.close();
    return;
  }
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // A busy or failed checkpoint is retried at the next request; the writer's own checkpoint bounds the WAL.
  }
  parentPort.postMessage("done");
});
`;

export interface Checkpointer {
  /** Called after each COMMIT: asks for a checkpoint every CHECKPOINT_EVERY_COMMITS commits, one at a time. */
  committed(): void;
  close(): Promise<void>;
}

const NO_CHECKPOINTER: Checkpointer = { committed: () => undefined, close: async () => undefined };

/** A checkpointer for the database file at `path`; none for an in-memory or temporary database (no file to share). */
export function startCheckpointer(path: string): Checkpointer {
  if (path === "" || path === ":memory:" || path.startsWith("file:")) return NO_CHECKPOINTER;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { path, driver: createRequire(import.meta.url).resolve("better-sqlite3") },
  });
  worker.unref();
  let commits = 0;
  let running = false;
  let failed = false;
  worker.on("message", () => (running = false));
  // Without the worker, SQLite's automatic checkpoint keeps doing the work as before.
  worker.on("error", () => (failed = true));
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  return {
    committed() {
      commits += 1;
      if (commits < CHECKPOINT_EVERY_COMMITS || running || failed) return;
      commits = 0;
      running = true;
      worker.postMessage("checkpoint");
    },
    async close() {
      // Referenced again so that the event loop waits for the worker to close its connection.
      worker.ref();
      if (!failed) worker.postMessage("close");
      await exited;
    },
  };
}
