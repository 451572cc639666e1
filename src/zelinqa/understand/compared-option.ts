// [ext] An option named only as what the answer is compared with or set against (docs/zelinqa-understanding.md,
// Choices): "bigger than medium", "plus grand que le moyen", "anything but red", "autre chose que l'email", "not
// small". The option named is not the answer; which one is, the reply does not say by itself: no value.
import { tokenise } from "./normalise.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";

const THAN = new Set(["than", "que", "qu"]);
const COMPARATIVES = new Set([
  ...["bigger", "smaller", "larger", "longer", "shorter", "higher", "lower", "more", "less", "better", "worse", "other", "else"],
  ...["plus", "moins", "mieux", "autre", "autres", "pire", "superieur", "superieure", "inferieur", "inferieure"],
]);
/** "anything but red", "tout sauf le rouge", "except medium": every option but that one. */
const BUT = new Set(["but", "except", "sauf", "hormis", "excepte"]);
const ARTICLES = new Set(["the", "a", "an", "le", "la", "les", "l", "un", "une", "de", "du"]);

/** Where an option's phrase is said in the tokens, or -1. */
function at(tokens: readonly string[], phrase: Phrase): number {
  const n = phrase.tokens.length;
  if (n === 0) return -1;
  for (let i = 0; i + n <= tokens.length; i++) if (phrase.tokens.every((w, j) => tokens[i + j] === w)) return i;
  return -1;
}

/**
 * The single choice `found` unless every place the reply names it is after a comparison ("bigger than", "plus grand
 * que") or an exception ("anything but", "sauf"): then no value. Places not found leave `found` as it is.
 */
export function comparedOption(text: string, found: PhraseResult | null, phrases: readonly Phrase[]): PhraseResult | null {
  if (found === null || text.length > 200) return found;
  const tokens = tokenise(text);
  // Most replies compare nothing: only a "than"/"que" or an exception word may set an option against the answer.
  if (!tokens.some((t) => THAN.has(t) || BUT.has(t))) return found;
  const key = JSON.stringify(found.value);
  const places = phrases
    .filter((p) => JSON.stringify(p.value) === key)
    .map((p) => at(tokens, p))
    .filter((i) => i >= 0);
  if (places.length === 0) return found;
  const setAgainst = (i: number) => {
    let k = i - 1;
    while (k >= 0 && ARTICLES.has(tokens[k] as string)) k--;
    const w = tokens[k] ?? "";
    if (BUT.has(w)) return true;
    return THAN.has(w) && tokens.slice(Math.max(0, k - 3), k).some((t) => COMPARATIVES.has(t));
  };
  return places.every(setAgainst) ? null : found;
}
