// `search_hard` scoring (docs/zino-protocol.md §8), documented on purpose: a token-overlap score. Text is lower-cased and split
// into words of letters and digits; the score of a memory is the share of the query's distinct words that
// appear in the memory's messages (0..1). Ties go to the newest memory. No embeddings, no model needed.
// Both stores keep each memory's distinct words in a table of their own (the word index): a search counts the
// query's words per memory there and reads back only the memories it returns, instead of every memory's text.
import { createHash } from "node:crypto";
import { contentText, type ChatMessage } from "../protocol/index.js";
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

/** The distinct words a memory is found by: those of its tag and of its messages' text. */
export function memoryWords(tag: string | null | undefined, messages: readonly ChatMessage[]): Set<string> {
  return wordsOf([tag ?? "", ...messages.map(contentText)].join("\n"));
}

/**
 * A word as the word index keeps it. A word longer than this (a hash, a base64 blob) is kept as a digest: an index
 * entry has a size limit on PostgreSQL (about 2.7 KB), and `#` never occurs in a word, so no digest equals a word.
 */
const MAX_INDEXED_WORD_CHARS = 64;

export function indexWord(word: string): string {
  return word.length <= MAX_INDEXED_WORD_CHARS ? word : `#${createHash("sha256").update(word).digest("hex")}`;
}

export function indexWords(words: Iterable<string>): string[] {
  return [...new Set([...words].map(indexWord))];
}

export interface ScoredMemory {
  memory: HardMemory;
  score: number;
}

export interface HardSearchOptions {
  topK: number;
  minScore?: number;
}

/** A memory sharing words with the query: its id and how many of the query's distinct words it holds. */
export interface HardMatch {
  id: number;
  shared: number;
}

const roundScore = (score: number) => Math.round(score * 1000) / 1000;

/**
 * Up to this many distinct query words, two memories sharing a different number of them never round to the same
 * score: ordering by (shared, id) is the order of (score, newest), and a store may return only the first topK.
 */
export const EXACT_ORDER_MAX_QUERY_WORDS = 1000;

/**
 * The matches a search returns, best first (rounded score, then newest), as `searchHardMemories` orders them.
 * `matches` are all matches, or, with a query of at most EXACT_ORDER_MAX_QUERY_WORDS words, at least the first
 * topK ordered by shared words and newest.
 */
export function rankHardMatches(
  matches: readonly HardMatch[],
  querySize: number,
  options: HardSearchOptions,
): { id: number; score: number }[] {
  const minScore = options.minScore ?? 0;
  const ranked: { id: number; score: number }[] = [];
  for (const { id, shared } of matches) {
    const score = shared / querySize;
    if (score > 0 && score >= minScore) ranked.push({ id, score: roundScore(score) });
  }
  ranked.sort((a, b) => b.score - a.score || b.id - a.id);
  return ranked.slice(0, options.topK);
}

/**
 * The same search over memories already read (newest first): the reference the word index is tested against, and
 * the search of a store without one.
 */
export function searchHardMemories(memories: readonly HardMemory[], query: string, options: HardSearchOptions): ScoredMemory[] {
  const queryWords = wordsOf(query);
  const minScore = options.minScore ?? 0;
  const scored: ScoredMemory[] = [];
  for (const memory of memories) {
    const score = overlapScore(queryWords, memoryWords(memory.tag, memory.messages));
    if (score > 0 && score >= minScore) scored.push({ memory, score: roundScore(score) });
  }
  // Array.prototype.sort is stable: equal scores keep the newest-first order.
  scored.sort((a, b) => b.score - a.score);
  return scored.slice(0, options.topK);
}
