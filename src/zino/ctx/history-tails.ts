// The history windows ctx keeps between turns (read-cache.ts `tails`): the newest messages of recently read ctxkeys,
// kept in step with our own appends, so that the next build reads its window from memory. Bounded by their number
// and by the characters of their stored text together: a message may be as large as a frame, and a bound on the
// number of windows alone let a few large messages on each of many ctxkeys hold gigabytes for good.
import type { ChatMessage } from "../protocol/index.js";

/** History windows kept (one per ctxkey, `max_messages` messages each). */
export const MAX_CACHED_TAILS = 2_000;
/** Characters of stored message text all kept windows hold together; the least recently used go first. */
export const MAX_CACHED_TAIL_CHARS = 64 * 1024 * 1024;

export interface Tail {
  limit: number;
  messages: ChatMessage[];
  /** Each message's stored text length, in the same order. */
  chars: number[];
  total: number;
}

export class HistoryTails {
  private readonly byKey = new Map<string, Tail>();
  private total = 0;

  constructor(
    private readonly maxTails = MAX_CACHED_TAILS,
    private readonly maxChars = MAX_CACHED_TAIL_CHARS,
  ) {}

  get size(): number {
    return this.byKey.size;
  }

  /** Characters of stored text the kept windows hold. */
  get chars(): number {
    return this.total;
  }

  /** The window kept for `ctxkey` (its newest `limit` messages, all when it has fewer), now the most recently used. */
  get(ctxkey: string): Readonly<Tail> | undefined {
    const tail = this.byKey.get(ctxkey);
    if (tail) {
      this.byKey.delete(ctxkey);
      this.byKey.set(ctxkey, tail);
    }
    return tail;
  }

  /** Keeps the window just read: `texts` are the stored rows `messages` were decoded from. */
  set(ctxkey: string, limit: number, texts: readonly string[], messages: ChatMessage[]): void {
    this.delete(ctxkey);
    const chars = texts.map((text) => text.length);
    this.keep(ctxkey, { limit, messages, chars, total: sum(chars) });
  }

  /** A kept window after an append of `texts` (decoded by `decode`), as a read would give it. */
  follow(ctxkey: string, texts: readonly string[], decode: (text: string) => ChatMessage): void {
    const tail = this.byKey.get(ctxkey);
    if (!tail) return;
    this.delete(ctxkey);
    const messages = [...tail.messages, ...texts.map(decode)].slice(-tail.limit);
    const chars = [...tail.chars, ...texts.map((text) => text.length)].slice(-tail.limit);
    this.keep(ctxkey, { limit: tail.limit, messages, chars, total: sum(chars) });
  }

  delete(ctxkey: string): void {
    const tail = this.byKey.get(ctxkey);
    if (!tail) return;
    this.byKey.delete(ctxkey);
    this.total -= tail.total;
  }

  clear(): void {
    this.byKey.clear();
    this.total = 0;
  }

  /** Adds a window, first dropping the least recently used ones it would take past a bound; one alone past it is not kept. */
  private keep(ctxkey: string, tail: Tail): void {
    if (tail.total > this.maxChars) return;
    for (const [key, oldest] of this.byKey) {
      if (this.byKey.size < this.maxTails && this.total + tail.total <= this.maxChars) break;
      this.byKey.delete(key);
      this.total -= oldest.total;
    }
    this.byKey.set(ctxkey, tail);
    this.total += tail.total;
  }
}

/** The newest `limit` messages of a kept window whose stored text adds up to at most `maxChars` characters. */
export function newestOfTail(tail: Readonly<Tail>, limit: number, maxChars: number): ChatMessage[] {
  const first = Math.max(0, tail.messages.length - limit);
  let from = tail.messages.length;
  let chars = 0;
  while (from > first && chars + tail.chars[from - 1]! <= maxChars) {
    from -= 1;
    chars += tail.chars[from]!;
  }
  return tail.messages.slice(from);
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}
