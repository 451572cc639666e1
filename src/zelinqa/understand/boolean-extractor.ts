// Boolean extraction [docs/zelinqa-api.md §10.5.3 + ext]: choice labels first, then the yes/no lexicons (longest phrase
// first) with negation over the whole clause ("of course not" is false), then — when no yes/no is said — the
// fact itself matched against the target's own words ("we have a cat", "no pets", "je fume", "non-fumeur").
import { clauseTokens, clausesAfterFirst, isNegationAt } from "./clauses.js";
import type { ClauseTokens } from "./clauses.js";
import { isPleasantryWord } from "./guards-values.js";
import { FALSE_PHRASES, HEDGE_PHRASES, LOOSE_PHRASES, NOTHING_TO_REPORT, TRUE_PHRASES, hasAnyPhrase } from "./lexicons.js";
import { tokenise } from "./normalise.js";
import { findPhraseHits, scalarPhraseResult } from "./phrase-match.js";
import { indirectYesNo } from "./indirect-yes-no.js";
import { NOUN_OPENERS, neverBefore, premiseValue } from "./premises.js";
import type { Phrase, PhraseResult } from "./phrase-match.js";
import { stem, tokenHasStem } from "./target-words.js";
import type { TargetWords } from "./target-words.js";

const DETERMINERS = new Set(["no", "aucun", "aucune", "none"]);
const LETTER_ANSWERS = new Map([
  ["y", true],
  ["o", true],
  ["n", false],
  // [ext] "nn" (non) in a text message.
  ["nn", false],
  // [ext] Spoken or texted yes as the whole reply only ("ya" inside a French reply is "il y a").
  ["ya", true],
  ["yah", true],
  ["yea", true],
  ["yeh", true],
]);
/** [ext] "ouiii", "yesss", "nooon", "okkk": a letter said three times or more is one letter, for the yes/no words. */
const unstretched = (t: string) => t.replace(/(\p{L})\1{2,}/gu, "$1");

interface LexiconHit {
  readonly value: boolean;
  readonly start: number;
  readonly end: number;
}

function lexiconHits(said: readonly string[]): LexiconHit[] {
  const tokens = said.map(unstretched);
  const all: LexiconHit[] = [];
  const scan = (list: readonly (readonly string[])[], value: boolean) => {
    for (const phrase of list) {
      for (let i = 0; i + phrase.length <= tokens.length; i++) {
        if (phrase.every((t, j) => tokens[i + j] === t)) all.push({ value, start: i, end: i + phrase.length });
      }
    }
  };
  scan(TRUE_PHRASES, true);
  scan(FALSE_PHRASES, false);
  // Longest first, so "absolument pas" wins over "absolument" and "pas du tout" is one false hit.
  all.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: LexiconHit[] = [];
  for (const h of all) if (kept.every((k) => h.end <= k.start || h.start >= k.end)) kept.push(h);
  return kept;
}

const POST_NEGATIONS = new Set(["pas", "plus", "jamais", "point"]);
const QUALIFYING_LINKS = new Set([
  "mais",
  "but",
  "sauf",
  "except",
  "if",
  "si",
  "unless",
  "only",
  "seulement",
  "depends",
  "depend",
  "selon",
]);

/**
 * Whether a negation before token i in its clause negates a yes said there: "sans"/"without" only negate the
 * noun after them ("si c'est sans frais, oui" is a yes).
 */
function clauseNegatesAt(c: ClauseTokens, i: number): boolean {
  for (let j = i - 1; j >= 0 && c.clause[j] === c.clause[i]; j--) {
    const t = c.tokens[j] as string;
    if (t !== "sans" && t !== "without" && isNegationAt(c.tokens, j) && !inConditionBefore(c, j)) return true;
  }
  return false;
}

/**
 * [ext] "si c'est pas plus cher oui", "if it's not too far, yes": a negation inside a condition said before the yes
 * belongs to the condition (the yes stays, held loosely as qualified).
 */
function inConditionBefore(c: ClauseTokens, j: number): boolean {
  for (let k = j - 1; k >= 0 && c.clause[k] === c.clause[j]; k--) if (c.tokens[k] === "si" || c.tokens[k] === "if") return true;
  return false;
}

const isLoose = (tokens: readonly string[], h: LexiconHit) => {
  const said = tokens.slice(h.start, h.end);
  return LOOSE_PHRASES.some((p) => p.length === said.length && p.every((w, i) => said[i] === w));
};

interface Said {
  readonly value: boolean;
  /** Said with a hedge or a loose phrase: tentative. */
  readonly loose: boolean;
}

/** Yes/no from the lexicons, a "yes" followed by a negation in its clause counting as "no". */
function lexiconValue(text: string): Said | null {
  const c = clauseTokens(text);
  const hits = lexiconHits(c.tokens);
  const values = new Set<boolean>();
  let loose = hasAnyPhrase(c.tokens, HEDGE_PHRASES);
  for (const h of hits) {
    // "yes if no fees", "we have no pets": a "no" before a noun, inside the reply, is a determiner, not an answer.
    if (
      !h.value &&
      h.end - h.start === 1 &&
      h.start > 0 &&
      DETERMINERS.has(c.tokens[h.start] as string) &&
      c.clause[h.start + 1] === c.clause[h.start]
    )
      continue;
    // [ext] (s27) "landlord said ok", "le syndic a dit oui": someone else's yes/no, reported, is not the person's answer.
    if (reportedSpeech(c.tokens, h.start)) continue;
    let v = h.value;
    // "of course not", "sure… not": a yes negated right after it, or inside a negated clause.
    if (v) {
      const next = c.tokens[h.end] === "que" ? h.end + 1 : h.end;
      if (next < c.tokens.length && c.clause[next] === c.clause[h.start] && isNegationAt(c.tokens, next)) v = false;
      if (c.negated[h.start] && clauseNegatesAt(c, h.start)) v = false;
    }
    // "yes but not my fault", "oui si c'est gratuit": a qualified yes/no is held loosely.
    loose ||=
      isLoose(c.tokens, h) ||
      c.tokens.slice(h.end).some((t) => QUALIFYING_LINKS.has(t)) ||
      c.tokens.slice(0, h.start).some((t) => t === "si" || t === "if");
    values.add(v);
  }
  return values.size === 1 ? { value: [...values][0] === true, loose } : null;
}

/** Verbs that report what someone said: "said", "told", "a dit", "a répondu". */
const REPORTING = new Set("said says told replied answered agreed dit disait dira repondu".split(" "));
/** The person speaking: "I said yes" reports their own answer. */
const FIRST_PERSON = new Set(["i", "we", "je", "j", "on", "nous"]);
/**
 * [ext] (s27) The yes/no at `start` is what someone else said ("the landlord said ok", "ma voisine a dit oui"): a verb of
 * reporting right before it (or with one auxiliary "a"/"has" between), and no first person just before that verb.
 */
function reportedSpeech(tokens: readonly string[], start: number): boolean {
  const verb = start - 1;
  if (!REPORTING.has(tokens[verb] ?? "")) return false;
  const subject = ["a", "has", "had", "m", "me", "nous", "us"].includes(tokens[verb - 1] ?? "") ? verb - 2 : verb - 1;
  if (subject < 0) return false;
  return !FIRST_PERSON.has(tokens[subject] as string) && !FIRST_PERSON.has(tokens[subject - 1] ?? "");
}

/** "j'ai arrêté de fumer", "I quit smoking", "ex-fumeur": the habit that follows has stopped. */
const STOPPED = new Set(["arrete", "arretee", "quit", "stopped", "ex", "former", "ancien", "ancienne", "used"]);

/** "we already have a videographer", "on a déjà un photographe": asked whether they want one, that is no. */
const ALREADY = new Set(["already", "deja"]);

interface FactReading {
  /** The stems that name the fact. */
  readonly stems: ReadonlySet<string>;
  /** Whether "already" denies a wish ("we already have a videographer"): not for a concept group ("déjà un chat"). */
  readonly alreadyDenies: boolean;
  /** Only a word used as a noun (after an article, "no", "pas de", "with"…) names it. */
  readonly nounOnly?: boolean;
}

/** Additive links that open a clause before a noun: "fibre, and TV", "et la piscine". */
const ADDING = new Set(["and", "et", "also", "aussi"]);

/** Token i is used as a noun: after an article, "no", "with"…, or first in its clause after "and". */
function opensNoun(c: ClauseTokens, i: number): boolean {
  const prev = c.tokens[i - 1];
  if (prev === undefined || c.clause[i - 1] !== c.clause[i]) return true;
  const denied = c.negated[i] === true && (HAVING.has(prev) || (FRENCH_DENIAL.has(prev) && HAVING.has(c.tokens[i - 2] as string)));
  return NOUN_OPENERS.has(prev) || denied || (ADDING.has(prev) && c.clause[i - 2] !== c.clause[i]);
}
const FRENCH_DENIAL = new Set(["pas", "plus", "jamais"]);
/**
 * [ext] A noun without an article after a denied verb of having: "…, and I don't have insurance", "on n'a pas internet".
 * Not "I have glasses": what one has may be another noun of the label ("Insurance covers glasses").
 */
const HAVING = new Set(["have", "has", "got", "own", "a", "ai", "avons", "avez", "possede"]);

/** A token naming one of the stems, or the first word of a compound one ("video" of "videographer"). */
export function namesStem(t: string, stems: ReadonlySet<string>): boolean {
  if (tokenHasStem(t, stems)) return true;
  const head = stem(t);
  return head.length >= 5 && [...stems].some((s) => s.length - head.length >= 4 && s.startsWith(head));
}

/** The fact stated with the target's own words: positive unless negated in its clause. */
function factValue(c: ClauseTokens, words: TargetWords, reading: FactReading): boolean | null {
  const stems = reading.stems;
  let positive = false;
  let negative = false;
  c.tokens.forEach((t, i) => {
    // Short words only when they are the target's own ("TV").
    if ((t.length < 3 && !stems.has(t)) || !(reading.nounOnly ? namesStem(t, stems) : tokenHasStem(t, stems))) return;
    if (reading.nounOnly && !opensNoun(c, i)) return;
    const before = (set: ReadonlySet<string>) =>
      c.tokens.slice(Math.max(0, i - 3), i).some((w, j, arr) => set.has(w) && c.clause[i - arr.length + j] === c.clause[i]);
    const stopped = before(STOPPED) || (words.desired === true && reading.alreadyDenies && before(ALREADY));
    // Spoken French drops the "ne": "je fume pas", "je fume plus", "j'en ai jamais eu" ("pas mal" is "a lot").
    const next = c.tokens[i + 1];
    const after = next !== undefined && c.clause[i + 1] === c.clause[i] && POST_NEGATIONS.has(next) && c.tokens[i + 2] !== "mal";
    if (c.negated[i] || stopped || after || (i > 0 && c.tokens[i - 1] === "non")) negative = true;
    else positive = true;
  });
  // "pas de chat mais un chien": something is there.
  if (positive) return true;
  return negative ? false : null;
}

/** [ext] Where something takes place, for a target about being outdoors (or indoors): its sides' words and places. */
const OUTDOOR_WORDS = new Set(["outdoor", "outdoors", "outside", "dehors", "exterieur", "exterieure", "plein", "open"]);
const INDOOR_WORDS = new Set(["indoor", "indoors", "inside", "dedans", "interieur", "interieure", "covered", "couvert"]);
const OUTDOOR_PLACES = new Set([
  "beach",
  "plage",
  "garden",
  "jardin",
  "park",
  "parc",
  "forest",
  "foret",
  "field",
  "champ",
  "lawn",
  "pelouse",
  "vineyard",
  "vignes",
  "lake",
  "lac",
  "mountain",
  "montagne",
  "seaside",
  "meadow",
  "prairie",
  "terrace",
  "terrasse",
]);
const INDOOR_PLACES = new Set([
  "church",
  "eglise",
  "chapel",
  "chapelle",
  "cathedral",
  "cathedrale",
  "barn",
  "grange",
  "hall",
  "salle",
  "mairie",
  "restaurant",
  "ballroom",
  "temple",
  "mosque",
  "mosquee",
  "synagogue",
]);
/** "if the weather allows", "s'il fait beau", "weather permitting": outdoors, held loosely. */
const WEATHER = new Set(["weather", "meteo", "beau", "pleut", "rain"]);
const CONDITIONS = new Set(["if", "si", "s", "permitting", "depending", "selon", "allows", "permet"]);

/** Outdoors (true) or indoors (false) for a target about being outdoors; the reverse for one about indoors. */
function placeValue(c: ClauseTokens, words: TargetWords): boolean | null {
  const names = (side: ReadonlySet<string>) => [...side].some((w) => w.length >= 4 && tokenHasStem(w, words.own));
  const aboutOutdoors = names(OUTDOOR_WORDS);
  const aboutIndoors = names(INDOOR_WORDS);
  if (aboutOutdoors === aboutIndoors) return null;
  const byClause = new Map<number, Set<boolean>>();
  const conditional = c.tokens.some((t) => CONDITIONS.has(t));
  c.tokens.forEach((t, i) => {
    let outdoors: boolean | null = null;
    if (OUTDOOR_WORDS.has(t) || OUTDOOR_PLACES.has(t) || (WEATHER.has(t) && conditional)) outdoors = true;
    else if (INDOOR_WORDS.has(t) || INDOOR_PLACES.has(t)) outdoors = false;
    if (outdoors === null) return;
    const v = (outdoors === aboutOutdoors) !== (c.negated[i] === true);
    const k = c.clause[i] as number;
    byClause.set(k, (byClause.get(k) ?? new Set()).add(v));
  });
  const all = new Set([...byClause.values()].flatMap((v) => [...v]));
  if (all.size === 1) return [...all][0] as boolean;
  if (all.size === 0) return null;
  // "ceremony outside, dinner inside": the clause naming what the target is about decides.
  const subject = new Set<boolean>();
  for (const [k, values] of byClause)
    if (
      c.tokens.some(
        (t, i) => c.clause[i] === k && t.length >= 4 && tokenHasStem(t, words.own) && !OUTDOOR_WORDS.has(t) && !INDOOR_WORDS.has(t),
      )
    )
      for (const v of values) subject.add(v);
  return subject.size === 1 ? ([...subject][0] as boolean) : null;
}

/** "n/a" as typed (its tokens "n a" are also French "n'a"), and "not applicable" said out. */
const NOT_APPLICABLE_MARK = /(?:^|[^\p{L}\p{N}])n\/a(?:$|[^\p{L}\p{N}])/iu;
const NOT_APPLICABLE = [
  ["not", "applicable"],
  ["non", "applicable"],
  ["sans", "objet"],
];

/**
 * [ext] (s25) "never given blood so n/a", "sans objet, je n'ai pas de voiture": the person says the question does not
 * apply to them, whatever else the reply says ("never"): no yes and no no.
 */
function saysNotApplicable(text: string, tokens: readonly string[]): boolean {
  return NOT_APPLICABLE_MARK.test(text) || hasAnyPhrase(tokens, NOT_APPLICABLE);
}

/** Direct boolean extraction; `labels` are the choice-label and synonym phrases of the target. */
export function extractBoolean(text: string, labels: readonly Phrase[], words?: TargetWords): PhraseResult | null {
  const c = clauseTokens(text);
  if (saysNotApplicable(text, c.tokens)) return null;
  // [ext] (s27) "rien à signaler", "RAS", "no, nothing to report": a no said whole, even when the label's own word
  // ("Problème signalé") is in it.
  if ((NOTHING_TO_REPORT as readonly string[]).includes(c.tokens.filter((t) => !BARE_NO.has(t) && !isPleasantryWord(t)).join(" ")))
    return { value: false, certainty: "exact" };
  const fromLabels = scalarPhraseResult(
    findPhraseHits(
      c.tokens,
      labels.filter((p) => p.tokens.length > 1 || !isYesNoWord(p)),
      true,
      c.negated,
    ),
  );
  if (fromLabels) return fromLabels;
  // [ext] "not yet, I see my doctor on Thursday", "pas encore": what is not there yet is a no, held loosely.
  if (NOT_YET.some((seq) => c.tokens.length >= seq.length && seq.every((w, i) => c.tokens[i] === w)) || notYetAlone(text))
    // [ext] (s24) "not yet, might be", "pas encore, peut-être": not yet, but it may come; undecided, nothing.
    return hasAnyPhrase(c.tokens, MAY_COME) ? null : { value: false, certainty: "fuzzy" };
  // [ext] "je cherche encore", "working on it": still under way, so not yet, held loosely.
  if (underWay(c.tokens)) return { value: false, certainty: "fuzzy" };
  // [ext] "never bought one" to a first-time question: a first time, whatever "never" says to the lexicons.
  const never = words === undefined ? null : neverBefore(c, words);
  if (never !== null) return never;
  // [ext] (s26) "no, yes actually", "non, oui en fait": the second word, turned round at once, is the answer.
  const turned = turnedRound(c.tokens, text);
  if (turned !== null) return { value: turned, certainty: "exact" };
  // [ext] A form's letters as the whole reply: "y" / "o" (oui) yes, "n" no.
  const letter = c.tokens.length === 1 ? LETTER_ANSWERS.get(c.tokens[0] as string) : undefined;
  if (letter !== undefined) return { value: letter, certainty: "exact" };
  const said = lexiconValue(text);
  // [ext] A fact that implies the answer through the label's premise ("second time" to a first-time buyer question):
  // held loosely; a yes/no said outright wins when they agree, and nothing is sure when they disagree.
  const premise = words === undefined ? null : premiseValue(c, words);
  if (premise !== null) {
    if (said === null) return premise;
    if (said.value !== premise.value) return null;
  }
  // "un coach, ça coûte combien ?": a question back names the subject, it states no fact.
  const asked = words === undefined || text.trim().endsWith("?");
  // [ext] "my parents own it", "plutôt en visio", "only if…": a yes/no in the reply's own words (indirect-yes-no.ts).
  const indirect = said === null && !asked ? indirectYesNo(c, words) : null;
  if (indirect !== null) return indirect;
  // Where it takes place ("in a church", "on the beach") says more than the subject's own word ("ceremony").
  const fact = asked ? null : (placeValue(c, words) ?? factValue(c, words, { stems: words.factStems, alreadyDenies: true }));
  // "no, just a cat": the yes/no and the stated fact disagree, so nothing is sure.
  if (said !== null && fact !== null && said.value !== fact) return null;
  if (said !== null) return { value: said.value, certainty: said.loose ? "fuzzy" : "exact" };
  // The opposite side named ("just soft drinks") says more than the subject's word ("drinks").
  const opposite = words === undefined || asked ? null : oppositeValue(c, words);
  const value = opposite ?? fact;
  return value === null ? null : { value, certainty: "fuzzy" };
}

const BARE_YES = new Set(["yes", "yeah", "yep", "yup", "oui", "ouais"]);
const BARE_NO = new Set(["no", "nope", "nah", "non", "nan"]);
/** What turns the word before it round: "actually", "en fait", "finalement", "I mean", "wait" ("enfin" is also "well"). */
const TURNING = [["actually"], ["en", "fait"], ["finalement"], ["i", "mean"], ["wait"], ["je", "veux", "dire"]];
/**
 * [ext] (s26) A bare yes/no, then the opposite one with a word that turns it round ("no, yes actually a little", "non,
 * oui en fait ce serait mieux", "yes, no wait, never"): the second is meant, unless a yes or a no comes again after it. Only the reply's first three words are
 * looked at; a reply ending as a question ("oui non enfin c'est un synthé, ça compte ?") asks, it is not turned round.
 */
function turnedRound(tokens: readonly string[], text: string): boolean | null {
  const [first = "", second = ""] = tokens;
  const value = BARE_NO.has(first) && BARE_YES.has(second) ? true : BARE_YES.has(first) && BARE_NO.has(second) ? false : null;
  if (value === null || text.trim().endsWith("?")) return null;
  // Turned round again later ("yes, no wait, yes"): not this rule's to read.
  if (tokens.slice(2).some((t) => BARE_YES.has(t) || BARE_NO.has(t))) return null;
  return TURNING.some((seq) => seq.every((w, k) => tokens[2 + k] === w)) ? value : null;
}

const UNDER_WAY = [
  "je cherche encore",
  "on cherche encore",
  "je cherche toujours",
  "on cherche toujours",
  "still looking",
  "still searching",
  "still working on it",
  "working on it",
  "still waiting",
  "j y travaille",
  "on y travaille",
  "en cours",
  "c est en cours",
  "in progress",
  "toujours en attente",
].map((p) => p.split(" "));
const UNDER_WAY_FILLERS = new Set([
  "i",
  "m",
  "am",
  "we",
  "re",
  "are",
  "je",
  "suis",
  "on",
  "est",
  "for",
  "now",
  "pour",
  "l",
  "instant",
  "le",
  "moment",
]);
/** The reply is only a phrase saying it is still under way ("still looking for now", "c'est en cours"). */
function underWay(tokens: readonly string[]): boolean {
  for (const seq of UNDER_WAY)
    for (let i = 0; i + seq.length <= tokens.length; i++)
      if (seq.every((w, k) => tokens[i + k] === w))
        return [...tokens.slice(0, i), ...tokens.slice(i + seq.length)].every((t) => UNDER_WAY_FILLERS.has(t));
  return false;
}

/** [ext] "not yet", "pas encore" as the whole reply, after a "no" or "just". */
function notYetAlone(text: string): boolean {
  const tokens = tokenise(text).filter((t) => !["just", "juste", "no", "non", "nope", "nan"].includes(t));
  return NOT_YET.some((seq) => tokens.length === seq.length && seq.every((w, i) => tokens[i] === w));
}

/**
 * [ext] "pas encore, je le passe le 10", "I haven't yet": the reply's first clause says the thing is not done yet (a
 * date asked as already past then has none: extract-value.ts).
 */
export function saysNotYet(text: string): boolean {
  const c = clauseTokens(text);
  const first = c.tokens.filter((_, i) => c.clause[i] === c.clause[0]);
  if (first.some((_, i) => NOT_YET.some((seq) => seq.every((w, k) => first[i + k] === w)))) return true;
  // "I haven't yet", "we have not moved out yet": "yet" closing a negated verb a few words before it.
  return first.some(
    (t, i) => t === "yet" && first.slice(Math.max(0, i - 5), i).some((_, j, near) => isNegationAt(first, i - near.length + j)),
  );
}

/** (s24) After a "not yet": that it may still be so ("might be", "peut-être", "hopefully"), which leaves it open. */
const MAY_COME = [
  ...[["might"], ["may", "be"], ["could", "be"], ["maybe"], ["possibly"], ["hopefully"], ["perhaps"], ["hope", "so"]],
  ...[["peut", "etre"], ["possible"], ["j", "espere"], ["ca", "se", "peut"], ["pourrait"], ["probablement"], ["probably"]],
];
const NOT_YET = [
  ["not", "yet"],
  ["pas", "encore"],
  ["still", "not"],
  ["toujours", "pas"],
  ["no", "not", "yet"],
  ["non", "pas", "encore"],
];

/**
 * [ext] Words and their opposites, French and English: a target about one side ("Propriétaire", "with alcohol") answered
 * by the other ("locataire", "just soft drinks") is a no; the other side refused ("pas locataire") a yes. General pairs.
 */
const OPPOSITES: readonly (readonly [readonly string[], readonly string[]])[] = [
  [
    // [ext] (s27) Also a question with the verb: "Do you own the property?", "owns the house".
    ["proprietaire", "owner", "homeowner", "proprio", "own", "owns"],
    [
      "locataire",
      "tenant",
      "renter",
      "en location",
      "je loue",
      "we rent",
      "i rent",
      // [ext] (s27) The same said as a state: "renting, landlord said ok", "on loue", "rented flat".
      "renting",
      "rented",
      "on loue",
      "nous louons",
      // [ext] Someone else owns it, or it is let by a social landlord: "my landlord's", "council house", "HLM".
      "landlord",
      "landlord s",
      "landlords",
      "letting agent",
      "bailleur",
      "council house",
      "council flat",
      "social housing",
      "housing association",
      "logement social",
      "hlm",
    ],
  ],
  [
    ["alcool", "alcohol", "alcoholic", "alcoolise"],
    ["sans alcool", "soft drinks", "soft drink", "softs", "non alcoholic", "alcohol free", "jus de fruit", "juice", "sodas"],
  ],
  [
    // [ext] (s27) Delivered or collected: "je passe le chercher", "je viendrai au rucher", "I'll pick it up" is no delivery.
    ["livraison", "livre", "livree", "livrer", "delivery", "delivered", "deliver"],
    [
      ...["je passe le chercher", "je passe la chercher", "je passe les chercher", "je viendrai", "on viendra", "nous viendrons"],
      ...["viens le chercher", "venir le chercher", "venir la chercher", "je le recupere", "je la recupere", "on le recupere"],
      ...["collect it", "collect them", "i ll collect", "we ll collect", "pick it up", "pick them up", "i ll come by"],
    ],
  ],
  [
    ["meuble", "furnished"],
    ["vide", "unfurnished", "non meuble", "empty"],
  ],
  [
    ["neuf", "neuve", "new"],
    ["occasion", "used", "second hand", "d occasion"],
  ],
];

/** [ext] What implies a side: paying off a mortgage makes one the owner ("we have a mortgage so sort of"). */
const IMPLYING: readonly (readonly [readonly string[], readonly string[]])[] = [
  [
    ["proprietaire", "owner", "homeowner", "proprio", "own", "owns"],
    // [ext] (s27) A leasehold or a freehold is owned (a long lease bought, or the land with it): "leasehold flat".
    ["mortgage", "pret immobilier", "credit immobilier", "emprunt immobilier", "leasehold", "leaseholder", "freehold", "freeholder"],
  ],
];

/**
 * The side a reply names for a target about one side: its opposite (a no) or what implies it (a yes). In passing
 * (`distinctive`), only words of six letters or more or phrases, which name the status whatever the sentence
 * ("the landlord pays anyway"), never a short everyday word ("used", "new", "empty").
 */
function oppositeValue(c: ClauseTokens, words: TargetWords, distinctive = false): boolean | null {
  const text = ` ${c.tokens.join(" ")} `;
  const at = (w: string) => (distinctive && w.length < 6 && !w.includes(" ") ? -1 : text.indexOf(` ${w} `));
  for (const [side, implying] of IMPLYING) {
    if (!side.some((w) => tokenHasStem(w, words.own))) continue;
    const found = implying.map(at).filter((i) => i >= 0);
    if (found.length > 0) return c.negated[text.slice(0, Math.min(...found)).split(" ").length - 1] !== true;
  }
  for (const [side, other] of OPPOSITES) {
    if (!side.some((w) => !w.includes(" ") && tokenHasStem(w, words.own))) continue;
    const found = other.map(at).filter((i) => i >= 0);
    if (found.length === 0) continue;
    // The reply names the target's own side too ("owner, not a tenant"): left to the other rules.
    const rest = other.reduce((t, w) => t.split(` ${w} `).join(" "), text);
    if (side.some((w) => rest.includes(` ${w} `))) return null;
    const index = text.slice(0, Math.min(...found)).split(" ").length - 1;
    return c.negated[index] === true;
  }
  return null;
}

/** [ext] The status a reply names in passing for a target about one side ("500 max, the landlord pays" → not the owner). */
export function oppositeInPassing(c: ClauseTokens, words: TargetWords): boolean | null {
  return oppositeValue(c, words, true);
}

/**
 * Boolean facts only (no yes/no): what indirect extraction may take from a reply to another question, named by the
 * concept-group words (pets, smoking…), never a label's generic words.
 */
export function extractBooleanFact(c: ClauseTokens, words: TargetWords): boolean | null {
  return factValue(c, words, { stems: words.groupFactStems, alreadyDenies: false });
}

/**
 * [ext] A fact said in passing after the answer ("fibre, and no TV please", "…, and the ceremony is in a church"), in a
 * clause after the first: a place, for a target about being outdoors, or a thing its label names, used as a noun.
 * A word of the answered question (`answered`) states that question's value, never this target's.
 */
export function extractFactAfterAnswer(c: ClauseTokens, words: TargetWords, answered: ReadonlySet<string>): boolean | null {
  const later = clausesAfterFirst(c);
  if (later === null) return null;
  const isAnswered = (t: string) => t.length >= 3 && tokenHasStem(t, answered);
  const placed = later.tokens.some((t) => (OUTDOOR_PLACES.has(t) || INDOOR_PLACES.has(t)) && isAnswered(t))
    ? null
    : placeValue(later, words);
  if (placed !== null) return placed;
  const things = new Set([...(words.things ?? [])].filter((s) => !isAnswered(s)));
  return things.size === 0 ? null : factValue(later, words, { stems: things, alreadyDenies: true, nounOnly: true });
}

// "Oui"/"Non" labels are read by the lexicons, which know about negation scope.
const isYesNoWord = (p: Phrase) =>
  p.tokens.length === 1 &&
  (TRUE_PHRASES.some((t) => t.length === 1 && t[0] === p.tokens[0]) || FALSE_PHRASES.some((t) => t.length === 1 && t[0] === p.tokens[0]));
