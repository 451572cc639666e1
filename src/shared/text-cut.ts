// Cutting text for a model or a store without leaving half of a character. JavaScript strings are UTF-16: an emoji or
// any character past U+FFFF is two units (a surrogate pair), and a cut between them leaves a lone half. JSON can still
// spell it (JSON.stringify writes an escape such as \ud83d), but strict parsers refuse it: llama.cpp's server
// (nlohmann/json) and Rust servers (serde_json) answer 400 to a request holding one, and PostgreSQL cannot store it.

const HIGH = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const LOW = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** The first `max` UTF-16 units of `text`, one fewer when the cut would separate a surrogate pair. */
export function headOf(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return "";
  return text.slice(0, HIGH(text.charCodeAt(max - 1)) && LOW(text.charCodeAt(max)) ? max - 1 : max);
}

/** The last `max` UTF-16 units of `text`, one fewer when the cut would separate a surrogate pair. */
export function tailOf(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return "";
  const start = text.length - max;
  return text.slice(LOW(text.charCodeAt(start)) && HIGH(text.charCodeAt(start - 1)) ? start + 1 : start);
}

// JSON.stringify writes a well-formed pair as the character itself and only a lone half as a \uD800–\uDFFF escape, so
// its output holds such an escape only when some string had a lone half (or spells "\\ud83d" out, which this also
// matches: then the second pass below finds nothing to replace, at the cost of one more stringify).
const LONE_HALF_ESCAPE = /\\ud[89a-f][0-9a-f]{2}/i;
const LONE_HALF = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * JSON text of `value` in which a lone surrogate half in any string is replaced by U+FFFD (what a UTF-8 decoder makes of
 * it), so that every JSON parser accepts it. The same text as JSON.stringify when there is none (the usual case: one
 * scan of the output).
 */
export function wellFormedJson(value: unknown): string {
  const text = JSON.stringify(value);
  if (!LONE_HALF_ESCAPE.test(text)) return text;
  const fix = (text: string) => text.replace(LONE_HALF, "\uFFFD");
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === "string") return fix(item);
    // Keys are written as they are: an object with a lone half in a key is written as a copy with the key fixed.
    if (item !== null && typeof item === "object" && !Array.isArray(item) && Object.keys(item).some((key) => fix(key) !== key))
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [fix(key), inner]));
    return item;
  });
}

/** `text` in consecutive pieces of at most `maxUnits` UTF-16 units (one fewer where a cut would separate a pair). */
export function textParts(text: string, maxUnits: number): string[] {
  const parts: string[] = [];
  for (let at = 0; at < text.length;) {
    const part = headOf(at === 0 ? text : text.slice(at), Math.max(2, maxUnits));
    parts.push(part);
    at += part.length;
  }
  return parts;
}
