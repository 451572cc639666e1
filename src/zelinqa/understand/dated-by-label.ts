// [ext] (s21) A date said in passing beside a noun of one open date target's own label ("on sera 6, départ le 14
// juillet" for "Date de départ"; "3 nights, check-in on the 5th" for "Check-in date") goes to that target, even when
// the configuration has other open date targets (a date to come and a date past): the noun says which one is meant.
import { namesStem } from "./boolean-extractor.js";
import { extractDate } from "./date-extractor.js";
import type { ClauseTokens } from "./clauses.js";
import type { PhraseResult } from "./phrase-match.js";
import type { StemLookup, TargetWords } from "./target-words.js";
import { tokenHasStem } from "./target-words.js";

/**
 * The date of the clause holding a noun of the target's label that no other target's label holds and that does not
 * name the answered question, read on the target's side (past or to come), held loosely; null otherwise.
 */
export function dateByLabelNoun(
  c: ClauseTokens,
  target: { readonly kind: "date" | "date-time"; readonly words?: TargetWords; readonly otherStems?: StemLookup },
  answered: ReadonlySet<string>,
  today: string,
): PhraseResult | null {
  const things = target.words?.things;
  if (things === undefined || things.size === 0) return null;
  const own = new Set([...things].filter((s) => s.length >= 4 && !tokenHasStem(s, answered) && target.otherStems?.has(s) !== true));
  if (own.size === 0) return null;
  const at = c.tokens.findIndex((t, i) => t.length >= 4 && !c.negated[i] && namesStem(t, own));
  if (at < 0) return null;
  const clause = c.tokens.filter((_, i) => c.clause[i] === c.clause[at]).join(" ");
  const read = extractDate(clause, target.kind, today, true, target.words?.past === true);
  return read === null ? null : { value: read.value, certainty: "fuzzy" };
}
