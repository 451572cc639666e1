// What ctx derives from the rarely written tables (merged and validated configuration, system prompts), cached
// per store until its revision changes (any write to config, prompts, tools, skills or memories, by anyone).
// Cached values are shared between requests: callers never mutate them. A store without a revision at the moment
// caches nothing. Values are promises: a computation that fails is dropped, not kept.
import type { CtxStore } from "./store.js";
import { valueChars } from "./value-chars.js";

const MAX_ENTRIES = 20_000;
/** Past this many characters of values together (value-chars.ts) the cache starts over too. */
export const MAX_DERIVED_CHARS = 64 * 1024 * 1024;
const caches = new WeakMap<CtxStore, { revision: number; values: Map<string, Promise<unknown>>; chars: number }>();

export function derived<T>(store: CtxStore, key: string, compute: () => Promise<T>): Promise<T> {
  const revision = store.revision?.();
  if (revision === undefined) return compute();
  let cache = caches.get(store);
  if (!cache || cache.revision !== revision) {
    cache = { revision, values: new Map(), chars: 0 };
    caches.set(store, cache);
  }
  const current = cache;
  const { values } = current;
  const cached = values.get(key);
  if (cached) return cached as Promise<T>;
  const value = compute();
  if (values.size >= MAX_ENTRIES) {
    values.clear();
    current.chars = 0;
  }
  values.set(key, value);
  value.then(
    (settled) => {
      if (values.get(key) !== value) return;
      current.chars += valueChars(settled);
      if (current.chars <= MAX_DERIVED_CHARS) return;
      values.clear();
      current.chars = 0;
    },
    () => values.get(key) === value && values.delete(key),
  );
  return value;
}
