// [ext] A bare "no" to a choice asked as a yes/no question ("Est-ce urgent ?" with "Pas urgent" / "Dans la semaine" /
// "Urgence, aujourd'hui"; "Is it fragile?" with "Not fragile" / "A bit" / "Very"): the one option whose label denies the
// question's own word. A bare "yes" says nothing of which degree is meant, so it gives nothing.
import { tokenise } from "./normalise.js";
import { perPhraseTable } from "./phrase-match.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";
import { stem } from "./target-words.js";
import type { TargetWords } from "./target-words.js";

const NO = new Set(["non", "no", "nope", "nah", "nan", "pas", "not"]);
/** What may stand beside the no in a bare one: "non pas du tout", "no not really", "nope, not at all". */
const NO_FILLERS = new Set(["du", "tout", "at", "all", "really", "vraiment", "trop", "merci", "thanks", "pas", "not", "non", "no"]);
const DENIALS = new Set(["pas", "not", "non", "no"]);

/** The values of options labelled by a denial and one word ("Pas urgent", "Not fragile"), with that word's stem. */
function deniedLabels(phrases: readonly Phrase[]): { value: unknown; word: string }[] {
  return perPhraseTable(phrases, "denied-labels", () =>
    phrases
      .filter((p) => p.translated !== true && p.tokens.length === 2 && DENIALS.has(p.tokens[0] as string))
      .map((p) => ({ value: p.value, word: stem(p.tokens[1] as string) })),
  );
}

/** The option denying the question's word, held loosely, for a reply that is only a no; null otherwise. */
export function deniedQuestionOption(text: string, phrases: readonly Phrase[], words: TargetWords | undefined): PhraseResult | null {
  if (words === undefined || text.length > 60) return null;
  const tokens = tokenise(text);
  if (tokens.length === 0 || tokens.length > 4 || !NO.has(tokens[0] as string) || !tokens.every((t) => NO.has(t) || NO_FILLERS.has(t)))
    return null;
  const denied = deniedLabels(phrases).filter((d) => d.word.length >= 3 && words.own.has(d.word));
  const values = new Set(denied.map((d) => JSON.stringify(d.value)));
  return values.size === 1 ? { value: (denied[0] as { value: unknown }).value, certainty: "fuzzy" } : null;
}
