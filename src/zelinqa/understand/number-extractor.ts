// Number extraction of §10.5.4: separators, multipliers, number words, ranges and approximation markers.
import { normalise } from "./normalise.js";
import type { PhraseResult } from "./phrase-match.js";

interface NumberSpan {
  value: number;
  start: number;
  end: number;
  hasMultiplier: boolean;
  multiplier: number;
}

// Digits with thousands groups: space-like separators must be followed by exactly 3 digits.
const DIGITS = /\d+(?:(?:[ \u00A0\u202F']\d{3}(?!\d))|(?:[.,]\d+))*/g;
// Case-insensitive words and k/K, but `M` only uppercase (§10.5.4), hence no `i` flag.
const MULTIPLIER = /^\s*([mM]illiards?|[bB]illions?|[mM]illions?|[mM]ille|[tT]housand|[kK](?![a-zA-Z])|M(?![a-zA-Z]))/;
const MULTIPLIERS: Record<string, number> = {
  k: 1e3, mille: 1e3, thousand: 1e3, M: 1e6, million: 1e6, millions: 1e6,
  milliard: 1e9, milliards: 1e9, billion: 1e9, billions: 1e9,
};
const WORDS: Record<string, number> = {
  zero: 0, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  deux: 2, trois: 3, quatre: 4, cinq: 5, sept: 7, huit: 8, neuf: 9, dix: 10, onze: 11, douze: 12,
};
const APPROXIMATIONS = ["environ", "a peu pres", "approximativement", "autour de", "vers", "about", "around", "approximately", "roughly"];

function multiplierOf(word: string | undefined): number {
  if (word === undefined) return 1;
  return MULTIPLIERS[word === "M" ? word : word.toLowerCase()] ?? 1;
}

/** Applies the separator rules of §10.5.4 to one digit group such as "1.500,50" or "2 500". */
export function parseDigitGroup(raw: string): number {
  const compact = raw.replace(/[ \u00A0\u202F']/g, "");
  const dots = (compact.match(/\./g) ?? []).length;
  const commas = (compact.match(/,/g) ?? []).length;
  let decimal: "." | "," | null = null;
  if (dots > 0 && commas > 0) decimal = compact.lastIndexOf(".") > compact.lastIndexOf(",") ? "." : ",";
  else if (dots + commas > 0) {
    const sep = dots > 0 ? "." : ",";
    const count = dots + commas;
    const after = compact.slice(compact.lastIndexOf(sep) + 1);
    decimal = count > 1 || after.length === 3 ? null : sep;
  }
  const thousands = decimal === null ? /[.,]/g : decimal === "." ? /,/g : /\./g;
  const cleaned = compact.replace(thousands, "");
  return Number(decimal === "," ? cleaned.replace(",", ".") : cleaned);
}

function digitSpans(text: string): NumberSpan[] {
  const spans: NumberSpan[] = [];
  for (const m of text.matchAll(DIGITS)) {
    const start = m.index;
    let end = start + m[0].length;
    let multiplier = 1;
    const mult = MULTIPLIER.exec(text.slice(end));
    if (mult) {
      multiplier = multiplierOf(mult[1]);
      end += mult[0].length;
    }
    spans.push({ value: parseDigitGroup(m[0]) * multiplier, start, end, hasMultiplier: mult !== null, multiplier });
  }
  return spans;
}

function wordSpans(text: string): NumberSpan[] {
  const spans: NumberSpan[] = [];
  for (const m of text.matchAll(/[\p{L}]+/gu)) {
    const word = normalise(m[0]);
    const value = WORDS[word];
    if (value === undefined) continue;
    const end = m.index + m[0].length;
    const mult = MULTIPLIER.exec(text.slice(end));
    const multiplier = multiplierOf(mult?.[1]);
    // "deux mille" is 2000; a bare "deux" stays 2.
    spans.push({ value: value * multiplier, start: m.index, end: end + (mult?.[0].length ?? 0), hasMultiplier: mult !== null, multiplier });
  }
  return spans;
}

function isApproximated(before: string): boolean {
  if (/~\s*$/.test(before)) return true;
  const n = normalise(before);
  return APPROXIMATIONS.some((a) => n === a || n.endsWith(` ${a}`));
}

function isRangeLink(between: string, before: string): boolean {
  const link = between.trim().toLowerCase();
  if (link === "-" || link === "–" || link === "à" || link === "a" || link === "to") return true;
  if (link === "et" || link === "and") return /(entre|between)\s*$/i.test(before);
  return false;
}

/** One number for a `number`/`integer` schema, or null (several distinct numbers, non-integral integer…). */
export function extractNumber(text: string, integer: boolean): PhraseResult | null {
  const spans = [...digitSpans(text), ...wordSpans(text)].sort((a, b) => a.start - b.start);
  const values: { value: number; fuzzy: boolean }[] = [];
  for (let i = 0; i < spans.length; i++) {
    const a = spans[i] as NumberSpan;
    const b = spans[i + 1];
    const before = text.slice(0, a.start);
    if (b && isRangeLink(text.slice(a.end, b.start), before)) {
      // "2-3k": the upper bound's multiplier also scales a bare lower bound.
      const low = !a.hasMultiplier && b.hasMultiplier ? a.value * b.multiplier : a.value;
      values.push({ value: (low + b.value) / 2, fuzzy: true });
      i += 1;
      continue;
    }
    values.push({ value: a.value, fuzzy: isApproximated(before) });
  }
  const distinct = new Set(values.map((v) => v.value));
  if (distinct.size !== 1) return null;
  const value = (values[0] as { value: number }).value;
  if (!Number.isFinite(value) || (integer && !Number.isInteger(value))) return null;
  return { value, certainty: values.some((v) => v.fuzzy) ? "fuzzy" : "exact" };
}
