// [ext] An option named by the initials of its label, written in capitals: "LV" for "Lave-vaisselle", "HBP" for "High
// blood pressure", "PDC" or "PC" for "Plaque de cuisson". Only capitals as typed (lowercase "pc", "on", "la" are words),
// only a label of two words or more, only initials no other option shares.
import type { ClauseTokens } from "./clauses.js";
import type { Phrase, PhraseHit } from "./phrase-match.js";
import { perPhraseTable } from "./phrase-match.js";

/** Words a label's initials may skip: "Plaque de cuisson" is "PC" as well as "PDC". */
const SKIPPED = new Set(["de", "du", "des", "d", "la", "le", "les", "l", "a", "au", "aux", "en", "et", "of", "the", "and", "for", "with"]);

/** Each initials string with the option values it may name (configured labels only, two words or more). */
function initialsTable(phrases: readonly Phrase[]): Map<string, Set<string>> {
  return perPhraseTable(phrases, "label-initials", () => {
    const table = new Map<string, Set<string>>();
    const add = (k: string, value: unknown) => {
      if (k.length < 2 || k.length > 4) return;
      const values = table.get(k) ?? new Set<string>();
      values.add(JSON.stringify(value));
      table.set(k, values);
    };
    for (const p of phrases) {
      if (p.translated === true || p.tokens.length < 2 || !p.tokens.every((t) => /^\p{L}/u.test(t))) continue;
      add(p.tokens.map((t) => t[0]).join(""), p.value);
      add(
        p.tokens
          .filter((t) => !SKIPPED.has(t))
          .map((t) => t[0])
          .join(""),
        p.value,
      );
    }
    return table;
  });
}

/** The options named by capital initials in `text`, at their token in `c`; exact. */
export function initialsHits(text: string, c: ClauseTokens, phrases: readonly Phrase[]): PhraseHit[] {
  const written = text.match(/(?<![\p{L}\d])\p{Lu}{2,4}(?![\p{L}\d])/gu);
  if (written === null) return [];
  const table = initialsTable(phrases);
  const hits: PhraseHit[] = [];
  for (const w of written) {
    const values = table.get(w.toLowerCase());
    if (values === undefined || values.size !== 1) continue;
    const at = c.tokens.findIndex((t, i) => t === w.toLowerCase() && !c.negated[i]);
    const phrase = phrases.find((p) => JSON.stringify(p.value) === [...values][0]);
    if (at < 0 || phrase === undefined) continue;
    hits.push({ value: phrase.value, order: phrase.order, start: at, end: at + 1, certainty: "exact" });
  }
  return hits;
}
