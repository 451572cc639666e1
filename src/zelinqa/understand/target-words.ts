// What a success information is about, in words [ext]: the stems of its label (and of its primary question),
// widened by small bilingual concept groups, so that "4 places" binds to a seat count and not to a budget, and
// "we have a cat" states a fact about "Pets". General vocabulary only, never one configuration's wording.
import { normalise } from "./normalise.js";
import { isNumberWord } from "./number-words.js";
import { asksAboutPast, asksBirth } from "./guards-asked.js";

/** Bilingual concept groups; a target whose words touch a group gets the whole group. */
export const CONCEPT_GROUPS: Readonly<Record<string, readonly string[]>> = {
  money: [
    "budget",
    "prix",
    "price",
    "cost",
    "cout",
    "loyer",
    "rent",
    "montant",
    "amount",
    "euro",
    "eur",
    "dollar",
    "usd",
    "tarif",
    "mensualite",
    "depense",
    "spend",
    "balle",
    "buck",
  ],
  persons: [
    "personne",
    "people",
    "person",
    "adulte",
    "adult",
    "enfant",
    "kid",
    "child",
    "children",
    "occupant",
    "habitant",
    "gens",
    "place",
    "seat",
    "couvert",
    "convive",
    "invite",
    "guest",
    "famille",
    "family",
    "membre",
    "member",
    "resident",
    "locataire",
    "tenant",
    "foyer",
    "household",
    "voyageur",
    "traveller",
    "traveler",
    "passager",
    "passenger",
    "participant",
    "visiteur",
    "visitor",
    "attendee",
    // [ext] Written short: "15 ppl", "4 pers.", "12 pax".
    "ppl",
    "pers",
    "pax",
  ],
  income: ["salaire", "salary", "revenu", "income", "gagne", "earn", "paid", "touche", "net", "brut", "gross", "wage", "paie"],
  rooms: ["chambre", "bedroom", "room", "piece"],
  pets: [
    "pet",
    "animal",
    "animau",
    "chat",
    "chaton",
    "chien",
    "chiot",
    "cat",
    "kitten",
    "dog",
    "puppy",
    "lapin",
    "rabbit",
    "hamster",
    "oiseau",
    "bird",
    "perroquet",
    "parrot",
    "furet",
    "ferret",
    "tortue",
    "turtle",
    "nac",
    "compagnie",
  ],
  smoking: ["smok", "fum", "cigarette", "cigarett", "clope", "tabac", "tobacco"],
  cars: ["voiture", "car", "vehicule", "vehicle", "auto"],
  children: ["enfant", "kid", "child", "children", "bebe", "baby", "garcon", "boy", "girl", "fille"],
  years: ["an", "ans", "annee", "year"],
  months: ["mois", "month"],
  weeks: ["semaine", "week"],
  days: ["jour", "day", "journee", "nuit", "night", "nuitee"],
  hours: ["heure", "hour", "minute", "fois", "time"],
  remote: ["teletravail", "remote", "distance", "wfh", "homeoffice", "hybride", "hybrid"],
  claims: ["claim", "sinistre", "accident", "incident"],
  elevator: ["ascenseur", "elevator", "lift"],
  parking: ["parking", "garage", "stationnement"],
  garden: ["jardin", "garden", "yard"],
  balcony: ["balcon", "balcony", "terrasse", "terrace"],
  pool: ["piscine", "pool"],
  driving: ["permis", "license", "licence", "conduire", "driving", "driver"],
  measures: ["m", "cm", "mm", "metre", "meter", "m2", "kg", "litre", "liter", "pouce", "inch", "tonne", "ton", "gramme"],
  kilometres: ["km", "kilometre", "kilometer", "borne"],
  miles: ["mile"],
  // "20GB", "50 Go", "30 gigs": the same unit in English and French.
  gigabytes: ["gb", "go", "giga", "gig", "gigaoctet", "gigabyte"],
  // Imperial units: "170 lbs" is no weight in kg, "1000 sq ft" no area in m².
  imperial: ["lb", "lbs", "stone", "oz", "ounce", "ft", "feet", "foot", "sq", "sqft", "inch", "inches", "gallon", "yard", "yd"],
  cubic: ["m3", "cubic", "cube", "metre cube"],
  // [ext] (s24) "storeys" / "stories": the floors of a building.
  floors: ["etage", "floor", "niveau", "level", "storey", "story", "stories"],
  // An age is counted in years: "34 ans", "I'm 28 years old".
  age: ["age", "ans", "year", "old", "yo"],
  // How often: "3 fois par semaine", "twice a week", "3x", "4 séances".
  frequency: ["frequence", "frequency", "fois", "time", "seance", "session", "visite", "visit", "x", "entrainement", "workout", "training"],
};

const TIME_GROUPS = new Set(["years", "months", "weeks", "days", "hours"]);
const RATE_WORDS = new Set(["par", "per", "each", "chaque", "every"]);
/** (s26) The periods a count may be said per ("par semaine", "a month"), as stems. */
const PERIOD_RATES = new Set(["semaine", "week", "moi", "mois", "month", "jour", "day", "an", "annee", "year"]);
/** (s26) English says a rate with the article: "hours a week", "times a month", "dollars an hour". */
const ARTICLES_A = new Set(["a", "an"]);
const A_PERIODS = new Set(["hour", "day", "week", "month", "year"]);
const PLURAL = /^\p{L}{3,}s$/u;
/** Groups that name facts a yes/no target may be about ("we have a cat"); counts and amounts are not facts. */
const FACT_GROUPS = new Set([
  "pets",
  "smoking",
  "cars",
  "children",
  "remote",
  "driving",
  "elevator",
  "parking",
  "garden",
  "balcony",
  "pool",
]);

/** Short words that still name what a target is about. */
const SHORT_WORDS = new Set(["age", "tv"]);
/**
 * [ext] (s21) Three-letter words that open a label without naming a thing ("Any allergies", "Max budget"): any other
 * first word of three letters names it ("Van needed", "Spa access", "Gym membership").
 */
const SHORT_OPENERS = new Set(
  ["any", "the", "how", "who", "why", "les", "des", "une", "max", "min", "new", "old", "own", "top", "per", "for", "all"].concat([
    "not",
    "non",
    "pas",
    "oui",
    "yes",
    "nos",
    "vos",
    "mes",
    "ses",
    "our",
    "est",
    "qui",
    "que",
    "mon",
    "son",
    "ton",
    "off",
    "out",
  ]),
);
/** [ext] A question asking whether the person wants or needs something ("Do you want a videographer?"). */
const DESIRE = new Set([
  "want",
  "need",
  "like",
  "souhaitez",
  "souhaite",
  "voulez",
  "veux",
  "besoin",
  "envie",
  "interested",
  "interesse",
  "aimeriez",
]);
/** Label and question words that name no thing: "TV included", "also want a videographer", "option piscine". */
const NOT_THINGS = new Set([
  "includ",
  "inclu",
  "compri",
  "also",
  "aussi",
  "option",
  "optional",
  "optionnel",
  "extra",
  "souhait",
  "wish",
  "want",
  "need",
  "besoin",
  "envie",
]);
/**
 * [ext] A date asked as a start already past: "Since when…?", "Depuis quand…", "When did it start?", "Problem since".
 * Its day without a year, its weekday and its bare duration ("3 weeks") are then read backwards (date-extractor.ts).
 */
const PAST_WORDS = new Set(["since", "depuis", "started", "began", "begun", "ago", "onset"]);
const PAST_PHRASES = [
  " when did ",
  " how long have ",
  " how long has ",
  " a commence ",
  " ont commence ",
  " avez commence ",
  " est apparu",
  " sont apparu",
];
/** Function and question words that say nothing about a target. */
const STOP = new Set([
  "quel",
  "quelle",
  "quels",
  "quelles",
  "combien",
  "vous",
  "votre",
  "vos",
  "avez",
  "etes",
  "souhaitez",
  "voulez",
  "pouvez",
  "doivent",
  "pouvoir",
  "pour",
  "dans",
  "avec",
  "sous",
  "quand",
  "partir",
  "nombre",
  "number",
  "what",
  "which",
  "when",
  "where",
  "would",
  "like",
  "have",
  "your",
  "need",
  "many",
  "much",
  "will",
  "with",
  "from",
  "that",
  "this",
  "does",
  "maximum",
  "minimum",
  "date",
  "possible",
  "souhaite",
  "concerne",
  "concernees",
  "status",
  "statut",
  "type",
  "plusieurs",
  "fois",
  "installer",
  "envisagez",
  "cherchez",
  "looking",
  "livre",
  "live",
  "apartment",
  "logement",
  "ideal",
  "preferee",
  "prefere",
  // [ext] (s23) The question's pronouns and auxiliaries ("La cave est-elle aménagée ?", "Were they ever…") name no
  // thing of the target.
  ...["elle", "elles", "they", "them", "there", "sont", "seront", "sera", "etait", "etaient", "serait", "were", "been"],
  ...["peut", "peuvent", "faut", "could", "should", "shall", "might", "must", "avoir", "etre"],
]);

// Agent and gerund suffixes may leave 3 letters ("fumeur" → "fum"); plurals must leave 4 ("prix" stays).
const SUFFIXES: readonly [string, number][] = [
  ["euses", 3],
  ["euse", 3],
  ["eurs", 3],
  ["eur", 3],
  ["ers", 3],
  ["er", 3],
  ["ings", 3],
  ["ing", 3],
  ["s", 4],
  ["x", 4],
  ["ed", 4],
];

/** A light stem: plural and agent suffixes dropped. */
export function stem(word: string): string {
  for (const [s, keep] of SUFFIXES) if (word.endsWith(s) && word.length - s.length >= keep) return word.slice(0, -s.length);
  return word;
}

/** [ext] "drops", "dropping" and "dropped", "bottles" and "bottled" as one root: the stem without a final "e" or doubled letter. */
export function wordRoot(word: string): string {
  const s = stem(word).replace(/e$/, "");
  return s.length >= 4 && s.at(-1) === s.at(-2) ? s.slice(0, -1) : s;
}

export interface TargetWords {
  /** Stems of the label and question words plus the concept groups they touch. */
  readonly stems: ReadonlySet<string>;
  /** Names of the concept groups the target touches. */
  readonly groups: ReadonlySet<string>;
  /** Stems that state the target's fact: its own words and its fact groups' words (not counts or amounts). */
  readonly factStems: ReadonlySet<string>;
  /** The fact groups' words only, for facts read from a reply to another question. */
  readonly groupFactStems: ReadonlySet<string>;
  /** Stems of the label's and question's own words only (no concept group). */
  readonly own: ReadonlySet<string>;
  /** Stems of the words after "par"/"per" in the label or question: what an amount is divided by. */
  readonly rates: ReadonlySet<string>;
  /** [ext] The question asks whether the person wants or needs it: "we already have one" then means no. */
  readonly desired?: boolean;
  /** [ext] The own stems that name a thing ("TV", not "included" or "want"): what a fact said in passing names. */
  readonly things?: ReadonlySet<string>;
  /** [ext] A date asked as a start already past ("Since when…?"): read backwards from the reference day. */
  readonly past?: boolean;
  /** [ext] A birth date ("Date de naissance"): past, and a day said without its year is held loosely. */
  readonly birth?: boolean;
  /** [ext] The label names a bound ("Minimum living area", "Budget max"): a bound said is its value. */
  readonly limit?: boolean;
  /** [ext] The question asks about persons ("Combien de personnes…?") whatever the label counts ("Nombre de places"). */
  readonly asksPersons?: boolean;
  /** [ext] (s26) The one currency the label or question names ("Budget (€)", "Deposit in dollars"), if any. */
  readonly currency?: Currency;
}

export type Currency = "eur" | "usd" | "gbp";
/**
 * [ext] (s26) Signs and names of a currency, normalised ("£", "pounds", "euros"). Not "e" nor "livre" (other words too),
 * nor slang said of any money ("bucks", "balles": "a thousand bucks" for a budget in euros is its amount).
 */
const CURRENCY_NAMES: Record<string, Currency> = {
  "€": "eur",
  eur: "eur",
  euro: "eur",
  euros: "eur",
  $: "usd",
  usd: "usd",
  dollar: "usd",
  dollars: "usd",
  "£": "gbp",
  gbp: "gbp",
  pound: "gbp",
  pounds: "gbp",
  quid: "gbp",
};
/** [ext] (s26) The currency a sign or word names, or undefined. */
export const currencyNamed = (word: string): Currency | undefined =>
  Object.hasOwn(CURRENCY_NAMES, word) ? CURRENCY_NAMES[word] : undefined;

/** The one currency a text names by sign or word, null when none or several. */
function currencyOf(text: string): Currency | null {
  const found = new Set<Currency>();
  for (const m of text.toLowerCase().matchAll(/[€$£]|\p{L}+/gu)) {
    const c = currencyNamed(m[0]);
    if (c !== undefined) found.add(c);
  }
  return found.size === 1 ? ([...found][0] as Currency) : null;
}
const LIMIT_WORDS = new Set([
  "min",
  "minimum",
  "minimal",
  "minimale",
  "least",
  "max",
  "maximum",
  "maximal",
  "maximale",
  "plafond",
  "limit",
  "limite",
]);

function groupStems(name: string): string[] {
  return (CONCEPT_GROUPS[name] ?? []).map(stem);
}

/** What tokenHasStem reads of a set of stems: a lookup, never a walk (a configuration's targets may hold thousands). */
export type StemLookup = Pick<ReadonlySet<string>, "has">;

/**
 * Does a text token name one of these stems (equal stems, or a prefix stem of 3+ letters such as "fum")? The token's
 * own prefixes are looked up, so the cost follows the token's length, not the number of stems.
 */
export function tokenHasStem(token: string, stems: StemLookup): boolean {
  const s = stem(token);
  if (stems.has(s) || stems.has(token)) return true;
  for (let n = 3; n < s.length; n++) {
    if (((n >= 4 && n >= s.length - 5) || (n === 3 && s.length <= 5)) && stems.has(s.slice(0, n))) return true;
  }
  return false;
}

/** The same word up to a light stem or one trailing letter ("annees" → "anne" ~ "annee"), never "monthly" ~ "month". */
function sameWord(a: string, b: string): boolean {
  const sa = stem(a);
  const sb = stem(b);
  if (sa === sb || a === b) return true;
  const [short, long] = sa.length <= sb.length ? [sa, sb] : [sb, sa];
  return short.length >= 4 && long.length - short.length === 1 && long.startsWith(short);
}

const TIME_WORDS: ReadonlySet<string> = new Set([...TIME_GROUPS].flatMap((g) => (CONCEPT_GROUPS[g] ?? []).map(stem)));

/** A past participle in a label ("assuré", "vaccinée", "insured", "neutered"), beside a word of a concept group. */
function stateWordOf(label: string, groups: ReadonlySet<string>): boolean {
  const words = label
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length >= 4);
  const participle = (w: string) => /(?:é|ée|és|ées)$/u.test(w) || (/^[a-z]+ed$/.test(w) && w.length >= 6);
  const grouped = (w: string) => [...groups].some((g) => FACT_GROUPS.has(g) && tokenHasStem(normalise(w), new Set(groupStems(g))));
  return words.length >= 2 && words.some((w) => participle(w) && !grouped(w)) && words.some(grouped);
}

/** Words of a target from its label and (optionally) the text of its primary question. */
export function targetWords(label: string, questionText = ""): TargetWords {
  const own = new Set<string>();
  const rates = new Set<string>();
  let desired = false;
  const things = new Set<string>();
  let past = false;
  let birth = false;
  let limit = false;
  for (const source of [label, questionText]) {
    const tokens = normalise(source).split(" ");
    // The label's own nouns, not its numbers and units ("Accident responsable (3 ans)" names accidents).
    if (source === label)
      for (const [i, t] of tokens.entries())
        if (
          (t.length >= 4 || SHORT_WORDS.has(t) || (i === 0 && /^[a-z]{3}$/.test(t) && !SHORT_OPENERS.has(t))) &&
          !STOP.has(t) &&
          !isNumberWord(t) &&
          !TIME_WORDS.has(stem(t)) &&
          !NOT_THINGS.has(stem(t))
        )
          things.add(stem(t));
    desired ||= tokens.some((t) => DESIRE.has(t));
    limit ||= tokens.some((t) => LIMIT_WORDS.has(t));
    const spaced = ` ${tokens.join(" ")} `;
    past ||= tokens.some((t) => PAST_WORDS.has(t)) || PAST_PHRASES.some((p) => spaced.includes(p));
    past ||= asksAboutPast(tokens, own); // guards-asked.ts: "when was your last…"; keeps the words in order
    birth ||= asksBirth(tokens);
    tokens.forEach((t, i) => {
      // "Budget par personne", "rent per month": a rate names what the amount is divided by, not its unit.
      if (RATE_WORDS.has(tokens[i - 1] ?? "")) {
        rates.add(stem(t));
        return;
      }
      // [ext] (s26) "Hours a week", "visits a month": a period after "a"/"an" that follows a plural is a rate too (and
      // stays a word of the target, as it was: "lessons a week" still names weeks).
      if (A_PERIODS.has(t) && ARTICLES_A.has(tokens[i - 1] ?? "") && PLURAL.test(tokens[i - 2] ?? "")) rates.add(stem(t));
      if ((t.length >= 4 || SHORT_WORDS.has(t)) && !STOP.has(t)) own.add(stem(t));
    });
  }
  if (label.includes("%")) own.add("%");
  // [ext] An acronym in capitals ("Financement CPF", "Attestation JDC") names the thing whatever its length.
  for (const m of `${label} ${questionText}`.matchAll(/(?<![\p{L}\p{N}])\p{Lu}{2,4}(?![\p{L}\p{N}])/gu)) {
    own.add(m[0].toLowerCase());
    if (label.includes(m[0])) things.add(m[0].toLowerCase());
  }
  // [ext] "Facture annuelle (€)", "Deposit ($)": a currency sign in the label makes it an amount of money.
  const currencySign = /[€$£]/.test(label);
  // A unit in parentheses ("Longueur (m)", "Budget (EUR)") counts whatever its length.
  for (const m of label.matchAll(/\(([^)]*)\)/g)) for (const t of normalise(m[1] ?? "").split(" ")) if (t !== "") own.add(t);
  const groups = new Set<string>();
  for (const [name, words] of Object.entries(CONCEPT_GROUPS)) {
    // "monthly rent" is not about durations: time units join only when the target names one of them exactly.
    if (TIME_GROUPS.has(name)) {
      if (words.some((w) => [...own].some((o) => sameWord(o, w)))) groups.add(name);
      continue;
    }
    if (words.some((w) => tokenHasStem(w, own)) || [...own].some((o) => tokenHasStem(o, new Set(words.map(stem))))) groups.add(name);
  }
  if (currencySign) groups.add("money");
  const currency = currencyOf(`${label} ${questionText}`);
  // [ext] (s26) "Cours par semaine", "Lessons a month": things counted per period, of no other kind, are a frequency
  // ("une fois par semaine", "3 times a month" count them).
  if (groups.size === 0 && [...rates].some((r) => PERIOD_RATES.has(r))) groups.add("frequency");
  const stems = new Set(own);
  for (const g of groups) for (const s of groupStems(g)) stems.add(s);
  const groupFactStems = new Set<string>();
  // [ext] (s23) "Animal assuré", "Pets insured", "Véhicule assuré": a state of the group's thing is asked, so naming
  // the thing ("un chien") states nothing of it.
  const stateOfThing = stateWordOf(label, groups);
  for (const g of groups) if (FACT_GROUPS.has(g) && !stateOfThing) for (const s of groupStems(g)) groupFactStems.add(s);
  const personStems = new Set(groupStems("persons").filter((w) => !SEAT_STEMS.has(w)));
  const asksPersons = normalise(questionText)
    .split(" ")
    .some((t) => t.length >= 4 && personStems.has(stem(t)));
  return {
    stems,
    own,
    groups,
    factStems: new Set([...own, ...groupFactStems]),
    groupFactStems,
    rates,
    desired,
    things,
    past,
    birth,
    limit,
    asksPersons,
    ...(currency === null ? {} : { currency }),
  };
}
/** Words for seats: a count of them is no head count ("Nombre de places" is no "nous sommes trois à conduire"). */
export const SEAT_STEMS: ReadonlySet<string> = new Set(["place", "seat", "couvert", "siege"].map(stem));

export const KNOWN_UNIT_STEMS: ReadonlySet<string> = new Set(
  [
    "persons",
    "rooms",
    "years",
    "months",
    "weeks",
    "days",
    "hours",
    "measures",
    "kilometres",
    "miles",
    "gigabytes",
    "imperial",
    "cubic",
    "floors",
    "pets",
    "cars",
    "children",
  ].flatMap(groupStems),
);
/** Words after which a number is someone's income, not what they will spend. */
export const INCOME_STEMS: ReadonlySet<string> = new Set(groupStems("income"));
export const MONEY_STEMS: ReadonlySet<string> = new Set(groupStems("money"));
export const PERSON_STEMS: ReadonlySet<string> = new Set(groupStems("persons"));
export const WEEK_STEMS: ReadonlySet<string> = new Set([...groupStems("weeks"), "quinzaine", "fortnight"]);
