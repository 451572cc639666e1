// Fallback tier of docs/zelinqa-api.md §11.7: least-asked questions first, one per principal target.
import type { QuestionInfo } from "./load-artifact.js";
import { isOpenLink } from "./selection-pool.js";
import type { SelectionContext } from "./selection-pool.js";

type Key = [number, number, number, number, number, string, string];

function fallbackKey(ctx: SelectionContext, q: QuestionInfo): Key {
  const stats = ctx.progress.outcomes.get(q.id);
  const openCoverages = q.links.filter((l) => isOpenLink(ctx, l)).map((l) => ctx.progress.table.cov[l.index] as number);
  return [
    stats?.refused ? 1 : 0,
    stats?.count ?? 0,
    stats ? stats.lastTurn : -1,
    openCoverages.length === 0 ? 1 : Math.min(...openCoverages),
    q.dimension.order_position,
    q.dimension.id,
    q.id,
  ];
}

function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number | string;
    const y = b[i] as number | string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

export function fallbackTopK(ctx: SelectionContext, pool: readonly QuestionInfo[], k: number): QuestionInfo[] {
  const keyed = pool.map((q) => ({ q, key: fallbackKey(ctx, q) })).sort((a, b) => compareKeys(a.key, b.key));
  const taken: QuestionInfo[] = [];
  const principals = new Set<string>();
  for (const { q } of keyed) {
    if (taken.length >= k) break;
    if (principals.has(q.principal.id)) continue;
    principals.add(q.principal.id);
    taken.push(q);
  }
  return taken;
}
