// How deep a JSON text nests, measured on its bytes before it is parsed: a frame nested 100,000 levels deep is a
// `bad_request` (spec §2: malformed input never takes the process down), not a stack overflow in whatever walks
// the parsed value afterwards (zod, merges, clones).

/** Deeper than any real ZINO frame (OpenAI tool schemas nest about ten levels); shallow enough for any recursion. */
export const DEFAULT_MAX_JSON_DEPTH = 128;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether the JSON text in `bytes` nests objects and arrays more than `maxDepth` levels, counting brackets
 * outside strings in one linear pass. UTF-8 multi-byte sequences never contain ASCII bytes, so bytes are enough.
 * Strings are skipped with a native search for their closing quote: most bytes of a frame are inside strings.
 * Unbalanced or otherwise malformed text is left to JSON.parse.
 */
export function exceedsJsonDepth(bytes: Buffer, maxDepth: number): boolean {
  if (bytes.length <= maxDepth) return false; // each level takes at least one byte
  let depth = 0;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i]!;
    if (byte === QUOTE) {
      i = closingQuote(bytes, i);
      if (i < 0) return false;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return false;
}

/** The index of the quote that ends the string opened at `open` (one preceded by an even run of backslashes), or -1. */
function closingQuote(bytes: Buffer, open: number): number {
  let from = open + 1;
  for (;;) {
    const quote = bytes.indexOf(QUOTE, from);
    if (quote < 0) return -1;
    let slashes = 0;
    while (bytes[quote - 1 - slashes] === BACKSLASH) slashes += 1;
    if (slashes % 2 === 0) return quote;
    from = quote + 1;
  }
}
