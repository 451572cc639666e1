// [ext] (s21) The "none" option of a multiple choice said without naming it: a reply that only lists things none of
// the options names, after "just"/"only"/"juste"/"seulement" ("just furniture and boxes", "juste un filtre à sable"),
// when the none option is relative to the list ("None of these"),
// or a denial with one word of degree ("nothing serious", "rien de grave"). Always held loosely: what the person
// listed may still belong to an option the reader does not know.
import type { ClauseTokens } from "./clauses.js";
import { isNonePhrase } from "./phrase-match.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";

const ONLY = new Set(["just", "only", "juste", "seulement", "simply", "simplement", "uniquement"]);
const NOTHING = new Set(["nothing", "rien", "none", "aucun", "aucune"]);
const OF = new Set(["de", "d", "too", "trop", "very", "tres", "vraiment", "really"]);
/** What makes such a reply no plain statement: a doubt or a question. */
const UNSURE = new Set(["maybe", "peut", "probably", "probablement", "think", "pense", "crois", "sure", "sur", "know", "sais"]);

const startsWith = (tokens: readonly string[], seq: readonly string[]) =>
  seq.every((w, k) => tokens[k] === w) && tokens.slice(seq.length).every((t) => ALL_OF.has(t));
const ALL_OF = new Set(["of", "them", "these", "those", "ca", "cela", "ceux", "ci", "la", "thanks", "merci"]);
/** "no to all (of them)", "non à tout (ça)": the whole reply. */
const NO_TO_ALL = [
  "no to all",
  "no to everything",
  "nope to all",
  "non a tout",
  "non a tous",
  "non pour tout",
  "non pour tous",
  "non a toutes",
].map((p) => p.split(" "));
/** "not that I've noticed", "pas que je sache": the opening of the reply; what follows is free. */
const AS_FAR_AS_I_KNOW = [
  "not that i",
  "nothing that i",
  "nothing i ve",
  "none that i",
  "pas que je",
  "pas a ma connaissance",
  "rien que j",
  "rien que je",
].map((p) => p.split(" "));
/** The negative of a place, and what may follow it alone ("really", "en particulier", "in particular"). */
const NOWHERE = [["nowhere"], ["nulle", "part"], ["no", "where"]];
const PARTICULAR = new Set(["particular", "particulier", "special", "specifically", "in", "en", "honestly", "franchement"]);
const opens = (tokens: readonly string[], seq: readonly string[]) => seq.every((w, k) => tokens[k] === w);

/** Words by which a none option's label says it is relative to the options listed. */
const OF_THE_LIST = new Set(["these", "those", "above", "listed", "ceux", "celles", "ces", "ci", "dessus", "liste", "mentioned", "cites"]);
const ofTheList = (phrases: readonly Phrase[], value: unknown) =>
  phrases.some((p) => p.translated !== true && p.value === value && p.tokens.some((t) => OF_THE_LIST.has(t)));

/**
 * The none option, fuzzy, for a reply that names no option (the caller read none) and is only a restriction to
 * unlisted things or a denial of degree; null otherwise.
 */
export function noneSaidIndirectly(c: ClauseTokens, phrases: readonly Phrase[], raw: string): PhraseResult | null {
  const tokens = c.tokens;
  if (tokens.length < 2 || tokens.length > 10 || raw.includes("?")) return null;
  const none = phrases.find(isNonePhrase);
  if (none === undefined) return null;
  // [ext] (s25) "no to all", "non à tout": a no said to every option at once.
  if (NO_TO_ALL.some((seq) => startsWith(tokens, seq))) return { value: [none.value], certainty: "exact" };
  // [ext] (s25) "not that I've noticed", "pas que je sache", "nothing I know of": a denial as far as the person knows.
  if (AS_FAR_AS_I_KNOW.some((seq) => opens(tokens, seq))) return { value: [none.value], certainty: "fuzzy" };
  if (tokens.some((t) => UNSURE.has(t))) return null;
  // [ext] (s26) "nowhere really", "nulle part en particulier": the negative of a place said as the whole reply, to a
  // none option relative to the list (the options are then places or situations: none of them).
  if (NOWHERE.some((seq) => opens(tokens, seq)) && ofTheList(phrases, none.value)) {
    const rest = tokens.slice(tokens[0] === "nowhere" ? 1 : 2);
    if (rest.length <= 2 && rest.every((t) => OF.has(t) || PARTICULAR.has(t))) return { value: [none.value], certainty: "fuzzy" };
  }
  const first = tokens[0] as string;
  // "nothing serious", "rien de grave", "nothing too bad": the denial and one word, nothing more.
  const rest = tokens.slice(1).filter((t) => !OF.has(t));
  const denial = NOTHING.has(first) && rest.length === 1 && (rest[0] as string).length >= 4;
  // Only to a none option relative to the list ("None of these", "Aucun de ceux-ci"): things outside the list are then
  // literally none of them; "Nothing in particular" says no need, and "just wifi" is one.
  const restricted =
    ONLY.has(first) && !c.negated.some(Boolean) && tokens.slice(1).some((t) => t.length >= 4) && ofTheList(phrases, none.value);
  return denial || restricted ? { value: [none.value], certainty: "fuzzy" } : null;
}
