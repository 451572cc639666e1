// What a JSON text will cost to parse and walk, measured on its bytes before JSON.parse: how deep it nests, how many
// objects and arrays it holds, how many values (separators) and how many members one container has. Frames
// (src/wire/json-depth.ts) bound the depth; HTTP bodies (src/zelinqa/api/request-body.ts) bound all four.

/** What a text may hold besides its depth; an omitted limit is not counted. */
export interface JsonCountLimits {
  /** Objects and arrays in the whole text. */
  maxContainers?: number;
  /** Commas and colons outside strings: about the number of values and keys. */
  maxSeparators?: number;
  /** Members (elements or key/value pairs) of any one object or array. */
  maxMembers?: number;
}

/** The first limit the text exceeds. */
export type JsonShapeExcess = "depth" | "containers" | "separators" | "members";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

/**
 * The first limit the JSON text in `bytes` exceeds, or null, in one linear pass that stops at the first excess (a
 * body of nested brackets costs a few bytes). Brackets and separators count outside strings only; UTF-8
 * multi-byte sequences never contain ASCII bytes, so bytes are enough. Strings are skipped with a native search for
 * their closing quote: most bytes of a frame are inside strings. Unbalanced or otherwise malformed text (an
 * unterminated string, a closing bracket too many) is left to JSON.parse, which refuses it.
 */
export function jsonShapeExcess(bytes: Buffer, maxDepth: number, counts?: JsonCountLimits): JsonShapeExcess | null {
  // Each level takes at least one byte (the frames' common case ends here), as does each container and separator.
  if (bytes.length <= maxDepth && (counts === undefined || bytes.length <= smallestCount(counts))) return null;
  const maxContainers = counts?.maxContainers ?? Infinity;
  const maxSeparators = counts?.maxSeparators ?? Infinity;
  const maxCommas = (counts?.maxMembers ?? Infinity) - 1;
  const counting = maxSeparators !== Infinity || maxCommas !== Infinity;
  // Commas seen in the open container of each depth (index 0: the top level, where valid JSON has none).
  const commas = maxCommas === Infinity ? undefined : new Int32Array(maxDepth + 2);
  let depth = 0;
  let containers = 0;
  let separators = 0;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i]!;
    if (byte === QUOTE) {
      i = closingQuote(bytes, i);
      if (i < 0) return null;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth += 1;
      if (depth > maxDepth) return "depth";
      containers += 1;
      if (containers > maxContainers) return "containers";
      // A container opened at the top level (after a closing bracket too many) counts its own commas afresh too.
      if (commas !== undefined && depth >= 0) commas[depth] = 0;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth -= 1;
    } else if (counting && (byte === COMMA || byte === COLON)) {
      separators += 1;
      if (separators > maxSeparators) return "separators";
      if (byte === COMMA && commas !== undefined && depth >= 0 && ++commas[depth]! > maxCommas) return "members";
    }
  }
  return null;
}

/** Fewer bytes than this cannot exceed any count (`maxMembers` members need `maxMembers - 1` commas plus one). */
function smallestCount(counts: JsonCountLimits): number {
  return Math.min(counts.maxContainers ?? Infinity, counts.maxSeparators ?? Infinity, (counts.maxMembers ?? Infinity) - 1);
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
