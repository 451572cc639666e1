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
