// [ext] When a reply is no naming of an unlisted thing, so that an "Other …" option (extract-value.ts otherOption) must
// not take it: it holds a word of a listed option ("tel" for "Téléphone", "mail" for "E-mail"), it asks the asker to act ("appelez-moi au 06…", "call me"), it wants an action rather than a thing
// ("je préfère venir en personne", "I'd rather come in"), or it names only a person it is for ("c'est pour ma mère"); [ext]
// (s23) nor a criterion ("le moins cher", "the cheapest") or a French reflexive verb ("il s'est coupé la patte").
import { tokenise } from "./normalise.js";
import type { Phrase } from "./phrase-match.js";
import { stem } from "./target-words.js";

/** Words that say nothing of an option: linking words, politeness, pronouns, possessives. */
const PLAIN = new Set([
  ...["and", "et", "or", "ou", "for", "pour", "with", "avec", "but", "mais", "please", "pls", "plz", "merci", "thanks"],
  ...["the", "les", "des", "une", "est", "its", "this", "that", "cette", "mon", "mes", "our", "notre", "nos", "their"],
  ...["par", "via", "from", "just", "juste", "only", "seulement", "plutot", "rather", "prefer", "prefere", "want", "veux"],
]);
/** People a reply may say the thing is for: they are no thing of the asked kind. */
const PEOPLE = new Set([
  ...["mere", "pere", "maman", "papa", "mother", "father", "mom", "mum", "dad", "wife", "femme", "husband", "mari"],
  ...["son", "fils", "fille", "daughter", "enfant", "enfants", "child", "children", "kid", "kids", "bebe", "baby"],
  ...["frere", "soeur", "brother", "sister", "ami", "amie", "friend", "voisin", "voisine", "neighbour", "neighbor"],
  ...["parents", "grand", "grandma", "grandpa", "famille", "family", "copain", "copine", "partner", "boss", "patron"],
  ...["moi", "me", "myself", "lui", "elle", "him", "her", "them", "eux", "personne", "quelqu", "someone", "somebody"],
]);
const POSSESSIVES = new Set(["my", "ma", "mon", "mes", "our", "notre", "nos", "his", "her", "sa", "son", "ses", "their", "leur", "s"]);
/** Before "me"/"moi", these make no request to the asker: "a bike for me", "chez moi". */
const NOT_A_REQUEST = new Set(["for", "pour", "to", "a", "with", "avec", "de", "chez", "like", "comme", "than", "que"]);
const WANTING = new Set(["prefere", "prefer", "preferrais", "prefererais", "rather", "veux", "voudrais", "aimerais", "souhaite"]);
const INFINITIVE = /^\p{L}{2,}(?:er|ir|re|oir)$/u;
const SUPERLATIVE_OPENERS = new Set(["le", "la", "les", "au", "the"]);
const DEGREES = new Set(["plus", "moins", "most", "least", "mieux"]);
const SUPERLATIVES = new Set([
  "cheapest",
  "quickest",
  "fastest",
  "easiest",
  "simplest",
  "nearest",
  "closest",
  "best",
  "shortest",
  "longest",
]);
/** After the "s'" of a French reflexive verb: "il s'est coupé", "elle s'était blessée", "ils se sont battus". */
const REFLEXIVE_AUXILIARIES = new Set(["est", "etait", "sont", "etaient"]);

/**
 * Whether a reply word is a listed option's word: the same, its start ("tel" for "telephone"), the same stem, [ext] (s27)
 * or a compound ending on it ("sunglasses" for "glasses").
 */
function isOptionWord(word: string, optionWords: ReadonlySet<string>): boolean {
  if (word.length < 3 || PLAIN.has(word) || /\d/.test(word)) return false;
  for (const w of optionWords) {
    if (w.length < 3) continue;
    if (w === word || (word.length >= 3 && w.length >= word.length + 3 && w.startsWith(word))) return true;
    if (stem(w).length >= 4 && stem(w) === stem(word)) return true;
    // [ext] (s27) A compound ending on the option's word is near it: "sunglasses" for "New glasses".
    if (w.length >= 5 && word.length > w.length && word.endsWith(w)) return true;
  }
  return false;
}

/**
 * Whether `text` names no unlisted thing for the "Other" option `other` among `phrases`: see the file's head. A reply
 * that also names a thing ("a bmx for my son") still may.
 */
export function namesNoUnlistedThing(text: string, phrases: readonly Phrase[], other: string): boolean {
  const tokens = tokenise(text);
  // Each listed option's own words; a word several options share ("bike" in "Road bike", "Cargo bike") names the kind.
  const owners = new Map<string, Set<string>>();
  for (const p of phrases) {
    const value = JSON.stringify(p.value);
    for (const t of p.tokens) owners.set(t, (owners.get(t) ?? new Set()).add(value));
  }
  const optionWords = new Set([...owners].filter(([, vs]) => vs.size === 1 && !vs.has(other)).map(([t]) => t));
  if (tokens.some((t) => isOptionWord(t, optionWords))) return true;
  // "appelez-moi", "call me back", "écrivez-moi": a request to the asker.
  if (tokens.some((t, i) => (t === "moi" || t === "me") && i > 0 && !NOT_A_REQUEST.has(tokens[i - 1] as string))) return true;
  // "je préfère venir", "I'd rather come", "I prefer to call": an action wanted.
  if (tokens.some((t, i) => WANTING.has(t) && [tokens[i + 1], tokens[i + 2]].some((n) => n !== undefined && INFINITIVE.test(n))))
    return true;
  if (tokens.some((t, i) => WANTING.has(t) && (tokens[i + 1] === "to" || tokens[i + 2] === "to"))) return true;
  // [ext] (s23) "le moins cher", "the cheapest", "the most flexible": a criterion to choose by, no thing.
  if (tokens.some((t, i) => (SUPERLATIVE_OPENERS.has(t) && DEGREES.has(tokens[i + 1] as string)) || SUPERLATIVES.has(t))) return true;
  // [ext] (s23) "il s'est coupé la patte", "elle s'est blessée": a French reflexive verb tells what happened, no thing.
  if (
    tokens.some(
      (t, i) =>
        t === "s" &&
        REFLEXIVE_AUXILIARIES.has(tokens[i + 1] as string) &&
        i > 0 &&
        !["it", "that", "what", "there"].includes(tokens[i - 1] as string),
    )
  )
    return true;
  // "c'est pour ma mère": only a person it is for, no thing.
  if (tokens.some((t) => PEOPLE.has(t) && t !== "moi" && t !== "me"))
    return !tokens.some((t) => t.length >= 3 && !PEOPLE.has(t) && !POSSESSIVES.has(t) && !PLAIN.has(t) && !/\d/.test(t));
  return false;
}
