// Reads of the rarely written tables (config, prompts, tools, skills, memory) and the recent history windows,
// cached; our own writes and other writers' commits invalidate them, and bump the revision callers use to cache
// what they derive from them. What tells of other writers is the adapter's: SQLite's `PRAGMA data_version`,
// PostgreSQL's change notifications (pg-change-feed.ts). While the adapter cannot tell (`live()` false), nothing
// is cached.
import { HistoryTails } from "./history-tails.js";
import { valueChars } from "./value-chars.js";

/** Cached reads are shared: past this many entries the cache starts over (many ctxkeys, each read once). */
const MAX_CACHED_READS = 20_000;
/** The same past this many characters of cached values together (value-chars.ts): a configuration may be a frame's size. */
export const MAX_CACHED_READ_CHARS = 64 * 1024 * 1024;

export interface ReadCache {
  /** The value cached under `key`, else `read()`'s, cached; a promise that rejects is not kept. */
  cachedRead: <T>(key: string, read: () => T) => T;
  /** Looks whether another writer committed since we last looked, and then drops the cache. */
  checkOthers: () => void;
  /** We wrote, or were told of another writer: drop the cache. */
  changed: () => void;
  /** Counts the changes seen (ours and others'); undefined while other writers cannot be seen. */
  readonly revision: number | undefined;
  /**
   * The newest `limit` history messages of recently read ctxkeys, kept in step with our own appends: every turn
   * appends, and the next build reads the same window back. Any other writer's commit drops them all.
   */
  readonly tails: HistoryTails;
}

export interface ReadCacheOptions {
  /** True when another writer committed since the last call (polled before each cached read). */
  othersChanged?: () => boolean;
  /** False while other writers' changes cannot be seen: then every read goes to the database. */
  live?: () => boolean;
}

export function createReadCache(options: ReadCacheOptions = {}): ReadCache {
  const { othersChanged, live = () => true } = options;
  let revision = 0;
  // Replaced, not cleared: a read that started before a change stores its (older) value in the dropped map.
  let reads = new Map<string, unknown>();
  let readChars = 0;
  /** Counts a value cached in `current`; past the bound, the cache starts over. */
  const weigh = (current: Map<string, unknown>, value: unknown) => {
    if (current !== reads) return;
    readChars += valueChars(value);
    if (readChars > MAX_CACHED_READ_CHARS) {
      reads = new Map();
      readChars = 0;
    }
  };
  const tails = new HistoryTails();
  const changed = () => {
    revision += 1;
    reads = new Map();
    readChars = 0;
    tails.clear();
  };
  const checkOthers = () => {
    if (othersChanged?.()) changed();
  };
  const cachedRead = <T>(key: string, read: () => T): T => {
    checkOthers();
    if (!live()) return read();
    const current = reads;
    if (current.has(key)) return current.get(key) as T;
    const value = read();
    if (current.size >= MAX_CACHED_READS) {
      current.clear();
      readChars = 0;
    }
    current.set(key, value);
    if (value instanceof Promise)
      value.then(
        (settled: unknown) => weigh(current, settled),
        () => current.get(key) === value && current.delete(key),
      );
    else weigh(current, value);
    return value;
  };
  return {
    cachedRead,
    checkOthers,
    changed,
    get revision() {
      return live() ? revision : undefined;
    },
    tails,
  };
}
