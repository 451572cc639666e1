// What ctx derives from the rarely written tables (merged and validated configuration, system prompts), cached
// per store until its revision changes (any write to config, prompts, tools, skills or memories, by anyone).
// Cached values are shared between requests: callers never mutate them. A store without `revision` caches nothing.
import type { CtxStore } from "./store.js";

const MAX_ENTRIES = 20_000;
const caches = new WeakMap<CtxStore, { revision: number; values: Map<string, unknown> }>();

export function derived<T>(store: CtxStore, key: string, compute: () => T): T {
  const revision = store.revision?.();
  if (revision === undefined) return compute();
  let cache = caches.get(store);
  if (!cache || cache.revision !== revision) {
    cache = { revision, values: new Map() };
    caches.set(store, cache);
  }
  if (cache.values.has(key)) return cache.values.get(key) as T;
  const value = compute();
  if (cache.values.size >= MAX_ENTRIES) cache.values.clear();
  cache.values.set(key, value);
  return value;
}
