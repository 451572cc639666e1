// The FR/EN lexicons of §10.3 (refusal, don't know) and §10.5.3 (booleans), as normalised phrases.
import { findPhrase, tokenise } from "./normalise.js";

const phrases = (list: readonly string[]) => list.map((p) => p.split(" "));

export const REFUSAL_PHRASES = phrases([
  "je prefere ne pas repondre",
  "je ne veux pas repondre",
  "je ne souhaite pas repondre",
  "pas de commentaire",
  "ca ne vous regarde pas",
  "i d rather not",
  "i would rather not",
  "prefer not to say",
  "no comment",
  "i won t answer",
  "none of your business",
]);

export const DONT_KNOW_PHRASES = phrases([
  "je ne sais pas",
  "je sais pas",
  "sais pas",
  "aucune idee",
  "pas sur",
  "pas sure",
  "peut etre",
  "i don t know",
  "don t know",
  "dunno",
  "not sure",
  "no idea",
  "maybe",
]);

export const TRUE_PHRASES = phrases([
  "oui", "ouais", "bien sur", "tout a fait", "absolument", "exactement", "effectivement", "vrai", "d accord",
  "yes", "yeah", "yep", "sure", "of course", "absolutely", "indeed", "true", "correct",
]);

export const FALSE_PHRASES = phrases([
  "non", "nan", "pas du tout", "pas vraiment", "absolument pas", "jamais", "aucun", "aucune", "faux",
  "no", "nope", "not really", "not at all", "never", "none", "false",
]);

function matchesAny(text: string, list: readonly (readonly string[])[]): boolean {
  const tokens = tokenise(text);
  return list.some((p) => findPhrase(tokens, p, 0) >= 0);
}

/** §10.3: whole-phrase match of the refusal lexicon on N(text). */
export function isRefusal(text: string): boolean {
  return matchesAny(text, REFUSAL_PHRASES);
}

/** §10.3: whole-phrase match of the don't-know lexicon on N(text). */
export function isDontKnow(text: string): boolean {
  return matchesAny(text, DONT_KNOW_PHRASES);
}
