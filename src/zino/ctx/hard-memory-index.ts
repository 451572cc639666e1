// The word index of hard memories, as both stores use it (hard-memory-search.ts has the scoring): the rows a memory
// adds to it, and a search that counts the query's words per memory there and reads back only the memories it
// returns. The bound on memories per ctxkey (`context.max_hard_memories`) and its refusal live here too.
import { WireError } from "../../wire/index.js";
import type { ChatMessage } from "../protocol/index.js";
import {
  EXACT_ORDER_MAX_QUERY_WORDS,
  indexWords,
  memoryWords,
  rankHardMatches,
  wordsOf,
  type HardMatch,
  type HardSearchOptions,
  type ScoredMemory,
} from "./hard-memory-search.js";
import { hardMemoryOf } from "./store-rows.js";
import { DEFAULT_KEY, type HardMemory } from "./store.js";

/** The hard memories a ctxkey searches: its own and the `default` ones. */
export function hardMemoryKeys(ctxkey: string): string[] {
  return ctxkey === DEFAULT_KEY ? [DEFAULT_KEY] : [ctxkey, DEFAULT_KEY];
}

/** The words a memory is indexed under (each once). */
export function hardMemoryIndexWords(tag: string | null | undefined, messages: readonly ChatMessage[]): string[] {
  return indexWords(memoryWords(tag, messages));
}

/** A stored hard memory row (migrations index the memories stored before the index). */
export function hardMemoryWordRows(row: unknown): { id: number; ctxkey: string; words: string[] } {
  const memory = hardMemoryOf(row);
  return { id: memory.id, ctxkey: memory.ctxkey, words: hardMemoryIndexWords(memory.tag, memory.messages) };
}

/** What a store answers a search from. */
export interface HardWordIndex {
  /** Whether the ctxkeys hold any hard memory (cached by the stores: most ctxkeys hold none, and every turn asks). */
  any(): Promise<boolean>;
  /** Memories holding any of `words`, with how many: ordered by that count, then newest; at most `limit` when given. */
  matches(words: readonly string[], limit: number | undefined): Promise<HardMatch[]>;
  memories(ids: readonly number[]): Promise<HardMemory[]>;
}

export async function searchWordIndex(index: HardWordIndex, query: string, options: HardSearchOptions): Promise<ScoredMemory[]> {
  const words = wordsOf(query);
  if (words.size === 0 || options.topK === 0 || !(await index.any())) return [];
  // Past EXACT_ORDER_MAX_QUERY_WORDS, scores of different counts may round alike: all matches are ranked here.
  const limit = words.size <= EXACT_ORDER_MAX_QUERY_WORDS ? options.topK : undefined;
  const ranked = rankHardMatches(await index.matches(indexWords(words), limit), words.size, options);
  if (ranked.length === 0) return [];
  const byId = new Map((await index.memories(ranked.map(({ id }) => id))).map((memory) => [memory.id, memory]));
  // A memory deleted between the two reads is left out.
  return ranked.flatMap(({ id, score }) => {
    const memory = byId.get(id);
    return memory ? [{ memory, score }] : [];
  });
}

/** The refusal of a store_hard past the bound: what to do about it. */
export function hardMemoriesFull(ctxkey: string, count: number, max: number): WireError {
  return new WireError(
    "limit_reached",
    `ctxkey "${ctxkey}" already holds ${count} hard memories, the most context.max_hard_memories (${max}) allows: ` +
      `delete some first (ctx delete_hard {ids} or clear_hard), or raise context.max_hard_memories for this ctxkey ` +
      `(zino ctx set ${ctxkey} context.max_hard_memories=N) or in ZINO.toml [context].`,
    { limit: "context.max_hard_memories", max, count },
  );
}
