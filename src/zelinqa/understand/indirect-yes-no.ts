// [ext] Yes/no said in the reply's own words, when no yes/no word is said: the fact held by someone else ("my parents
// own it" to "Are you the owner?"), another way preferred ("plutôt en visio" to "chez vous ?"), or a consent under a
// condition ("only if you blur the faces"). Always held loosely: the person did not say yes or no.
import type { ClauseTokens } from "./clauses.js";
import type { PhraseResult } from "./phrase-match.js";
import { tokenHasStem } from "./target-words.js";
import type { TargetWords } from "./target-words.js";

/** The person answering, as a subject or a holder: "I", "we", "je", "on", "moi". */
const SELF = new Set(["i", "we", "je", "j", "nous", "on", "me", "moi", "myself", "us", "ourselves"]);
/** Someone else: a possessive before a person, a third-person pronoun. */
const OTHERS = new Set([
  "my",
  "our",
  "his",
  "her",
  "their",
  "mon",
  "ma",
  "mes",
  "notre",
  "nos",
  "son",
  "sa",
  "ses",
  "leur",
  "leurs",
  "he",
  "she",
  "they",
  "il",
  "elle",
  "ils",
  "elles",
]);
const MINE = new Set(["my", "our", "mon", "ma", "mes", "notre", "nos"]);
/** "for the owner", "pour le propriétaire": the thing named belongs to someone the person acts for. */
const ON_BEHALF = new Set(["for", "pour"]);
const DETERMINERS = new Set(["the", "le", "la", "l", "les"]);
const COPULAS = new Set(["is", "s", "est", "was", "etait"]);
/** Verbs of paying: the fact of a question about financing or paying ("Financez-vous… ?", "Will you pay…?"). */
const PAYING = ["pay", "pays", "paid", "paying", "paie", "paient", "payer", "paye", "financ", "fund", "funded"];
const PAYING_STEMS: ReadonlySet<string> = new Set(PAYING);

/**
 * Whether a fact word at `i` is held by someone else: nearest first, up to four words back in its clause, a
 * possessive or third-person pronoun ("my parents own", "c'est mon employeur qui paie") or "for the" before it ("I
 * manage it for the owner"); the person themself ("my wife and I own") keeps it theirs.
 */
function heldByOther(c: ClauseTokens, i: number, words: TargetWords): boolean {
  if (statesTheThing(c, i, words) || actedOnTheThing(c, i, words)) return false;
  for (let j = i - 1; j >= Math.max(0, i - 4) && c.clause[j] === c.clause[i]; j--) {
    const t = c.tokens[j] as string;
    // "my first one", "mon CPF": the person's own possessive right before the fact names their own thing.
    if (SELF.has(t) || (j === i - 1 && MINE.has(t))) return false;
    if (OTHERS.has(t)) return true;
    if (ON_BEHALF.has(t) && DETERMINERS.has(c.tokens[j + 1] ?? "")) return true;
  }
  // "the owner is my dad", "le propriétaire c'est mon père".
  const after = c.tokens.slice(i + 1, i + 4);
  const copula = after.findIndex((t) => COPULAS.has(t));
  return copula >= 0 && OTHERS.has(after[copula + 1] ?? "");
}

/** Pronouns that stand for a thing ("il est clôturé": the garden; "it's fenced", "they're insured"). */
const THING_PRONOUNS = new Set(["il", "elle", "ils", "elles", "it", "they", "c"]);
const COPULA_FORMS = new Set(["est", "sont", "etait", "etaient", "sera", "seront", "s", "is", "re", "are", "was", "were"]);
/** Adverbs that may stand between the copula and the state: "il est bien clôturé", "it's fully fenced". */
const STATE_ADVERBS = new Set(
  ["bien", "deja", "tout", "toute", "entierement", "totalement", "completement", "partiellement", "tres"].concat([
    "all",
    "already",
    "fully",
    "completely",
    "entirely",
    "partly",
    "well",
  ]),
);

/**
 * [ext] "il est clôturé", "elle est chauffée", "it's fenced" to "Jardin clôturé", "Piscine chauffée": a pronoun as the
 * subject of a copula right before the fact word (adverbs between) stands for the thing the label names beside that
 * word (the garden), so it states the thing's state, not someone else's. Only when the label names such a thing: to
 * "Propriétaire ?" the pronoun is a person ("il est propriétaire").
 */
function statesTheThing(c: ClauseTokens, fact: number, words: TargetWords): boolean {
  let k = fact - 1;
  while (k >= 0 && STATE_ADVERBS.has(c.tokens[k] as string)) k--;
  if (k < 1 || !COPULA_FORMS.has(c.tokens[k] as string) || !THING_PRONOUNS.has(c.tokens[k - 1] as string)) return false;
  if (c.clause[k - 1] !== c.clause[fact]) return false;
  const said = c.tokens[fact] as string;
  return [...(words.things ?? [])].some((s) => s.length >= 3 && !tokenHasStem(said, new Set([s])));
}

/** Object pronouns before a French auxiliary ("l'a clôturé", "les a peints") or after an English past ("fenced it"). */
const FR_OBJECTS = new Set(["l", "le", "la", "les"]);
const FR_AUXILIARIES = new Set(["a", "ont", "avait", "avaient", "aura", "auront"]);
const EN_OBJECTS = new Set(["it", "them"]);

/**
 * [ext] (s23) "mon voisin l'a clôturé", "my neighbour fenced it", "my dad painted them" to "Jardin clôturé", "Walls
 * painted": someone else did the fact to the thing, a pronoun standing for it, so the thing is in that state whoever did
 * it. Only when the label names a thing beside the fact word (as statesTheThing); "c'est le jardin du voisin" or "my
 * neighbour fenced his" (no pronoun for the thing) stay someone else's.
 */
function actedOnTheThing(c: ClauseTokens, fact: number, words: TargetWords): boolean {
  const same = (k: number) => k >= 0 && c.clause[k] === c.clause[fact];
  const said = c.tokens[fact] as string;
  const french = same(fact - 2) && FR_AUXILIARIES.has(c.tokens[fact - 1] as string) && FR_OBJECTS.has(c.tokens[fact - 2] as string);
  const english = said.endsWith("ed") && same(fact + 1) && EN_OBJECTS.has(c.tokens[fact + 1] as string);
  if (!french && !english) return false;
  return [...(words.things ?? [])].some((s) => s.length >= 3 && !tokenHasStem(said, new Set([s])));
}

/** The target's fact said only as someone else's: a no. Not when the person also holds it, nor under a negation. */
function someoneElse(c: ClauseTokens, words: TargetWords): boolean {
  const pays = [...words.own].some((w) => tokenHasStem(w, PAYING_STEMS));
  let other = false;
  for (let i = 0; i < c.tokens.length; i++) {
    const t = c.tokens[i] as string;
    const named = (t.length >= 3 && tokenHasStem(t, words.own)) || (pays && tokenHasStem(t, PAYING_STEMS));
    if (!named) continue;
    if (c.negated[i] === true || !heldByOther(c, i, words)) return false;
    other = true;
  }
  return other;
}

const PREFERRING = new Set(["plutot", "rather", "prefer", "prefere", "preferons", "preferez", "preferably", "instead"]);
/** Another way preferred, the target's own words never said: "plutôt en visio", "on préfère à la médiathèque". */
function prefersOther(c: ClauseTokens, words: TargetWords): boolean {
  const at = c.tokens.findIndex((t) => PREFERRING.has(t));
  if (at < 0 || at === c.tokens.length - 1) return false;
  return !c.tokens.some((t) => t.length >= 4 && tokenHasStem(t, words.own));
}

const ONLY_IF = [
  ["only", "if"],
  ["just", "if"],
  ["as", "long", "as"],
  ["so", "long", "as"],
  ["provided"],
  ["providing"],
  ["seulement", "si"],
  ["uniquement", "si"],
  ["tant", "que"],
  ["a", "condition", "que"],
  ["pourvu", "que"],
];
const ASKER = new Set(["you", "u", "vous", "tu"]);
/**
 * A consent under a condition on what the asker does, opening the reply: "only if you blur the faces", "tant que vous
 * ne montrez pas les enfants". A condition on the thing ("only if it's free") says neither yes nor no.
 */
const consentsIf = (tokens: readonly string[]) =>
  ONLY_IF.some((seq) => seq.every((w, k) => tokens[k] === w) && ASKER.has(tokens[seq.length] ?? ""));

/** Words that put a state in the past: "était", "was", "used (to)", "avait", "had". */
const PAST_FRAME = new Set(["etait", "etaient", "was", "were", "used", "avait", "avaient", "had"]);
/** Words opening a contrast: "but", "mais", "sauf que", "except", "however", "cependant". */
const CONTRAST = new Set(["but", "mais", "sauf", "except", "however", "cependant", "pourtant"]);
const opensContrast = (c: ClauseTokens, i: number) => CONTRAST.has(c.tokens[i] as string) && (i === 0 || c.clause[i - 1] !== c.clause[i]);

/**
 * [ext] "elle était chauffée mais la PAC est morte", "it used to be insured but it lapsed": the target's fact said in the
 * past, then a contrast: it is no longer so, a no. Without the contrast ("it was heated last summer") this rule says nothing.
 */
function noLongerSo(c: ClauseTokens, words: TargetWords): boolean {
  for (let i = 0; i < c.tokens.length; i++) {
    const t = c.tokens[i] as string;
    if (t.length < 4 || c.negated[i] === true || !tokenHasStem(t, words.own)) continue;
    const frame = c.tokens
      .slice(Math.max(0, i - 3), i)
      .some((w, k, near) => PAST_FRAME.has(w) && c.clause[i - near.length + k] === c.clause[i]);
    if (frame && c.tokens.some((_, j) => j > i && opensContrast(c, j))) return true;
  }
  return false;
}

/** "je l'ai", "on l'a", "I've got it", "I have it": the thing asked about, held (a pronoun stands for it). */
const HAVE_IT = [
  ...["je l ai", "j l ai", "on l a", "nous l avons", "je l ai deja", "on l a deja"],
  ...["i ve got it", "i have got it", "i got it", "i have it", "we ve got it", "we have it", "we got it", "i ve had it"],
].map((p) => p.split(" "));
/** What may follow it: a participle of getting ("eu", "obtenu", "passé"), or when and since when. */
const HAVE_IT_FOLLOWERS = new Set(
  "eu eue obtenu obtenue passe passee depuis deja toujours en since for already in last this back ago".split(" "),
);

/**
 * [ext] "je l'ai eu l'an dernier", "I've got it since 2019" to "Avez-vous le permis ?": the reply opens on holding or
 * getting the thing asked about, a yes. Not when a contrast follows ("je l'ai eu mais il a expiré"), nor another verb
 * ("je l'ai vendu", "I got it repaired"): those say something else of it.
 */
function holdsIt(c: ClauseTokens): boolean {
  const seq = HAVE_IT.find((p) => p.every((w, k) => c.tokens[k] === w));
  if (seq === undefined || c.negated[seq.length - 1] === true) return false;
  const next = c.tokens[seq.length];
  // "I got it" alone may only acknowledge; in English, when or since when must follow.
  const english = seq.includes("it");
  const followed = (!english && (next === undefined || c.clause[seq.length] !== c.clause[0])) || HAVE_IT_FOLLOWERS.has(next ?? "");
  return followed && !c.tokens.some((_, j) => opensContrast(c, j));
}

/** The yes/no a reply states in its own words, held loosely; null when it states none this way. */
export function indirectYesNo(c: ClauseTokens, words: TargetWords): PhraseResult | null {
  if (consentsIf(c.tokens) || holdsIt(c)) return { value: true, certainty: "fuzzy" };
  if (noLongerSo(c, words)) return { value: false, certainty: "fuzzy" };
  // [ext] "Will someone be at home?": anyone will do, so the fact said of another person ("my wife is home") or a
  // person's presence ("my husband will be in", "ma fille sera là") is a yes; negated, a no.
  if ([...words.own].some((w) => ANYONE.has(w))) {
    const present = presence(c);
    if (present !== null) return { value: present, certainty: "fuzzy" };
    if (someoneElse(c, words)) return { value: true, certainty: "fuzzy" };
  }
  if (someoneElse(c, words) || prefersOther(c, words)) return { value: false, certainty: "fuzzy" };
  return null;
}

/** Question words asking whether anyone at all will do something. */
const ANYONE = new Set(["someone", "somebody", "anyone", "anybody", "quelqu", "quelquun"]);
const PRESENT = [
  ...["be in", "be home", "be at home", "be there", "be around", "be here", "is in", "is home", "is at home", "s home"],
  ...["s in", "are in", "are home", "sera la", "serai la", "serons la", "seront la", "est la", "sera present", "sera presente"],
  ...["sera a la maison", "serai a la maison", "est a la maison", "will be in", "ll be in", "ll be home", "ll be there"],
].map((p) => p.split(" "));

/** A presence said ("my husband will be in", "ma fille sera là"): true, false under a negation, null when none. */
function presence(c: ClauseTokens): boolean | null {
  for (let i = 0; i < c.tokens.length; i++) {
    const seq = PRESENT.find((p) => p.every((w, k) => c.tokens[i + k] === w));
    if (seq === undefined) continue;
    // "in" must end its clause or be followed by a time: "be in the garden" is a place, said of the reply's person.
    const after = c.tokens[i + seq.length];
    if (seq[seq.length - 1] === "in" && after !== undefined && c.clause[i + seq.length] === c.clause[i] && !TIME_AFTER.has(after)) continue;
    return c.negated[i + seq.length - 1] !== true;
  }
  return null;
}
const TIME_AFTER = new Set(["all", "from", "after", "before", "until", "till", "in", "on", "at", "the", "that", "tomorrow", "today"]);
