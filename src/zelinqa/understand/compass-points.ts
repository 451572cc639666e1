// [ext] A choice of orientation ("Sud-Est", "Est / Ouest", "North") named by its compass points in either language, by
// their abbreviations ("SE", "s-o") or one by one ("un pan à l'est et un à l'ouest"). The reply's points must be
// exactly a label's. A small bilingual vocabulary of the four points, general to any orientation question.
import { normalise } from "./normalise.js";
import { perPhraseTable } from "./phrase-match.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";

type Point = "n" | "s" | "e" | "w";

const WORDS: Readonly<Record<string, readonly Point[]>> = {
  nord: ["n"],
  north: ["n"],
  sud: ["s"],
  south: ["s"],
  est: ["e"],
  east: ["e"],
  ouest: ["w"],
  west: ["w"],
  northeast: ["n", "e"],
  northwest: ["n", "w"],
  southeast: ["s", "e"],
  southwest: ["s", "w"],
  nordest: ["n", "e"],
  nordouest: ["n", "w"],
  sudest: ["s", "e"],
  sudouest: ["s", "w"],
};
/** Abbreviations, read only when they are the whole reply ("se" and "so" are words too). */
const LETTERS: Readonly<Record<string, readonly Point[]>> = {
  n: ["n"],
  s: ["s"],
  e: ["e"],
  o: ["w"],
  w: ["w"],
  ne: ["n", "e"],
  nw: ["n", "w"],
  se: ["s", "e"],
  so: ["s", "w"],
  sw: ["s", "w"],
};
/** Words a label or an abbreviation may carry beside its points. */
const AROUND = new Set([
  "plein",
  "full",
  "due",
  "facing",
  "oriente",
  "orientee",
  "orientation",
  "exposition",
  "expose",
  "exposee",
  "plutot",
  "mostly",
]);
/** "est" is the verb in "c'est", "il est": a point only after "l'", "plein", another point, or before another point. */
const EST_BEFORE = new Set(["l", "plein", "nord", "sud", "full", "due", "vers", "cote"]);

const setKey = (points: Iterable<Point>) => [...new Set(points)].sort().join("");

/** Each value whose label is made of compass points only, by its set of points (once per phrase table). */
function labelPoints(phrases: readonly Phrase[]): Map<string, unknown> {
  return perPhraseTable(phrases, "compass", () => readLabelPoints(phrases));
}

function readLabelPoints(phrases: readonly Phrase[]): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const ambiguous = new Set<string>();
  for (const p of phrases) {
    if (p.translated || p.tokens.length === 0) continue;
    const points: Point[] = [];
    if (!p.tokens.every((t) => AROUND.has(t) || (WORDS[t] !== undefined && points.push(...(WORDS[t] as Point[])) > 0))) continue;
    if (points.length === 0) continue;
    const k = setKey(points);
    const prev = out.get(k);
    if (prev !== undefined && JSON.stringify(prev) !== JSON.stringify(p.value)) ambiguous.add(k);
    out.set(k, p.value);
  }
  for (const k of ambiguous) out.delete(k);
  return out;
}

function replyPoints(text: string): Point[] {
  const tokens = normalise(text).split(" ");
  const letters = tokens.filter((t) => LETTERS[t] !== undefined);
  if (
    letters.length > 0 &&
    letters.length <= 2 &&
    new Set(letters).size === letters.length &&
    tokens.every((t) => LETTERS[t] !== undefined || AROUND.has(t))
  )
    return letters.flatMap((t) => LETTERS[t] as Point[]);
  const points: Point[] = [];
  tokens.forEach((t, i) => {
    if (t === "est" && !EST_BEFORE.has(tokens[i - 1] ?? "") && tokens[i + 1] !== "ouest") return;
    points.push(...(WORDS[t] ?? []));
  });
  return points;
}

/** The orientation choice whose points are exactly those the reply names, or null. */
export function compassChoice(text: string, phrases: readonly Phrase[]): PhraseResult | null {
  const labels = labelPoints(phrases);
  if (labels.size < 2) return null;
  const points = replyPoints(text);
  if (points.length === 0) return null;
  const value = labels.get(setKey(points));
  return value === undefined ? null : { value, certainty: "exact" };
}
