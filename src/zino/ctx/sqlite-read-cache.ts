// Reads of the rarely written tables (config, prompts, tools, skills, memory) and the recent history windows,
// cached; our own writes and any other connection's commit (`PRAGMA data_version`) invalidate them, and bump the
// revision callers use to cache what they derive from them.
import type { Database } from "better-sqlite3";
import type { ChatMessage } from "../protocol/index.js";

/** Cached reads are shared: past this many entries the cache starts over (many ctxkeys, each read once). */
const MAX_CACHED_READS = 20_000;

export interface SqliteReadCache {
  /** The value cached under `key`, else `read()`'s, cached. */
  cachedRead: <T>(key: string, read: () => T) => T;
  /** Another connection (another process on the same file) committed since we last looked: drop the cache. */
  checkOthers: () => void;
  /** We wrote: drop the cache. */
  changed: () => void;
  /** Counts the changes seen (ours and others'). */
  readonly revision: number;
  /**
   * The newest `limit` history messages of recently read ctxkeys, kept in step with our own appends: every turn
   * appends, and the next build reads the same window back. Any other connection's commit drops them all.
   */
  readonly tails: Map<string, { limit: number; messages: ChatMessage[] }>;
}

export function createSqliteReadCache(db: Database): SqliteReadCache {
  const dataVersion = db.prepare("PRAGMA data_version").pluck();
  let seenDataVersion = dataVersion.get();
  let revision = 0;
  const reads = new Map<string, unknown>();
  const tails = new Map<string, { limit: number; messages: ChatMessage[] }>();
  const changed = () => {
    revision += 1;
    reads.clear();
    tails.clear();
  };
  const checkOthers = () => {
    const version = dataVersion.get();
    if (version !== seenDataVersion) {
      seenDataVersion = version;
      changed();
    }
  };
  const cachedRead = <T>(key: string, read: () => T): T => {
    checkOthers();
    if (reads.has(key)) return reads.get(key) as T;
    const value = read();
    if (reads.size >= MAX_CACHED_READS) reads.clear();
    reads.set(key, value);
    return value;
  };
  return {
    cachedRead,
    checkOthers,
    changed,
    get revision() {
      return revision;
    },
    tails,
  };
}
