// [ext] What a question's own wording says about the value asked (s17 guards): a date asked about the past, and a
// distance asked one way or as a round trip. Read from the label's and the question's normalised words, in order.

/** Auxiliaries of the French passé composé with avoir ("avez-vous déménagé", "vous avez commencé", "ont eu"). */
const AVOIR = new Set(["ai", "avez", "avons", "ont"]);
/** Subject pronouns that may stand between the auxiliary and the participle in a question ("avez vous fait"). */
const PRONOUNS = new Set(["je", "j", "tu", "il", "elle", "on", "nous", "vous", "ils", "elles", "t"]);
/** Adverbs that may stand there too ("avez-vous déjà consulté", "avez-vous récemment changé"). */
const ADVERBS = new Set(["deja", "recemment", "jamais", "dernierement", "encore"]);
/**
 * Participles of planning and wishing: "avez-vous prévu une date", "avez-vous choisi le jour" ask about a date still to
 * come, though in the passé composé.
 */
const PLANNING = new Set([
  "prevu",
  "prevue",
  "choisi",
  "choisie",
  "fixe",
  "fixee",
  "reserve",
  "reservee",
  "planifie",
  "decide",
  "pense",
  "envisage",
  "retenu",
  "retenue",
  "convenu",
  "arrete",
  "programme",
  "cale",
  "calee",
  "demande",
  "trouve",
  "trouvee",
  "defini",
  "definie",
  "determine",
  "bloque",
  "bloquee",
  "organise",
  "vise",
  "note",
  "notee",
]);
/** A French past participle: "demenage", "commence", "fait", "eu", "pris", "venu", "ouvert". */
const PARTICIPLE = /^(?:\p{L}{3,}(?:e|ee|es|ees|i|is|ie|u|us|ue)|fait|faite|eu|ete|pris|mis|dit|ouvert|offert|eteint|atteint|vecu)$/u;
/** Words after "avez-vous" with a participle's ending that are none: "avez-vous une date", "ont lieu", "votre". */
const NOT_PARTICIPLE = new Set([
  "votre",
  "notre",
  "cette",
  "quelle",
  "quelles",
  "quelque",
  "quelques",
  "autre",
  "autres",
  "chaque",
  "encore",
  "lieu",
  "deux",
  "trois",
  "quatre",
  "besoin",
  "envie",
  "peur",
  "droit",
  "toujours",
]);
/** English openings of a question about the past ("when was", "when did you last"), and a past already over. */
const EN_PAST = [
  ["when", "was"],
  ["when", "were"],
  ["when", "did"],
  ["what", "was", "the", "date"],
  ["how", "long", "ago"],
  ["last", "time"],
  ["most", "recent"],
];
/** Words of the future, a plan or a wish after "when was/were…": "when were you hoping to start", "when was it booked for". */
const EN_WISH = new Set([
  "want",
  "wish",
  "plan",
  "planning",
  "planned",
  "hope",
  "hoping",
  "intend",
  "think",
  "thinking",
  "expect",
  "like",
  "need",
  "scheduled",
  "booked",
  "set",
  "arranged",
  "fixed",
  "due",
  "supposed",
  "meant",
  "going",
]);
/** Nouns and participles of getting something: its date is behind the reference day. */
const GOTTEN = new Set([
  ...["obtention", "obtenu", "obtenue", "obtained", "achat", "purchase", "purchased", "acquisition", "acquired", "bought"],
  ...["delivrance", "issued"],
]);
/** Words of a wish or a plan in a label or question ("Date d'achat souhaitée", "expected purchase date"). */
const WISHED = new Set([
  ...["souhaite", "souhaitee", "souhaitez", "voulez", "veux", "desire", "desiree", "envisagee", "future", "prochain"],
  ...["prochaine", "wished", "desired", "expected", "target", "next", "upcoming", "would", "will"],
]);
/** [ext] Words of a birth ("Date de naissance", "date of birth", "DOB", "when were you born"). */
const BIRTH = new Set(["naissance", "birth", "born", "dob", "birthdate", "nee"]);

/**
 * [ext] Whether a label's or question's words ask for a birth date: a day already past whose year is part of the
 * answer. Not a birth to come ("Date de naissance prévue", "expected date of birth", "baby due").
 */
export function asksBirth(tokens: readonly string[]): boolean {
  return tokens.some((t) => BIRTH.has(t)) && !tokens.some((t) => PLANNING.has(t) || EN_WISH.has(t) || WISHED.has(t));
}

/** Single words that put the date asked behind the reference day. */
const PAST_ONE = new Set(["ago", "previous", "previously", "precedent", "precedente", "remonte", "etait", "happened"]);

/**
 * "last"/"dernier" after a determiner names the latest of something already done ("Date du dernier vaccin", "your last
 * visit", "la dernière coupe"); before a unit of time or a number it is the end of a span ("le dernier jour d'absence",
 * "the last day of your stay", "the last 3 years"), and without a determiner it may be a verb ("should it last?").
 */
const LAST = new Set(["last", "dernier", "derniere", "derniers", "dernieres"]);
const LAST_DETERMINERS = new Set([
  ...["the", "your", "my", "his", "her", "their", "its", "our"],
  ...["le", "la", "l", "les", "du", "des", "votre", "vos", "son", "sa", "ses", "mon", "ma", "mes", "ton", "ta", "notre", "leur"],
]);
const LAST_SPAN = new Set([
  ...["day", "days", "date", "night", "nights", "week", "weeks", "weekend", "month", "months", "year", "years", "hour"],
  ...["hours", "minute", "minutes", "moment", "deadline", "possible", "one", "ones", "few", "couple", "time", "times"],
  ...["jour", "jours", "journee", "nuit", "nuits", "semaine", "semaines", "mois", "an", "ans", "annee", "annees"],
  ...["heure", "heures", "minute", "delai", "limite", "moment", "week", "soir", "quelques", "fois"],
]);
function asksLatestDone(tokens: readonly string[], i: number): boolean {
  if (!LAST.has(tokens[i] as string) || !LAST_DETERMINERS.has(tokens[i - 1] ?? "")) return false;
  const next = tokens[i + 1];
  return next !== undefined && !LAST_SPAN.has(next) && !/^\d/.test(next);
}

const startsAt = (tokens: readonly string[], seq: readonly string[], i: number) => seq.every((w, j) => tokens[i + j] === w);

/**
 * The label's then the question's words in order, by the target's own-stem set (target-words.ts hands each source's
 * words to {@link asksAboutPast} with it): the guards read phrases in them ("aller simple", "cette année").
 */
const ASKED = new WeakMap<ReadonlySet<string>, string[]>();
/** The words a target's label and question say, in order, or undefined for words made without them. */
export const askedWords = (words: { readonly own: ReadonlySet<string> } | undefined): readonly string[] | undefined =>
  words === undefined ? undefined : ASKED.get(words.own);

/**
 * Whether a label's or a question's words ask about a date already past: an English past tense ("When was your last
 * visit?", "When did it happen?", "How long ago…"), a French passé composé with avoir ("Si vous avez déménagé cette
 * année", "Quand avez-vous consulté ?"), "dernière fois", "à quand remonte". Never a plan or a wish said in the past
 * tense ("Avez-vous prévu une date ?", "When were you hoping to start?"). `own`, when given, keeps the words for
 * {@link askedWords}.
 */
export function asksAboutPast(tokens: readonly string[], own?: ReadonlySet<string>): boolean {
  if (own !== undefined) ASKED.set(own, [...(ASKED.get(own) ?? []), ...tokens]);
  // [ext] "Date d'obtention du code", "Purchase date": the date something was got, unless it is wished ("Date d'achat
  // souhaitée", "planned purchase date").
  if (tokens.some((t) => GOTTEN.has(t)) && !tokens.some((t) => PLANNING.has(t) || EN_WISH.has(t) || WISHED.has(t))) return true;
  if (asksBirth(tokens)) return true;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as string;
    if (PAST_ONE.has(t)) return true;
    if ((t === "derniere" || t === "dernier") && tokens[i + 1] === "fois") return true;
    if (asksLatestDone(tokens, i)) return true;
    const en = EN_PAST.find((seq) => startsAt(tokens, seq, i));
    if (en !== undefined) {
      const ahead = tokens.slice(i + en.length, i + en.length + 4);
      if (!ahead.some((w) => EN_WISH.has(w))) return true;
      continue;
    }
    if (!AVOIR.has(t)) continue;
    let j = i + 1;
    while (PRONOUNS.has(tokens[j] ?? "") || ADVERBS.has(tokens[j] ?? "")) j++;
    const participle = tokens[j] ?? "";
    if (PARTICIPLE.test(participle) && !PLANNING.has(participle) && !NOT_PARTICIPLE.has(participle)) return true;
  }
  return false;
}

export type TripSense = "one_way" | "round_trip";

const ONE_WAY = [
  ["aller", "simple"],
  ["one", "way"],
  ["each", "way"],
  ["single", "trip"],
  ["par", "trajet"],
  ["per", "trip"],
  ["sens", "unique"],
];
const ROUND_TRIP = [
  ["aller", "retour"],
  ["allers", "retours"],
  ["round", "trip"],
  ["round", "trips"],
  ["return", "trip"],
  ["there", "and", "back"],
  ["both", "ways"],
  ["a", "r"],
  ["ar"],
];

/** Whether these words say a distance is one way or a round trip; neither or both gives undefined. */
export function tripSense(tokens: readonly string[]): TripSense | undefined {
  const has = (list: readonly (readonly string[])[]) => tokens.some((_, i) => list.some((seq) => startsAt(tokens, seq, i)));
  const oneWay = has(ONE_WAY);
  const round = has(ROUND_TRIP);
  return oneWay === round ? undefined : oneWay ? "one_way" : "round_trip";
}

const THIS_YEAR = [
  ["cette", "annee"],
  ["this", "year"],
  ["cet", "an"],
  ["l", "annee", "en", "cours"],
  ["current", "year"],
];

/**
 * "Si vous avez déménagé cette année, à quelle date ?": a question that pins the current year takes, for a day said
 * without a year, its occurrence in that year, whether already past ("le 15 mars") or still ahead ("le 20 décembre").
 * `read(past)` reads the reply forwards or backwards from the reference day; the reading the target's words give
 * comes first, the other only when the first leaves the current year.
 */
export function inPinnedYear<T extends { readonly value: unknown }>(
  words: { readonly own: ReadonlySet<string> } | undefined,
  past: boolean,
  today: string,
  read: (past: boolean) => T | null,
): T | null {
  const first = read(past);
  const year = today.slice(0, 4);
  const asked = askedWords(words);
  const inYear = (r: T | null) => r !== null && typeof r.value === "string" && r.value.startsWith(year);
  if (first === null || inYear(first) || asked === undefined) return first;
  if (!asked.some((_, i) => THIS_YEAR.some((seq) => startsAt(asked, seq, i)))) return first;
  const other = read(!past);
  return inYear(other) ? other : first;
}
