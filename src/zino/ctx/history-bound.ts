// A bound on the history one read brings into ctx's memory. A `get_history` answer is one frame, so a history larger
// than a frame is refused once a frame's worth is read, instead of being loaded whole (a long-lived ctxkey's history
// has no bound on disk) only for the answer to fail at the encoder.

/** A read past its bound: the ctxkey's history (or the newest `limit` messages of it) holds more than `maxChars`. */
export class HistoryTooLargeError extends Error {
  constructor(readonly maxChars: number) {
    super(`the history read holds more than ${maxChars} characters`);
    this.name = "HistoryTooLargeError";
  }
}

/**
 * `texts` newest first (a lazy row iterator is read no further than needed), returned oldest first while their
 * characters add up to at most `maxChars`; past it, throws HistoryTooLargeError. Characters, not bytes: a message's
 * stored JSON text is no longer than its encoding in the answer frame, so nothing that would fit is refused.
 */
export function textsWithin(texts: Iterable<string>, maxChars: number): string[] {
  const { kept, cut } = newestTextsWithin(texts, maxChars);
  if (cut) throw new HistoryTooLargeError(maxChars);
  return kept;
}

/**
 * The newest of `texts` (given newest first, read no further than needed) whose characters add up to at most
 * `maxChars`, oldest first; `cut` when the reading stopped at a text past the bound (that one and older ones left out).
 */
export function newestTextsWithin(texts: Iterable<string>, maxChars: number): { kept: string[]; cut: boolean } {
  const kept: string[] = [];
  let chars = 0;
  for (const text of texts) {
    chars += text.length;
    if (chars > maxChars) return { kept: kept.reverse(), cut: true };
    kept.push(text);
  }
  return { kept: kept.reverse(), cut: false };
}
