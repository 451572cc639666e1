// [ext] (s24) A don't-know whose reason is that someone else deals with the thing: "no idea, my husband always walks
// him", "je sais pas trop, ma mère m'a pris rdv", "not sure, it's my wife who does the books". What follows the
// don't-know is why the person cannot answer, not a guess at the value: the engine reads no value from it
// (evidence-plan.ts collectReply). A guess stays one: "2, ma cousine hésite" opens on its value.
import { tokenise } from "./normalise.js";
import { SINGLE_PERSONS } from "./people-count.js";
import { stem } from "./target-words.js";
import type { TargetWords } from "./target-words.js";

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

/** (s27) Negations before the thing and words of "not yet" around it. */
const NOT_HAVING = new Set(["no", "not", "any", "pas", "aucun", "aucune", "sans", "without"]);
const YET = new Set(["yet", "encore", "instant", "moment", "now"]);

/**
 * (s27) A reply that says the thing asked does not exist yet: "no budget yet, want to see the quote first", "pas encore
 * de date", "haven't got a price yet". The target's own word (its label's or question's noun) within three words after
 * a negation, with "yet"/"encore"/"pour l'instant" within three words around it. Read only when the reply gave the
 * question no value, so "no children yet" to a count that reads 0 keeps its 0; a reply with a figure is never one.
 */
export function notSetYet(text: string, words: TargetWords | undefined): boolean {
  if (words === undefined || /\d/.test(text)) return false;
  const tokens = tokenise(text).slice(0, MAX_WORDS);
  return tokens.some((t, i) => {
    if (t.length < 3 || !words.own.has(stem(t))) return false;
    const near = (from: number, to: number, set: ReadonlySet<string>) => tokens.slice(Math.max(0, from), to).some((w) => set.has(w));
    return near(i - 3, i, NOT_HAVING) && near(i - 3, i + 4, YET);
  });
}
/** Only the opening of a long reply is looked at: the don't-know is said first. */
const MAX_WORDS = 40;
