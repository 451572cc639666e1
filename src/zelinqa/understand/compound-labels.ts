// [ext] A single choice whose label joins two things ("Légumes et fruits", "Fish and chips", "Cours avec matériel"),
// named by a reply that says both, in any order or joined another way: "fruits et légumes", "legumes + oeufs", "des
// oeufs avec les légumes". Held loosely; never when the reply offers an alternative ("ou", "or") or restricts ("only").
import type { ClauseTokens } from "./clauses.js";
import { perPhraseTable } from "./phrase-match.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";
import { FR_EN_ARTICLES } from "./function-words.js";

const JOINS = new Set(["et", "and", "avec", "with", "plus"]);
const ARTICLES = new Set([...FR_EN_ARTICLES, "some", "my", "mes"]);
/** Words that make the reply an alternative or a restriction, not both things together. */
const NOT_BOTH = new Set(["ou", "or", "either", "soit", "seul", "seuls", "seule", "seules", "only", "just", "juste"]);
const NOT_BOTH_LONG = new Set(["seulement", "uniquement", "alone", "sans", "without"]);

/** A word and its plain form (a final "s" or "x" dropped), so "legume" matches "légumes". */
const plain = (w: string) => (w.length > 3 && /[sx]$/.test(w) ? w.slice(0, -1) : w);

/** Each configured label of two parts, with the plain words of each part. */
function compounds(phrases: readonly Phrase[]): { value: unknown; parts: string[][] }[] {
  return perPhraseTable(phrases, "compound-labels", () =>
    phrases.flatMap((p) => {
      if (p.translated === true || !p.tokens.some((t) => JOINS.has(t))) return [];
      const parts: string[][] = [[]];
      for (const t of p.tokens) {
        if (JOINS.has(t)) parts.push([]);
        else if (!ARTICLES.has(t)) (parts[parts.length - 1] as string[]).push(plain(t));
      }
      return parts.length === 2 && parts.every((part) => part.length > 0) ? [{ value: p.value, parts }] : [];
    }),
  );
}

/** Where the part's words stand together in the reply (not refused): [start, end) spans. */
function spans(words: readonly string[], part: readonly string[], refused: readonly boolean[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i + part.length <= words.length; i++)
    if (part.every((w, j) => words[i + j] === w && refused[i + j] !== true)) out.push([i, i + part.length]);
  return out;
}

/** Two spans joined: side by side, or with only joining words and articles between, one of them joining. */
function joined(words: readonly string[], a: [number, number], b: [number, number]): boolean {
  const [first, second] = a[0] < b[0] ? [a, b] : [b, a];
  if (first[1] > second[0]) return false;
  const gap = words.slice(first[1], second[0]);
  return gap.every((w) => JOINS.has(w) || ARTICLES.has(w)) && (gap.length === 0 || gap.some((w) => JOINS.has(w)));
}

/** The one compound option whose two parts the reply names joined together (not refused), fuzzy; null for none or several. */
export function compoundLabelChoice(c: ClauseTokens, phrases: readonly Phrase[], refused: readonly boolean[]): PhraseResult | null {
  const table = compounds(phrases);
  if (table.length === 0 || c.tokens.some((t) => NOT_BOTH.has(t) || NOT_BOTH_LONG.has(t))) return null;
  const words = c.tokens.map(plain);
  const named = table.filter((entry) => {
    const [a, b] = entry.parts.map((part) => spans(words, part, refused));
    return a !== undefined && b !== undefined && a.some((x) => b.some((y) => joined(words, x, y)));
  });
  const values = new Set(named.map((entry) => JSON.stringify(entry.value)));
  if (values.size !== 1) return null;
  return { value: (named[0] as { value: unknown }).value, certainty: "fuzzy" };
}
