// Number extraction [docs/zelinqa-api.md §10.5.4 + ext]: among the numbers of a reply, the one that belongs to the
// target — by unit (currency for money, persons/rooms/seats for counts), by the target's own words before it
// ("budget 1500"), by its JSON Schema bounds — ignoring numbers bound to other units ("4 places" is no budget).
// Bounds ("max 1500") give the bound; ranges, approximations, counting phrases and hedged replies are fuzzy.
import { clauseTokens } from "./clauses.js";
import { clauseBreak, SAID_AGE, scanNumbers, wordsBeforeBound } from "./number-mentions.js";
import type { MentionScan, NumberMention, Period } from "./number-mentions.js";
import { clockHoursOverDays } from "./weekly-clock-hours.js";
import type { TextToken } from "./text-tokens.js";
import { GROUPS_OF_UNKNOWN_SIZE, YOUNG_PERSONS, countPeople, namesPeople, plusOnePerson } from "./people-count.js";
import {
  compoundMeasuresConverted,
  convertedUnits,
  countsOtherThings,
  namesOtherThing,
  targetUnit,
  unitKindAgainst,
} from "./unit-conversion.js";
import { sidesProduct } from "./measure-products.js";
import { amountsByPart } from "./amounts-by-part.js";
import type { PhraseResult } from "./phrase-match.js";
import {
  INCOME_STEMS,
  currencyNamed,
  KNOWN_UNIT_STEMS,
  MONEY_STEMS,
  PERSON_STEMS,
  SEAT_STEMS,
  WEEK_STEMS,
  stem,
  tokenHasStem,
} from "./target-words.js";
import type { Currency, StemLookup, TargetWords } from "./target-words.js";
import { HEDGE_PHRASES, hasAnyPhrase } from "./lexicons.js";
import {
  firstNamesCount,
  alternativePair,
  firstWithPossibleMore,
  noBedroomHome,
  oneForEach,
  shareInWords,
  yearInPairs,
  yearOfAThing,
} from "./spoken-values.js";
import { tokenise } from "./normalise.js";
import { daysNamed, timesADayOverDays } from "./days-per-week.js";
import { noneSoFar, yearsSinceAge, yearsSinceYear } from "./years-since.js";

export { parseDigitGroup } from "./number-mentions.js";

export interface NumberContext {
  readonly words?: TargetWords;
  /** Stems of every other target's words: a number bound to them is not for this target. */
  readonly otherStems?: StemLookup;
  readonly minimum?: number;
  readonly maximum?: number;
  /** Indirect reading: only numbers bound to the target by unit or words count, never bare ones. */
  readonly strict?: boolean;
  /** The text already scanned (indirect extraction scans a reply once for every target). */
  readonly scan?: MentionScan;
  /** [ext] The reference day (YYYY-MM-DD): a birth year gives an age, "l'an dernier" a year. */
  readonly today?: string;
}

/** "target" by unit or currency; "word" by one of the target's words just before; "elsewhere"; "neutral". */
const MONTH_WORDS = new Set([
  "janvier",
  "fevrier",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "aout",
  "septembre",
  "octobre",
  "novembre",
  "decembre",
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
  "jan",
  "janv",
  "feb",
  "fev",
  "fevr",
  "apr",
  "avr",
  "jun",
  "jul",
  "juil",
  "aug",
  "sep",
  "sept",
  "oct",
  "nov",
  "dec",
]);

const PERIOD_STEMS: readonly [string, Period][] = [
  ["annual", "year"],
  ["annuel", "year"],
  ["yearly", "year"],
  ["monthly", "month"],
  ["mensuel", "month"],
  ["weekly", "week"],
  ["hebdomadaire", "week"],
  ["daily", "day"],
  ["quotidien", "day"],
  ["journalier", "day"],
];

/** The period a target is counted over ("Annual mileage", "Loyer mensuel"), from its words. */
function periodOf(words: TargetWords): Period | null {
  // [ext] Also a feminine or plural form: "Facture annuelle", "Charges mensuelles".
  for (const [w, p] of PERIOD_STEMS)
    if (words.stems.has(w) || [...words.stems].some((s) => (s.length >= 5 && w.startsWith(s)) || (w.length >= 6 && s.startsWith(w))))
      return p;
  // "Séances par semaine", "visits per month": the period is the word after "par"/"per".
  for (const r of words.rates) {
    const p = RATE_PERIODS[r];
    if (p) return p;
  }
  return null;
}

const RATE_PERIODS: Record<string, Period> = {
  semaine: "week",
  week: "week",
  mois: "month",
  month: "month",
  an: "year",
  annee: "year",
  year: "year",
  jour: "day",
  day: "day",
};

const SUBGROUP_NOUNS = new Set([
  "kids",
  "kid",
  "children",
  "child",
  "enfants",
  "enfant",
  "adults",
  "adult",
  "adultes",
  "adulte",
  "babies",
  "baby",
  "bebes",
  "bebe",
  "filles",
  "fils",
  "daughters",
  "sons",
  "ados",
  "teenagers",
  "grands",
  "petits",
]);

/**
 * [ext] (s27) Words saying a number is the usual one ("usually 6 but last night only 3", "d'habitude 2, parfois 4"): among
 * other numbers it is the answer to a question about a typical case, held loosely.
 */
const USUAL_WORDS = new Set(
  "usually normally generally typically habitually habituellement normalement generalement habitude general".split(" "),
);
const saysUsual = (m: NumberMention) => m.before.slice(-2).some((w) => USUAL_WORDS.has(w));

/**
 * Among several numbers and no bound: "je gagne 35k aujourd'hui, je vise 40k", the number the person aims at; [ext]
 * (s27) else "usually 6 but last night only 3", the usual one. Null when neither is one value.
 */
function aimedOrUsual(mentions: readonly NumberMention[], tokens: readonly TextToken[], integer: boolean): number | null {
  const aimed = mentions.filter((m) => m.before.some((w) => AIM_WORDS.has(w)));
  const usual = aimed.length > 0 ? aimed : mentions.filter(saysUsual);
  const pool = usual.length > 0 ? usual : mentions.filter((m) => saysForNow(m, tokens));
  if (pool.length === 0) return contrastedCases(mentions, tokens, integer);
  return new Set(pool.map((m) => m.value)).size === 1 ? (pool[0] as NumberMention).value : null;
}

/** [ext] (s27) The words of a worse and a better case ("on a bad night", "les bons jours", "at worst"). */
const WORSE = new Set("bad worse worst mauvais mauvaise mauvaises pire".split(" "));
const BETTER = new Set("good better best bon bonne bons bonnes meilleur meilleure meilleurs".split(" "));

/**
 * [ext] (s27) Two numbers, each followed within four words by the opposite case ("4 on a bad night, 6 on a good one",
 * "2 les mauvais jours, 5 les bons"): the span the answer moves in, a range, held loosely: its middle, or for a whole
 * number its lower end (as "2 or 3"). Null for any other pair. Constant work per number.
 */
function contrastedCases(mentions: readonly NumberMention[], tokens: readonly TextToken[], integer: boolean): number | null {
  if (mentions.length !== 2) return null;
  const cases = mentions.map((m) => {
    const after = tokens.slice(m.end, m.end + 4).map((t) => t.norm);
    return after.some((w) => WORSE.has(w)) ? "worse" : after.some((w) => BETTER.has(w)) ? "better" : null;
  });
  if (cases[0] === null || cases[1] === null || cases[0] === cases[1]) return null;
  const [a, b] = mentions.map((m) => m.value) as [number, number];
  return integer ? Math.min(a, b) : Math.round(((a + b) / 2) * 100) / 100;
}

/**
 * [ext] (s27) Words saying a number holds today ("1 for now, maybe 2 next year", "2 pour l'instant, 3 à la rentrée",
 * "currently 4"): among other numbers, the present one answers the question, held loosely. Two words before the
 * number, or up to four after it (its unit first): constant work per number.
 */
const FOR_NOW = ["for now", "right now", "at the moment", "at present", "currently", "pour l instant", "pour le moment"]
  .concat(["actuellement", "en ce moment"])
  .map((p) => p.split(" "));
function saysForNow(m: NumberMention, tokens: readonly TextToken[]): boolean {
  const after = tokens.slice(m.end, m.end + 4).map((t) => t.norm);
  return hasAnyPhrase(m.before.slice(-2), FOR_NOW) || hasAnyPhrase(after, FOR_NOW);
}

const AIM_WORDS = new Set([
  "vise",
  "viser",
  "aim",
  "aiming",
  "target",
  "targeting",
  "souhaite",
  "voudrais",
  "aimerais",
  "ideally",
  "idealement",
  "prefer",
  "prefere",
  "hoping",
  "espere",
  "want",
  "veux",
  // "150 invited, probably 120 will come": the likely number is the answer, held loosely.
  "probably",
  "probablement",
  "likely",
  "realistically",
  "realistiquement",
  "surement",
]);

/** "a family", "un couple", "a group": a whole, not one of the target's units. */
const COLLECTIVE_NOUNS = new Set(["family", "famille", "couple", "group", "groupe", "foyer", "household", "bande", "equipe", "team"]);

const PART_WORDS = new Set(["dont", "including", "incl", "inclus", "among", "parmi"]);
/** A number right after "dont", "including", "of which" names a part of another one. */
const isPart = (m: NumberMention, scan?: MentionScan) => {
  const last = m.before[m.before.length - 1] ?? "";
  const prev = m.before[m.before.length - 2] ?? "";
  return (
    PART_WORDS.has(last) ||
    (last === "which" && prev === "of") ||
    last === "lesquels" ||
    last === "lesquelles" ||
    (scan !== undefined && ofThem(m, scan))
  );
};

const ONE = new Set(["one", "un", "une"]);
/** Young people, counted as children by a target about children ("un fils et une fille", "deux ados"). */
const YOUNG = ["ado", "adolescent", "teen", "teenager", "fils", "fille", "son", "daughter", "toddler", "nourrisson", "infant"];
const THEM = new Set(["them", "those", "these", "whom"]);
/** [ext] "6 of them kids", "2 of them vegan": a part of the people or things said before, named by the word after "of them". */
const ofThem = (m: NumberMention, scan: MentionScan) => scan.tokens[m.end]?.norm === "of" && THEM.has(scan.tokens[m.end + 1]?.norm ?? "");

/** "8 adults", "20 people", "10 of us": a number of people ("2 of them" says nothing of whom). */
const ofPeople = (m: NumberMention, scan: MentionScan) =>
  m.unit !== null && (m.unit === "of" ? scan.tokens[m.end + 1]?.norm === "us" : namesPeople(m.unit) || tokenHasStem(m.unit, PERSON_STEMS));

/** The mentions with "N of them kids" given the unit "kids". */
function withPartUnits(scan: MentionScan): MentionScan {
  if (!scan.mentions.some((m) => ofThem(m, scan))) return scan;
  const noun = (m: NumberMention) => scan.tokens[m.end + 2];
  const mentions = scan.mentions.map((m) =>
    m.unit === "of" && ofThem(m, scan) && noun(m)?.kind === "word" ? { ...m, unit: noun(m)?.norm ?? null } : m,
  );
  return { tokens: scan.tokens, mentions };
}

/**
 * [ext] A target counting one kind of person ("Number of children", "Nombre d'enfants"): not a head count. People of
 * another kind or of no kind ("8 adults", "20 people", "10 of us") are not its number, and the people-count sum is
 * left aside when numbers of people are said ("8 adults + 4 children" gives 4 children, not 12).
 */
function kindOfPerson(ctx: NumberContext): ReadonlySet<string> | null {
  const words = ctx.words;
  const label = words?.things;
  if (label === undefined || !personsTarget(ctx) || ![...label].some((o) => SUBGROUP_NOUNS.has(o) || SUBGROUP_NOUNS.has(`${o}s`)))
    return null;
  // The label's words only: "How many of the guests are children?" still counts children, not guests.
  const kind = new Set([...label, ...(words?.groupFactStems ?? [])]);
  if (words?.groups.has("children")) for (const y of YOUNG) kind.add(y);
  return kind;
}

/** Words of a target counted in percent (a "%" in its label reads as "%"). */
const PERCENT_STEMS = ["%", "percent", "pourcent", "pourcentage", "percentage", "taux", "rate"];

const OF_WORDS = new Set(["de", "d", "of"]);

type Binding = "target" | "word" | "elsewhere" | "neutral";

const YEAR_UNITS = new Set(["an", "ans", "year", "years", "yo"]);
/**
 * [ext] "2 (6 ans et 9 ans)" for the age of the youngest: the smallest of several ages, the largest for the oldest
 * ("Âge du plus jeune", "Age of the youngest child", "Âge de l'aîné", "eldest"). Every number an age in years; fuzzy.
 * Never across "or" ("6 ou 9 ans" is a doubt, not two children).
 */
function extremeAge(text: string, parts: readonly NumberMention[], ctx: NumberContext): number | null {
  const own = ctx.words?.own;
  if (own === undefined || !own.has("age") || !parts.every((m) => m.unit !== null && YEAR_UNITS.has(m.unit) && !m.fuzzy)) return null;
  if (!joinedByAnd(text)) return null;
  const most = own.has("plus") || own.has("most");
  const youngest = own.has("youngest") || (most && (own.has("jeune") || own.has("young")));
  const oldest = own.has("oldest") || own.has("eldest") || own.has("aine") || own.has("ainee");
  if (youngest === oldest) return null;
  const values = parts.map((m) => m.value);
  return youngest ? Math.min(...values) : Math.max(...values);
}

/** "I'm 38", "j'ai 38": the speaker's age; "we're 20", "on est 12": how many they are. */
const I_AM = [["i", "m"], ["i", "am"], ["im"], ["j", "ai"]];
const WE_ARE = [
  ["we", "re"],
  ["we", "are"],
  ["we", "ll", "be"],
  ["nous", "sommes"],
  ["nous", "serons"],
  ["on", "est"],
  ["on", "sera"],
  // [ext] "on n'est que trois", "nous ne sommes que 2".
  ["on", "n", "est"],
  ["nous", "ne", "sommes"],
];
/** Words that may follow such a number without being its unit ("I'm 38 if that matters", "on est 12 donc…"). */
const NO_UNIT = new Set([
  ...["if", "si", "so", "donc", "and", "et", "but", "mais", "now", "maintenant", "this", "next", "in", "en", "au", "at"],
  ...["btw", "fyi", "lol", "haha", "tho", "though", "already", "deja", "actually", "quand", "when"],
]);

/**
 * [ext] "I'm 38" for a target that is only an age ("Age", "Votre âge"), "we're 20" for a head count (not one kind of
 * person): the number the person says of themselves binds to it, in passing too.
 */
function saidOfSelf(m: NumberMention, ctx: NumberContext): boolean {
  const words = ctx.words;
  if (words === undefined || m.article || m.bound !== null || (m.unit !== null && !NO_UNIT.has(m.unit))) return false;
  const after = (seq: readonly string[]) => seq.every((w, j) => m.before[m.before.length - seq.length + j] === w);
  const onlyAge = words.groups.has("age") && words.things !== undefined && [...words.things].every((t) => t === "age");
  if (onlyAge && I_AM.some(after)) return true;
  // A head count: its label names people, not seats ("Nombre de places" is no "nous sommes trois à conduire"), [ext] or
  // its question asks about persons ("Combien de personnes doivent pouvoir s'y installer ?" for "Nombre de places").
  const people = [...(words.things ?? [])].some((t) => tokenHasStem(t, PERSON_STEMS) && !SEAT_STEMS.has(t)) || words.asksPersons === true;
  if (!people || kindOfPerson(ctx) !== null) return false;
  // [ext] "une table pour 6", "a sofa for 4": a small count for whom the thing is, closing what is said of it.
  const forSome = FOR.has(m.before[m.before.length - 1] ?? "") && m.unit === null && Number.isInteger(m.value) && m.value <= 20;
  return WE_ARE.some(after) || forSome;
}
const FOR = new Set(["pour", "for"]);
const ONLY_WORDS = new Set(["que", "qu", "only", "just", "juste", "seulement"]);

/** [ext] What "per head" may be said as: "per person", "par personne", "par tête", "par couvert", "per guest". */
const HEAD_STEMS: ReadonlySet<string> = new Set(
  ["head", "heads", "tete", "personne", "person", "pers", "pax", "guest", "invite", "convive", "participant", "couvert"].map(stem),
);
const perHeadTarget = (words: TargetWords | undefined) => words !== undefined && [...words.rates].some((r) => tokenHasStem(r, HEAD_STEMS));
/** "for everyone", "en tout", "pour le groupe": an amount said for all of them. */
const FOR_ALL = new Set(["everyone", "everybody", "all", "total", "tout", "tous", "groupe", "group", "ensemble", "altogether", "whole"]);

/**
 * [ext] A total shared by the people it is for, for a target counted per head ("Budget per head"): "1000 for everyone,
 * we're 20", "1000 € en tout pour 20 personnes" give 50, held loosely (the person gave a total). Just two numbers: the
 * people, said as "we're 20" / "on est 20" or with a word for persons, and the amount, said for all of them (a word
 * such as "everyone", "total", "en tout"); never an amount per head, per period or a bound.
 */
function sharePerHead(scan: MentionScan, ctx: NumberContext, integer: boolean): PhraseResult | null {
  if (!perHeadTarget(ctx.words)) return null;
  const ms = scan.mentions.filter((m) => !m.article);
  if (ms.length !== 2) return null;
  const after = (m: NumberMention) => (seq: readonly string[]) => seq.every((w, j) => m.before[m.before.length - seq.length + j] === w);
  // [ext] (s26) "200 pour nous 4", "300 for the 3 of us": the people the amount is for, said after it.
  const forUs = (m: NumberMention) => saidOfUs(m, scan) && m.before.some((w) => FOR.has(w));
  const people = ms.find(
    (m) => (m.unit !== null && tokenHasStem(m.unit, PERSON_STEMS) && !m.currency) || WE_ARE.some(after(m)) || forUs(m),
  );
  const amount = ms.find((m) => m !== people);
  if (people === undefined || amount === undefined || amount.per !== null || amount.period !== null || amount.bound !== null) return null;
  if (!Number.isInteger(people.value) || people.value < 2 || people.fuzzy) return null;
  const forAll = scan.tokens.some((t) => FOR_ALL.has(t.norm)) || (forUs(people) && amount.end <= people.start);
  if (!forAll) return null;
  const value = Math.round((amount.value / people.value) * 100) / 100;
  if (integer && !Number.isInteger(value)) return null;
  return withinBounds(value, ctx, integer) ? { value, certainty: "fuzzy" } : null;
}

/** What an amount is said for: "150 par personne", "30€ per lesson", "50 € / passage", "20 € la séance". */
function amountPer(m: NumberMention, scan: MentionScan, text: string): string | null {
  if (m.period !== null) return null;
  if (m.per !== null) return m.per === "each" ? null : m.per;
  const sign = scan.tokens[m.end]?.kind === "symbol" ? m.end + 1 : m.end;
  const word = scan.tokens[sign];
  const prev = scan.tokens[sign - 1];
  if (word === undefined || prev === undefined || word.kind !== "word") return null;
  if (/^\s*\/\s*$/.test(text.slice(prev.end, word.start))) return word.norm;
  const noun = scan.tokens[sign + 1];
  return DEFINITE.has(word.norm) && noun?.kind === "word" && PERIODS_OF[noun.norm] === undefined ? noun.norm : null;
}
const DEFINITE = new Set(["la", "le", "l"]);
const PERIODS_OF: Record<string, true> = {
  jour: true,
  journee: true,
  semaine: true,
  mois: true,
  an: true,
  annee: true,
  heure: true,
  nuit: true,
};

/** [ext] (s25) Said after an amount, "per"/"par" or "the"/"a" before a noun: "par chaise", "la nuit", "a night". */
const PER_ARTICLES = new Set(["la", "le", "l", "a", "an"]);
const CURRENCY_WORDS = new Set(["euro", "euros", "eur", "pound", "pounds", "quid", "dollar", "dollars", "balles", "bucks"]);
function perThing(m: NumberMention, scan: MentionScan, text: string | undefined): string | null {
  if (m.period !== null) return null;
  if (m.per !== null) return m.per === "each" ? null : m.per;
  let i = m.end;
  while (scan.tokens[i]?.kind === "symbol" || CURRENCY_WORDS.has(scan.tokens[i]?.norm ?? "")) i++;
  const noun = scan.tokens[i + 1];
  if (!PER_ARTICLES.has(scan.tokens[i]?.norm ?? "") || noun?.kind !== "word" || FOR_ALL.has(noun.norm)) return null;
  // The noun closes what is said of the amount ("£80 a night", "100 € la nuit."), unlike "a peu près", "a bit more".
  const next = scan.tokens[i + 2];
  const closes = next === undefined || next.kind === "symbol" || (text !== undefined && /[,;.!?(]/.test(text.slice(noun.end, next.start)));
  return closes ? noun.norm : null;
}

/**
 * [ext] An amount per thing times the number of those things, for an amount that is not itself per that thing: "50 € /
 * passage, 4 passages" is 200 a month, "150 par personne, on est 4" 600. Just these two numbers; the count names the
 * same thing (or, for a price per person, says how many they are). Held loosely: the person did not say the total.
 */
function amountTimesCount(text: string, scan: MentionScan, ctx: NumberContext, integer: boolean): PhraseResult | null {
  const words = ctx.words;
  const ms = scan.mentions.filter((m) => !m.article);
  if (words === undefined || !words.groups.has("money") || ms.length !== 2) return null;
  const [amount, count] = ms as [NumberMention, NumberMention];
  const per = amountPer(amount, scan, text) ?? perThing(amount, scan, text);
  if (per === null || amount.bound !== null || [...words.rates].some((r) => tokenHasStem(per, new Set([r])))) return null;
  if (!Number.isInteger(count.value) || count.value < 2 || count.currency || count.fuzzy) return null;
  const people =
    tokenHasStem(per, HEAD_STEMS) &&
    (WE_ARE.some((seq) => seq.every((w, j) => count.before[count.before.length - seq.length + j] === w)) ||
      (count.unit !== null && tokenHasStem(count.unit, PERSON_STEMS)));
  const same = count.unit !== null && stem(count.unit) === stem(per);
  if (!people && !same) return null;
  const target = periodOf(words);
  if (count.period !== null && target !== null && count.period !== target) return null;
  const value = Math.round(amount.value * count.value * 100) / 100;
  return withinBounds(value, ctx, integer) ? { value, certainty: "fuzzy" } : null;
}

/** "3 of us", "pour nous 3", "us two", "moi + 3": a number of people that includes the speaker. */
function saidOfUs(m: NumberMention, scan: MentionScan | undefined): boolean {
  if (m.unit === "of") return scan?.tokens[m.end + 1]?.norm === "us";
  const last = m.before[m.before.length - 1] ?? "";
  const self = (w: string) => w === "nous" || w === "us" || w === "moi" || w === "me";
  return m.unit === null && (self(last) || (last === "plus" && self(m.before[m.before.length - 2] ?? "")));
}

/** Words for a load of a carrier ("van load", "truckload", "chargement"): a reviewed list, English and French. */
const LOAD_WORDS = new Set(
  "load loads carload carloads vanload vanloads truckload truckloads lorryload lorryloads chargement chargements".split(" "),
);
const LOAD_STEMS = new Set([...LOAD_WORDS].map(stem));
/** "2 loads", "2 van loads", "3 carloads": the unit or the word after it is a load. */
const loadsSaid = (m: NumberMention, scan: MentionScan | undefined) =>
  LOAD_WORDS.has(m.unit ?? "") || LOAD_WORDS.has(scan?.tokens[m.end + 1]?.norm ?? "");

/**
 * (s26) Verbs that report a number someone said, measured or reckons ("the vet said", "my scales say", "le médecin m'a
 * dit", "on estime"): the words before them name who, not what the number measures. A reviewed list, English and French.
 */
const REPORTING_VERBS = new Set([
  ...["said", "says", "told", "tells", "reckons", "reckon", "thinks", "think", "thought", "reckoned", "estimated", "estimates"],
  ...["measured", "weighed", "reads", "showed", "shows", "dit", "disait", "dirait", "estime", "estimait", "pense", "pensent"],
  ...["pensait", "trouve", "trouvait", "mesure", "indique", "indiquait", "affiche", "affichait", "montre", "montrait"],
]);

function bindingOf(m: NumberMention, ctx: NumberContext, scan?: MentionScan, text?: string): Binding {
  const words = ctx.words;
  const money = words?.groups.has("money") ?? false;
  if (saidOfSelf(m, ctx)) return "target";
  if (ctx.strict && text !== undefined && (clockTime(m) || ordinalSuffix(m, text))) return "elsewhere";
  // [ext] "we're 20", "on est 6", "for the 3 of us" say how many they are: never an amount of money, nor a number of
  // things a target counts that are not people ("How many bedrooms?"; one thing per person is onePerPerson's, loosely).
  // [ext] "on est que deux", "we're only 3": "only" between them too.
  const lead = ONLY_WORDS.has(m.before[m.before.length - 1] ?? "") ? m.before.slice(0, -1) : m.before;
  const weAre = WE_ARE.some((seq) => seq.every((w, j) => lead[lead.length - seq.length + j] === w));
  if (money && weAre) return "elsewhere";
  if (words !== undefined && !personsTarget(ctx) && (weAre || saidOfUs(m, scan))) return "elsewhere";
  // "40 km a day" is not an annual mileage: a rate of another period than the target's belongs elsewhere.
  const targetPeriod = ctx.words ? periodOf(ctx.words) : null;
  if (m.period !== null && targetPeriod !== null && m.period !== targetPeriod) return "elsewhere";
  // [ext] "100€ par mois" for "Budget par heure": an amount per day, week, month or year is no amount per hour.
  if (m.period !== null && words !== undefined && hourlyRate(words)) return "elsewhere";
  // "100 € par mois" is no total budget: an amount per period belongs to a target counted per period.
  if (m.period !== null && targetPeriod === null && words !== undefined && TOTAL_WORDS.some((w) => words.own.has(w))) return "elsewhere";
  // "500 par personne" is no total: an amount per person belongs to a target that is itself per person.
  const per = m.per;
  const perTarget =
    words !== undefined &&
    per !== null &&
    (per === "each"
      ? words.rates.size > 0
      : [...words.rates].some((r) => tokenHasStem(per, new Set([r])) || (tokenHasStem(r, HEAD_STEMS) && tokenHasStem(per, HEAD_STEMS))));
  if (m.per !== null && (m.per === "each" || tokenHasStem(m.per, PERSON_STEMS)) && !perTarget) {
    // [ext] (s27) "10, budget 40€ chacun": an amount of money each is never a number of persons (nor of anything not money).
    return words?.groups.has("persons") && (!m.currency || money) ? "neutral" : "elsewhere";
  }
  // [ext] (s25) "100 € la nuit", "250 par chaise", "£80 a night": an amount per thing is no value of a money target
  // per nothing (its total is the amount times a count not said).
  if (money && words !== undefined && words.rates.size === 0 && scan !== undefined && perThing(m, scan, text) !== null) return "elsewhere";
  // [ext] "2 van loads", "3 carloads", "deux chargements": a number of loads measures what a carrier holds, not the
  // things a target counts (boxes, items), unless the target itself counts loads.
  if (words !== undefined && m.unit !== null && loadsSaid(m, scan) && ![...words.own].some((w) => LOAD_STEMS.has(w))) return "elsewhere";
  // [ext] "half a marathon", "un demi-réservoir" for a distance or a volume: a part of a thing, no measure.
  const fraction = m.value > 0 && m.value < 1 && scan?.tokens[m.start]?.kind === "word";
  if (fraction && m.unit !== null && TIME_UNITS[m.unit] === undefined && namesOtherThing(m.unit, words)) return "elsewhere";
  // "10% of the price" is a share: it belongs only to a target counted in percent.
  if (m.unit === "%") return words !== undefined && PERCENT_STEMS.some((p) => words.own.has(p)) ? "target" : "elsewhere";
  // "une semaine", "two weeks" for a number of nights or days.
  if (m.unit !== null && words?.groups.has("days") && tokenHasStem(m.unit, WEEK_STEMS)) return "target";
  // [ext] (s26) "£100" for a budget in euros: an amount in another currency is not the target's (no rate is assumed).
  if (m.currency && money && words?.currency !== undefined && scan !== undefined && otherCurrency(m, scan.tokens, words.currency))
    return "elsewhere";
  if (m.currency) return money || words === undefined ? "target" : "elsewhere";
  // [ext] "registered march 2018" for a calendar year: the year of the date, in a reply to its own question.
  if (!ctx.strict && calendarYearTarget(ctx) && m.value >= 1000 && MONTH_WORDS.has(m.before[m.before.length - 1] ?? "")) return "target";
  // "15 janvier", "jan 15": part of a date.
  if ((m.unit !== null && MONTH_WORDS.has(m.unit)) || MONTH_WORDS.has(m.before[m.before.length - 1] ?? "")) return "elsewhere";
  // Without words (a bare schema) nothing says what a unit belongs to.
  if (words === undefined) return "neutral";
  if (m.unit !== null) {
    const kind = kindOfPerson(ctx);
    if (kind !== null && m.unit !== "of" && ofPeople(m, { tokens: [], mentions: [] }) && !tokenHasStem(m.unit, kind)) return "elsewhere";
    // [ext] "3 kg" for "Kilos de légumes", "12 m²" for a length in metres: a unit of the target's kind binds the number
    // to it, a unit of another kind sets it aside (an area is no length).
    const measure = unitKindAgainst(m.unit, words, scan?.tokens[m.end + 1]?.norm, ctx.strict === true);
    if (measure !== null) return measure === "same" ? "target" : "elsewhere";
    if (words && (tokenHasStem(m.unit, words.stems) || singularOfOwn(m.unit, words))) return "target";
    // [ext] (s26) "I'm 67" (number-mentions.ts SAID_AGE) binds the number to a target that is an age and nothing else's
    // ("Age", not "Boiler age" nor "Dog's age": "I'm 67" is no boiler's age); in passing any other target leaves it,
    // and answering a question ("he's eleven" to the dog's age) it is a bare number, as it was.
    if (m.unit === SAID_AGE) return plainAge(words) ? "target" : ctx.strict === true ? "elsewhere" : "neutral";
    // [ext] "j'ai eu 13 de moyenne", "a 12 of average": the label's own word after "de"/"of".
    const named = scan?.tokens[m.end + 1]?.norm;
    if (OF_WORDS.has(m.unit) && named !== undefined && named.length >= 4 && tokenHasStem(named, words.own)) return "target";
    // "2h", "45 min", "3 j": a unit's short form binds the number to a target counted in that unit, in passing too.
    const time = TIME_UNITS[m.unit];
    if (time !== undefined && time[1] === 1 && time[0] === timeUnitOf(words)) return "target";
    // [ext] (s26) "1h de route", "20 minutes away" for a distance, a weight or a volume: a duration measures no length.
    if (time !== undefined && targetUnit(words) !== null) return "elsewhere";
    if (
      tokenHasStem(m.unit, KNOWN_UNIT_STEMS) ||
      tokenHasStem(m.unit, MONEY_STEMS) ||
      (ctx.otherStems && tokenHasStem(m.unit, ctx.otherStems)) ||
      countsOtherThings(m.unit, words)
    )
      return "elsewhere";
  }
  // The target's own words just before the number: "budget 1500", "loyer de 900", "rent around 1k".
  const before = m.bound === null && !m.fuzzy ? m.before : wordsBeforeBound(m.before);
  for (const w of before) {
    if (w.length < 3) continue;
    if (words && tokenHasStem(w, words.stems)) return "word";
  }
  // (s26) "the vet said 14", "le médecin m'a dit 72": who says the number is no other target's word.
  const reported = before.slice(before.findLastIndex((w) => REPORTING_VERBS.has(w)) + 1);
  for (const w of reported.slice(-3)) {
    if (w.length >= 3 && tokenHasStem(w, INCOME_STEMS) && !(words?.groups.has("income") ?? false)) return "elsewhere";
  }
  for (const w of reported.slice(-2)) {
    if (w.length >= 4 && ctx.otherStems && tokenHasStem(w, ctx.otherStems) && !(words && tokenHasStem(w, words.stems))) return "elsewhere";
  }
  // [ext] "95000, it's a 2012 peugeot": a year beside the thing it dates is a calendar year's (in passing too), never
  // another target's number unless that thing is the target's own word ("a 2000 budget").
  if (scan !== undefined && text !== undefined && calendarYearTarget(ctx) && yearOfAThing(m, scan, text)) return "word";
  // Only the form "a 2012 peugeot" sets it aside for another target: "une enveloppe de 2000" may be its amount.
  const thing = scan?.tokens[m.end]?.norm ?? "";
  if (scan !== undefined && text !== undefined && yearOfAThing(m, scan, text, false) && !tokenHasStem(thing, words.stems))
    return "elsewhere";
  // "max 1500" with no unit: a stated bound is the kind of number the asked target wants (never in passing).
  return m.bound !== null && !ctx.strict ? "target" : "neutral";
}

/** [ext] "la moitié", "un tiers", "tout" for a target counted in percent (spoken-values.ts' shareInWords). */
function percentShare(text: string, ctx: NumberContext, integer: boolean): PhraseResult | null {
  const words = ctx.words;
  if (words === undefined || !PERCENT_STEMS.some((p) => words.own.has(p)) || /\d/.test(text)) return null;
  const share = shareInWords(text);
  if (share === null) return null;
  const value = integer ? Math.round(share.value) : share.value;
  return withinBounds(value, ctx, integer) ? { value, certainty: share.fuzzy || value !== share.value ? "fuzzy" : "exact" } : null;
}

function withinBounds(value: number, ctx: NumberContext, integer: boolean): boolean {
  if (!Number.isFinite(value) || (integer && !Number.isInteger(value))) return false;
  if (ctx.minimum !== undefined && value < ctx.minimum) return false;
  if (ctx.maximum !== undefined && value > ctx.maximum) return false;
  return true;
}

const personsTarget = (ctx: NumberContext) => ctx.words?.groups.has("persons") ?? false;

/**
 * [ext] A whole number said without its digits, in a reply to its own question: first names counted as people ("Léo
 * et Jade"), a home with no bedroom ("a studio"), one thing for each of N ("one for us and one for each of our 2 kids").
 */
function spokenCount(text: string, scan: MentionScan, ctx: NumberContext): { value: number; certainty: "exact" | "fuzzy" } | null {
  const named = personsTarget(ctx) ? firstNamesCount(text) : null;
  if (named !== null) return { value: named, certainty: "fuzzy" };
  if (noBedroomHome(text, ctx.words, scan)) return { value: 0, certainty: "exact" };
  const composed = personsTarget(ctx) ? null : oneForEach(scan);
  // [ext] (s26) "just the left one", "only the one on my arm".
  return composed === null ? justTheOne(text, scan, true, ctx) : { value: composed, certainty: "fuzzy" };
}

/**
 * Values said without their digits ("la moitié", "toute l'année") or as a year or decade, in a reply to the target's own
 * question; "none" for a decade out of the target's bounds.
 */
function saidWhole(text: string, ctx: NumberContext, integer: boolean): PhraseResult | "none" | null {
  const said =
    percentShare(text, ctx, integer) ??
    wholeYear(text, ctx, integer) ??
    calendarYear(text, ctx, integer) ??
    yearsSinceStart(text, ctx, integer) ??
    // [ext] (s24) "mon wed fri", "daily except sundays", "two a day on weekdays": the days, with a number a day or not.
    daysOfTheWeek(text, ctx, integer);
  if (said !== null) return said;
  const decade = decadeOf(text, ctx);
  if (decade === null) return null;
  return withinBounds(decade, ctx, integer) ? { value: decade, certainty: "fuzzy" } : "none";
}

/**
 * The people a reply to a persons target names: one more after a group ("famille de 5 + skipper"), or those counted
 * (people-count.ts); "none" for one more out of the target's bounds.
 */
function personsCounted(
  text: string,
  scan: MentionScan,
  ctx: NumberContext,
  kind: ReadonlySet<string> | null,
): PhraseResult | "none" | null {
  const young = ctx.words?.groups.has("children") === true;
  const ofKind = kind === null ? undefined : (w: string) => tokenHasStem(w, kind) || (young && YOUNG_PERSONS.has(w));
  const own = ctx.words?.own ?? new Set<string>();
  const more = ofKind || ctx.strict ? null : plusOnePerson(text, scan.tokens, scan.mentions, (w) => tokenHasStem(w, own));
  if (more !== null) return withinBounds(more.value, ctx, true) ? { value: more.value, certainty: more.fuzzy ? "fuzzy" : "exact" } : "none";
  // [ext] (s25) "deux familles", "two groups": so many groups of an unsaid size count no persons.
  if (scan.mentions.some((m) => m.unit !== null && m.value >= 2 && GROUPS_OF_UNKNOWN_SIZE.has(m.unit))) return "none";
  const people = countPeople(
    scan.tokens,
    scan.mentions.filter((m) => !isPart(m, scan)),
    ofKind,
    !ctx.strict,
  );
  return people !== null && withinBounds(people.value, ctx, true)
    ? { value: people.value, certainty: people.fuzzy ? "fuzzy" : "exact" }
    : null;
}

/** One number for a `number`/`integer` target, or null when none or ambiguous. */
export function extractNumber(text: string, integer: boolean, ctx: NumberContext = {}): PhraseResult | null {
  if (ctx.strict && ctx.words === undefined) return null;
  const score = scoreOnScale(text, integer, ctx);
  if (score !== null) return score === "other scale" ? null : score;
  // [ext] (s23) "un T3", "F4": a French flat's type counts its rooms (pièces), and one fewer bedrooms.
  const flat = ctx.strict || !integer ? null : flatType(text, ctx);
  if (flat !== null) return withinBounds(flat.value, ctx, integer) ? flat : null;
  const whole = ctx.strict ? null : saidWhole(text, ctx, integer);
  if (whole !== null) return whole === "none" ? null : whole;
  const raw = withPartUnits(ctx.scan ?? scanNumbers(text));
  const unit = ctx.words ? timeUnitOf(ctx.words) : null;
  if (unit === "hour" && !ctx.strict) {
    // [ext] (s23) "de 9h à 12h, 3 jours par semaine", "9-5 Monday to Friday": a day's span times its days.
    const overDays = clockHoursOverDays(text, ctx.words !== undefined && periodOf(ctx.words) === "week");
    if (overDays !== null) return overDays !== "none" && withinBounds(overDays.value, ctx, integer) ? overDays : null;
    const span = clockSpan(raw) ?? startToEnd(raw);
    if (span !== null) return withinBounds(span, ctx, integer) ? { value: span, certainty: "fuzzy" } : null;
  }
  const times = ctx.strict || ctx.words === undefined ? null : perTime(text, raw, { ...ctx, words: ctx.words }, unit, integer);
  if (times !== null) return times !== "none" && withinBounds(times.value, ctx, integer) ? times : null;
  // Conversions are read in a reply to the target's own question only: "in three weeks" said about a start date is
  // no notice period in months.
  // [ext] "5 miles" for a distance in km, "1m75" for a height in cm, "150 lbs" for kilograms (unit-conversion.ts).
  const scan = integer ? listedOnes(inTargetUnits(raw, text, ctx, unit, integer), ctx) : inTargetUnits(raw, text, ctx, unit, integer);
  // [ext] (s23) "6 months to a year", "de 6 mois à un an": a range of durations in two units, its middle, loosely.
  const unitRange = ctx.strict || unit === null ? null : rangeOfUnits(raw, unit, integer);
  if (unitRange !== null) return withinBounds(unitRange.value, ctx, integer) ? unitRange : null;
  // [ext] "one or two", "3 ou 4 personnes" for a count, "one or two thousand" for an amount: undecided.
  if (otherLengthUnit(scan, ctx.words) || undecidedAlternative({ text, scan, ctx, integer })) return null;
  // (s25) "3 ou 4 personnes": the first of two (firstOfTwo), before the parts of a day or week.
  const byPart =
    firstOfTwo(text, scan, ctx, integer) ?? (ctx.strict || ctx.words === undefined ? null : partsOfDayOrWeek(scan, ctx.words, unit));
  if (byPart !== null) return byPart !== "none" && withinBounds(byPart.value, ctx, integer) ? byPart : null;
  const repeated = ctx.strict ? null : timesPerPeriod(text, scan, ctx, unit);
  if (repeated !== null) return repeated !== "none" && withinBounds(repeated.value, ctx, integer) ? repeated : null;
  const kind = kindOfPerson(ctx);
  // [ext] "25 ans bientôt 26", "17 et demi": an age in completed years (completedAge).
  const spoken = integer && !ctx.strict ? spokenOrPlaced(text, scan, ctx) : null;
  if (spoken !== null) return withinBounds(spoken.value, ctx, integer) ? spoken : null;
  const persons = integer && personsTarget(ctx) ? personsCounted(text, scan, ctx, kind) : null;
  if (persons !== null) return persons === "none" ? null : persons;
  // Only for a target whose words say it counts things: a bare schema says nothing of what a person gets one of, and
  // "me and my wife" is no amount, no duration and no number of nights.
  const words = ctx.words;
  const countsThings = words !== undefined && !words.groups.has("money") && !words.groups.has("days") && timeUnitOf(words) === null;
  const perPerson = integer && !ctx.strict && countsThings && !personsTarget(ctx) ? onePerPerson(scan, ctx) : null;
  if (perPerson !== null) return perPerson;
  const share = ctx.strict ? null : (sharePerHead(scan, ctx, integer) ?? amountTimesCount(text, scan, ctx, integer));
  if (share !== null) return share;
  const product = ctx.strict ? null : productOf(text, scan, ctx, integer);
  if (product !== null) return withinBounds(product.value, ctx, integer) ? product : null;
  // "no one", "not one": the article after a denial is no number.
  // [ext] "never seen a physio", "jamais eu un accident": nor is an article after "never" in its clause.
  const denied = scan.mentions.every(
    (m) => m.article && (ARTICLE_DENIALS.has(scan.tokens[m.start - 1]?.norm ?? "") || neverBefore(text, scan, m)),
  );
  if (scan.mentions.length === 0 || denied) return ctx.strict ? null : withoutDigits(text, integer, ctx);
  const bound = scan.mentions.map((m) => ({ m, binding: bindingOf(m, ctx, scan, text) }));
  // [ext] "2 voire 3", "250 maybe 300": the number said plainly, held loosely, like the first of two alternatives.
  const alternative = ctx.strict ? null : (plainBeforePossibility(text, scan, ctx, integer) ?? alternativeOf(bound, scan, ctx, integer));
  if (alternative !== null) return { value: alternative, certainty: "fuzzy" };
  const kept = candidates(bound, scan, ctx, integer);
  const inBounds = kept.filter(({ m }) => withinBounds(m.value, ctx, integer));
  // [ext] "nothing, 110% loan": a first clause saying only zero, the numbers after it measuring other things.
  if (inBounds.length === 0) return ctx.strict ? null : noneAsZero(text, integer, ctx);
  const distinct = new Set(inBounds.map(({ m }) => m.value));
  let chosen = inBounds;
  let fuzzy = false;
  const parts = inBounds.map(({ m }) => m);
  const extreme = distinct.size > 1 ? extremeAge(text, parts, ctx) : null;
  if (extreme !== null) return { value: extreme, certainty: "fuzzy" };
  const total = addedUp(text, parts, distinct.size, ctx, integer);
  if (total !== undefined) return total;
  if (distinct.size > 1) {
    // "autour de 1200, max 1500": one stated bound among other numbers is the answer, held loosely.
    const bounded = inBounds.filter(({ m }) => m.bound !== null);
    const picked = bounded.length === 0 ? aimedOrUsual(parts, scan.tokens, integer) : null;
    if (picked !== null) return { value: picked, certainty: "fuzzy" };
    if (new Set(bounded.map(({ m }) => m.value)).size !== 1) return null;
    // Against approximations only, the stated bound is firm; against other plain numbers it is a guess.
    fuzzy = inBounds.some(({ m }) => m.bound === null && !m.fuzzy);
    chosen = bounded;
  }
  const first = chosen[0] as { m: NumberMention; binding: Binding };
  const days = weeksAsDays(first.m, ctx);
  if (days !== null)
    return withinBounds(days, ctx, integer)
      ? { value: days, certainty: hasAnyPhrase(tokenise(text), HEDGE_PHRASES) ? "fuzzy" : "exact" }
      : null;
  fuzzy ||= chosen.some(({ m }) => m.fuzzy) || heldLoosely(first, { text, scan, bound, ctx, integer });
  // [ext] "plus de 25", "over 100 000", "at least 18" for a target that is no minimum nor an amount (an age, a mileage):
  // the value is at or above the number, not surely it: held loosely. For a minimum or a budget the bound is the value.
  if (first.m.bound === "lower" && !limitTarget(ctx.words)) {
    fuzzy = true;
  }
  const value = ageToCome(text, first.m, scan, ctx) ? first.m.value - 1 : first.m.value;
  return withinBounds(value, ctx, integer) ? { value, certainty: fuzzy ? "fuzzy" : "exact" } : null;
}

const NEVER = new Set(["never", "jamais"]);
/** "never seen a physio": "never" earlier in the number's clause (no punctuation between). */
function neverBefore(text: string, scan: MentionScan, m: NumberMention): boolean {
  for (let i = m.start - 1; i >= 0 && i >= m.start - 4; i--) {
    const t = scan.tokens[i] as TextToken;
    if (clauseBreak(text, t, scan.tokens[i + 1] as TextToken)) return false;
    if (NEVER.has(t.norm)) return true;
  }
  return false;
}

const AGE_UNIT_WORDS = new Set(["ans", "an", "years", "year", "yo", "old"]);
/** A target that is someone's age and names no other thing ("Age (years)", "Votre âge"). */
function plainAge(words: TargetWords): boolean {
  return words.own.has("age") && [...(words.things ?? [])].every((t) => t === "age");
}
// [ext] Also the future tense ("elle aura 6 ans en janvier", "he turns 7") and "soon"/"almost" before the age ("bientôt
// 10", "almost 9": held loosely as approximations, number-mentions.ts).
const TURNING = [
  "turning",
  "turn",
  "turns",
  "will be",
  "ll be",
  "going to be",
  "gonna be",
  "vais avoir",
  "va avoir",
  "vais feter",
  "va feter",
  "aura",
  "aurai",
  "auras",
  "fera",
  "fetera",
  "bientot",
  "almost",
  "nearly",
  "presque",
  "soon",
  // [ext] "elle va sur ses 16 ans", "going on 16": the age about to be reached.
  "sur ses",
  "sur mes",
  "sur tes",
  "sur leurs",
  "going on",
];
const SOON = [
  "next month",
  "next week",
  "next year",
  "soon",
  "in a few",
  "bientot",
  "le mois prochain",
  "la semaine prochaine",
  "l an prochain",
  "l annee prochaine",
  "dans",
];
/**
 * [ext] An age said as the one to come ("sixty next month", "I'm turning 40", "je vais avoir 35 ans le mois prochain"):
 * the person is one year younger today. Only for a target counted as an age (label or question with "age"/"âge").
 */
function ageToCome(text: string, m: NumberMention, scan: MentionScan, ctx: NumberContext): boolean {
  if (ctx.words === undefined || !ctx.words.own.has("age")) return false;
  const norms = scan.tokens.map((t) => t.norm);
  let end = m.end;
  while (AGE_UNIT_WORDS.has(norms[end] ?? "")) end += 1;
  // "I'm 50, next month I retire": the time said after a pause is another thing's.
  const last = scan.tokens[end - 1];
  const next = scan.tokens[end];
  const paused = last !== undefined && next !== undefined && clauseBreak(text, last, next);
  const after = paused ? "" : ` ${norms.slice(end, end + 3).join(" ")} `;
  const before = ` ${norms.slice(Math.max(0, m.start - 3), m.start).join(" ")} `;
  return TURNING.some((p) => before.endsWith(` ${p} `)) || SOON.some((p) => after.startsWith(` ${p} `));
}

/** A number read with its certainty. */
type CountResult = { value: number; certainty: "exact" | "fuzzy" };

const CLOCK_LEADS = new Set(["apres", "avant", "des", "vers", "a", "after", "before", "at", "from", "until", "till", "jusqu", "partir"]);
/** [ext] "après 18h", "before 9h": a time of day written as one, in passing, counts no hours. */
const clockTime = (m: NumberMention) => m.unit === "h" && CLOCK_LEADS.has(m.before[m.before.length - 1] ?? "");
/** [ext] "6e", "3ème", "1ere": a French ordinal (a school year, a floor) said in passing is no amount in euros. */
const ordinalSuffix = (m: NumberMention, text: string) =>
  m.value <= 20 &&
  Number.isInteger(m.value) &&
  /\d[eèE]/.test(text) &&
  new RegExp(`(?<![\\d.,])${m.value}(?:e|eme|ème|ere|ère)(?![\\p{L}\\d])`, "iu").test(text);

/** [ext] (s26) Whether the currency said beside an amount (sign before or after, or word after) is not `own`. */
function otherCurrency(m: NumberMention, tokens: MentionScan["tokens"], own: Currency): boolean {
  const said = [tokens[m.start - 1], tokens[m.end]].map((t) => (t === undefined ? undefined : currencyNamed(t.norm)));
  const c = said[0] ?? said[1];
  return c !== undefined && c !== own;
}

/** [ext] A target that is an amount per hour or minute of something ("Budget par heure de cours", "Rate per hour"). */
const hourlyRate = (words: TargetWords) => [...words.rates].some((r) => ["hour", "minute"].includes(TIME_UNITS[r]?.[0] ?? ""));
const FOR_WORDS = new Set(["pour", "for", "les", "the", "a", "an", "de"]);
const CURRENCY_SIGNS = new Set(["€", "$", "£", "e", "eur", "euros", "euro", "dollars", "pounds", "quid", "bucks"]);

/**
 * [ext] "50€ pour 2h", "£90 for 90 minutes" for an amount per hour: the amount divided by the hours it pays for.
 * Only an amount then a time said after "pour"/"for", nothing else counted.
 */
function amountForHours(scan: MentionScan, ctx: NumberContext, integer: boolean): CountResult | null {
  if (ctx.words === undefined || ctx.strict || !hourlyRate(ctx.words) || scan.mentions.length !== 2) return null;
  const [amount, time] = scan.mentions as [NumberMention, NumberMention];
  const unit = time.unit === null ? undefined : TIME_UNITS[time.unit];
  if (unit === undefined || (unit[0] !== "hour" && unit[0] !== "minute") || amount.period !== null || amount.per !== null) return null;
  const between = scan.tokens.slice(amount.end, time.start).map((t) => t.norm);
  if (!between.some((w) => w === "pour" || w === "for") || !between.every((w) => FOR_WORDS.has(w) || CURRENCY_SIGNS.has(w))) return null;
  const hours = (time.value * unit[1]) / (unit[0] === "minute" ? 60 : 1);
  if (hours <= 0) return null;
  const value = Math.round((amount.value / hours) * 100) / 100;
  const fuzzy = amount.fuzzy || time.fuzzy;
  return withinBounds(value, ctx, integer) ? { value, certainty: fuzzy ? "fuzzy" : "exact" } : null;
}

/** An amount per period times periods, or [ext] "50€ pour 2h" for an amount per hour (amountForHours). */
function perTime(text: string, raw: MentionScan, ctx: NumberContext & { words: TargetWords }, unit: TimeUnit | null, integer: boolean) {
  return amountForHours(raw, ctx, integer) ?? rateTimesPeriods(text, raw, ctx.words, unit);
}

/**
 * [ext] "25 ans bientôt 26", "17 soon 18", "17 et demi", "nearly 9, 8 and a half": for a target counted as an age, the
 * age said beside the one to come (the next year's number after "bientôt"/"soon"/"almost") or with a half (from 10) is
 * the age in completed years. Null otherwise.
 */
function completedAge(scan: MentionScan, ctx: NumberContext, integer: boolean): CountResult | null {
  if (ctx.words === undefined || !ctx.words.own.has("age") || ctx.strict) return null;
  const ms = scan.mentions;
  // A half without "ans"/"years" on a small number may count something else ("2 and a half" for a driver): from 10 only.
  const half = ms.length === 1 && integer && (ms[0] as NumberMention).value % 1 === 0.5 ? (ms[0] as NumberMention) : null;
  if (half !== null && half.value < 10) return null;
  if (half !== null)
    return withinBounds(Math.floor(half.value), ctx, integer) ? { value: Math.floor(half.value), certainty: "exact" } : null;
  if (ms.length !== 2) return null;
  const [now, next] = ms as [NumberMention, NumberMention];
  const soon = next.before.some((w) => TURNING.includes(w)) || SOON.includes(next.before[next.before.length - 1] ?? "");
  if (!soon || next.value !== now.value + 1 || now.fuzzy) return null;
  return withinBounds(now.value, ctx, integer) ? { value: now.value, certainty: "exact" } : null;
}

/**
 * "How many lines / tickets / bikes?" answered with people ("me and my wife", "one for me, one for my daughter",
 * "4 - me, my husband and our two teens"): one per person named, held loosely, unless the reply counts the target's
 * own things (a number bound to its words) or says a number above the people it names.
 */
function onePerPerson(scan: MentionScan, ctx: NumberContext): PhraseResult | null {
  const people = countPeople(scan.tokens, scan.mentions);
  if (people === null || !withinBounds(people.value, ctx, true)) return null;
  // "a family of five but only 3 need phones": another number than the people's, said of something else, answers.
  const another = (m: NumberMention) => m.value > 1 && m.value !== people.value && !namesPeople(m.unit);
  if (scan.mentions.some((m) => bindingOf(m, ctx) === "target" || m.value > people.value || another(m))) return null;
  // [ext] People counted are not the things counted: one each is inferred, never confirmed ("a family of 5" to "How
  // many bedrooms?").
  return { value: people.value, certainty: "fuzzy" };
}

/** Words of a target that is a whole, not a rate: an amount per period is not its value. */
const TOTAL_WORDS = ["total", "global", "globale", "overall", "entier", "entire", "whole", "complet"];

export type TimeUnit = "minute" | "hour" | "day" | "week" | "month" | "year";
/** Time units as people write them, with how many of the base unit each is ("un semestre" is 6 months). */
const TIME_UNITS: Record<string, [TimeUnit, number]> = {
  min: ["minute", 1],
  mn: ["minute", 1],
  minute: ["minute", 1],
  minutes: ["minute", 1],
  mins: ["minute", 1],
  h: ["hour", 1],
  hr: ["hour", 1],
  hrs: ["hour", 1],
  heure: ["hour", 1],
  heures: ["hour", 1],
  hour: ["hour", 1],
  hours: ["hour", 1],
  jour: ["day", 1],
  jours: ["day", 1],
  j: ["day", 1],
  day: ["day", 1],
  days: ["day", 1],
  journee: ["day", 1],
  journees: ["day", 1],
  semaine: ["week", 1],
  semaines: ["week", 1],
  week: ["week", 1],
  weeks: ["week", 1],
  quinzaine: ["week", 2],
  fortnight: ["week", 2],
  mois: ["month", 1],
  month: ["month", 1],
  months: ["month", 1],
  mo: ["month", 1],
  trimestre: ["month", 3],
  trimestres: ["month", 3],
  semestre: ["month", 6],
  semestres: ["month", 6],
  an: ["year", 1],
  ans: ["year", 1],
  annee: ["year", 1],
  annees: ["year", 1],
  year: ["year", 1],
  years: ["year", 1],
};
/** Exact factors between units of the same scale; between scales ("a month" in weeks) the factor is an average. */
const IN_MINUTES: Partial<Record<TimeUnit, number>> = { minute: 1, hour: 60 };
const IN_DAYS: Partial<Record<TimeUnit, number>> = { day: 1, week: 7 };
const IN_MONTHS: Partial<Record<TimeUnit, number>> = { month: 1, year: 12 };
export const DAYS_IN: Record<TimeUnit, number> = { minute: 1 / 1440, hour: 1 / 24, day: 1, week: 7, month: 365.25 / 12, year: 365.25 };
/** A day spent at something (work, a shoot, away from home) counts as a working day's hours. */
const HOURS_IN_A_DAY = 8;

/** The time unit a target counts in, from its own words ("Durée (mois)", "Hours of coverage"); null if none or several. */
/** Each time unit in the smallest unit it is exactly counted in: minutes, days or months ("1 an" is 12 months). */
const DURATION_BASES: Record<TimeUnit, [base: "minute" | "day" | "month", size: number]> = {
  minute: ["minute", 1],
  hour: ["minute", 60],
  day: ["day", 1],
  week: ["day", 7],
  month: ["month", 1],
  year: ["month", 12],
};

/**
 * The durations a text states ("1 year", "a year", "twenty-four months", "2 ans max"), each as a key such as
 * `month:12`, so that two ways of saying one duration compare equal. A choice whose label is a duration ("12 months",
 * "24 mois") is named by any equal duration (extract-value.ts).
 */
export function statedDurations(text: string): { key: string; fuzzy: boolean }[] {
  const scan = scanNumbers(text);
  const found: { key: string; fuzzy: boolean }[] = [];
  for (const m of scan.mentions) {
    const unit = m.unit === null ? undefined : TIME_UNITS[m.unit];
    if (unit === undefined || m.period !== null || m.per !== null) continue;
    const [base, size] = DURATION_BASES[unit[0]];
    found.push({ key: `${base}:${m.value * unit[1] * size}`, fuzzy: m.fuzzy });
  }
  return found;
}

/**
 * [ext] (s23) Whether a reply may give a duration target (one counted in a unit of time, no calendar year) a value in
 * passing: only with a number said in a unit of time ("7 hours"; "three times a week" is none), and not when the reply
 * is that duration alone ("an hour", "1h15"), which answers the question asked.
 */
const DURATION_FILLERS = new Set(
  "a an and et un une half demi about around environ roughly maybe peut etre probably just only juste seulement or so".split(" "),
);
export function durationInPassing(scan: MentionScan, ctx: NumberContext): boolean {
  // Most replies hold no number at all: nothing to bind, nothing to check.
  if (
    scan.mentions.length === 0 ||
    ctx.words === undefined ||
    timeUnitOf(ctx.words) === null ||
    calendarYearTarget(ctx) ||
    (ctx.minimum ?? 0) >= 1000
  )
    return true;
  // [ext] (s26) An age said as one ("I'm 67": number-mentions.ts SAID_AGE) is a number of years for an age.
  const age = plainAge(ctx.words);
  const timed = scan.mentions.filter((m) => m.unit !== null && (Object.hasOwn(TIME_UNITS, m.unit) || (age && m.unit === SAID_AGE)));
  if (timed.length === 0) return false;
  // "1h15": the minutes after the hours are part of the one duration; "about an hour and a half": words of it.
  const alone = scan.mentions.every((m) => timed.includes(m) || (m.unit === null && timed.some((d) => m.start === d.end + 1)));
  const other = scan.tokens.some((t) => t.kind === "word" && !Object.hasOwn(TIME_UNITS, t.norm) && !DURATION_FILLERS.has(t.norm));
  return !(timed.length === 1 && alone && !other);
}

export function timeUnitOf(words: TargetWords): TimeUnit | null {
  const found = new Set<TimeUnit>();
  for (const w of words.own) {
    // [ext] "Hours per week": the word after "per" is the period counted over, not the unit counted.
    if (words.rates.has(w)) continue;
    const u = TIME_UNITS[w] ?? TIME_UNITS[`${w}s`];
    if (u !== undefined && w.length >= 3) found.add(u[0]);
  }
  return found.size === 1 ? ([...found][0] as TimeUnit) : null;
}

/** `value` of unit `from` in unit `to`, and whether the factor is exact; null when the two do not convert. */
function convertTime(value: number, from: TimeUnit, to: TimeUnit): { value: number; exact: boolean } | null {
  if (from === to) return { value, exact: true };
  for (const scale of [IN_MINUTES, IN_DAYS, IN_MONTHS]) {
    const a = scale[from];
    const b = scale[to];
    if (a !== undefined && b !== undefined) return { value: (value * a) / b, exact: true };
  }
  if (from === "day" && (to === "hour" || to === "minute"))
    return { value: value * HOURS_IN_A_DAY * (to === "minute" ? 60 : 1), exact: false };
  const clock = (u: TimeUnit) => u === "minute" || u === "hour";
  if (clock(from) || clock(to)) return null;
  return { value: (value * DAYS_IN[from]) / DAYS_IN[to], exact: false };
}

/** [ext] "huit jours", "quinze jours": French says a week and two weeks this way. */
function frenchWeeks(m: NumberMention, unit: TimeUnit): { value: number; exact: boolean } | null {
  if (unit !== "week" || (m.unit !== "jours" && m.unit !== "j") || (m.value !== 8 && m.value !== 15)) return null;
  return { value: m.value === 8 ? 1 : 2, exact: true };
}

/**
 * How many of the shorter period people count in the longer one: a month is said to be 4 weeks ("50 € par semaine"
 * is "200 par mois", loosely), 30 days; a year 52 weeks, 365 days, 12 months. Only months in a year are exact: a
 * calendar average (4.35 weeks) gives figures nobody says (217.41).
 */
const SAID_PERIODS_IN: Record<Period, Partial<Record<Period, number>>> = {
  day: {},
  week: { day: 7 },
  month: { day: 30, week: 4 },
  year: { day: 365, week: 52, month: 12 },
};

/** "1200 par an" for a monthly budget (100), "une heure par jour" for hours per week (7, loosely). */
function convertPeriod(value: number, from: Period, to: Period, everyDay = false): { value: number; exact: boolean } {
  const up = SAID_PERIODS_IN[to][from];
  const factor = up ?? 1 / (SAID_PERIODS_IN[from][to] ?? 1);
  // Every day of the week is an assumption ("une heure par jour" may mean on working days): held loosely, unless
  // [ext] (s26) the reply says every day ("2 hours a day every day"): then a week is exactly 7 of them.
  if (from === "day" && to === "week" && everyDay) return { value: value * factor, exact: true };
  return { value: value * factor, exact: from !== "day" && ((from === "month" && to === "year") || (from === "year" && to === "month")) };
}

const EVERY_WORDS = new Set(["every", "each", "chaque"]);
/** [ext] (s26) Whether a reply says "every day", "each day", "chaque jour", "tous les jours" or "7 days a week" (one pass). */
function saysEveryDay(tokens: MentionScan["tokens"]): boolean {
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i]?.norm ?? "";
    if (t !== "day" && t !== "jour" && t !== "jours" && t !== "days") continue;
    const prev = tokens[i - 1]?.norm ?? "";
    if (EVERY_WORDS.has(prev) || (prev === "les" && tokens[i - 2]?.norm === "tous") || (prev === "7" && tokens[i + 2]?.norm === "week"))
      return true;
  }
  return false;
}

/**
 * The mentions in the target's own unit and period: "un an" for a duration in months is 12, "a month" in weeks about 4,
 * "2h30" in minutes 150, "1200 par an" for a monthly amount 100. A converted mention is bound to the target by
 * its unit; an inexact factor makes it fuzzy, and an integer target gets the rounded value then.
 */
function converted(scan: MentionScan, words: TargetWords, unit: TimeUnit | null, integer: boolean): MentionScan {
  const period = periodOf(words);
  const unitWord = unit === null ? null : ([...words.own].find((w) => (TIME_UNITS[w] ?? TIME_UNITS[`${w}s`])?.[0] === unit) ?? null);
  const everyDay = period === "week" && scan.mentions.some((m) => m.period === "day") && saysEveryDay(scan.tokens);
  let changed = false;
  const mentions = scan.mentions.map((m, i) => {
    // The "a" of "2 hours a day" states the rate of the number before it.
    const prev = scan.mentions[i - 1];
    if (m.article && prev !== undefined && prev.period !== null && m.start - prev.end <= 1) return m;
    let next = m;
    const from = m.unit === null ? undefined : TIME_UNITS[m.unit];
    if (unit !== null && unitWord !== null && from !== undefined && from[0] !== unit) {
      const c = frenchWeeks(m, unit) ?? convertTime(m.value * from[1], from[0], unit);
      // [ext] "10 jours" in whole weeks is about 1: a factor that leaves a fraction is rounded, loosely.
      const whole = c !== null && integer && !Number.isInteger(c.value) ? { value: c.value, exact: false } : c;
      if (whole !== null) next = { ...next, value: whole.value, unit: unitWord, article: false, fuzzy: next.fuzzy || !whole.exact };
    } else if (unit !== null && unitWord !== null && from !== undefined && from[1] !== 1) {
      // "une quinzaine" of weeks is 2 of them.
      next = { ...next, value: m.value * from[1], article: false };
    }
    // A salary is not converted (net or gross, 12 or 13 months?), nor a daily distance to a year (working days?):
    // only time spent per day becomes time per week or month.
    const convertible =
      !words.groups.has("income") && (m.period !== "day" || unit === "hour" || unit === "minute") && (period !== "day" || unit !== null);
    if (period !== null && m.period !== null && m.period !== period && convertible) {
      const c = convertPeriod(next.value, m.period, period, everyDay);
      next = { ...next, value: c.value, period, fuzzy: next.fuzzy || !c.exact };
    }
    if (next === m) return m;
    changed = true;
    // A converted figure is kept to the cent ("400 par an" a month is 33.33); one that had to be rounded is held loosely.
    const rounded = integer && next.fuzzy ? Math.round(next.value) : Math.round(next.value * 100) / 100;
    // "3 semaines" in years is no 0.
    if (rounded === 0 && m.value !== 0) return m;
    return { ...next, value: rounded, fuzzy: next.fuzzy || Math.abs(rounded - next.value) > 1e-9 };
  });
  return unit === null ? (changed ? { tokens: scan.tokens, mentions } : scan) : joinedDurations(scan, mentions, changed);
}

/** (s27) The time unit a unit word names ("hours", or "hour" as a label says it). */
const timeUnitWord = (w: string | null) => (w === null ? undefined : (TIME_UNITS[w] ?? TIME_UNITS[`${w}s`])?.[0]);
/** (s27) The time unit a mention was said in, when it is a plain amount of time (no rate, nothing per thing). */
const saidTimeUnit = (m: NumberMention) => (m.unit === null || m.period !== null || m.per !== null ? undefined : TIME_UNITS[m.unit]);

/**
 * [ext] (s27) One duration said in two units, the larger first, side by side or linked by "and"/"et" ("3 ans et 8
 * mois", "2 hours 30 minutes", "1 week and 2 days"): the two parts, each already in the target's unit, add up to one
 * mention (kept to the cent, loosely when the smaller part was rounded). `said` holds the mentions as said, `inUnit`
 * the same ones in the target's unit. One pass over the mentions.
 */
function joinedDurations(scan: MentionScan, inUnit: NumberMention[], changed: boolean): MentionScan {
  const out: NumberMention[] = [];
  let joined = false;
  for (let i = 0; i < inUnit.length; i++) {
    const a = scan.mentions[i] as NumberMention;
    const b = scan.mentions[i + 1];
    const ua = saidTimeUnit(a);
    const ub = b === undefined ? undefined : saidTimeUnit(b);
    const link = scan.tokens[a.end + 1]?.norm;
    const adjacent = b !== undefined && (b.start === a.end + 1 || (b.start === a.end + 2 && (link === "and" || link === "et")));
    const larger = ua !== undefined && ub !== undefined && DAYS_IN[ua[0]] * ua[1] > DAYS_IN[ub[0]] * ub[1];
    const x = inUnit[i] as NumberMention;
    const y = inUnit[i + 1];
    if (
      !adjacent ||
      !larger ||
      b === undefined ||
      y === undefined ||
      timeUnitWord(x.unit) !== timeUnitWord(y.unit) ||
      b.bound !== null ||
      a.bound !== null
    ) {
      out.push(x);
      continue;
    }
    const value = Math.round((x.value + y.value) * 100) / 100;
    out.push({ ...x, end: y.end, value, fuzzy: x.fuzzy || y.fuzzy || Math.abs(value - (x.value + y.value)) > 1e-9 });
    joined = true;
    i++;
  }
  return joined || changed ? { tokens: scan.tokens, mentions: joined ? out : inUnit } : scan;
}

const FLAT_TYPE = /(?<![\p{L}\p{N}])[tf]\s?([1-9])(?:\s?bis)?(?![\p{L}\p{N}])/iu;
const ROOM_STEMS = new Set(["piece", "room"]);
const BEDROOM_STEMS = new Set(["chambre", "bedroom"]);
/**
 * "T3", "un F4", "appartement T2" for a count of rooms (pièces): its number, exactly; for bedrooms one fewer, loosely
 * (the living room is one of the pièces). Only in a reply with no other number.
 */
function flatType(text: string, ctx: NumberContext): { value: number; certainty: "exact" | "fuzzy" } | null {
  const own = ctx.words?.own;
  if (own === undefined || text.length > 80) return null;
  const rooms = [...own].some((w) => ROOM_STEMS.has(w));
  const bedrooms = [...own].some((w) => BEDROOM_STEMS.has(w));
  if (!rooms && !bedrooms) return null;
  const m = FLAT_TYPE.exec(text);
  if (m === null || /\d/.test(text.replace(m[0], " "))) return null;
  const n = Number(m[1]);
  return bedrooms ? { value: n - 1, certainty: "fuzzy" } : { value: n, certainty: "exact" };
}

const UNIT_RANGE_LINKS = new Set(["to", "a", "au", "-", "–"]);

/**
 * Two amounts said in two different time units and joined as a range ("6 months to 1 year", "de 6 mois à un an"), both
 * converted to the target's unit: their middle, loosely (a whole target rounds it up). Null for any other reply.
 */
function rangeOfUnits(raw: MentionScan, unit: TimeUnit, integer: boolean): { value: number; certainty: "fuzzy" } | null {
  const timed = (m: NumberMention) => m.unit !== null && TIME_UNITS[m.unit] !== undefined;
  // "à" and "an" alone are read as articles: only amounts of time count.
  const kept = raw.mentions.filter((m) => timed(m) || !m.article);
  if (kept.length !== 2 || !kept.every(timed)) return null;
  const [a, b] = kept as [NumberMention, NumberMention];
  const [fa, fb] = [TIME_UNITS[a.unit as string], TIME_UNITS[b.unit as string]] as [[TimeUnit, number], [TimeUnit, number]];
  if (fa[0] === fb[0]) return null;
  const between = raw.tokens.slice(a.end, b.start).map((t) => t.norm);
  if (between.length !== 2 || between[0] !== a.unit || !UNIT_RANGE_LINKS.has(between[1] as string)) return null;
  const x = convertTime(a.value * fa[1], fa[0], unit);
  const y = convertTime(b.value * fb[1], fb[0], unit);
  if (x === null || y === null || x.value >= y.value) return null;
  const middle = (x.value + y.value) / 2;
  return { value: integer ? Math.ceil(middle) : Math.round(middle * 100) / 100, certainty: "fuzzy" };
}

const CLOCK_FROM = new Set(["de", "from", "depuis", "entre", "between"]);
const RANGE_OPENERS = new Set(["entre", "between"]);
const CLOCK_TO = new Set(["a", "to", "until", "till", "til", "jusqu", "et", "and"]);
const CLOCK_WORDS: Record<string, number> = { midnight: 24, minuit: 24, noon: 12, midi: 12 };

/** A time of day at token k ("9h", "17h30", "3pm", "3 pm", "midnight", a bare hour): its hour and the tokens it spans. */
function clockAt(scan: MentionScan, k: number): { hour: number; end: number; explicit: boolean } | null {
  const t = scan.tokens[k];
  if (t === undefined) return null;
  const named = CLOCK_WORDS[t.norm];
  if (named !== undefined) return { hour: named, end: k + 1, explicit: true };
  if (t.kind !== "digits" || !/^\d{1,2}$/.test(t.norm)) return null;
  let hour = Number(t.norm);
  const next = scan.tokens[k + 1]?.norm;
  if (next === "pm" || next === "am") {
    if (next === "pm" && hour < 12) hour += 12;
    if (next === "am" && hour === 12) hour = 0;
    return hour <= 24 ? { hour, end: k + 2, explicit: true } : null;
  }
  if (next === "h" || next === "heures" || next === "heure") {
    const min = scan.tokens[k + 2];
    const minutes = min?.kind === "digits" && /^\d{2}$/.test(min.norm) ? Number(min.norm) : null;
    if (hour > 24 || (minutes !== null && minutes >= 60)) return null;
    return { hour: hour + (minutes ?? 0) / 60, end: minutes === null ? k + 2 : k + 3, explicit: true };
  }
  return hour <= 24 ? { hour, end: k + 1, explicit: false } : null;
}

/**
 * "de 9h à 17h" (8), "from 3pm until midnight" (9), "from the ceremony at 2 to the first dance at 9" (7): the hours
 * between two times of day, for a target counted in hours. Two bare hours ("from 2 to 9") are read within 12 hours.
 */
function clockSpan(scan: MentionScan): number | null {
  const tokens = scan.tokens;
  const from = tokens.findIndex((t) => CLOCK_FROM.has(t.norm));
  if (from < 0) return null;
  const times: { hour: number; at: number; explicit: boolean }[] = [];
  for (let k = from + 1; k < tokens.length && times.length < 3; k++) {
    const c = clockAt(scan, k);
    if (c === null) continue;
    times.push({ hour: c.hour, at: k, explicit: c.explicit });
    k = c.end - 1;
  }
  if (times.length !== 2) return null;
  const [a, b] = times as [(typeof times)[0], (typeof times)[0]];
  if (!tokens.slice(from + 1, b.at).some((t, i) => from + 1 + i > a.at && CLOCK_TO.has(t.norm))) return null;
  if (a.at - from > 6) return null;
  // [ext] "entre 10 et 15", "between 10 and 15 hours": a range of the count, never the difference; after
  // "entre/between" a span needs its first end written as a time of day ("entre 9h et 17h").
  if (RANGE_OPENERS.has(tokens[from]?.norm ?? "") && !a.explicit) return null;
  let span = b.hour - a.hour;
  if (span <= 0) span += !a.explicit && !b.explicit && a.hour <= 12 && b.hour <= 12 ? 12 : 24;
  return span > 0 && span <= 24 ? span : null;
}

/**
 * [ext] Words that start or end a stretch of the day, each before its time of day: going to bed and getting up, starting
 * and finishing, opening and closing (a general list of verbs, French and English, as normalise.ts spells them).
 */
const STRETCH_START = new Set(
  "couche couchee couches coucher endors endort dodo bed asleep sleep start starts begin begins commence commencer ouvre opens open".split(
    " ",
  ),
);
const STRETCH_END = new Set(
  "leve levee leves lever reveille reveillee reveil wake wakes up finish finishes finis fini finit termine end ends ferme close closes".split(
    " ",
  ),
);
/** Words between such a verb and its time: "at", "à", "vers", "around", "about", "by", "sur les". */
const STRETCH_LINKS = new Set(["at", "a", "vers", "around", "about", "by", "sur", "les", "round", "towards"]);

/** The time of day said right after a word of `words` from token `from` on, with where it ends. */
function timeAfter(scan: MentionScan, words: ReadonlySet<string>, from: number) {
  for (let i = from; i < scan.tokens.length; i++) {
    if (!words.has(scan.tokens[i]?.norm ?? "")) continue;
    let k = i + 1;
    while (k < scan.tokens.length && k - i <= 2 && STRETCH_LINKS.has(scan.tokens[k]?.norm ?? "")) k++;
    // "6.30": a time with its minutes, morning or evening unsaid.
    const t = scan.tokens[k];
    const dotted = t?.kind === "digits" ? /^(\d{1,2})[.:]([0-5]\d)$/.exec(t.norm) : null;
    if (dotted !== null) return { hour: Number(dotted[1]) + Number(dotted[2]) / 60, at: k, end: k + 1, explicit: false };
    const c = clockAt(scan, k);
    if (c !== null) return { ...c, at: k };
  }
  return null;
}

/**
 * [ext] "je me couche à 23h et me lève à 7h" (8), "bed at 11, up at 7" (8), "I start at 9 and finish at 5" (8): the
 * hours between a time said after a starting word and a later one said after an ending word, through midnight if need
 * be. Two bare hours are read within 12 hours, as in clockSpan. Nothing when another number is said.
 */
function startToEnd(scan: MentionScan): number | null {
  const a = timeAfter(scan, STRETCH_START, 0);
  const b = a === null ? null : timeAfter(scan, STRETCH_END, a.end);
  if (a === null || b === null) return null;
  // "7 hours, in bed at 11 and up at 7": a number said besides the two times is the answer, not their span.
  if (scan.mentions.some((m) => !m.article && m.start !== a.at && m.start !== b.at)) return null;
  let span = b.hour - a.hour;
  if (span <= 0) span += !a.explicit && !b.explicit && a.hour <= 12 && b.hour <= 12 ? 12 : 24;
  return span > 0 && span <= 24 ? span : null;
}

interface BoundMention {
  m: NumberMention;
  binding: Binding;
}

const LENGTH_UNITS = new Set(["m", "metre", "metres", "meter", "meters", "metres"]);
const BY_WORDS = new Set(["sur", "by", "x", "fois", "par"]);
const SQUARE_FEET = new Set(["sq", "sqft", "square"]);
const FEET = new Set(["ft", "feet", "foot"]);
const SQUARE_FOOT_IN_M2 = 0.09290304;
/** A target that is itself a bound or a sum to spend ("Minimum living area", "Budget"): a stated bound is its value. */
const limitTarget = (words: TargetWords | undefined) =>
  words === undefined || words.limit === true || words.groups.has("money") || words.own.has(stem("budget"));
const KM_WORDS = new Set(["km", "kms", "kilometre", "kilometres", "kilometer", "kilometers"]);
const MILE_WORDS = new Set(["mile", "miles", "mi"]);
/** The length unit a set of words names: kilometres or miles (a label naming both, neither). */
function lengthUnitOf(words: ReadonlySet<string>): "km" | "mile" | null {
  const km = [...words].some((w) => KM_WORDS.has(w));
  const mile = [...words].some((w) => MILE_WORDS.has(w));
  return km === mile ? null : km ? "km" : "mile";
}
/**
 * [ext] Miles said for a target in kilometres, or kilometres for one in miles, that unit-conversion.ts did not convert (the
 * target names no single unit): another unit, so no value (a label word
 * such as "Mileage" does not make miles its unit). As for other imperial units, none rather than a conversion.
 */
function otherLengthUnit(scan: MentionScan, words: TargetWords | undefined): boolean {
  const wanted = words === undefined ? null : lengthUnitOf(words.own);
  return (
    wanted !== null &&
    scan.mentions.some((m) => {
      const said = m.unit === null ? null : lengthUnitOf(new Set([m.unit]));
      return said !== null && said !== wanted;
    })
  );
}
const areaTarget = (words: TargetWords) =>
  words.own.has("m2") || words.own.has("m²") || words.own.has("superficie") || words.own.has("area");
/**
 * [ext] Arithmetic a careful reader does, in a reply to the target's own question, when the reply holds just these two
 * numbers: two lengths for an area ("10 m sur 5", "12 by 8 metres": exact), a count of parts of one size ("2 pans de
 * 25 m2", "3 tables of 6": held loosely, the parts may differ), square feet for an area in m² (held loosely).
 */
function productOf(
  text: string,
  scan: MentionScan,
  ctx: NumberContext,
  integer: boolean,
): { value: number; certainty: "exact" | "fuzzy" } | null {
  const words = ctx.words;
  const ms = scan.mentions;
  if (words === undefined) return null;
  const norm = (i: number) => scan.tokens[i]?.norm ?? "";
  const sides = integer ? null : sidesProduct(scan, words);
  if (sides !== null) {
    const loose = sides.assumed || ms.some((m) => m.fuzzy) || hasAnyPhrase(tokenise(text), HEDGE_PHRASES);
    return { value: sides.value, certainty: loose ? "fuzzy" : "exact" };
  }
  // [ext] "a 50 sq ft locker": the article before the number is no second number.
  const said = ms.filter((m) => !m.article);
  if (said.length === 1 && areaTarget(words) && !integer) {
    const m = said[0] as NumberMention;
    const feet = SQUARE_FEET.has(m.unit ?? "") && (FEET.has(norm(m.end + 1)) || m.unit === "sqft");
    return feet ? { value: Math.round(m.value * SQUARE_FOOT_IN_M2 * 10) / 10, certainty: "fuzzy" } : null;
  }
  if (ms.length !== 2) return null;
  const [a, b] = ms as [NumberMention, NumberMention];
  if (a.article || b.article) return null;
  const between = scan.tokens.slice(a.end, b.start).map((t) => t.norm);
  const fuzzy = a.fuzzy || b.fuzzy || hasAnyPhrase(tokenise(text), HEDGE_PHRASES);
  // "10 m sur 5", "10 by 5 metres", "10 x 5": two lengths.
  const lengthOrNone = (u: string | null) => u === null || LENGTH_UNITS.has(u);
  const by = between.length === 1 ? between[0] : between.length === 2 && LENGTH_UNITS.has(between[0] ?? "") ? between[1] : undefined;
  if (areaTarget(words) && by !== undefined && BY_WORDS.has(by) && lengthOrNone(b.unit) && b.end >= scan.tokens.length - 1)
    return { value: a.value * b.value, certainty: fuzzy ? "fuzzy" : "exact" };
  // "2 pans de 25 m2", "3 tables of 6": a count of parts, then the size of each, in the target's unit or bare.
  const part = between.length === 2 ? between[0] : undefined;
  if (part === undefined || !["de", "of", "d"].includes(between[1] ?? "") || a.unit !== part) return null;
  if (!Number.isInteger(a.value) || a.value < 2 || a.value > 20 || tokenHasStem(part, words.stems) || TIME_UNITS[part] !== undefined)
    return null;
  const sized = b.unit === null ? b.end >= scan.tokens.length : tokenHasStem(b.unit, words.own) || words.own.has(b.unit);
  return sized ? { value: a.value * b.value, certainty: "fuzzy" } : null;
}

/** How many of a rate's periods a longer period holds at most ("4 jours" fit a week, "20 jours" do not). */
const PERIODS_IN: Record<Period, Partial<Record<Period, number>>> = {
  day: { week: 7, month: 31, year: 366 },
  week: { month: 5, year: 53 },
  month: { year: 12 },
  year: {},
};

/**
 * [ext] A rate times a number of its periods, in a reply to the target's own question holding just these two numbers:
 * "2h par jour, 4 jours" is 8 hours a week, "3 hours a day, 5 days a week" 15, "100 € par mois pendant 6 mois" 600 for
 * a total. The target is counted over a longer period (or is a total); the count must fit in that period and be of
 * it ("4 jours par mois" is no week). A rate and a count of its periods that do not combine give "none": nothing is
 * read rather than one of the two numbers (each converted alone said 14 or 32 hours).
 */
function rateTimesPeriods(
  text: string,
  scan: MentionScan,
  words: TargetWords,
  unit: TimeUnit | null,
): { value: number; certainty: "exact" | "fuzzy" } | "none" | null {
  // The "a" of "3 hours a day" is the rate's, no number.
  const ms = scan.mentions.filter((m) => !m.article);
  if (ms.length !== 2) return null;
  const rate = ms.find((m) => m.period !== null);
  const count = ms.find((m) => m !== rate && m.unit !== null && TIME_UNITS[m.unit]?.[1] === 1 && TIME_UNITS[m.unit]?.[0] === rate?.period);
  if (rate === undefined || count === undefined || rate.period === null) return null;
  if (rate.per !== null && tokenHasStem(rate.per, PERSON_STEMS)) return null;
  const target = periodOf(words);
  const total = target === null && TOTAL_WORDS.some((w) => words.own.has(w));
  const limit = target === null ? (total ? Infinity : undefined) : PERIODS_IN[rate.period][target];
  if (limit === undefined || !Number.isInteger(count.value) || count.value < 1 || count.value > limit) return "none";
  if (count.period !== null && count.period !== target) return "none";
  // The rate in the target's unit: "2h" or "90 min" for hours; a bare or currency amount for a target without a time unit.
  const from = rate.unit === null ? undefined : TIME_UNITS[rate.unit];
  let value = rate.value;
  if (from !== undefined && unit !== null) {
    const c = convertTime(rate.value * from[1], from[0], unit);
    if (c === null || !c.exact) return "none";
    value = c.value;
  } else if (
    from !== undefined ||
    (unit !== null && rate.unit !== null) ||
    (rate.unit !== null && !rate.currency && !tokenHasStem(rate.unit, words.stems))
  )
    return "none";
  const fuzzy = rate.fuzzy || count.fuzzy || hasAnyPhrase(tokenise(text), HEDGE_PHRASES);
  return { value: Math.round(value * count.value * 1000) / 1000, certainty: fuzzy ? "fuzzy" : "exact" };
}

const TIMES_WORDS = new Set(["twice", "thrice"]);
const TIMES_UNITS = new Set(["fois", "times", "x"]);

/**
 * [ext] "2 hours twice a week", "1h30 trois fois par semaine" for hours per week: a time in the target's unit said with
 * how many times per the target's period, multiplied. "none" when a repeat is said but does not combine (another
 * period, no time unit): neither number alone is the answer.
 */
function timesPerPeriod(text: string, scan: MentionScan, ctx: NumberContext, unit: TimeUnit | null): CountResult | "none" | null {
  const words = ctx.words;
  if (words === undefined) return null;
  if (unit === null) return measureTimesPerPeriod(scan, words);
  const ms = scan.mentions.filter((m) => !m.article || !rateArticle(m, scan));
  const repeat = (m: NumberMention) =>
    m.period !== null && (TIMES_WORDS.has(scan.tokens[m.start]?.norm ?? "") || (m.unit !== null && TIMES_UNITS.has(m.unit)));
  // "twice a week" alone says how often, not how long.
  if (ms.length === 1) return repeat(ms[0] as NumberMention) ? "none" : null;
  if (ms.length !== 2) return null;
  const [amount, times] = ms as [NumberMention, NumberMention];
  if (!repeat(times) || times.start > amount.end + 1) return null;
  const own = amount.unit === null ? undefined : TIME_UNITS[amount.unit];
  if (own === undefined || own[0] !== unit || own[1] !== 1 || times.period !== periodOf(words)) return "none";
  const fuzzy = amount.fuzzy || times.fuzzy || hasAnyPhrase(tokenise(text), HEDGE_PHRASES);
  return { value: Math.round(amount.value * times.value * 1000) / 1000, certainty: fuzzy ? "fuzzy" : "exact" };
}

/**
 * [ext] "5k three times a week", "2 km deux fois par semaine" for a distance per week: a measure in the target's unit
 * (or bare) said with how many times per the target's period, multiplied, held loosely (the runs may differ). Another
 * period than the target's, or a unit of another kind, reads nothing from the product.
 */
function measureTimesPerPeriod(scan: MentionScan, words: TargetWords): CountResult | "none" | null {
  const period = periodOf(words);
  const ms = scan.mentions.filter((m) => !m.article || !rateArticle(m, scan));
  if (period === null || ms.length !== 2) return null;
  const [amount, times] = ms as [NumberMention, NumberMention];
  const repeat = TIMES_WORDS.has(scan.tokens[times.start]?.norm ?? "") || (times.unit !== null && TIMES_UNITS.has(times.unit));
  if (!repeat || times.start > amount.end + 1 || amount.currency) return null;
  if (times.period !== period || (amount.unit !== null && unitKindAgainst(amount.unit, words) !== "same")) return "none";
  return { value: Math.round(amount.value * times.value * 1000) / 1000, certainty: "fuzzy" };
}

/** [ext] Amounts said each for a part of the day or week, in the target's time unit or measure (amounts-by-part.ts). */
function partsOfDayOrWeek(scan: MentionScan, words: TargetWords, unit: TimeUnit | null): CountResult | "none" | null {
  const own = (m: NumberMention) =>
    m.unit !== null && (unit !== null ? TIME_UNITS[m.unit]?.[0] === unit : unitKindAgainst(m.unit, words) === "same");
  const read = amountsByPart(scan, periodOf(words) === "day", own);
  return read === null || read === "none" ? read : { value: read.value, certainty: read.exact ? "exact" : "fuzzy" };
}

/** The usual scales of a score: a "3/12" is more often a date than a score out of 12. */
const SCALES = new Set([5, 10, 20, 100]);
const SCORE = /(?<![\d/.,])(\d{1,3}(?:[.,]\d{1,2})?) ?(?:\/|sur|out of) ?(\d{1,3})(?![\d/.,])/gi;
/**
 * [ext] "7/10", "8 sur 10", "3 out of 5" for a target whose schema maximum is the scale (5, 10, 20 or 100): the score. Held loosely after an
 * approximation ("like 6/10") or with a hedge. Only one score in the reply; a score on another scale ("8/20") gives none.
 */
function scoreOnScale(text: string, integer: boolean, ctx: NumberContext): PhraseResult | "other scale" | null {
  if (ctx.maximum === undefined || !SCALES.has(ctx.maximum) || !/\/|sur|out of/i.test(text)) return null;
  const all = [...text.matchAll(SCORE)];
  const scores = all.filter((m) => Number(m[2]) === ctx.maximum);
  // "8/20" for a score out of 10: another scale, none.
  if (scores.length === 0 && all.some((m) => SCALES.has(Number(m[2])) && Number(m[1]) <= Number(m[2]))) return "other scale";
  if (scores.length !== 1) return null;
  const found = scores[0] as RegExpMatchArray;
  const value = Number((found[1] as string).replace(",", "."));
  if (!withinBounds(value, ctx, integer)) return null;
  const mention = scanNumbers(text).mentions.find((m) => m.value === value);
  const fuzzy = (mention?.fuzzy ?? false) || hasAnyPhrase(tokenise(text), HEDGE_PHRASES);
  return { value, certainty: fuzzy ? "fuzzy" : "exact" };
}

const ONLY = new Set(["just", "only", "juste", "seulement", "qu"]);
const ALONE_WORDS = new Set(["seul", "seule", "single"]);
/** [ext] "just one", "only one", "un seul", "juste une": the article said as a quantity, in a reply to the question. */
function onlyOne(m: NumberMention, scan: MentionScan, ctx: NumberContext): boolean {
  if (ctx.strict || !["one", "un", "une"].includes(scan.tokens[m.start]?.norm ?? "")) return false;
  const next = scan.tokens[m.end]?.norm;
  // [ext] "just the one", "only the one".
  const lead = scan.tokens[m.start - 1]?.norm === "the" ? m.start - 2 : m.start - 1;
  return (
    (ONLY.has(scan.tokens[lead]?.norm ?? "") && (next === undefined || m.unit === null)) || (next !== undefined && ALONE_WORDS.has(next))
  );
}

/**
 * [ext] (s27) "one aid" for "Hearing aids", "un lit" for "Nombre de lits": the singular of a short plural noun of the
 * label (which no stem shortens: "aids", "lits") names its thing too, so the article before it counts one.
 */
function singularOfOwn(unit: string, words: TargetWords): boolean {
  return unit.length >= 3 && /^\p{L}+$/u.test(unit) && (words.own.has(`${unit}s`) || words.own.has(`${unit}x`));
}

/** The mentions that may answer the target: bound to it or neutral, articles only where they count, parts dropped. */
function candidates(bound: readonly BoundMention[], scan: MentionScan, ctx: NumberContext, integer: boolean): BoundMention[] {
  // "one bedroom", "une personne": an article is a number only before a unit of the target, or as the whole
  // first clause of the reply ("one, a small scratch"). A word of the target's concept group is enough in a reply to
  // its own question for a count of things ("un chat" for how many animals), never for an amount or a duration, nor
  // in passing: "un chien" is no budget of 1 and no hour alone, even where the question names "l'animal".
  const words = ctx.words;
  const countsThings = words !== undefined && !ctx.strict && !words.groups.has("money") && timeUnitOf(words) === null;
  // [ext] A kind of person a target counts is its own word too: "…, and one kid" in passing is 1 child (not "a kid
  // with an allergy", nor "a kids party").
  const kind = kindOfPerson(ctx);
  const oneOfKind = (m: NumberMention) =>
    kind !== null && m.unit !== null && ONE.has(scan.tokens[m.start]?.norm ?? "") && stem(m.unit) === m.unit && tokenHasStem(m.unit, kind);
  // [ext] "just one day" to "Jours ouvrés": the target's time unit said in another language is its unit too.
  const ownTimeUnit = (unit: string) =>
    !ctx.strict && words !== undefined && TIME_UNITS[unit]?.[1] === 1 && TIME_UNITS[unit]?.[0] === timeUnitOf(words);
  // [ext] A target measured in a unit of length, area or weight ("Longueur de haie (m)") counts no thing: "une haie de
  // 40 m" is 40 m of hedge, not one hedge.
  const measured = words !== undefined && ["measures", "kilometres", "miles"].some((g) => words.groups.has(g));
  const articleCounts = (m: NumberMention) =>
    (m.unit !== null &&
      !COLLECTIVE_NOUNS.has(m.unit) &&
      words !== undefined &&
      !measured &&
      (tokenHasStem(m.unit, countsThings ? words.stems : words.own) || singularOfOwn(m.unit, words) || ownTimeUnit(m.unit))) ||
    oneOfKind(m) ||
    // [ext] "about a mile" for a distance in km, "un kilo" for kilos: an article before a unit of the target's kind.
    (m.unit !== null && !ctx.strict && unitKindAgainst(m.unit, words) === "same") ||
    weeksAsDays(m, ctx) !== null ||
    (m.start === 0 &&
      (m.unit === null || ageFollows(m, scan)) &&
      !ctx.strict &&
      (scan.tokens[0]?.norm === "one" || scan.tokens[0]?.norm === "un" || scan.tokens[0]?.norm === "une")) ||
    onlyOne(m, scan, ctx);
  let kept = bound.filter(({ m, binding }) => binding !== "elsewhere" && (!m.article || (articleCounts(m) && !rateArticle(m, scan))));
  // [ext] "about 40, 6 of them kids", "40 people including 6 kids": a part answers only a target named by its own word
  // or kind, never the whole, whatever binds it. In passing, a kind of person alone ("…, and 1 kid") is no head count.
  const ownKind = (m: NumberMention) =>
    m.unit !== null && words !== undefined && (tokenHasStem(m.unit, words.own) || tokenHasStem(m.unit, words.groupFactStems));
  if (kept.some(({ m }) => !isPart(m, scan))) kept = kept.filter(({ m }) => !isPart(m, scan) || ownKind(m));
  if (ctx.strict && kind === null && personsTarget(ctx))
    kept = kept.filter(({ m }) => m.unit === null || !SUBGROUP_NOUNS.has(m.unit) || ownKind(m));
  // In passing, a number denied ("not 3 bikes", "pas 2 enfants") states nothing.
  if (ctx.strict)
    kept = kept.filter(({ m, binding }) => (binding === "target" || binding === "word") && !m.before.some((w) => DENYING.has(w)));
  // A unit says more than a nearby word, and a nearby word more than nothing; but a word-bound number next to
  // a different bare one ("je gagne 35k, je vise 40k") stays ambiguous below.
  if (kept.some(({ binding }) => binding === "target")) kept = kept.filter(({ binding }) => binding === "target");
  // "7 places, on a trois enfants" for a seat count: the target's own unit word says more than a word of its
  // concept group ("enfants" is a person, not a seat).
  const own = ctx.words?.own;
  const ownUnit = ({ m, binding }: { m: NumberMention; binding: Binding }) =>
    binding === "target" && m.unit !== null && own !== undefined && tokenHasStem(m.unit, own);
  if (kept.some(ownUnit) && !kept.every(ownUnit)) kept = kept.filter(ownUnit);
  // "4 pièces dont 3 chambres", "3 rooms including 2 bedrooms": what follows "dont"/"including" is a part.
  if (kept.length > 1 && kept.some(({ m }) => !isPart(m, scan))) kept = kept.filter(({ m }) => !isPart(m, scan));
  // "2 à 3 fois", "2-3 people" for a whole number: the range's upper end, held loosely like the range itself.
  if (integer)
    kept = kept.map((k) => (k.m.fuzzy && !Number.isInteger(k.m.value) ? { ...k, m: { ...k.m, value: Math.ceil(k.m.value) } } : k));
  // [ext] "dix-neuf ans et demi", "3 and a half years" for a whole number of years: the years completed.
  if (integer)
    kept = kept.map((k) =>
      !k.m.fuzzy && k.m.value % 1 === 0.5 && k.m.unit !== null && YEAR_UNITS.has(k.m.unit)
        ? { ...k, m: { ...k.m, value: Math.floor(k.m.value) } }
        : k,
    );
  return kept;
}

/** [ext] The "a" of "half a day a week", "2 hours a day": it states the rate of the number just before it. */
function rateArticle(m: NumberMention, scan: MentionScan): boolean {
  const prev = scan.mentions.findLast((p) => p.end <= m.start);
  return prev !== undefined && prev.period !== null && m.start - prev.end <= 1;
}

const DENYING = new Set(["not", "t", "pas", "no", "never", "jamais", "ni", "nor", "sans", "without"]);

const AGE_UNITS = new Set(["an", "ans", "year", "years", "yo", "mois", "month", "months"]);
/** "un de 5 ans", "one aged 3", "one of 4": the number after the article is an age, the article the count. */
function ageFollows(m: NumberMention, scan: MentionScan): boolean {
  const link = scan.tokens[m.end]?.norm ?? "";
  if (link !== "de" && link !== "d" && link !== "of" && link !== "aged") return false;
  const age = scan.mentions.find((n) => n.start === m.end + 1);
  return age !== undefined && !age.article && age.unit !== null && AGE_UNITS.has(age.unit);
}

interface DoubtContext {
  text: string;
  scan: MentionScan;
  bound: readonly BoundMention[];
  ctx: NumberContext;
  integer: boolean;
}

/** Whether the chosen number, though the only answer, leaves a doubt (then it is held as fuzzy). */
function heldLoosely(first: BoundMention, { text, scan, bound, ctx, integer }: DoubtContext): boolean {
  const own = ctx.words?.own;
  const tokens = tokenise(text);
  // A bare number inside a long sentence may belong to something else ("my salary is 3000"): keep it loose.
  const longBare = first.binding === "neutral" && first.m.bound === null && tokens.length > 6;
  // A bare number chosen while other numbers of the reply were set aside ("2 + 1 baby") is held loosely.
  const setAside = first.binding === "neutral" && scan.mentions.some((m) => !m.article && m.value !== first.m.value);
  // "1000 m² de terrain, maison de 110": a plausible bare number beside the unit-bound one leaves a doubt.
  const rival =
    first.binding === "target" &&
    bound.some(({ m, binding }) => binding === "neutral" && !m.article && m.value !== first.m.value && withinBounds(m.value, ctx, integer));
  // "2 kids" answers part of "how many people": a subgroup is not the total.
  const subgroup = personsTarget(ctx) && first.m.unit !== null && SUBGROUP_NOUNS.has(first.m.unit);
  // "2500 chacun" for a household: an amount each is not the total.
  const each = first.m.per === "each" && !(ctx.words !== undefined && ctx.words.rates.size > 0);
  // "three bedrooms and a living room" for rooms: a kind of the target's unit, then more named after it.
  const kindThenMore =
    first.binding === "target" &&
    first.m.unit !== null &&
    own !== undefined &&
    !tokenHasStem(first.m.unit, own) &&
    scan.tokens.slice(first.m.end).some((t) => AND_LINKS.has(t.norm) || t.norm === "+");
  // [ext] "400 + APL", "900 plus les charges": something more is added to it, so the amount is only a part.
  const end = scan.tokens[first.m.end - 1]?.end ?? 0;
  const plusMore = PLUS_MORE.test(text.slice(end));
  return (
    longBare ||
    setAside ||
    rival ||
    each ||
    kindThenMore ||
    subgroup ||
    plusMore ||
    alreadyBefore(first.m, tokens) ||
    perOtherThing(first.m, scan, text, ctx.words) ||
    hasAnyPhrase(tokens, HEDGE_PHRASES)
  );
}

/**
 * [ext] "50 € / passage", "30 € per lesson" for a monthly budget: an amount per thing is the target's only if the target
 * is per that thing; otherwise it is held loosely (how many of them?).
 */
function perOtherThing(m: NumberMention, scan: MentionScan, text: string, words: TargetWords | undefined): boolean {
  if (words === undefined || !words.groups.has("money")) return false;
  const per = amountPer(m, scan, text);
  return per !== null && !tokenHasStem(per, HEAD_STEMS) && ![...words.rates].some((r) => tokenHasStem(per, new Set([r])));
}

const ALREADY = new Set(["deja", "already"]);
/**
 * [ext] "on l'a achetée il y a 5 ans, elle était déjà là", "moved in 3 years ago, it was already old": a time back to an
 * event when the thing already was is only a lower bound of its age or length: held loosely.
 */
function alreadyBefore(m: NumberMention, tokens: readonly string[]): boolean {
  const back = m.before.slice(-3).join(" ") === "il y a" || (m.unit !== null && TIME_UNITS[m.unit] !== undefined && tokens.includes("ago"));
  return back && tokens.some((w) => ALREADY.has(w));
}

const PLUS_MORE = /^\s*(?:€|euros?)?\s*(?:\+|plus\b)\s*(?:les |la |le |l'|the |my |mes |some )?\p{L}/u;

const AND_LINKS = new Set(["et", "and", "plus", "puis"]);

/** The parts said, added up when they are parts of one total (held loosely); undefined when they are not. */
function addedUp(text: string, parts: readonly NumberMention[], distinct: number, ctx: NumberContext, integer: boolean) {
  const summed = integer
    ? sumOfParts(text, parts, ctx)
    : ctx.strict
      ? null
      : (sumOfAmounts(text, parts, ctx) ?? sumOfMeasures(text, parts, ctx));
  if ((distinct <= 1 && !differentThings(parts)) || summed === null) return undefined;
  return withinBounds(summed, ctx, integer) ? { value: summed, certainty: "fuzzy" as const } : null;
}

/** The mentions in the target's unit, in a reply to its own question; in passing only a measure in two units ("1m75"). */
const inTargetUnits = (raw: MentionScan, text: string, ctx: NumberContext, unit: TimeUnit | null, integer: boolean) =>
  ctx.words === undefined
    ? raw
    : ctx.strict
      ? compoundMeasuresConverted(raw, text, ctx.words, integer)
      : converted(convertedUnits(raw, text, ctx.words, integer, ctx.maximum), ctx.words, unit, integer);

/** "2 chats et 2 chiens", "le chien et le chat": equal counts of different things add up too. */
const differentThings = (parts: readonly NumberMention[]) =>
  parts.length > 1 && new Set(parts.map((m) => (m.unit === null ? "" : stem(m.unit)))).size === parts.length;

/** Determiners of one known thing: "le chien", "my dog", "sa chatte". */
const ONE_KNOWN = new Set("le la l the my mon ma ton ta son sa his her our notre votre your their leur".split(" "));

/**
 * [ext] "le chien et les deux chats", "my dog and two cats" for a count of things: one thing named with its determiner
 * in a list joined by "et"/"and" is one of them, beside the numbers said (summed by {@link sumOfParts}). Only for a
 * thing of the target's concept, in a reply to its own question, never for people (people-count.ts counts those).
 */
function listedOnes(scan: MentionScan, ctx: NumberContext): MentionScan {
  const stems = ctx.words?.stems;
  if (ctx.strict || stems === undefined || personsTarget(ctx)) return scan;
  const { tokens } = scan;
  const taken = (k: number) => scan.mentions.some((m) => k >= m.start && k < m.end + 1);
  const added: NumberMention[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    const noun = tokens[i + 1] as TextToken;
    if (!ONE_KNOWN.has(tokens[i]?.norm ?? "") || noun.kind !== "word" || taken(i) || taken(i + 1)) continue;
    if (!AND_LINKS.has(tokens[i - 1]?.norm ?? "") && !AND_LINKS.has(tokens[i + 2]?.norm ?? "")) continue;
    if (noun.norm.length < 3 || !tokenHasStem(noun.norm, stems) || stem(noun.norm) !== noun.norm) continue;
    const before = tokens.slice(Math.max(0, i - 3), i).map((t) => t.norm);
    added.push({
      value: 1,
      start: i,
      end: i + 1,
      fuzzy: false,
      article: true,
      bound: null,
      currency: false,
      unit: noun.norm,
      before,
      period: null,
      per: null,
    });
  }
  // Alone, one thing named is no count ("mon chien a 2 ans"); two named ("le chien et le chat") are.
  if (added.length === 0 || (scan.mentions.length === 0 && added.length < 2)) return scan;
  return { tokens, mentions: [...scan.mentions, ...added].sort((a, b) => a.start - b.start) };
}

/**
 * "2 ans en alternance et 3 ans en CDI" → 5: several amounts of the same unit joined by "et"/"and"/"+" add up
 * (fuzzy). Alternatives ("2 ou 3", "2-3") never do.
 */
function sumOfParts(text: string, mentions: readonly NumberMention[], ctx: NumberContext): number | null {
  if (mentions.length < 2 || mentions.some((m) => m.unit === null || m.fuzzy)) return null;
  const units = new Set(mentions.map((m) => stem(m.unit as string)));
  // "deux chats et un lapin" for a number of animals: kinds of the target's concept add up too.
  const stems = ctx.words?.stems;
  const kinds =
    stems !== undefined &&
    ctx.words?.own !== undefined &&
    mentions.every((m) => tokenHasStem(m.unit as string, stems) && !MONTH_WORDS.has(m.unit as string));
  if (units.size !== 1 && !kinds) return null;
  return joinedByAnd(text) ? mentions.reduce((sum, m) => sum + m.value, 0) : null;
}

/** Words that say where a part of a count is: "two upstairs", "3 in the kitchen", "deux en haut", "un dehors". */
const PLACE_WORDS = new Set(
  "upstairs downstairs inside outside indoors outdoors in on at en dans au aux chez dehors dedans devant derriere".split(" "),
);

/**
 * (s26) "two upstairs three downstairs", "deux en haut et un en bas", "3 in the garage, one in the shed" for a count:
 * every number followed by where its part is, plain, none of them offered as an alternative ("2 or 3 upstairs"): the
 * parts of one count, added up loosely ("un" counts one here, as in "un en bas").
 */
function partsByPlace(scan: MentionScan, ctx: NumberContext): CountResult | null {
  const ms = scan.mentions;
  if (ms.length < 2 || ms.length > 6) return null;
  const part = (m: NumberMention) =>
    m.unit !== null &&
    PLACE_WORDS.has(m.unit) &&
    !m.fuzzy &&
    m.bound === null &&
    m.period === null &&
    !m.currency &&
    Number.isInteger(m.value) &&
    (!m.article || ONE.has(scan.tokens[m.start]?.norm ?? ""));
  if (!ms.every(part) || !ms.some((m) => !m.article) || scan.tokens.some((t) => OR_LINKS.has(t.norm))) return null;
  const total = ms.reduce((sum, m) => sum + m.value, 0);
  return withinBounds(total, ctx, true) ? { value: total, certainty: "fuzzy" } : null;
}
const OR_LINKS = new Set(["or", "ou"]);

/** A count said the way people say it (spokenCount), an age in completed years, or parts of it by place (integer targets). */
const spokenOrPlaced = (text: string, scan: MentionScan, ctx: NumberContext) =>
  spokenCount(text, scan, ctx) ?? completedAge(scan, ctx, true) ?? partsByPlace(scan, ctx);

/** Parts joined by "et"/"and"/"+", and never offered as alternatives ("40 or 60"). */
function joinedByAnd(text: string): boolean {
  const tokens = tokenise(text);
  if (tokens.includes("ou") || tokens.includes("or")) return false;
  return tokens.some((t) => AND_LINKS.has(t)) || text.includes("+");
}

// [ext] "65k from savings + 15k from my parents": where each part comes from names it as well.
const PURPOSE_WORDS = new Set(["for", "pour", "from"]);

/**
 * [ext] "40 for the internet and 20 for mobile", "1800 € et mon mari 1500 €" → the total of an amount (money or income):
 * every part in a currency, or every part followed by what it is for, joined by "and", each plain (no bound, no
 * range, no approximation, no rate of its own), nothing denied. Held loosely: the person gave parts, not the total.
 */
function sumOfAmounts(text: string, mentions: readonly NumberMention[], ctx: NumberContext): number | null {
  const words = ctx.words;
  if (words === undefined || (!words.groups.has("money") && !words.groups.has("income")) || mentions.length < 2) return null;
  const plain = (m: NumberMention) => !m.fuzzy && !m.article && m.bound === null && m.period === null && m.per === null;
  const currency = mentions.every((m) => m.currency);
  const purposes = mentions.every((m) => m.unit !== null && PURPOSE_WORDS.has(m.unit));
  if (!mentions.every(plain) || !(currency || purposes) || !joinedByAnd(text)) return null;
  if (clauseTokens(text).negated.some(Boolean)) return null;
  return mentions.reduce((sum, m) => sum + m.value, 0);
}

const DIMENSION_WORDS = new Set(
  "profondeur profond depth deep large largeur wide width haut hauteur high height tall epaisseur thick".split(" "),
);
/**
 * [ext] "2m40 + 1m80", "3m20 et un retour de 1m60" for a total length: measures in the target's unit (converted),
 * joined by "+"/"et"/"and", each plain, for a target that says it is a total or with a "+" between them. Held loosely.
 */
function sumOfMeasures(text: string, mentions: readonly NumberMention[], ctx: NumberContext): number | null {
  const words = ctx.words;
  if (words === undefined || mentions.length < 2) return null;
  const plain = (m: NumberMention) =>
    !m.fuzzy &&
    !m.article &&
    m.bound === null &&
    m.period === null &&
    m.per === null &&
    m.unit !== null &&
    unitKindAgainst(m.unit, words) === "same";
  const total = [...words.own].some((o) => TOTAL_WORDS.some((w) => o.startsWith(w))) || text.includes("+");
  // "3 m de long et 60 cm de profondeur": two dimensions of one thing, no parts of one length.
  const dimensions = tokenise(text).some((t) => DIMENSION_WORDS.has(t) && !words.own.has(t));
  if (!total || dimensions || !mentions.every(plain) || !joinedByAnd(text) || clauseTokens(text).negated.some(Boolean)) return null;
  return Math.round(mentions.reduce((sum, m) => sum + m.value, 0) * 1000) / 1000;
}

const ARTICLE_DENIALS = new Set(["no", "not", "pas"]);
/** Words that by themselves say "zero" (not "no", "non", "pas", which also deny the question). */
const ZERO_WORDS = new Set([
  "none",
  "aucun",
  "aucune",
  "zero",
  "nothing",
  "rien",
  "never",
  "jamais",
  "nada",
  "nobody",
  "noone",
  "personne",
]);
const NONE_WORDS = new Set([...ZERO_WORDS, "no", "non", "pas", "nope", "nul"]);
const NONE_FILLERS = new Set([
  "us",
  "from",
  "so",
  "far",
  "at",
  "all",
  "du",
  "tout",
  "of",
  "them",
  "yet",
  "encore",
  "pour",
  "l",
  "instant",
  "moment",
  "le",
  "la",
  "les",
  "de",
  "d",
  "un",
  "une",
  "an",
  "seul",
  "single",
  "one",
  "i",
  "je",
  "n",
  "ai",
  "have",
  "had",
  "eu",
  "we",
  "on",
  "a",
  // [ext] "never seen a physio", "jamais vu de kiné": having met none is none.
  "seen",
  "vu",
  "been",
  "ete",
  "before",
  "avant",
  "ever",
  "thankfully",
  "heureusement",
  "merci",
  "thanks",
  // [ext] "plus aucun", "none left", "nothing more": none remains.
  "plus",
  "left",
  "more",
  "anymore",
  "remaining",
  "reste",
]);

/** Whether 0 is a value: a decimal amount may be none ("rien" as a deposit) only when its schema says 0 is allowed. */
export function zeroAllowed(integer: boolean, ctx: NumberContext): boolean {
  return !(
    (!integer && (ctx.minimum === undefined || ctx.minimum > 0)) ||
    (ctx.minimum ?? 0) > 0 ||
    (ctx.maximum !== undefined && ctx.maximum < 0)
  );
}

/**
 * "none", "aucun sinistre", "no claims so far" → 0 for an integer target that accepts 0: the reply only denies
 * and names, at most, the target's own words.
 */
function noneAsZero(text: string, integer: boolean, ctx: NumberContext): PhraseResult | null {
  if (!zeroAllowed(integer, ctx)) return null;
  const tokens = tokenise(text);
  if (!tokens.some((t) => NONE_WORDS.has(t))) return null;
  const words = ctx.words;
  const rest = tokens.filter(
    (t) => !NONE_WORDS.has(t) && !NONE_FILLERS.has(t) && !(words && t.length >= 3 && tokenHasStem(t, words.stems)),
  );
  if (rest.length === 0) return { value: 0, certainty: "exact" };
  // "none, internet only", "jamais, je télétravaille", "no one, we all commute": a first clause that only says zero
  // answers, whatever explanation follows it; held loosely, as the rest was not read.
  const first = tokenise(text.split(/[,;.!?:(\n]/)[0] ?? "");
  const zero = first.some((t) => ZERO_WORDS.has(t)) || (first.includes("no") && first.includes("one"));
  const onlyZero = first.every((t) => NONE_WORDS.has(t) || NONE_FILLERS.has(t) || (words && t.length >= 3 && tokenHasStem(t, words.stems)));
  return zero && onlyZero ? { value: 0, certainty: "fuzzy" } : null;
}

const CHILD_STEMS = new Set(["enfant", "child", "children", "kid", "mineur", "minor"]);
const ALL_ADULTS =
  /\b(all|only|just|que des|tous|toutes|uniquement des|seulement des) (adults|adultes|grown ups|grownups|majeurs)\b|\b(adults|adultes) (only|uniquement|seulement)\b/;
/** [ext] "all adults", "que des adultes" for a number of children: none. */
function allAdults(text: string, ctx: NumberContext): PhraseResult | null {
  if (ctx.words === undefined || ![...ctx.words.own].some((w) => CHILD_STEMS.has(w)) || (ctx.minimum ?? 0) > 0) return null;
  return ALL_ADULTS.test(tokenise(text).join(" ")) ? { value: 0, certainty: "exact" } : null;
}

/** A count of weeks read for a target counted in days or nights: × 7 (a fortnight, "quinzaine", is 14). */
function weeksAsDays(m: NumberMention, ctx: NumberContext): number | null {
  if (m.unit === null || !(ctx.words?.groups.has("days") ?? false) || !tokenHasStem(m.unit, WEEK_STEMS)) return null;
  return m.value * (m.unit === "quinzaine" || m.unit === "fortnight" ? 14 : 7);
}

const DECADE_WORDS: Record<string, number> = {
  twenties: 20,
  thirties: 30,
  forties: 40,
  fifties: 50,
  sixties: 60,
  seventies: 70,
  eighties: 80,
  nineties: 90,
};

/**
 * "dans les années 70", "the 1980s", "the seventies" for a year: the middle of the decade, fuzzy. Only for a
 * target that counts years of the calendar (a minimum of 1000 or more, or "year"/"année" in its words).
 */
/**
 * [ext] "10 ou 11" days left, "2012 or 2013": two alternatives for a measured value give the first, held loosely. A
 * count of people or things ("5 or 6 guests", "2 or 3 bedrooms") or an amount ("30 € ou 45 €") gives none: what to plan
 * for is not decided yet.
 */
function plainBeforePossibility(text: string, scan: MentionScan, ctx: NumberContext, integer: boolean): number | null {
  const first = firstWithPossibleMore(text, scan, scan.mentions);
  return first !== null && withinBounds(first.value, ctx, integer) ? first.value : null;
}

/** (s25) "3 ou 4 personnes", "elle a 6 ou 7 ans": the first of two alternatives for a count or an age, never both added up. */
function firstOfTwo(text: string, scan: MentionScan, ctx: NumberContext, integer: boolean): CountResult | null {
  if (ctx.strict || !countOrAge(ctx)) return null;
  // An article other than "one"/"un"/"une" is no alternative ("elle a 6 ou 7 ans").
  const said = scan.mentions.filter((m) => !m.article || ONE.has(scan.tokens[m.start]?.norm ?? ""));
  const bound = said.map((m) => ({ m, binding: bindingOf(m, ctx, scan, text) }));
  const first = said.length === 2 ? alternativeOf(bound, scan, ctx, integer) : null;
  return first === null ? null : { value: first, certainty: "fuzzy" };
}

function alternativeOf(bound: readonly BoundMention[], scan: MentionScan, ctx: NumberContext, integer: boolean): number | null {
  const measured = measuredValue(integer, ctx);
  if (!measured && !countOrAge(ctx)) return null;
  const offered = bound.filter(({ m, binding }) => binding !== "elsewhere" && withinBounds(m.value, ctx, integer)).map(({ m }) => m);
  const pair = alternativePair(scan, offered);
  // [ext] (s25) An age between two next years ("5 or 6", "8 ou 9 ans"); "6 ou 9 ans" may be two people's ages.
  if (pair === null || (!measured && ctx.words?.own.has("age") === true && Math.abs(pair[1].value - pair[0].value) > 1)) return null;
  // "deux vélos ou trois trottinettes": two things, no count of one.
  const thing = (m: NumberMention) => (m.unit === "or" || m.unit === "ou" ? null : m.unit);
  const [a, b] = [thing(pair[0]), thing(pair[1])];
  if (!measured && a !== null && b !== null && a !== b) return null;
  return pair[0].value;
}
/**
 * [ext] (s25) A count of people or things, or an age, labelled: two alternatives ("2 or 3", "8 ou 9", "five or six") give
 * the first, held loosely, as every blind round's recorder since the sixth expects (s17-s24 gave none). Never an amount
 * of money: "1000 ou 2000" is no budget decided.
 */
const countOrAge = (ctx: NumberContext) => ctx.words !== undefined && !ctx.words.groups.has("money") && !ctx.words.groups.has("income");

/**
 * [ext] "one or two", "2 ou 3", "3 ou 4 personnes" for a whole number of people or things, "un ou deux mille", "one or
 * two thousand" for an amount: two alternatives, as "2 or 3" and "30 € ou 45 €" in digits, give none (alternativeOf):
 * what to plan for is not decided yet. Never the larger confirmed ("one" read as an article) nor both added up as two
 * groups of people. Only for a labelled count or amount (an age or a measured value has its own rules).
 */
function undecidedAlternative(o: { text: string; scan: MentionScan; ctx: NumberContext; integer: boolean }): boolean {
  const { text, scan, ctx } = o;
  if (ctx.words === undefined || ctx.words.own.has("age") || measuredValue(o.integer, ctx)) return false;
  // (s25) Two alternatives alone for a count are alternativeOf's; among more numbers they stay undecided.
  const pair = (countOrAge(ctx) ? null : alternativePair(scan, scan.mentions, false)) ?? alternativeOfTarget(scan, ctx, text);
  if (pair === null) return false;
  // "2 or maybe 3" leans to the first, also once the engine has blanked "maybe" out of a hesitant reply (a run of spaces).
  const from = scan.tokens[pair[0].end - 1]?.end ?? 0;
  return !/\s{3,}/.test(text.slice(from, scan.tokens[pair[1].start]?.start ?? from));
}

/**
 * [ext] "2 adultes et un ou deux enfants", "2 adults and 1 or 2 kids": among more numbers, two alternatives counting
 * the target's own kind (their unit names it) leave the count undecided too, never summed as three groups.
 */
function alternativeOfTarget(scan: MentionScan, ctx: NumberContext, text: string): readonly [NumberMention, NumberMention] | null {
  const all = scan.mentions;
  if (all.length < 3) return null;
  for (let i = 0; i + 1 < all.length; i++) {
    const pair = alternativePair(scan, [all[i] as NumberMention, all[i + 1] as NumberMention], false);
    if (pair === null) continue;
    // Of the target's kind by its unit, or every number counting people ("3 adults and 1 or 2 kids" for "Riders").
    if (bindingOf(pair[1], ctx, scan, text) === "target" || all.every((m) => namesPeople(m.unit) || m === pair[0])) return pair;
  }
  return null;
}

/**
 * [ext] A value the person may recall or guess between two ("2012 or 2013", "10 ou 11 jours"): a labelled target that is
 * no amount of money, no age and no whole number of people or things (guests, bedrooms, sessions) — a calendar year, a
 * duration, a score or a measure is. A bare schema says nothing of what it holds.
 */
function measuredValue(integer: boolean, ctx: NumberContext): boolean {
  const words = ctx.words;
  if (words === undefined || amountOrAge(words)) return false;
  if (!integer || calendarYearTarget(ctx) || timeUnitOf(words) !== null) return true;
  return SCALE_WORDS.some((w) => words.own.has(w));
}
/** An amount of money or an age ("6 ou 9 ans" may be two people's ages). */
const amountOrAge = (words: TargetWords) => words.groups.has("money") || words.groups.has("income") || words.own.has("age");
/** Labels of a value on a scale, not a count: "Pain level", "Note", "Rating". */
const SCALE_WORDS = ["level", "niveau", "score", "note", "rating", "grade", "satisfaction", "intensite", "intensity"];

/** [ext] A target counting calendar years by its label ("Year of the car", "Année de construction") and bounds. */
const calendarYearTarget = (ctx: NumberContext) =>
  ctx.words !== undefined && ["year", "annee"].some((w) => ctx.words?.own.has(w)) && (ctx.minimum ?? 1000) >= 1000;
const yearTarget = (ctx: NumberContext) =>
  (ctx.minimum ?? 0) >= 1000 || (ctx.words !== undefined && ["year", "annee"].some((w) => ctx.words?.own.has(w)));
const BORN = /\b(?:born|nee?s?|birth|naissance)\b(?: \w+)?? (?:in |en |le |on )?(?:\d{1,2} \w+ )?((?:19|20)\d\d)\b/;
const NEWBORN = /\b(?:nouveau ne|nouvelle nee|newborn|new born)\b/;
const RELATIVE_YEARS: readonly [RegExp, number][] = [
  [/\b(?:l an dernier|l annee derniere|last year|l an passe|l annee passee)\b/, -1],
  [/\b(?:cette annee|this year)\b/, 0],
  [/\b(?:il y a deux ans|two years ago|2 years ago|il y a 2 ans)\b/, -2],
];
/**
 * [ext] Years said against the reference day, in a reply to the target's own question: a birth year for an age ("born in
 * 1990", "née en 2022": held loosely, the birthday may be to come), "nouveau-né" / "newborn" as 0; for a calendar year,
 * "l'an dernier" / "last year", "cette année", and a year written '98 (the last such year up to the reference one).
 */
function calendarYear(text: string, ctx: NumberContext, integer: boolean): PhraseResult | null {
  if (ctx.today === undefined || ctx.words === undefined) return null;
  const year = Number(ctx.today.slice(0, 4));
  const n = tokenise(text).join(" ");
  const within = (value: number, certainty: "exact" | "fuzzy") => (withinBounds(value, ctx, integer) ? { value, certainty } : null);
  if (ctx.words.own.has("age")) {
    const born = BORN.exec(n);
    if (born !== null && Number(born[1]) <= year) return within(year - Number(born[1]), "fuzzy");
    return NEWBORN.test(n) ? within(0, "exact") : null;
  }
  if (!yearTarget(ctx)) return null;
  // [ext] "twenty twenty": a year said in two pairs of words.
  const pairs = calendarYearTarget(ctx) ? yearInPairs(text) : null;
  if (pairs !== null) return within(pairs, "exact");
  // [ext] "about 10 years old", "elle a 12 ans", "bought 6 years ago": the year that many years back, held loosely.
  const old = calendarYearTarget(ctx) ? yearsBack(scanNumbers(text)) : null;
  if (old !== null) return within(year - old, "fuzzy");
  for (const [pattern, offset] of RELATIVE_YEARS) if (pattern.test(n)) return within(year + offset, "exact");
  const short = /(?:^|\s)['\u2019](\d\d)\b/.exec(text);
  if (short === null || scanNumbers(text).mentions.some((m) => m.value >= 1000)) return null;
  const yy = Number(short[1]);
  return within(yy <= year % 100 ? year - (year % 100) + yy : year - (year % 100) - 100 + yy, "exact");
}

/** A reply to its own question with no number said: none as zero, "all adults", "every day", "my first time" (the days
 * named are read before, in saidWhole). */
const withoutDigits = (text: string, integer: boolean, ctx: NumberContext) =>
  freeOfCharge(text, integer, ctx) ??
  noneAsZero(text, integer, ctx) ??
  allAdults(text, ctx) ??
  everyDay(text, ctx, integer) ??
  firstTimeNone(text, integer, ctx) ??
  justThatOne(text, integer, ctx);

const WHOLE_YEAR =
  /^(?:(?:sur |pendant |for )?(?:toute l annee|l annee entiere|une annee entiere|une annee complete|all year(?: round)?|the whole year|a whole year|a full year))(?: please| svp| merci| thanks)?$/;
const SEASON = /^(?:just |only |juste |seulement )?(?:une saison|a season|one season)(?: please| svp| merci| thanks)?$/;

/**
 * [ext] "toute l'année", "all year round" for a duration in months (12) or years (1); "une saison", "a season" for
 * months, about 3 (loosely). Only as the whole reply.
 */
function wholeYear(text: string, ctx: NumberContext, integer: boolean): PhraseResult | null {
  const unit = ctx.words === undefined ? null : timeUnitOf(ctx.words);
  if (unit !== "month" && unit !== "year") return null;
  const said = tokenise(text).join(" ");
  const value = WHOLE_YEAR.test(said) ? (unit === "month" ? 12 : 1) : SEASON.test(said) && unit === "month" ? 3 : null;
  if (value === null || !withinBounds(value, ctx, integer)) return null;
  return { value, certainty: value === 3 ? "fuzzy" : "exact" };
}

const FREE =
  /^(?:free|for free|gratuit|gratuite|gratuitement|gratis)(?: please| pls| svp| stp| if possible| si possible| ideally| idealement)?$/;
/** French words saying no charge whatever their place ("le bus est gratuit", "c'est gratos"). */
const FREE_FR = new Set(["gratuit", "gratuite", "gratuits", "gratuites", "gratuitement", "gratos", "gratis"]);
/** What may stand before "free" when it says the price: "it's free", "bus is free", "that was free", "for free". */
const FREE_AFTER = new Set(["is", "s", "was", "be", "for", "totally", "completely", "entirely"]);
const FREE_DENIALS = new Set(["not", "t", "pas", "never", "jamais", "plus", "no"]);

/**
 * [ext] "free please", "gratuit si possible" for an amount of money that may be 0: the whole reply says nothing to pay.
 * (s26) So does a clause saying it is free, with its circumstance around it: "bus is free with my pass", "c'est
 * gratuit pour moi", "free of charge since I'm a member". Not "I'm free on Mondays" (availability: "free" after "m",
 * "re", "are") nor a denied one ("it isn't free", "pas gratuit").
 */
function freeOfCharge(text: string, integer: boolean, ctx: NumberContext): PhraseResult | null {
  if (!(ctx.words?.groups.has("money") ?? false) || !zeroAllowed(integer, ctx)) return null;
  const tokens = tokenise(text);
  if (FREE.test(tokens.join(" "))) return { value: 0, certainty: "exact" };
  const at = tokens.findIndex((t, i) =>
    FREE_FR.has(t) ? true : t === "free" && (FREE_AFTER.has(tokens[i - 1] ?? "") || tokens[i + 1] === "of"),
  );
  if (at >= 0 && !tokens.slice(Math.max(0, at - 3), at).some((t) => FREE_DENIALS.has(t))) return { value: 0, certainty: "exact" };
  const spaced = ` ${tokens.join(" ")} `;
  return NOTHING_TO_PAY.some((p) => spaced.includes(p)) ? { value: 0, certainty: "exact" } : null;
}
/** (s26) Nothing to pay said as a clause: "it costs nothing", "ça ne coûte rien", "I don't need anything" (an amount). */
const NOTHING_TO_PAY = [
  ...["costs nothing", "cost nothing", "costs me nothing", "nothing to pay", "pay nothing", "don t pay anything"],
  ...["don t need anything", "do not need anything", "coute rien", "coute que dalle", "rien a payer", "paie rien"],
  ...["paye rien", "besoin de rien"],
].map((p) => ` ${p} `);

const JUST_THAT_ONE =
  /^(?:(?:just|only|juste|seulement|uniquement|que) (?:lui|elle|him|her|it|this one|that one|celui ci|celui la|celle ci|celle la)|(?:lui|elle|him|her|it) (?:seul|seule|alone|only|uniquement))$/;
/**
 * [ext] "juste lui", "only her", "elle seule" as the whole reply to a count of things or people: the one already spoken
 * of, one. Never an amount or a duration, nor in passing.
 */
function justThatOne(text: string, integer: boolean, ctx: NumberContext): PhraseResult | null {
  const words = ctx.words;
  if (!integer || words === undefined || words.groups.has("money") || timeUnitOf(words) !== null) return null;
  const n = tokenise(text).join(" ");
  if (JUST_THAT_ONE.test(n)) return withinBounds(1, ctx, integer) ? { value: 1, certainty: "exact" } : null;
  // [ext] (s26) "both", "both ears", "both of them" as the whole reply: two, when no number is said.
  if (BOTH.test(n) && scanNumbers(text).mentions.length === 0)
    return withinBounds(2, ctx, integer) ? { value: 2, certainty: "exact" } : null;
  return null;
}
/** [ext] (s26) "just the right one", "only the one on my arm": one thing, picked out by a word or by what follows. */
const JUST_THE_ONE = /^(?:just|only) the (?:[a-z]+ )?one(?: |$)/;
/** [ext] (s26) A count said as "just the … one" whose only number is that "one": one (same targets as justThatOne). */
function justTheOne(text: string, scan: MentionScan, integer: boolean, ctx: NumberContext): { value: number; certainty: "exact" } | null {
  const words = ctx.words;
  if (!integer || ctx.strict || words === undefined || words.groups.has("money") || timeUnitOf(words) !== null) return null;
  if (scan.mentions.length !== 1 || scan.mentions[0]?.value !== 1 || !JUST_THE_ONE.test(tokenise(text).join(" "))) return null;
  return withinBounds(1, ctx, integer) ? { value: 1, certainty: "exact" } : null;
}
/**
 * The whole reply: "both", "both ears", "both of them" (not a sentence: "both arms are covered" counts no tattoos).
 * [ext] (s27) Also with a determiner before the noun: "both our cars", "both of my sisters", "both the bikes".
 */
const BOTH = /^(?:(?:just|only) )?both(?: of them| (?:of )?(?:my|our|your|his|her|their|the|these|those) [a-z]+| [a-z]+)?$/;

/** A count of what was had or done before: "Sessions already had", "Nombre de séances déjà faites", "previous claims". */
const BEFORE_WORDS = ["already", "deja", "previous", "prior", "before", "avant", "precedent", "had", "so far", "jusqu"];
/**
 * [ext] "this is my first time", "c'est la première fois", "never", "je n'ai jamais navigué" for a count of times before
 * or a number of years of practice: none (years-since.ts). Never for an age ("jamais" says nothing of a thing's age).
 */
function firstTimeNone(text: string, integer: boolean, ctx: NumberContext): PhraseResult | null {
  const words = ctx.words;
  if (words === undefined || !zeroAllowed(integer, ctx)) return null;
  // A count or a measure of what was done so far ("Heures de conduite déjà faites"), never an amount of money.
  const before = !words.groups.has("money") && BEFORE_WORDS.some((w) => words.own.has(w));
  const years = yearsOfDuration(ctx);
  if (!before && !years) return null;
  const none = noneSoFar(text, words.own, years);
  return none === null ? null : { value: 0, certainty: none.fuzzy ? "fuzzy" : "exact" };
}

/** A number of years something has lasted, not an age nor a calendar year: "Years of running", "Années de navigation". */
const yearsOfDuration = (ctx: NumberContext) =>
  ctx.words !== undefined && !ctx.words.own.has("age") && !calendarYearTarget(ctx) && timeUnitOf(ctx.words) === "year";

/**
 * [ext] The year something began, for a number of years it has lasted or the age of a thing ("since 2019", "construite
 * en 2015"): the years to the reference day's year (years-since.ts). Never for a target that takes the year itself. For
 * years of practice, also the age they began at against the age now ("depuis que j'ai 15 ans, j'en ai 45").
 */
function yearsSinceStart(text: string, ctx: NumberContext, integer: boolean): PhraseResult | "none" | null {
  if (ctx.today === undefined || ctx.words === undefined || calendarYearTarget(ctx)) return null;
  if (yearsOfDuration(ctx)) {
    // "since I was 12, I'm 34 now": the years between two ages; an age at the start alone gives none.
    const byAge = yearsSinceAge(text);
    if (byAge === "none") return "none";
    if (byAge !== null) return withinBounds(byAge.value, ctx, integer) ? { value: byAge.value, certainty: "fuzzy" } : "none";
  }
  if (!yearsOfDuration(ctx) && !(ctx.words.own.has("age") && timeUnitOf(ctx.words) !== "month")) return null;
  const reference = Number(ctx.today.slice(0, 4));
  const read = yearsSinceYear(text, reference);
  // A target whose bounds take the year itself asks for it.
  if (read === null || (ctx.maximum !== undefined && ctx.maximum >= reference - read.value)) return null;
  return withinBounds(read.value, ctx, integer) ? { value: read.value, certainty: read.fuzzy ? "fuzzy" : "exact" } : null;
}

const WEEK_COUNT_EXCLUDED = ["money", "income", "measures", "kilometres", "miles", "imperial", "cubic", "gigabytes", "persons"];
/**
 * [ext] "mon wed fri", "lundi et jeudi", "le week-end", "en semaine" for a number of days or sessions per week: the days
 * named (days-per-week.ts). Never for hours, distances or money per week.
 */
function daysOfTheWeek(text: string, ctx: NumberContext, integer: boolean): PhraseResult | null {
  const words = ctx.words;
  if (words === undefined || periodOf(words) !== "week" || WEEK_COUNT_EXCLUDED.some((g) => words.groups.has(g))) return null;
  const unit = timeUnitOf(words);
  if (unit !== null && unit !== "day") return null;
  // [ext] (s24) "twice a day, every day" counts sessions (14), never days: only for a count without a time unit.
  const days = daysNamed(text) ?? (unit === null ? timesADayOverDays(text) : null);
  return days !== null && withinBounds(days.value, ctx, integer) ? { value: days.value, certainty: days.fuzzy ? "fuzzy" : "exact" } : null;
}

const EVERY_DAY = /\b(?:tous les jours|chaque jour|every day|everyday|daily|each day|all week|toute la semaine)\b/;
const EXCEPT_WORD = /\b(?:except|excepte|sauf|hormis|apart|but|mais|unless|sinon)\b/;
const DAYS_PER: Record<Period, [number, boolean]> = { day: [1, false], week: [7, false], month: [30, true], year: [365, true] };
/** [ext] "tous les jours", "every day" for a count per period ("Séances par semaine"): one a day, loosely beyond a week. */
function everyDay(text: string, ctx: NumberContext, integer: boolean): PhraseResult | null {
  const period = ctx.words ? periodOf(ctx.words) : null;
  const n = tokenise(text).join(" ");
  if (period === null || !EVERY_DAY.test(n)) return null;
  const [value, loose] = DAYS_PER[period];
  // [ext] (s24) "every day except when it rains": an exception days-per-week.ts could not count, held loosely.
  return withinBounds(value, ctx, integer) ? { value, certainty: loose || EXCEPT_WORD.test(n) ? "fuzzy" : "exact" } : null;
}

const OLD_AFTER = new Set(["old", "ago"]);
const OLD_BEFORE = new Set(["a", "de", "d", "has", "il", "y"]);
/** The one number of years said as an age or a time back ("10 years old", "a 12 ans", "6 years ago", "il y a 6 ans"). */
function yearsBack(scan: MentionScan): number | null {
  const found = scan.mentions.filter((m) => {
    if (m.unit === null || !YEAR_UNITS.has(m.unit) || !Number.isInteger(m.value)) return false;
    const after = scan.tokens[m.end + 1]?.norm ?? "";
    // "elle a environ 30 ans": an approximation may stand between.
    return OLD_AFTER.has(after) || (["an", "ans"].includes(m.unit) && m.before.slice(-2).some((w) => OLD_BEFORE.has(w)));
  });
  return found.length === 1 ? (found[0] as NumberMention).value : null;
}

function decadeOf(text: string, ctx: NumberContext): number | null {
  const yearLike = yearTarget(ctx);
  if (!yearLike) return null;
  return decadeMiddle(tokenise(text));
}

/** [ext] "dans les années 90", "the 1980s", "the seventies" (normalised tokens): the middle year of the decade, or null. */
export function decadeMiddle(tokens: readonly string[]): number | null {
  const n = tokens.join(" ");
  const m = /\b(?:annees|the)\s+((?:19|20)?\d)0s?\b/.exec(n) ?? /\b((?:19|20)?\d)0s\b/.exec(n);
  let decade: number | null = null;
  if (m) {
    const d = Number(m[1]);
    decade = d >= 190 ? d * 10 : d >= 3 ? 1900 + d * 10 : 2000 + d * 10;
  } else {
    const w = /\b(?:the|les)\s+(twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)\b/.exec(n);
    if (w) decade = 1900 + (DECADE_WORDS[w[1] as string] as number);
  }
  return decade === null ? null : decade + 5;
}
