// [ext] s27: an option whose label is itself a denial ("Not bought yet", "Pas encore installé", "No heating yet") is
// named by the reply denying the same thing in its own words: "haven't bought it yet", "je l'ai pas encore installé".
import { clauseTokens } from "./clauses.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";
import { perPhraseTable } from "./phrase-match.js";

/** Words that open a label as a denial. */
const LABEL_DENIALS = new Set(["not", "no", "never", "pas", "jamais", "non", "aucun", "aucune", "sans", "without"]);
/** Words a denial's core leaves out: they only bind its words ("Not bought yet" is about "bought"). */
const CORE_FILLERS = new Set(["a", "an", "the", "it", "one", "de", "d", "du", "le", "la", "l", "un", "une", "encore", "yet", "still"]);

/** Each option's denied label, without its denial word: the words the reply must deny, in order (two at least). */
function deniedCores(phrases: readonly Phrase[]): { value: unknown; words: readonly string[] }[] {
  return perPhraseTable(phrases, "denied-cores", () =>
    phrases
      .filter((p) => p.translated !== true && LABEL_DENIALS.has(p.tokens[0] ?? ""))
      .map((p) => ({ value: p.value, words: p.tokens.slice(1).filter((t) => !CORE_FILLERS.has(t)) }))
      .filter((core) => core.words.length >= 1 && core.words.every((w) => w.length >= 3)),
  );
}

/**
 * The one option whose denied label words all stand, in order, among the words the reply denies in one clause (at
 * least one word of four letters or more), loosely; null when none or several do. One pass per option over the words.
 */
export function negatedLabelChoice(text: string, phrases: readonly Phrase[]): PhraseResult | null {
  const cores = deniedCores(phrases);
  if (cores.length === 0) return null;
  const c = clauseTokens(text);
  const named = new Set<string>();
  for (const core of cores) {
    if (!core.words.some((w) => w.length >= 4)) continue;
    let k = 0;
    let clause = -1;
    for (let i = 0; i < c.tokens.length && k < core.words.length; i++) {
      if (c.tokens[i] !== core.words[k] || c.negated[i] !== true || (clause >= 0 && c.clause[i] !== clause)) continue;
      clause = c.clause[i] as number;
      k++;
    }
    if (k === core.words.length) named.add(JSON.stringify(core.value));
  }
  return named.size === 1 ? { value: JSON.parse([...named][0] as string) as unknown, certainty: "fuzzy" } : null;
}
