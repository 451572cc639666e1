// [ext] Each part of a compound choice label names its option alone (s17): "wc" for "Salle de bain et WC", "SMS" for
// "Téléphone ou SMS". Read by translations.ts's widenPhrases, so that every choice reader sees the parts.
import type { Phrase } from "./phrase-match.js";
import { FR_EN_ARTICLES, MY_POSSESSIVES } from "./function-words.js";

/** Links that join the parts of a compound label: "Salle de bain et WC", "Sols and floors", "Téléphone ou SMS". */
const LINKS = new Set(["et", "and", "ou", "or", "plus"]);
/** Words that stand for no thing: a label such as "Plus ou moins" or "More or less" has no parts. */
const NO_PART = new Set([
  ...FR_EN_ARTICLES,
  "plus",
  "moins",
  "more",
  "less",
  "peu",
  "beaucoup",
  "of",
  "oui",
  "non",
  "yes",
  "no",
  "not",
  "pas",
  "jamais",
  "never",
  "tres",
  "very",
  "so",
  "si",
]);
/** The part phrases made here: a part names its option in a reply to its question, not in passing. */
const PARTS = new WeakSet<Phrase>();
export const isCompoundPart = (p: Phrase): boolean => PARTS.has(p);

const ARTICLES = new Set([...FR_EN_ARTICLES, ...MY_POSSESSIVES]);

/**
 * The parts of each compound label as phrases of their own ("wc" and "salle de bain" for "Salle de bain et WC"), held
 * like a translation (label parts ignore their words). A part is kept only when it names one option: no other
 * option's phrase holds it, it holds a word that stands for a thing, and the label has no number ("Between 1 and 3").
 */
export function compoundParts(phrases: readonly Phrase[]): Phrase[] {
  const out: Phrase[] = [];
  const seen = new Set(phrases.map((p) => p.tokens.join(" ")));
  const holds = (p: Phrase, part: readonly string[]) => p.tokens.some((_, i) => part.every((w, j) => p.tokens[i + j] === w));
  for (const p of phrases) {
    if (p.translated === true || !p.tokens.some((t) => LINKS.has(t)) || p.tokens.some((t) => /\d/.test(t))) continue;
    const parts: string[][] = [[]];
    for (const t of p.tokens) {
      if (LINKS.has(t)) parts.push([]);
      else (parts[parts.length - 1] as string[]).push(t);
    }
    if (parts.length < 2 || parts.some((part) => !part.some((t) => !NO_PART.has(t)))) continue;
    for (const raw of parts) {
      let part = raw;
      while (part.length > 1 && ARTICLES.has(part[0] as string)) part = part.slice(1);
      const k = part.join(" ");
      if (seen.has(k) || phrases.some((o) => JSON.stringify(o.value) !== JSON.stringify(p.value) && holds(o, part))) continue;
      seen.add(k);
      const phrase: Phrase = { tokens: part, value: p.value, order: p.order, translated: true };
      PARTS.add(phrase);
      out.push(phrase);
    }
  }
  return out;
}
