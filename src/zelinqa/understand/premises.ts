// [ext] Yes/no said by a fact that implies it (docs/zelinqa-understanding.md, "Yes/no implied by a fact"): what the
// question's label presupposes (a first time, a need, a thing obtained) read against what the reply states. Small
// bilingual word tables; every reading is held loosely, and never against a yes/no said outright.
import type { ClauseTokens } from "./clauses.js";
import type { PhraseResult } from "./phrase-match.js";
import { tokenHasStem } from "./target-words.js";
import { FIRST_TIME_PHRASES, NEW_TO_IT_PHRASES } from "./years-since.js";
import type { TargetWords } from "./target-words.js";
import { FR_EN_ARTICLES, MY_POSSESSIVES } from "./function-words.js";

const seqs = (list: readonly string[]) => list.map((p) => p.split(" "));
const has = (tokens: readonly string[], list: readonly (readonly string[])[]) =>
  list.some((seq) => tokens.some((_, i) => seq.every((w, k) => tokens[i + k] === w)));
/** Index of the first occurrence of any sequence, or -1. */
const indexOf = (tokens: readonly string[], list: readonly (readonly string[])[]) => {
  for (let i = 0; i < tokens.length; i++) if (list.some((seq) => seq.every((w, k) => tokens[i + k] === w))) return i;
  return -1;
};

/** A label about a first time: "First-time buyer", "Première inscription", "Premier achat". */
const FIRST_WORDS = new Set(["first", "premier", "premiere", "primo"]);
/** A later time said: "second time", "2e fois", "again", "de nouveau". */
const LATER_TIME = seqs([
  "second",
  "seconde",
  "2nd",
  "third",
  "3rd",
  "deuxieme",
  "troisieme",
  "2e",
  "2eme",
  "3e",
  "3eme",
  "again",
  "once more",
  "de nouveau",
  "a nouveau",
  "encore une fois",
  "not my first",
  "not the first",
  "pas mon premier",
  "pas ma premiere",
  "pas la premiere",
  "pas le premier",
]);
/** Having done or had it before: "I owned a flat 10 years ago", "j'ai déjà acheté", "we sold our house". */
const DONE_BEFORE = seqs([
  "owned",
  "used to own",
  "already bought",
  "already owned",
  "already own",
  "bought a",
  "bought our",
  "bought my",
  "sold a",
  "sold our",
  "sold my",
  "j ai deja achete",
  "on a deja achete",
  "nous avons deja achete",
  "j ai deja ete",
  "j etais proprietaire",
  "on etait proprietaires",
  "j ai vendu",
  "on a vendu",
  "deja eu",
  "had one before",
  "done it before",
  "did it before",
  "before",
  "ago",
  "auparavant",
  "previously",
]);

/** Having it already: "j'ai déjà un appart", "we already have one", "I've got my own". */
const ALREADY_HAVE = seqs([
  "j ai deja",
  "on a deja",
  "nous avons deja",
  "j en ai deja",
  "on en a deja",
  "already have",
  "already got",
  "already own",
  "have one already",
  "ve already got",
  "have my own",
  "ve got my own",
  "got my own",
  "j ai le mien",
  "j ai la mienne",
  "j ai mon propre",
  "j ai ma propre",
]);
/** Managing without it: "I'll take the bus", "je prendrai le train", "I'll manage", "je me débrouille". */
const MANAGE = seqs([
  "i ll manage",
  "i can manage",
  "we ll manage",
  "je me debrouille",
  "je me debrouillerai",
  "on se debrouille",
  "on se debrouillera",
  "i ll sort myself",
  "i ll walk",
  "je viendrai a pied",
  "i ll get a lift",
  "someone will pick me up",
  "on viendra me chercher",
]);
/** "I'll take / use / je prendrai / je vais prendre" + an article: another means, named. */
const OTHER_MEANS = seqs([
  "i ll take",
  "i will take",
  "i can take",
  "i ll use",
  "i will use",
  "i can use",
  "we ll take",
  "we will take",
  "we can take",
  "je prendrai",
  "je vais prendre",
  "je peux prendre",
  "on prendra",
  "on va prendre",
  "je prends",
]);
/** Words before a noun: articles, possessives, "no", "pas de", "with", "sans". */
export const NOUN_OPENERS = new Set([
  ...FR_EN_ARTICLES,
  ...MY_POSSESSIVES,
  "some",
  "any",
  "no",
  "our",
  "notre",
  "nos",
  "with",
  "without",
  "avec",
  "sans",
]);
const ARTICLES = new Set(["the", "a", "an", "my", "our", "le", "la", "l", "les", "un", "une", "mon", "ma", "notre"]);

/** "that would be great", "ce serait super": welcoming the offer is a yes. */
const WOULD_BE = seqs(["would be", "d be", "ce serait", "ca serait", "c serait", "ce sera", "that will be"]);
const GOOD = new Set([
  "great",
  "nice",
  "lovely",
  "perfect",
  "ideal",
  "helpful",
  "useful",
  "amazing",
  "wonderful",
  "fantastic",
  "brilliant",
  "super",
  "top",
  "genial",
  "parfait",
  "ideal",
  "pratique",
  "utile",
  "bien",
  "cool",
  "sympa",
  "chouette",
]);

/**
 * "seulement en cas d'urgence", "only in emergencies", "only when needed": a yes limited to some cases. A condition that
 * may not hold ("only if it's free", "si c'est rentable") is no answer yet.
 */
const ONLY = new Set(["only", "seulement", "uniquement", "juste", "just"]);
const SOME_CASES = seqs([
  "en cas",
  "in case",
  "for emergencies",
  "pour les urgences",
  "when",
  "quand",
  "lorsque",
  "in an emergency",
  "in emergencies",
  "pour l urgent",
  "for urgent",
]);

/** "my broker got it", "we have it", "on l'a eu": what the label names, obtained (said of "it"). */
const GOT_IT = seqs([
  "got it",
  "has it",
  "have it",
  "ve got it",
  "obtained it",
  "received it",
  "got one",
  "have one",
  "has one",
  "je l ai",
  "on l a",
  "il l a",
  "elle l a",
  "nous l avons",
  "j en ai un",
  "j en ai une",
  "on en a un",
  "on en a une",
]);
const GOT_SUBJECTS = new Set(["i", "we", "he", "she", "they", "my", "our", "j", "on", "il", "elle", "nous", "mon", "ma", "notre", "ve"]);

/** "we have an appointment next week", "rdv la semaine prochaine": a step to come, so not yet; so is a purchase to come. */
const APPOINTMENT = new Set(["appointment", "appointments", "rdv", "rendez", "meeting"]);
/** [ext] Getting it still to come: "on va en acheter un à Noël", "we're going to buy one", "je compte en louer un". */
const TO_ACQUIRE = seqs([
  "going to buy",
  "going to get",
  "gonna buy",
  "gonna get",
  "will buy",
  "ll buy",
  "planning to buy",
  "plan to buy",
  "about to buy",
  "going to rent",
  "va en acheter",
  "vais en acheter",
  "allons en acheter",
  "compte en acheter",
  "comptons en acheter",
  "va acheter",
  "vais acheter",
  "allons acheter",
  "va en louer",
  "vais en louer",
  "va en prendre",
]);
const TO_COME = new Set(["next", "prochain", "prochaine", "tomorrow", "demain", "soon", "bientot", "dans", "in", "later", "upcoming"]);

const fuzzy = (value: boolean): PhraseResult => ({ value, certainty: "fuzzy" });

/** A label or question about someone else taking part: "Co-borrower", "with someone else", "Conjoint", "accompagné". */
const COMPANY_WORDS = new Set([
  "someone",
  "somebody",
  "quelqu",
  "coemprunteur",
  "joint",
  "conjoint",
  "accompagne",
  "accompanied",
  "together",
  "ensemble",
  "partner",
  "partenaire",
]);
const asksCompany = (words: TargetWords) => [...COMPANY_WORDS].some((w) => words.own.has(w)) || words.own.has("co");
/** "just me", "moi seul", "on my own": nobody else. */
const ALONE = seqs([
  "just me",
  "only me",
  "me only",
  "just myself",
  "by myself",
  "on my own",
  "alone",
  "solo",
  "juste moi",
  "moi seul",
  "moi seule",
  "que moi",
  "tout seul",
  "toute seule",
  "seul",
  "seule",
]);
/** "on achète à deux", "with my wife", "the two of us": someone else too. */
const WITH_SOMEONE = seqs([
  "a deux",
  "a plusieurs",
  "the two of us",
  "both of us",
  "we both",
  "together",
  "ensemble",
  "with my wife",
  "with my husband",
  "with my partner",
  "with my girlfriend",
  "with my boyfriend",
  "avec ma femme",
  "avec mon mari",
  "avec mon conjoint",
  "avec ma conjointe",
  "avec mon compagnon",
  "avec ma compagne",
  "avec mon copain",
  "avec ma copine",
  "avec mon partenaire",
  "avec ma partenaire",
]);

/** A label about owning: "Propriétaire", "Homeowner", "Owner of the property". */
const OWNER_WORDS = new Set(["proprietaire", "proprio", "owner", "homeowner"]);
/** "c'est à moi", "it's ours", "en indivision", "co-owned": owned (also shared). */
const OWNED = seqs([
  "c est a moi",
  "c est a nous",
  "it s mine",
  "it s ours",
  "i own it",
  "we own it",
  "indivision",
  "co owned",
  "co owner",
  "coproprietaire",
  "copropriete",
]);
/** "c'est à mes parents", "it belongs to my landlord": someone else's. */
const OTHERS_OWN = seqs([
  "c est a mes",
  "c est a mon",
  "c est a ma",
  "c est a nos",
  "c est au",
  "c est aux",
  "appartient a",
  "belongs to",
  "it s my parents",
  "owned by",
]);

const asksFirstTime = (words: TargetWords) => [...FIRST_WORDS].some((w) => tokenHasStem(w, words.own));
/** Words of a question about having done something before: "Have you climbed before?", "Avez-vous déjà plongé ?". */
const BEFORE_WORDS = ["before", "deja", "already", "ever", "previous", "previously", "experience", "auparavant"];
const asksBefore = (words: TargetWords) => !asksFirstTime(words) && BEFORE_WORDS.some((w) => tokenHasStem(w, words.own));
/**
 * A first time said: "c'est ma première fois", "first time for me", "je débute", and for a yes/no about having done it
 * before, a beginner ("I'm a complete beginner", "débutant"), who has not, or hardly.
 */
const FIRST_SAID = seqs([
  ...FIRST_TIME_PHRASES,
  ...NEW_TO_IT_PHRASES,
  ...["debutant", "debutante", "debutants", "beginner", "beginners", "novice", "we re new", "new to this"],
]);
const NEVER = new Set(["never", "jamais"]);
const NO_WORDS = new Set(["no", "non", "nope", "nan"]);
/**
 * "never owned one", "yes, never bought before", "jamais acheté" to a first-time question: never done before is a
 * first time (the "never" is no "no"). Held loosely; an outright "no" opening the reply leaves nothing sure.
 */
export function neverBefore(c: ClauseTokens, words: TargetWords): PhraseResult | null {
  if (!asksFirstTime(words) || NO_WORDS.has(c.tokens[0] ?? "")) return null;
  return c.tokens.some((t) => NEVER.has(t)) && indexOf(c.tokens, LATER_TIME) < 0 ? fuzzy(true) : null;
}

/**
 * The yes/no a reply implies through the label's premise, held loosely, or null. `c` is the reply's clauses; the
 * caller reads a yes/no said outright first and drops this reading when they disagree.
 */
export function premiseValue(c: ClauseTokens, words: TargetWords): PhraseResult | null {
  const tokens = c.tokens;
  const negatedAt = (i: number) => i >= 0 && c.negated[i] === true;
  // A first time asked, a later one (or one done before) said: no; a first time said: yes.
  if (asksFirstTime(words)) {
    const later = indexOf(tokens, LATER_TIME);
    if (later >= 0) return fuzzy(false);
    const first = tokens.findIndex((t) => FIRST_WORDS.has(t));
    const before = indexOf(tokens, DONE_BEFORE);
    if (first < 0 && before >= 0 && !negatedAt(before)) return fuzzy(false);
    const said = indexOf(tokens, FIRST_SAID);
    if (said >= 0 && !negatedAt(said)) return fuzzy(true);
  }
  // Having done it before asked: a first time said is no, a later time (or a first time denied) yes.
  if (asksBefore(words)) {
    if (indexOf(tokens, LATER_TIME) >= 0) return fuzzy(true);
    const said = indexOf(tokens, FIRST_SAID);
    if (said >= 0) return fuzzy(negatedAt(said));
  }
  // Someone else asked about: "just me" is no, "à deux" / "with my wife" yes.
  if (asksCompany(words)) {
    if (has(tokens, WITH_SOMEONE)) return fuzzy(true);
    const alone = indexOf(tokens, ALONE);
    if (alone >= 0 && !negatedAt(alone)) return fuzzy(false);
  }
  // Owning asked: shared ownership is yes, someone else's property no.
  if ([...OWNER_WORDS].some((w) => words.own.has(w))) {
    if (has(tokens, OWNED)) return fuzzy(true);
    if (has(tokens, OTHERS_OWN) && !c.negated.some(Boolean)) return fuzzy(false);
  }
  // A need asked: having it already, or managing another way, is no.
  if (words.desired === true) {
    const already = indexOf(tokens, ALREADY_HAVE);
    const said = ALREADY_HAVE.find((q) => q.every((w, k) => tokens[already + k] === w));
    // "j'ai déjà un appart", not "j'ai déjà cherché": in French the thing had follows as a noun.
    const had =
      said === undefined || !["j", "on", "nous"].includes(said[0] as string) || NOUN_OPENERS.has(tokens[already + said.length] ?? "");
    if (already >= 0 && had && !negatedAt(already)) return fuzzy(false);
    if (has(tokens, MANAGE)) return fuzzy(false);
    for (const seq of OTHER_MEANS) {
      const i = indexOf(tokens, [seq]);
      const article = tokens[i + seq.length];
      const noun = tokens[i + seq.length + 1];
      if (i < 0 || article === undefined || !ARTICLES.has(article) || noun === undefined || negatedAt(i)) continue;
      // "I'll take the courtesy car": the thing asked about, taken, is a yes left to the other rules.
      if (!tokenHasStem(noun, words.own) && noun.length >= 3) return fuzzy(false);
    }
  }
  // Welcoming it: "that would be great", "ce serait top".
  const would = indexOf(tokens, WOULD_BE);
  if (would >= 0 && !c.negated.some(Boolean)) {
    const rest = tokens.slice(would, would + 5);
    if (rest.some((t) => GOOD.has(t)) && !tokens.some((t) => t === "trop" || t === "too" || t === "but" || t === "mais")) {
      return fuzzy(true);
    }
  }
  // "only in case of emergency": a conditional yes.
  if (ONLY.has(tokens[0] ?? "") && has(tokens.slice(1, 4), SOME_CASES) && !c.negated.some(Boolean)) return fuzzy(true);
  // Not something wanted: "my broker got it", "on l'a" — obtained, said of "it" by a subject.
  if (words.desired !== true) {
    const got = indexOf(tokens, GOT_IT);
    if (got > 0 && GOT_SUBJECTS.has(tokens[got - 1] ?? "") && !negatedAt(got)) return fuzzy(true);
    if (got > 1 && tokens.slice(0, got).some((t) => GOT_SUBJECTS.has(t)) && !negatedAt(got)) return fuzzy(true);
    // A step still to come: "we have an appointment next week".
    const appointment = tokens.findIndex((t) => APPOINTMENT.has(t) && !tokenHasStem(t, words.own));
    if (appointment >= 0 && !negatedAt(appointment) && tokens.some((t) => TO_COME.has(t))) return fuzzy(false);
    const toAcquire = indexOf(tokens, TO_ACQUIRE);
    if (toAcquire >= 0 && !negatedAt(toAcquire)) return fuzzy(false);
  }
  return null;
}
