// [ext] "Zéro", "nada", "rien du tout" said alone to a choice that has one option of none ("Aucune expérience", "No
// experience", "Pas de budget", "Never"): that option, loosely (docs/zelinqa-understanding.md, Choices). The everyday
// vocabulary reads "zéro" as a beginner's level, right only when the options hold no "none".
import { tokenise } from "./normalise.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";
import { perPhraseTable } from "./phrase-match.js";

const ZERO_REPLIES = [
  ...["zero", "nada", "nil", "rien", "rien du tout", "que dalle", "nothing", "nothing at all", "niveau zero", "zero pointe"],
  ...["absolutely nothing", "zilch", "none whatsoever"],
].map((p) => p.split(" "));
/** Words a label of none opens on: "Aucune expérience", "No experience", "Pas de…", "Sans…", "Never", "Jamais…". */
const NONE_OPENERS = new Set(["aucun", "aucune", "no", "none", "pas", "sans", "zero", "jamais", "never", "nothing", "rien"]);

/** The values of the options whose label opens on a word of none, once per option list. */
const noneOptions = (phrases: readonly Phrase[]) =>
  perPhraseTable(phrases, "none-options", () => [
    ...new Set(phrases.filter((p) => p.translated !== true && NONE_OPENERS.has(p.tokens[0] ?? "")).map((p) => JSON.stringify(p.value))),
  ]);

/** The one option of none for a reply that is only a word of zero, else `found` unchanged. */
export function zeroOption(text: string, found: PhraseResult | null, phrases: readonly Phrase[]): PhraseResult | null {
  if (text.length > 40) return found;
  const tokens = tokenise(text);
  if (!ZERO_REPLIES.some((seq) => seq.length === tokens.length && seq.every((w, i) => tokens[i] === w))) return found;
  const options = noneOptions(phrases);
  return options.length === 1 ? { value: JSON.parse(options[0] as string) as unknown, certainty: "fuzzy" } : found;
}
