// Counting people in a phrase [ext]: "deux adultes et deux enfants" → 4, "moi et mes 2 enfants" → 3, "ma femme
// et moi" → 2, "just me" → 1, "a family of four" → 4. Used for integer targets about persons; the results are
// fuzzy (a person would still check), except the explicit "family of N" / "N of us".
import type { NumberMention } from "./number-mentions.js";
import type { TextToken } from "./text-tokens.js";
import { CONCEPT_GROUPS, stem, tokenHasStem } from "./target-words.js";

/** One person each, when named without a number. */
export const SINGLE_PERSONS: ReadonlySet<string> = new Set([
  "moi",
  "me",
  "myself",
  "femme",
  "mari",
  "epouse",
  "epoux",
  "wife",
  "husband",
  "copine",
  "copain",
  "girlfriend",
  "boyfriend",
  "partner",
  "partenaire",
  "conjoint",
  "conjointe",
  "compagnon",
  "compagne",
  "fils",
  "fille",
  "son",
  "daughter",
  "bebe",
  "baby",
  "soeur",
  "frere",
  "sister",
  "brother",
  "mere",
  "pere",
  "mother",
  "father",
  "mom",
  "dad",
  "maman",
  "papa",
  "colocataire",
  "roommate",
  "flatmate",
  "coloc",
  "enfant",
  "kid",
  "child",
  "ado",
  "teenager",
  "fiance",
  "fiancee",
  "collegue",
  "colleague",
  "coworker",
  "ami",
  "amie",
  "friend",
  "pote",
  "cousin",
  "cousine",
  "voisin",
  "voisine",
  "neighbour",
  "neighbor",
  "teen",
  // [ext] Children by age and relatives.
  "toddler",
  "infant",
  "newborn",
  "nourrisson",
  "nephew",
  "niece",
  "neveu",
  "grandson",
  "granddaughter",
  "boy",
  "girl",
  "garcon",
  // [ext] A partner said familiarly: "me and the missus", "moi et ma moitié".
  "missus",
  "missis",
  "hubby",
  "wifey",
  "bf",
  "gf",
  "cheri",
  "cherie",
  "moitie",
]);
/**
 * [ext] A child named by its rank or size after "le"/"la"/"the": "le grand et la petite", "the eldest", "l'aînée". Only
 * with nothing after it but a link ("le grand jardin" names no one).
 */
const RANKED_CHILDREN = new Set([
  ...["grand", "grande", "petit", "petite", "aine", "ainee", "cadet", "cadette", "benjamin", "benjamine", "dernier", "derniere"],
  ...["eldest", "oldest", "youngest", "middle", "little", "baby"],
]);
const RANK_BEFORE = new Set(["le", "la", "l", "the", "mon", "ma", "my", "notre", "our"]);
const RANK_AFTER = new Set(["et", "and", "one", "ou", "or"]);
function rankedChild(norms: readonly string[], i: number): boolean {
  const next = norms[i + 1];
  return (
    RANKED_CHILDREN.has(norms[i] as string) &&
    RANK_BEFORE.has(norms[i - 1] ?? "") &&
    (next === undefined || RANK_AFTER.has(next) || (next === "petit" && norms[i] === "le"))
  );
}
/** [ext] Words that may stand beside the one person a whole reply names: "ma fille", "juste mon fils", "for my son". */
const BESIDE_ONE = new Set([
  ...["my", "mon", "ma", "our", "notre", "the", "le", "la", "l", "for", "pour", "just", "only", "juste", "seulement"],
  ...["c", "est", "it", "s", "is", "que", "uniquement", "seul", "seule", "a", "un", "une"],
]);
/**
 * [ext] Ages listed for as many people: "8 et 11 ans", "ages 5, 7 and 9", "ils ont 4 et 6 ans". Two numbers or more, the
 * last followed by a unit of years, the others bare, joined by "et"/"and"/commas; never after "entre"/"between" (a range).
 */
const AGE_UNITS = new Set(["ans", "an", "years", "year", "yo", "yrs"]);
const LIST_LINKS = new Set(["et", "and", "&"]);
const AGED = new Set(["ages", "aged", "agees"]);
export function listedAges(tokens: readonly TextToken[], said: readonly NumberMention[]): number | null {
  const mentions = said.filter((m) => !m.article);
  const last = mentions.at(-1);
  const first = mentions[0];
  if (last === undefined || first === undefined || mentions.length < 2) return null;
  const aged = first.before.some((w) => AGED.has(w));
  if (!aged && (last.unit === null || !AGE_UNITS.has(last.unit))) return null;
  if (mentions.slice(0, -1).some((m) => m.unit !== null && !LIST_LINKS.has(m.unit))) return null;
  if (first.before.some((w) => w === "entre" || w === "between" || w === "from" || w === "de")) return null;
  for (let k = 1; k < mentions.length; k++) {
    const gap = tokens.slice((mentions[k - 1] as NumberMention).end, (mentions[k] as NumberMention).start).map((t) => t.norm);
    if (gap.length > 1 || (gap.length === 1 && !LIST_LINKS.has(gap[0] as string))) return null;
  }
  return mentions.length;
}
/** Named without a number, a group of a known size: "des jumeaux", "twins", "des triplés". */
const MULTIPLE_BIRTHS: Record<string, number> = { jumeaux: 2, jumelles: 2, twins: 2, triples: 3, triplees: 3, triplets: 3 };
/** [ext] (s23) Named without a number, a couple of relatives: "mes parents", "my grandparents" (two, loosely). */
const PAIRS: Record<string, number> = { parents: 2, grandparents: 2, inlaws: 2 };
/** Plural person nouns that take a number ("2 enfants", "deux adultes"). */
const PERSON_NOUNS = new Set([
  "personnes",
  "personne",
  "people",
  "persons",
  "person",
  "adultes",
  "adulte",
  "adults",
  "adult",
  "enfants",
  "enfant",
  "kids",
  "kid",
  "children",
  "child",
  "bebes",
  "babies",
  "baby",
  "filles",
  "fils",
  "daughters",
  "sons",
  "ados",
  "teenagers",
  "colocataires",
  "roommates",
  "flatmates",
  "occupants",
  "adolescents",
  "grands",
  "petits",
  "collegues",
  "colleagues",
  "coworkers",
  "amis",
  "amies",
  "friends",
  "potes",
  "copains",
  "copines",
  "cousins",
  "cousines",
  "voisins",
  "neighbours",
  "neighbors",
  "teens",
  "toddlers",
  "infants",
  "newborns",
  "nourrissons",
  "nephews",
  "nieces",
  "neveux",
  "grandchildren",
  "petits-enfants",
  "boys",
  "girls",
  "garcons",
  "membres",
  "members",
  "ppl",
  "pers",
  "pax",
  "autres",
  "others",
  "of",
]);
const ALONE = [
  ["just", "me"],
  ["juste", "moi"],
  ["only", "me"],
  ["moi", "seul"],
  ["moi", "seule"],
  ["seul"],
  ["seule"],
  ["alone"],
  ["myself"],
  ["me", "alone"],
  ["moi", "uniquement"],
  ["solo"],
  ["single"],
  ["celibataire"],
  // "personne d'autre que moi", "nobody but me", "no one else but me".
  ["personne", "d", "autre", "que", "moi"],
  ["nobody", "but", "me"],
  ["nobody", "else", "but", "me"],
  ["no", "one", "but", "me"],
  ["no", "one", "else", "but", "me"],
];
const COUPLE = [
  ["couple"],
  ["a", "deux"],
  ["both", "of", "us"],
  ["both", "of", "them"],
  ["we", "both"],
  ["they", "both"],
  ["tous", "les", "deux"],
  ["toutes", "les", "deux"],
  ["nous", "deux"],
  ["the", "two", "of", "us"],
];

const ONLY_WORDS = new Set(["just", "only", "juste", "seulement", "uniquement"]);
/** [ext] (s25) "2 couples": a number of couples, each two people. */
const COUPLE_UNITS = new Set(["couples"]);
/**
 * [ext] (s25) Groups of people whose size the word does not say: "deux familles", "3 groups", "two households" tell no
 * number of persons (a "family of 4" is explicitGroup's).
 */
export const GROUPS_OF_UNKNOWN_SIZE: ReadonlySet<string> = new Set([
  "familles",
  "families",
  "groupes",
  "groups",
  "foyers",
  "households",
  "bandes",
  "equipes",
  "teams",
  "classes",
  "tribus",
]);

/** [ext] Young people and the young of a family: what a target counting children counts ("3 infants and a toddler"). */
export const YOUNG_PERSONS: ReadonlySet<string> = new Set([
  ...["enfants", "enfant", "kids", "kid", "children", "child", "bebes", "bebe", "babies", "baby", "filles", "fille"],
  ...["fils", "daughters", "daughter", "sons", "son", "ados", "ado", "teenagers", "teenager", "adolescents", "teens"],
  ...["teen", "petits", "toddlers", "toddler", "infants", "infant", "newborns", "newborn", "nourrissons", "nourrisson"],
  ...["nephews", "nephew", "nieces", "niece", "neveux", "neveu", "grandchildren", "petits-enfants", "grandson"],
  ...["granddaughter", "boys", "boy", "girls", "girl", "garcons", "garcon"],
]);

/** Whether a mention's unit word names people ("2 teens", "3 enfants"), as the people count reads it. */
export function namesPeople(unit: string | null): boolean {
  return unit !== null && unit !== "of" && PERSON_NOUNS.has(unit);
}

export interface PeopleCount {
  readonly value: number;
  readonly fuzzy: boolean;
}

const hasSequence = (norms: readonly string[], seq: readonly string[]) => norms.some((_, i) => seq.every((w, j) => norms[i + j] === w));

/** "family of four", "famille de 4", "4 of us", "we are 3", "nous sommes 5", "on est 3". */
function explicitGroup(norms: readonly string[], mentions: readonly NumberMention[]): number | null {
  for (const m of mentions) {
    const b = m.before;
    const last = b[b.length - 1];
    const prev = b[b.length - 2];
    if (
      (last === "of" || last === "de") &&
      (prev === "family" || prev === "famille" || prev === "group" || prev === "groupe" || prev === "foyer" || prev === "household")
    )
      return m.value;
    if (m.unit === "of" && norms[m.end + 1] === "us") return m.value;
    // [ext] "pour nous 3", "nous quatre samedi", "us two": the number said of "us" is all of them; not of a plural
    // noun after it ("give us 2 days", "pour nous 3 chambres").
    if ((last === "nous" || last === "us") && (m.unit === null || !/s$/.test(m.unit))) return m.value;
  }
  return null;
}

/** [ext] "moi + 3", "me plus 2": the speaker and that many others. */
function selfAndOthers(tokens: readonly TextToken[], mentions: readonly NumberMention[]): number | null {
  for (const m of mentions) {
    const b = m.before;
    const last = b[b.length - 1] ?? "";
    const self = (w: string | undefined) => w !== undefined && SELF.has(w);
    // Right after "moi" only digits ("moi + 3"; "me twice" is no one else).
    const digits = tokens[m.start]?.kind === "digits";
    if (m.unit === null && ((self(last) && digits) || (PLUS.has(last) && self(b[b.length - 2])))) return m.value + 1;
    // [ext] "me and my 2 cofounders", "moi et mes 3 associés": the speaker and those named.
    const named = MY_ONE.has(last) || last === "mes";
    if (
      m.unit !== null &&
      !PERSON_NOUNS.has(m.unit) &&
      /[sx]$/.test(m.unit) &&
      named &&
      PLUS.has(b[b.length - 2] ?? "") &&
      self(b[b.length - 3])
    )
      return m.value + 1;
  }
  return null;
}
const SELF = new Set(["moi", "me", "myself"]);
const MY_ONE = new Set(["my", "mon", "ma", "our", "notre"]);
/**
 * [ext] "me and my cofounder", "moi et mon associé", "myself and our intern": after the speaker, one person named by a
 * singular noun with "my"/"mon"/"ma" is one person, whatever the noun ("my wife" is counted as before).
 */
function namedBesideSelf(norms: readonly string[], i: number): boolean {
  const w = norms[i] as string;
  if (!MY_ONE.has(norms[i - 1] ?? "") || !PLUS.has(norms[i - 2] ?? "") || !SELF.has(norms[i - 3] ?? "")) return false;
  // "me and my dog": a pet is no person.
  return w.length >= 3 && !/[sx]$/.test(w) && !/^\d/.test(w) && !tokenHasStem(w, PET_STEMS);
}
const PLUS = new Set(["plus", "and", "et"]);
const PET_STEMS: ReadonlySet<string> = new Set((CONCEPT_GROUPS.pets ?? []).map(stem));

/** A people count when the text describes who lives, sits or comes; null when it does not. */
export function countPeople(
  tokens: readonly TextToken[],
  mentions: readonly NumberMention[],
  ofKind?: (word: string) => boolean,
  /** [ext] (s23) Count "parents" as two: in a reply to the count's own question only (in passing they are context). */
  pairs = false,
): PeopleCount | null {
  const norms = tokens.map((t) => t.norm);
  // [ext] `ofKind`: a target counting one kind of person ("Number of children") counts only people of that kind, so
  // "8 adults and 4 kids" is no 12 children and "me, my wife and our 3 kids" no 5; a group, a couple or "just me" is
  // nobody of a kind.
  const group = ofKind ? null : explicitGroup(norms, mentions);
  if (group !== null) return { value: group, fuzzy: false };
  const others = ofKind ? null : selfAndOthers(tokens, mentions);
  if (others !== null) return { value: others, fuzzy: true };
  const ages = listedAges(tokens, mentions);
  if (ages !== null) return { value: ages, fuzzy: true };
  let total = 0;
  let parts = 0;
  const counted = new Set<number>();
  for (const m of mentions) {
    // [ext] (s25) "deux couples", "3 couples of friends": two people in each couple, loosely (never for one kind).
    const pairs = !ofKind && m.unit !== null && COUPLE_UNITS.has(m.unit) && Number.isInteger(m.value) && m.value >= 2;
    if (!pairs && (m.unit === null || !PERSON_NOUNS.has(m.unit) || m.unit === "of" || (ofKind && !ofKind(m.unit)))) continue;
    total += pairs ? m.value * 2 : m.value;
    parts += pairs ? 2 : 1;
    for (let i = m.start; i <= m.end; i++) counted.add(i);
  }
  norms.forEach((w, i) => {
    const ranked = rankedChild(norms, i) && (ofKind === undefined || ofKind("enfant") || ofKind("child"));
    if (counted.has(i) || (ofKind && !ofKind(w) && MULTIPLE_BIRTHS[w] === undefined && !ranked)) return;
    const births = MULTIPLE_BIRTHS[w] ?? (pairs && (ofKind === undefined || ofKind(w)) ? PAIRS[w] : undefined);
    // "des jumeaux" is two people, as two parts ("twins" alone is no less sure than "my wife and I").
    if (births !== undefined) {
      total += births;
      parts += 2;
    } else if (SINGLE_PERSONS.has(w) || ranked || (w === "i" && norms[i - 1] === "and") || (!ofKind && namedBesideSelf(norms, i))) {
      // [ext] "my wife and I", "the kids and I": the speaker named last.
      total += 1;
      parts += 1;
    }
  });
  // [ext] "a couple of weeks", "un couple de jours": two of a thing that is no person; nobody is counted.
  const couples = norms.map((w, i) =>
    w === "couple" && ["of", "de", "d"].includes(norms[i + 1] ?? "") && !PERSON_NOUNS.has(norms[i + 2] ?? "") ? "" : w,
  );
  if (!ofKind && (hasSequence(couples, ["un", "couple"]) || hasSequence(couples, ["a", "couple"]))) {
    total += 2;
    parts += 2;
  }
  if (!ofKind && parts <= 1 && total <= 1 && ALONE.some((seq) => hasSequence(norms, seq))) return { value: 1, fuzzy: true };
  // [ext] "just my nephew", "seulement ma fille": one person named as the only one.
  if (parts === 1 && total === 1 && norms.some((w) => ONLY_WORDS.has(w))) return { value: 1, fuzzy: true };
  // [ext] "ma fille", "my son": one person named as the whole reply.
  if (parts === 1 && total === 1 && norms.every((w) => BESIDE_ONE.has(w) || SINGLE_PERSONS.has(w) || RANKED_CHILDREN.has(w)))
    return { value: 1, fuzzy: true };
  if (parts >= 2) return { value: total, fuzzy: true };
  if (!ofKind && parts === 0 && COUPLE.some((seq) => hasSequence(couples, seq))) return { value: 2, fuzzy: true };
  return null;
}

/** What may stand between "+"/"plus" and the one person added: "+ le skipper", "plus my mum", "et un guide". */
const ADDED_DETERMINERS = new Set(["le", "la", "l", "un", "une", "the", "a", "an", "my", "mon", "ma", "our", "notre", "leur", "their"]);
const ADDED_LINK = /^\s*(?:\+|plus\b|and\b|et\b)\s*/u;

/**
 * [ext] "famille de 5 + skipper", "6 plus le guide", "we're 4 and the driver": one number of people, then one more
 * person named in the singular at the end of the reply: one more. The person is a word of the people lists or one the
 * target's label or question names ("…à bord, skipper compris ?"), which is surely counted: exact then, else held
 * loosely. A thing or a pet added ("+ un chien", "plus luggage") adds nobody.
 */
export function plusOnePerson(
  text: string,
  tokens: readonly TextToken[],
  mentions: readonly NumberMention[],
  named: (word: string) => boolean,
): PeopleCount | null {
  const said = mentions.filter((m) => !m.article);
  const m = said[0];
  if (said.length !== 1 || m === undefined || !Number.isInteger(m.value)) return null;
  const numberEnd = tokens[m.start]?.end ?? 0;
  const link = ADDED_LINK.exec(text.slice(numberEnd));
  if (link === null || !/[+]|plus/u.test(link[0])) return null;
  const rest = tokens.filter((t) => t.start >= numberEnd + link[0].length);
  const words = rest.map((t) => t.norm).filter((w, i, all) => !(i < all.length - 1 && ADDED_DETERMINERS.has(w)));
  const w = words[0];
  if (words.length !== 1 || w === undefined || rest.some((t) => t.kind !== "word") || tokenHasStem(w, PET_STEMS)) return null;
  if (named(w)) return { value: m.value + 1, fuzzy: false };
  return SINGLE_PERSONS.has(w) || SELF.has(w) ? { value: m.value + 1, fuzzy: true } : null;
}
