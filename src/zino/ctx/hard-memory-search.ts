// `search_hard` scoring (docs/zino-protocol.md §8), documented on purpose: a token-overlap score. Text is lower-cased and split
// into words of letters and digits; the score of a memory is the share of the query's distinct words that
// appear in the memory's messages (0..1). Ties go to the newest memory. No embeddings, no model needed.
import { contentText } from "../protocol/index.js";
import type { HardMemory } from "./store.js";

export function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

export function overlapScore(query: ReadonlySet<string>, memory: ReadonlySet<string>): number {
  if (query.size === 0) return 0;
  let shared = 0;
  for (const word of query) if (memory.has(word)) shared += 1;
  return shared / query.size;
}

export interface ScoredMemory {
  memory: HardMemory;
  score: number;
}

/** The best `topK` memories with a score above `minScore`; `memories` newest first. */
export function searchHardMemories(
  memories: readonly HardMemory[],
  query: string,
  options: { topK: number; minScore?: number },
): ScoredMemory[] {
  const queryWords = wordsOf(query);
  const minScore = options.minScore ?? 0;
  const scored: ScoredMemory[] = [];
  for (const memory of memories) {
    const text = [memory.tag ?? "", ...memory.messages.map(contentText)].join("\n");
    const score = overlapScore(queryWords, wordsOf(text));
    if (score > 0 && score >= minScore) scored.push({ memory, score: Math.round(score * 1000) / 1000 });
  }
  // Array.prototype.sort is stable: equal scores keep the newest-first order.
  scored.sort((a, b) => b.score - a.score);
  return scored.slice(0, options.topK);
}
