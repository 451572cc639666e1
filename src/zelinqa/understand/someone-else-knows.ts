// [ext] (s24) A don't-know whose reason is that someone else deals with the thing: "no idea, my husband always walks
// him", "je sais pas trop, ma mère m'a pris rdv", "not sure, it's my wife who does the books". What follows the
// don't-know is why the person cannot answer, not a guess at the value: the engine reads no value from it
// (evidence-plan.ts collectReply). A guess stays one: "2, ma cousine hésite" opens on its value.
import { tokenise } from "./normalise.js";
import { SINGLE_PERSONS } from "./people-count.js";

/** The person named is someone else, not the one answering. */
const SELF = new Set(["me", "moi", "myself"]);
const POSSESSIVES = new Set(["my", "ma", "mon", "mes", "our", "notre", "nos"]);
/** What may come before: left-overs of the blanked hesitation ("je sais pas trop" → "trop") and a cleft ("it's", "c'est"). */
const LEAD = new Set(["trop", "really", "vraiment", "honestly", "franchement", "lol", "euh", "hmm", "um", "well", "bah", "ben"]);
const CLEFTS = [["it", "s"], ["its"], ["c", "est"], ["that", "s"]];

/** Whether the text (what remains of a hesitant reply) opens on another person of the household or circle as its subject. */
export function defersToSomeoneElse(text: string): boolean {
  const tokens = tokenise(text);
  let i = 0;
  while (LEAD.has(tokens[i] ?? "")) i++;
  const cleft = CLEFTS.find((c) => c.every((w, k) => tokens[i + k] === w));
  if (cleft !== undefined) i += cleft.length;
  const person = tokens[i + 1] ?? "";
  return POSSESSIVES.has(tokens[i] ?? "") && SINGLE_PERSONS.has(person) && !SELF.has(person) && i + 2 < tokens.length;
}

/** (s26) Verbs of taking care of a thing or knowing it, after the person: "qui gère", "handles", "s'occupe", "knows". */
const HANDLES = new Set(
  "gere gerait gerent occupe sait connait handles handled deals dealt does did sorts knows manages managed pays paie".split(" "),
);

/**
 * (s26) A reply that, with no don't-know word, says someone else of the circle takes care of the thing: "c'est mon mari
 * qui gère ça", "my wife handles all that", "ma fille s'en occupe". The same opening as defersToSomeoneElse, then a
 * verb of handling or knowing within three words. Read only when the reply gave the question no value.
 */
export function handledBySomeoneElse(text: string): boolean {
  if (/\d/.test(text) || !defersToSomeoneElse(text)) return false;
  const tokens = tokenise(text);
  const at = tokens.findIndex((t, i) => POSSESSIVES.has(t) && SINGLE_PERSONS.has(tokens[i + 1] ?? ""));
  return tokens.slice(at + 2, at + 5).some((t) => HANDLES.has(t));
}
