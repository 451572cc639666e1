// Positioned tokens of the original text for number reading: digit groups keep their separators ("2 500",
// "1.500,50"), words are normalised as in docs/zelinqa-api.md §10.5.1, and currency signs are tokens of their own.

export interface TextToken {
  /** Normalised form (docs/zelinqa-api.md §10.5.1) for words; the raw group for digits; the sign for symbols. */
  readonly norm: string;
  readonly start: number;
  readonly end: number;
  readonly kind: "digits" | "word" | "symbol";
}

// Digits with thousands groups: space-like separators must be followed by exactly 3 digits (docs/zelinqa-api.md §10.5.4).
// A unit written with its exponent ("m3", "m²", "km2") stays one word, but not before a decimal part nor after a lone "x"
// ("7x3.5", "10x5x2" are products). A "×" between numbers is the word "x".
const TOKEN = /\d+(?:[ \u00A0\u202F']\d{3}(?!\d)|[.,]\d+)*|[\p{L}\p{M}]+(?:(?<!(?<![\p{L}\p{M}])[xX])[23²³](?![\d]|[.,]\d))?|[€$£~%×]/gu;
const COMBINING_MARKS = /\p{M}/gu;

const normWord = (w: string) => w.normalize("NFKD").replace(COMBINING_MARKS, "").toLowerCase();

export function textTokens(text: string): TextToken[] {
  const out: TextToken[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const raw = m[0];
    const kind = /^\d/.test(raw) ? "digits" : /^[€$£~%]$/.test(raw) ? "symbol" : "word";
    out.push({ norm: raw === "×" ? "x" : kind === "word" ? normWord(raw) : raw, start: m.index, end: m.index + raw.length, kind });
  }
  return out;
}

/** The raw characters between two tokens (separators such as "-", "/", ","). */
export function gapBetween(text: string, a: TextToken, b: TextToken): string {
  return text.slice(a.end, b.start);
}
