// Multiple choices [ext of docs/zelinqa-api.md §10.5.2]: "tout", "all of them" select every value; "sauf", "except",
// "à part" remove the values named after them ("toutes sauf le bureau"). Negated values are never selected.
import type { ClauseTokens } from "./clauses.js";
import { partialLabelHits } from "./label-parts.js";
import { arrayPhraseResult, findPhraseHits, isNonePhrase, scalarPhraseResult } from "./phrase-match.js";
import type { Phrase, PhraseHit, PhraseResult } from "./phrase-match.js";
import { stem } from "./target-words.js";
import { DAY_ABBREVIATIONS } from "./named-days.js";
import { compoundLabelChoice } from "./compound-labels.js";
import { FR_EN_ARTICLES, MY_POSSESSIVES } from "./function-words.js";
import { DONT_KNOW_PHRASES, hasAnyPhrase } from "./lexicons.js";

const ALL = [
  ["le", "reste"],
  ["tout", "le", "reste"],
  ["the", "rest"],
  ["everything", "else"],
  ["les", "autres"],
  ["the", "others"],
  ["tout"],
  ["tous"],
  ["toutes"],
  ["all"],
  ["everything"],
  ["the", "lot"],
  ["tout", "ca"],
  ["all", "of", "them"],
  ["les", "deux"],
  ["both"],
  ["n", "importe", "lequel"],
  ["any", "of", "them"],
  ["partout"],
  ["everywhere"],
  ["anything"],
];
/** The "all" phrases that mean the options not yet named. */
const REST = [
  ["le", "reste"],
  ["the", "rest"],
  ["everything", "else"],
  ["les", "autres"],
  ["the", "others"],
];
/** Words that may follow "the rest" when it chooses them: "le reste oui", "the rest too", "les autres aussi". */
const REST_AFFIRMED = new Set(["oui", "yes", "aussi", "too", "also", "please", "svp", "egalement", "as", "well", "volontiers"]);

/** "and the rest", "et tout le reste oui": a "rest" phrase at `allAt` ending its clause or affirmed (not "le reste on verra"). */
function restAdded(c: ClauseTokens, allAt: number): boolean {
  const seq = REST.find((s) => startsAt(c.tokens, s, allAt) || startsAt(c.tokens, s, allAt + 1));
  if (seq === undefined) return false;
  const end = c.tokens[allAt] === seq[0] ? allAt + seq.length : allAt + 1 + seq.length;
  for (let i = end; i < c.tokens.length && c.clause[i] === c.clause[allAt]; i++)
    if (!REST_AFFIRMED.has(c.tokens[i] as string)) return false;
  return true;
}

/** "anything but electric", "all but one": "but" after these means "except". */
const ANY_WORDS = new Set(["anything", "everything", "all", "any", "tout", "n importe"]);
const EXCEPT_ONE = new Set(["sauf", "except", "excepte", "hormis", "excluding", "apart"]);
const EXCEPT = new Set(["sauf", "except", "excepte", "hormis", "apart", "besides", "but", "excluding", "minus", "moins"]);

/** An exception word at `i` that may come before the "all": "sauf", "except", "apart", "à part", "aside". */
function exceptWord(tokens: readonly string[], i: number): boolean {
  const t = tokens[i] as string;
  return EXCEPT_ONE.has(t) || t === "aside" || (t === "a" && tokens[i + 1] === "part");
}

function startsAt(tokens: readonly string[], seq: readonly string[], i: number): boolean {
  return seq.every((w, j) => tokens[i + j] === w);
}

/** The array value: named values, or every value minus the excepted ones when the reply says "all". */
export function extractArray(
  c: ClauseTokens,
  phrases: readonly Phrase[],
  /** [ext] Stems of the question's own words: "no symptoms" to "Any of these symptoms?" is a denial. */
  asked: ReadonlySet<string> = new Set(),
  /** [ext] Hits read by the caller from the raw text (label-initials.ts: "LV" for "Lave-vaisselle"). */
  written: readonly PhraseHit[] = [],
): PhraseResult | null {
  const none = noneValues(phrases);
  // [ext] The "none" option is exclusive and short: never a typo ("one" is no "none"), never beside another option.
  const found = findPhraseHits(c.tokens, phrases, true, c.negated).filter((h) => h.certainty === "exact" || !none.has(key(h.value)));
  const all = [
    ...found,
    ...written,
    ...partialLabelHits(c, phrases, found),
    ...dayGroupHits(c, phrases),
    ...dayAbbreviationHits(c, phrases, found),
  ];
  const options = all.filter((h) => !none.has(key(h.value)));
  const hits = options.length > 0 ? options : all;
  // [ext] "no, everyone eats everything", "nothing special": a reply opening on a denial that names no option chooses
  // the "none" option, or nothing; never every option.
  if (options.length === 0 && opensWithDenial(c, phrases, none, asked)) {
    const p = phrases.find((x) => none.has(key(x.value)));
    // [ext] Without a "none" option, a reply that is only the denial ("none", "aucun", "rien de plus") is the empty
    // selection (kept only when the schema accepts an empty array); a denial followed by more says nothing.
    if (p === undefined) {
      const bare = (t: string) => DENIALS.has(t) || DENIAL_FILLERS.has(t) || ONLY_DENIAL.has(t);
      if (c.tokens.every(bare)) return { value: [], certainty: "exact" };
      // [ext] (s27) The denial may name the question's own thing and when, or say the person has it all ("aucun
      // revenu cette année", "none, I have everything"): the empty selection, loosely.
      return c.tokens.length <= 12 && c.tokens.every((t) => bare(t) || asked.has(stem(t)) || HAVING_IT_ALL.has(t))
        ? { value: [], certainty: "fuzzy" }
        : null;
    }
    return { value: [p.value], certainty: "exact" };
  }
  // [ext] s27: "no coffee after lunch, no phone, nothing like that": every clause denies, options among them.
  if (options.length === 0 && deniedList(c, phrases)) {
    const p = phrases.find((x) => none.has(key(x.value)));
    return { value: p === undefined ? [] : [p.value], certainty: "fuzzy" };
  }
  // [ext] "high cholesterol but none of those": a clause denying the options beside words read only loosely.
  const noneClause = options.length > 0 && options.every((h) => h.certainty === "fuzzy") ? deniedOptionsClause(c) : false;
  const nonePhrase = noneClause ? phrases.find((x) => none.has(key(x.value))) : undefined;
  if (nonePhrase !== undefined) return { value: [nonePhrase.value], certainty: "fuzzy" };
  // [ext] "mobile only, laptop is fine": "only" restricts the list to the options it marks.
  const only = onlyMarked(c, hits);
  if (only !== null) return loosely(arrayPhraseResult(only));
  // "I don't need anything", "pas tout": a negated "all" selects nothing.
  const allAt = c.tokens.findIndex((_, i) => !c.negated[i] && ALL.some((seq) => startsAt(c.tokens, seq, i)));
  if (allAt < 0) return partial(c, hits, phrases) ? loosely(arrayPhraseResult(hits)) : arrayPhraseResult(hits);
  const exceptAt = c.tokens.findIndex((t, i) => i > allAt && (EXCEPT.has(t) || (t === "a" && c.tokens[i + 1] === "part")));
  // [ext] "le frigo à part, le reste oui", "apart from the fridge, all the rest": the exception said before the "all"
  // (never "but", which joins more than it excepts there) sets aside every option named before that "all".
  const exceptBefore = exceptAt < 0 && c.tokens.some((t, i) => i < allAt && exceptWord(c.tokens, i));
  const excepted = exceptBefore ? hits.filter((h) => h.start < allAt) : exceptAt < 0 ? [] : hits.filter((h) => h.start > exceptAt);
  // "all except the thing we could not read": choosing everything would be a confident wrong value.
  if (exceptAt >= 0 && excepted.length === 0) return null;
  const named = hits.filter((h) => !excepted.includes(h));
  // "parking, that's all": other values are named, so "all" closes the list instead of choosing everything.
  // [ext] "the fridge and the rest", "four, hotte et tout le reste": "the rest", "the others" add every other option.
  if (named.length > 0 && !restAdded(c, allAt)) return arrayPhraseResult(named);
  const everything = new Map<string, PhraseHit>();
  // Negated values ("all of them, no garden", "pas la souplesse, le reste oui") stay out as well, whichever of
  // their phrases named them.
  const refused = refusedValues(c, phrases);
  for (const p of phrases) {
    const key = JSON.stringify(p.value);
    if (excepted.some((h) => JSON.stringify(h.value) === key) || refused.has(key) || none.has(key)) continue;
    if (!everything.has(key)) everything.set(key, { value: p.value, order: p.order, start: 0, end: 0, certainty: "exact" });
  }
  const result = arrayPhraseResult([...everything.values()]);
  // [ext] "un peu de tout", "a bit of everything", "de tout un peu": some of everything, held loosely.
  return someOfAll(c.tokens, allAt) ? loosely(result) : result;
}

/**
 * "un peu de tout", "a bit of everything", "de tout un peu", "un peu tout"; [ext] (s24) and the partitive "de tout"
 * alone ("je mange de tout", "on écoute de tout"): all sorts of things, which may mean no option in particular.
 */
const SOME_OF = [["peu", "de"], ["bit", "of"], ["little", "of"], ["peu"], ["de"]];
function someOfAll(tokens: readonly string[], i: number): boolean {
  if (tokens[i + 1] === "un" && tokens[i + 2] === "peu") return true;
  return SOME_OF.some((seq) => seq.every((w, k) => tokens[i - seq.length + k] === w));
}

const key = (v: unknown) => JSON.stringify(v);

const ONLY_BEFORE = new Set(["only", "just", "solely", "exclusively", "seulement", "uniquement", "juste", "que", "exclusivement"]);
const ONLY_AFTER = new Set(["only", "alone", "seulement", "uniquement", "exclusivement", "seul", "seule", "seuls", "seules"]);
const ARTICLES = new Set(["the", "le", "la", "les", "l", "my", "mon", "ma", "mes", "a", "an", "un", "une", "des", "du"]);
/** What may join options of one list: "only the phone and the tablet", "que le jardin et la terrasse". */
const JOINING = new Set(["and", "et", "or", "ou", "de", ...ARTICLES]);

/**
 * [ext] The options a reply restricts the list to ("mobile only, laptop is fine", "juste la pelouse, les haies sont
 * faites"), with those joined to them by "and"/"et"; null when nothing is restricted or every option named is kept.
 */
function onlyMarked(c: ClauseTokens, hits: readonly PhraseHit[]): PhraseHit[] | null {
  const sorted = [...hits].sort((a, b) => a.start - b.start);
  // "only" opens the clause of what it restricts ("mobile, only laptop"), or closes one after it ("mobile only, laptop").
  const before = (h: PhraseHit) => {
    let i = h.start - 1;
    while (i > 0 && ARTICLES.has(c.tokens[i] as string)) i--;
    return ONLY_BEFORE.has(c.tokens[i] ?? "") && c.clause[i] === c.clause[h.start];
  };
  const after = (h: PhraseHit) =>
    ONLY_AFTER.has(c.tokens[h.end] ?? "") && (h.end + 1 >= c.tokens.length || c.clause[h.end + 1] !== c.clause[h.end]);
  const marked = sorted.map((h) => before(h) || after(h));
  if (!marked.includes(true)) return null;
  const joined = (a: PhraseHit, b: PhraseHit) => c.tokens.slice(a.end, b.start).every((t) => JOINING.has(t));
  const kept = marked.slice();
  for (let i = 1; i < sorted.length; i++) if (kept[i - 1] && joined(sorted[i - 1] as PhraseHit, sorted[i] as PhraseHit)) kept[i] = true;
  for (let i = sorted.length - 2; i >= 0; i--)
    if (kept[i + 1] && joined(sorted[i] as PhraseHit, sorted[i + 1] as PhraseHit)) kept[i] = true;
  if (kept.every(Boolean)) return null;
  return sorted.filter((_, i) => kept[i]);
}

/** The values of the "none" option (an enum value `none`, a label "Aucun"), as JSON keys. */
function noneValues(phrases: readonly Phrase[]): Set<string> {
  return new Set(phrases.filter(isNonePhrase).map((p) => key(p.value)));
}

const DENIALS = new Set(["no", "non", "nope", "nah", "none", "nothing", "rien", "aucun", "aucune", "nada", "pas", "not"]);
/** Words a denial may carry: "none of these", "rien de spécial", "pas du tout", "no thanks". */
const DENIAL_FILLERS = new Set([
  "of",
  "these",
  "those",
  "them",
  "the",
  "above",
  "de",
  "d",
  "du",
  "des",
  "tout",
  "at",
  "all",
  "thanks",
  "merci",
]);

/** "nothing like that", "rien de ce genre", "none of that sort": the denial of the options' kind. */
const DENIAL_OF_KIND = new Set(["like", "that", "this", "comme", "ca", "cela", "sort", "kind", "genre", "type"]);

/** Words a whole-reply denial may also hold: "rien de plus", "nothing else", "nothing special", "non merci". */
const ONLY_DENIAL = new Set(["plus", "more", "else", "autre", "special", "particulier", "particular", "please", "really", "vraiment"]);

/**
 * [ext] (s27) Words that may follow a denial when no option is listed for it: the person has it all already ("I have
 * everything", "j'ai déjà tout", "got it all") or the denial holds for a time ("cette année", "this year", "for now").
 */
const HAVING_IT_ALL = new Set([
  ...["i", "we", "ve", "have", "got", "already", "everything", "all", "it", "for", "now", "this", "year", "yet"],
  ...["j", "ai", "on", "a", "deja", "tout", "cette", "annee", "pour", "le", "moment", "encore", "instant"],
]);

/**
 * The reply's first clause is a denial only ("no", "nothing special", "none of these"): denial words, their fillers,
 * and the words of the "none" option's own labels ("special" in "No special requirements").
 */
function opensWithDenial(c: ClauseTokens, phrases: readonly Phrase[], none: ReadonlySet<string>, asked: ReadonlySet<string>): boolean {
  if (c.tokens.length === 0 || !DENIALS.has(c.tokens[0] as string)) return false;
  const own = new Set(phrases.filter((p) => none.has(key(p.value))).flatMap((p) => p.tokens));
  for (let i = 0; i < c.tokens.length && c.clause[i] === c.clause[0]; i++) {
    const t = c.tokens[i] as string;
    const plain = DENIALS.has(t) || DENIAL_FILLERS.has(t) || ONLY_DENIAL.has(t) || own.has(t) || DENIAL_OF_KIND.has(t);
    // [ext] (s27) The question's own noun after the denial ("aucun revenu") with a none option or without one; without
    // one, also when the denial holds ("aucun revenu cette année").
    if (!plain && !asked.has(stem(t)) && !(none.size === 0 && HAVING_IT_ALL.has(t))) return false;
  }
  return true;
}

/** Words that open a clause denying what follows: "no coffee", "pas d'écran", "never alcohol", "sans sucre". */
const CLAUSE_DENIALS = new Set([...DENIALS, "never", "jamais", "sans", "without", "ni", "nor", "neither"]);
const CLAUSE_JOINS = new Set(["and", "et", "or", "ou", "but", "mais", "also", "aussi"]);
/**
 * [ext] s27: a list of denials, "no coffee after lunch, no phone, nothing like that", "pas de café, pas d'écran": two
 * clauses or more, each opening with a denial (after "and"/"et" at most), one of them naming an option, no don't-know
 * among them. The person answers none of them. One pass over the words, one over the phrases (refusedValues).
 */
function deniedList(c: ClauseTokens, phrases: readonly Phrase[]): boolean {
  let clauses = 0;
  for (let i = 0; i < c.tokens.length; i++) {
    if (i > 0 && c.clause[i] === c.clause[i - 1]) continue;
    const first = CLAUSE_JOINS.has(c.tokens[i] as string) && c.clause[i + 1] === c.clause[i] ? c.tokens[i + 1] : c.tokens[i];
    if (!CLAUSE_DENIALS.has(first as string)) return false;
    clauses++;
  }
  // "no alcohol, no idea about the rest" denies one option and knows nothing of the others.
  return clauses >= 2 && !hasAnyPhrase(c.tokens, DONT_KNOW_PHRASES) && refusedValues(c, phrases).size > 0;
}

/** Words that deny every option in a clause of their own: "none of those", "aucun de ceux-là", "neither". */
const NONE_WORDS = new Set(["none", "aucun", "aucune", "neither", "nothing"]);
/** A clause made of a none word and its fillers only ("none of those", "aucune de celles ci"). */
function deniedOptionsClause(c: ClauseTokens): boolean {
  const byClause = new Map<number, string[]>();
  c.tokens.forEach((t, i) => {
    const words = byClause.get(c.clause[i] as number);
    if (words === undefined) byClause.set(c.clause[i] as number, [t]);
    else words.push(t);
  });
  const fillers = new Set([...DENIAL_FILLERS, "but", "mais", "et", "and", "ceux", "celles", "la", "ci", "else", "other"]);
  return [...byClause.values()].some(
    (words) => words.some((w) => NONE_WORDS.has(w)) && words.every((w) => NONE_WORDS.has(w) || fillers.has(w)),
  );
}

const FILLERS = new Set([
  ...FR_EN_ARTICLES,
  ...MY_POSSESSIVES,
  "and",
  "et",
  "or",
  "ou",
  "please",
  "svp",
  "merci",
  "thanks",
  "also",
  "aussi",
  "maybe",
  "peut",
  "etre",
  "si",
  "if",
  "possible",
  "would",
  "be",
  "nice",
  "ce",
  "serait",
  "bien",
  "sometimes",
  "parfois",
  "too",
  "plus",
  "just",
  "juste",
  "only",
  "seulement",
  "that",
  "s",
  "all",
  "c",
  "est",
  "tout",
]);

/** A clause that names something the reply cannot read ("spouse and kids" without "kids") makes the list partial. */
function partial(c: ClauseTokens, hits: readonly PhraseHit[], phrases: readonly Phrase[]): boolean {
  const covered = new Set<number>();
  // [ext] A negated clause is a refusal only when it names an option ("no need for a balcony"); one that names none
  // ("I can't sleep on it") may be an option said in other words.
  let refusing: Set<number> | null = null;
  const namesOption = (k: number) => {
    if (refusing === null) {
      const plain = { ...c, negated: new Array<boolean>(c.tokens.length).fill(false) };
      const named = findPhraseHits(c.tokens, phrases, true, plain.negated);
      refusing = new Set([...named, ...partialLabelHits(plain, phrases, named)].map((h) => c.clause[h.start] as number));
    }
    return refusing.has(k);
  };
  for (const h of hits) covered.add(c.clause[h.start] as number);
  // Each clause's words, with the index of its first word (linear: a reply may hold thousands of words).
  const clauses = new Map<number, { first: number; words: string[] }>();
  c.tokens.forEach((t, i) => {
    const k = c.clause[i] as number;
    const clause = clauses.get(k);
    if (clause) clause.words.push(t);
    else clauses.set(k, { first: i, words: [t] });
  });
  for (const [k, { first, words }] of clauses) {
    if (covered.has(k)) continue;
    const negated = words.some((w, i) => i > 0 && c.negated[first + i]);
    if (negated && namesOption(k)) continue;
    if (words.some((w) => w.length >= 3 && !FILLERS.has(w) && !/^\d/.test(w))) return true;
  }
  return false;
}

function loosely(result: PhraseResult | null): PhraseResult | null {
  return result === null ? null : { value: result.value, certainty: "fuzzy" };
}

/**
 * One value of a single choice: whole labels first (docs/zelinqa-api.md §10.5.2); [ext] else a label named by one of its own words
 * (label-parts.ts), fuzzy. A refused value alone ("not comprehensive") names nothing, even between two values. Two
 * values named ("a mix of candid and posed", a whole label and another's word) name nothing either, unless the reply
 * says which it prefers: that one is held loosely ("fiber if available, otherwise cable", "mostly candid").
 */
export function extractChoice(c: ClauseTokens, phrases: readonly Phrase[]): PhraseResult | null {
  // "tout sauf diesel", "anything except blue": for one value, what follows "sauf"/"except" is refused.
  const exceptAt = (t: string, j: number) =>
    EXCEPT_ONE.has(t) || (t === "a" && c.tokens[j + 1] === "part") || (t === "but" && ANY_WORDS.has(c.tokens[j - 1] ?? ""));
  // A word is refused when negated, or after an "except" word earlier in its clause or in the clause before it, or
  // after "rather than" / "plutôt que" in its clause. The clauses holding such a word so far are kept as the words
  // are read, so the pass stays linear.
  const exceptClauses = new Set<number>();
  const ratherClauses = new Set<number>();
  let plutotClause = -1;
  const refused = c.tokens.map((t, i) => {
    const k = c.clause[i] as number;
    const after = c.negated[i] === true || exceptClauses.has(k) || exceptClauses.has(k - 1) || ratherClauses.has(k);
    if (exceptAt(t, i)) exceptClauses.add(k);
    if (t === "plutot") plutotClause = k;
    if (RATHER.some((seq) => startsAt(c.tokens, seq, i)) || (t === "que" && plutotClause === k)) ratherClauses.add(k);
    return after;
  });
  const hits = findPhraseHits(c.tokens, phrases, true, refused);
  // Beside a whole label, another value is named by its label's words as written (the typo search is for a reply
  // that names no label, and would read every word of a long one twice).
  const parts = headNounsDropped(c, hits, partialLabelHits({ ...c, negated: refused }, phrases, hits, hits.length > 0));
  const single = scalarPhraseResult(hits);
  // [ext] "fruits et légumes" for "Légumes et fruits": both parts of a compound label, in any order.
  const compound = single === null ? compoundLabelChoice(c, phrases, refused) : null;
  if (compound !== null) return compound;
  // [ext] "math et physique": a look-alike of another value joined to the one said by "et"/"and" is a second value.
  if (single !== null && joinedLookAlike(c, hits)) return null;
  // One value named (a typo of another aside): the whole label's reading, else its words'.
  if (single !== null && parts.every((h) => key(h.value) === key(single.value))) return single;
  // [ext] "an electric cargo bike": another option's word right before a whole label of several words qualifies it; the
  // whole label, held loosely (the qualifier may have named the other option).
  const qualifies = (p: PhraseHit) =>
    hits.some((h) => h.certainty === "exact" && h.end - h.start >= 2 && p.end === h.start && c.clause[p.start] === c.clause[h.start]);
  if (single !== null && parts.some(qualifies) && parts.every((h) => qualifies(h) || key(h.value) === key(single.value)))
    return { value: single.value, certainty: "fuzzy" };
  const fromParts = hits.length === 0 ? scalarPhraseResult(parts) : null;
  if (fromParts !== null) return { value: fromParts.value, certainty: "fuzzy" };
  // Several values named: a typo's look-alike does not count beside a value said exactly.
  const preferred = preferredValue(c, [...hits.filter((h) => single === null || h.certainty === "exact"), ...parts]);
  if (preferred === null && hits.length === 0 && parts.length === 0) return dayGroupChoice(c, phrases);
  return preferred === null ? null : { value: preferred, certainty: "fuzzy" };
}

const JOINING_TWO = new Set(["et", "and", "ou", "or", "plus", "puis"]);
const ARTICLES_BEFORE_PLUS = new Set(["le", "la", "les"]);
/** An exact hit and a look-alike of another value with only "et"/"and"/"ou"/"or" between them. */
function joinedLookAlike(c: ClauseTokens, hits: readonly PhraseHit[]): boolean {
  const between = (a: PhraseHit, b: PhraseHit) => {
    const gap = a.end <= b.start ? c.tokens.slice(a.end, b.start) : c.tokens.slice(b.end, a.start);
    // [ext] s27: "plus" after an article is a superlative ("châtaignier, le plus fort"), never "and".
    const superlative = gap.some((t, i) => t === "plus" && ARTICLES_BEFORE_PLUS.has(gap[i - 1] ?? ""));
    return gap.length > 0 && gap.length <= 2 && !superlative && gap.every((t) => JOINING_TWO.has(t) || ARTICLES_BEFORE_PLUS.has(t));
  };
  return hits.some(
    (h) => h.certainty === "exact" && hits.some((o) => o.certainty === "fuzzy" && key(o.value) !== key(h.value) && between(h, o)),
  );
}

const OF_WORDS = new Set(["de", "d", "du", "des", "en", "of", "in"]);
const OF_FILLERS = new Set([...OF_WORDS, "the", "la", "le", "l", "les", "a", "an"]);
/**
 * [ext] "a master degree", "un diplôme de master": a label word said right after a whole label, or before it with "de"
 * / "of", is the noun that label qualifies, not a second choice ("degree" is no "Diplôme universitaire" there). A label
 * word after any named choice and "of the" / "de la" ("outskirts of the city") is that choice's complement.
 */
function headNounsDropped(c: ClauseTokens, hits: readonly PhraseHit[], parts: readonly PhraseHit[]): PhraseHit[] {
  if (hits.length === 0) return [...parts];
  const sameClause = (a: number, b: number) => c.clause[a] === c.clause[b];
  const ofBetween = (from: number, to: number) =>
    to > from && to - from <= 2 && OF_WORDS.has(c.tokens[from] as string) && c.tokens.slice(from, to).every((t) => OF_FILLERS.has(t));
  return parts.filter(
    (p) =>
      !hits.some(
        (h) =>
          sameClause(p.start, h.start) &&
          ((h.certainty === "exact" && (p.start === h.end || (p.end === h.start - 1 && OF_WORDS.has(c.tokens[p.end] as string)))) ||
            ofBetween(h.end, p.start)),
      ),
  );
}

/**
 * [ext] "weekends", "en semaine" for one choice: the only choice whose label names one of the group's days ("Saturday
 * morning"), loosely (the person named more days than the choice holds). None or several such choices give nothing.
 */
function dayGroupChoice(c: ClauseTokens, phrases: readonly Phrase[]): PhraseResult | null {
  const values = new Map<string, unknown>();
  for (const group of DAY_GROUPS) {
    if (!c.tokens.some((_, i) => !c.negated[i] && group.said.some((seq) => startsAt(c.tokens, seq, i)))) continue;
    for (const p of phrases) if (p.tokens.some((t) => group.days.has(t))) values.set(key(p.value), p.value);
  }
  return values.size === 1 ? { value: [...values.values()][0], certainty: "fuzzy" } : null;
}

/** "fiber rather than cable", "plutôt le chat que le chien": what follows is not chosen. */
const RATHER = [
  ["rather", "than"],
  ["instead", "of"],
  ["plutot", "que"],
  ["au", "lieu", "de"],
  ["au", "lieu", "du"],
  ["au", "lieu", "des"],
];
/** "fiber if available, otherwise cable": what follows is the second choice. */
const FALLBACK = [["otherwise"], ["sinon"], ["else"], ["failing", "that"], ["a", "defaut"], ["if", "not"], ["as", "a", "backup"]];
/** "mostly candid", "idéalement la fibre", "the fiber preferably": the value next to these is the one preferred. */
const PREFER = new Set([
  "mostly",
  "mainly",
  "primarily",
  "ideally",
  "preferably",
  "surtout",
  "principalement",
  "essentiellement",
  "majoritairement",
  "idealement",
  "preference",
  "plutot",
]);

/** The value a reply naming several prefers, or null when it does not say. */
function preferredValue(c: ClauseTokens, hits: readonly PhraseHit[]): unknown {
  if (hits.length === 0) return null;
  const fallbackAt = c.tokens.findIndex((_, i) => FALLBACK.some((seq) => startsAt(c.tokens, seq, i)));
  if (fallbackAt >= 0) {
    const before = new Set(hits.filter((h) => h.end <= fallbackAt).map((h) => key(h.value)));
    if (before.size === 1 && hits.every((h) => h.end <= fallbackAt || h.start > fallbackAt))
      return (hits.find((h) => h.end <= fallbackAt) as PhraseHit).value;
    return null;
  }
  // "plutôt la fibre ou le câble": either of them, no preference.
  const first = Math.min(...hits.map((h) => h.start));
  const last = Math.max(...hits.map((h) => h.end));
  if (c.tokens.slice(first, last).some((t) => t === "ou" || t === "or")) return null;
  const near = (h: PhraseHit) => {
    for (let i = Math.max(0, h.start - 2); i < Math.min(c.tokens.length, h.end + 2); i++)
      if ((i < h.start || i >= h.end) && c.clause[i] === c.clause[h.start] && PREFER.has(c.tokens[i] as string)) return true;
    return false;
  };
  const preferred = new Set(hits.filter(near).map((h) => key(h.value)));
  return preferred.size === 1 ? (hits.find(near) as PhraseHit).value : null;
}

const DAY_GROUPS: readonly { readonly said: readonly (readonly string[])[]; readonly days: ReadonlySet<string> }[] = [
  {
    said: [["week", "end"], ["weekend"], ["weekends"]],
    days: new Set(["samedi", "dimanche", "saturday", "sunday"]),
  },
  {
    said: [
      ["en", "semaine"],
      ["weekdays"],
      ["week", "days"],
      ["during", "the", "week"],
      ["jours", "de", "semaine"],
      ["jours", "ouvres"],
      ["working", "days"],
      ["du", "lundi", "au", "vendredi"],
      ["monday", "to", "friday"],
    ],
    days: new Set(["lundi", "mardi", "mercredi", "jeudi", "vendredi", "monday", "tuesday", "wednesday", "thursday", "friday"]),
  },
];

/** The values the reply names only under a negation ("pas le mercredi"), as JSON keys. */
export function refusedValues(c: ClauseTokens, phrases: readonly Phrase[]): Set<string> {
  const noNegation = new Array<boolean>(c.tokens.length).fill(false);
  const refused = new Set<string>();
  for (const p of phrases) {
    const named = findPhraseHits(c.tokens, [p], true, noNegation).length > 0;
    if (named && findPhraseHits(c.tokens, [p], true, c.negated).length === 0) refused.add(JSON.stringify(p.value));
  }
  return refused;
}

/** [ext] "le week-end" names Saturday and Sunday, "en semaine" / "weekdays" Monday to Friday, when they are choices. */
function dayGroupHits(c: ClauseTokens, phrases: readonly Phrase[]): PhraseHit[] {
  const out: PhraseHit[] = [];
  for (const group of DAY_GROUPS) {
    const at = c.tokens.findIndex((_, i) => !c.negated[i] && group.said.some((seq) => startsAt(c.tokens, seq, i)));
    if (at < 0) continue;
    const refused = refusedValues(c, phrases);
    const days = phrases.filter((p) => p.tokens.length === 1 && group.days.has(p.tokens[0] as string));
    // [ext] "le week-end" where Sunday is no option: the person named more days than the options hold, loosely.
    const whole = new Set(days.map((p) => key(p.value))).size * 2 >= group.days.size;
    for (const p of days) {
      if (refused.has(JSON.stringify(p.value))) continue;
      out.push({ value: p.value, order: p.order, start: at, end: at, certainty: whole ? "exact" : "fuzzy" });
    }
  }
  return out;
}

/**
 * [ext] A correction that only takes back some of the options named before it ("lundi, mardi, non pas mardi, jeudi",
 * "bath and meals, no, not the meals"): the options before it minus those refused, with those named after it. Null when
 * the part after the correction refuses none of the options named before it.
 */
export function withoutRefused(
  first: PhraseResult | null,
  after: ClauseTokens,
  corrected: PhraseResult | null,
  phrases: readonly Phrase[],
): PhraseResult | null {
  if (first === null || !Array.isArray(first.value)) return null;
  const refused = refusedValues(after, phrases);
  const before = first.value as unknown[];
  if (!before.some((v) => refused.has(key(v)))) return null;
  const kept = new Map<string, unknown>(before.filter((v) => !refused.has(key(v))).map((v) => [key(v), v]));
  for (const v of Array.isArray(corrected?.value) ? (corrected.value as unknown[]) : []) kept.set(key(v), v);
  if (kept.size === 0) return null;
  const order = (v: unknown) => phrases.find((p) => key(p.value) === key(v))?.order ?? 0;
  const value = [...kept.values()].sort((a, b) => order(a) - order(b));
  const certainty = first.certainty === "exact" && (corrected === null || corrected.certainty === "exact") ? "exact" : "fuzzy";
  return { value, certainty };
}

const DAY_LIST_FILLERS = new Set(["et", "and", "le", "les", "the", "on", "ou", "or", "aussi", "also"]);

/**
 * [ext] "lun, mer, ven", "mon & thu": days of the week by their short names, when the choices are days. The short
 * names are words too ("mer", "sun", "wed"), so they count only in a reply made of days, or where two of them are said.
 */
function dayAbbreviationHits(c: ClauseTokens, phrases: readonly Phrase[], found: readonly PhraseHit[]): PhraseHit[] {
  const at = c.tokens.flatMap((t, i) => (DAY_ABBREVIATIONS[t] !== undefined && !c.negated[i] ? [i] : []));
  if (at.length === 0) return [];
  const daysOnly = c.tokens.every(
    (t, i) => DAY_ABBREVIATIONS[t] !== undefined || DAY_LIST_FILLERS.has(t) || found.some((h) => i >= h.start && i < h.end),
  );
  if (at.length < 2 && !daysOnly) return [];
  const out: PhraseHit[] = [];
  for (const i of at) {
    const names = DAY_ABBREVIATIONS[c.tokens[i] as string] as readonly string[];
    const p = phrases.find((x) => x.tokens.length === 1 && names.includes(x.tokens[0] as string));
    if (p) out.push({ value: p.value, order: p.order, start: i, end: i + 1, certainty: "exact" });
  }
  return out;
}
