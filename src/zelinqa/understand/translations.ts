// [ext] French ⇄ English equivalents of common nouns of everyday domains (home, furniture, work, pets,
// languages, transport, payment), so that a choice labelled "Balcon" understands "balcony" and "Employed"
// understands "salarié" without configured synonyms; and labels read without their article ("Un canapé" also
// matches "le canapé"). General vocabulary only, never one configuration's wording.
import { EVERYDAY_GROUPS, EVERYDAY_KINDS, EVERYDAY_PARAPHRASES, HOUSING_AND_BODY_KINDS } from "./everyday-vocabulary.js";
import { kindPhrases } from "./choice-kinds.js";
import { compoundParts } from "./guards-label-parts.js";
import type { Phrase } from "./phrase-match.js";
import { normalise } from "./normalise.js";
import { amountOf } from "./amount-scales.js";
import { numberWordValue } from "./number-words.js";
import { KNOWN_UNIT_STEMS, tokenHasStem } from "./target-words.js";
import { FR_EN_ARTICLES, MY_POSSESSIVES } from "./function-words.js";

const BASE_GROUPS: readonly (readonly string[])[] = [
  // home
  ["parking", "garage", "place de parking", "parking space", "stationnement"],
  ["balcon", "balcony"],
  ["terrasse", "terrace", "patio"],
  ["ascenseur", "elevator", "lift"],
  ["jardin", "garden", "yard", "backyard"],
  ["cave", "cellar", "basement"],
  ["piscine", "pool", "swimming pool"],
  ["climatisation", "clim", "air conditioning", "ac", "air con", "aircon", "a c"],
  ["chauffage", "heating"],
  ["lave vaisselle", "dishwasher"],
  ["lave linge", "washing machine", "washer"],
  ["meuble", "furnished"],
  ["non meuble", "unfurnished", "vide"],
  ["gardien", "concierge", "doorman"],
  ["interphone", "intercom"],
  ["fibre", "fiber", "fibre optique"],
  ["salle de sport", "gym"],
  ["local velo", "bike storage"],
  ["cheminee", "fireplace"],
  ["grenier", "attic"],
  ["buanderie", "laundry room"],
  // rooms
  ["salon", "living room", "lounge", "sejour"],
  ["chambre", "bedroom"],
  ["cuisine", "kitchen"],
  ["salle de bain", "bathroom"],
  ["salle a manger", "dining room"],
  ["entree", "hallway", "entrance"],
  ["bureau", "office", "study"],
  // furniture and materials
  ["canape", "sofa", "couch", "settee"],
  ["lit", "bed"],
  ["chaise", "chair"],
  ["armoire", "wardrobe"],
  ["commode", "dresser", "chest of drawers"],
  ["etagere", "shelf", "shelves"],
  ["bibliotheque", "bookcase", "bookshelf"],
  ["fauteuil", "armchair"],
  ["matelas", "mattress"],
  ["tapis", "rug", "carpet"],
  ["lampe", "lamp"],
  ["frigo", "fridge", "refrigerateur", "refrigerator"],
  ["lave vaisselle", "dishwasher"],
  ["coffre", "safe", "coffre fort"],
  ["buffet", "sideboard"],
  ["rangement", "storage"],
  ["table basse", "coffee table"],
  ["bois", "wood", "wooden"],
  ["cuir", "leather"],
  ["tissu", "fabric"],
  ["metal", "metallic"],
  ["verre", "glass"],
  ["velours", "velvet"],
  ["marbre", "marble"],
  ["rotin", "rattan"],
  ["lin", "linen"],
  ["contemporain", "contemporary", "moderne", "modern"],
  ["scandinave", "scandinavian", "nordique", "nordic", "scandi"],
  ["industriel", "industrial", "indus"],
  ["classique", "classic", "traditionnel", "traditional"],
  ["rustique", "rustic"],
  ["boheme", "boho", "bohemian"],
  ["minimaliste", "minimalist"],
  // colours
  ["rouge", "red"],
  ["bleu", "blue"],
  ["vert", "green"],
  ["noir", "black"],
  ["blanc", "white"],
  ["gris", "grey", "gray"],
  ["jaune", "yellow"],
  ["marron", "brown"],
  ["rose", "pink"],
  ["orange", "orange"],
  ["violet", "purple"],
  // work
  ["salarie", "employed", "employee"],
  ["independant", "self employed", "freelance", "freelancer", "auto entrepreneur", "a mon compte", "contractor", "a son compte"],
  ["etudiant", "student"],
  [
    "sans emploi",
    "unemployed",
    "jobless",
    "chomage",
    "chomeur",
    "au chomage",
    "demandeur d emploi",
    "en recherche d emploi",
    "looking for work",
    "looking for a job",
    "job seeker",
    "je cherche du travail",
    "cherche du travail",
    "cherche un emploi",
    "cherche un travail",
    "je cherche un job",
    "between jobs",
    "entre deux jobs",
  ],
  ["retraite", "retired", "a la retraite"],
  ["fonctionnaire", "civil servant"],
  ["stagiaire", "intern"],
  ["apprenti", "apprentice", "alternant"],
  ["stage", "internship"],
  ["alternance", "apprenticeship", "work study"],
  ["temps plein", "full time"],
  ["temps partiel", "part time", "mi temps", "half time"],
  ["interim", "temping"],
  ["teletravail", "remote", "remote work", "work from home"],
  ["cdi", "permanent contract"],
  ["cdd", "fixed term contract", "fixed term"],
  // occasions and food
  ["anniversaire", "birthday", "birthday party", "anniv"],
  ["mariage", "wedding"],
  ["affaires", "business"],
  ["repas d affaires", "business dinner", "business lunch", "business meal", "diner d affaires", "dejeuner d affaires"],
  ["bapteme", "baptism", "christening"],
  ["seminaire", "seminar"],
  ["conference", "conference"],
  ["fete", "party"],
  ["vegetarien", "vegetarian", "veggie"],
  ["vegan", "vegetalien"],
  ["sans gluten", "gluten free"],
  ["sans lactose", "lactose free", "dairy free"],
  ["casher", "kosher"],
  ["allergie", "allergy"],
  ["fruits de mer", "seafood"],
  ["arachide", "peanut", "cacahuete"],
  // people
  ["conjoint", "spouse", "partner", "partenaire", "conjointe", "wife", "husband", "femme", "mari", "epouse", "epoux"],
  ["enfants", "children", "kids", "enfant", "child", "kid", "son", "daughter", "fils", "fille", "sons", "daughters", "filles"],
  ["amis", "friends", "ami", "friend", "copains", "copines"],
  ["parents", "parents"],
  ["famille", "family"],
  ["tous risques", "comprehensive", "fully comprehensive"],
  ["au tiers", "third party", "tiers"],
  // travel
  ["economique", "economy", "economy class", "classe economique"],
  ["plage", "beach", "beaches", "plages"],
  ["randonnee", "hiking", "hike", "rando", "trek", "trekking"],
  ["musees", "museums", "musee", "museum"],
  ["gastronomie", "food", "gastronomy", "foodie"],
  ["montagne", "mountain", "mountains"],
  ["mer", "sea", "seaside"],
  // pets
  ["chat", "cat"],
  ["chien", "dog"],
  ["oiseau", "bird"],
  ["poisson", "fish"],
  ["lapin", "rabbit"],
  ["cheval", "horse"],
  // languages
  ["francais", "french"],
  ["anglais", "english"],
  ["espagnol", "spanish"],
  ["allemand", "german"],
  ["italien", "italian"],
  ["portugais", "portuguese"],
  ["chinois", "chinese"],
  ["arabe", "arabic"],
  ["russe", "russian"],
  ["japonais", "japanese"],
  ["neerlandais", "dutch"],
  // transport, delivery, payment, time of day
  ["voiture", "car"],
  ["velo", "bike", "bicycle"],
  ["transports en commun", "public transport"],
  ["metro", "subway", "underground"],
  ["a pied", "on foot", "walking"],
  ["livraison", "delivery"],
  ["montage", "assembly"],
  ["retrait", "pickup", "collection"],
  ["carte", "card", "carte bancaire", "credit card"],
  ["especes", "cash", "liquide"],
  ["virement", "bank transfer", "transfer"],
  ["cheque", "check"],
  ["pas presse", "no rush", "not in a hurry", "no hurry", "rien ne presse", "pas urgent", "not urgent"],
  ["sous quinze jours", "sous 15 jours", "within two weeks", "within 2 weeks", "dans les 15 jours", "d ici 15 jours", "d ici quinze jours"],
  ["dans le mois", "within a month", "this month", "ce mois ci", "d ici un mois", "sous un mois"],
  ["trois mois", "3 mois", "three months", "3 months", "d ici trois mois", "d ici 3 mois", "within three months", "within 3 months"],
  // housing status, vehicles, energy and works
  ["proprietaire", "owner", "proprio", "homeowner", "i own", "we own", "own it", "own the house", "own the flat"],
  ["locataire", "tenant", "renter", "i rent", "we rent", "renting", "je loue", "on loue", "nous louons", "en location"],
  ["occasion", "used", "second hand", "secondhand", "pre owned", "d occasion", "occas"],
  ["neuf", "neuve", "new", "brand new"],
  ["essence", "petrol", "gasoline"],
  ["diesel", "gazole", "gasoil"],
  ["hybride", "hybrid"],
  ["electrique", "electric", "electrical"],
  ["gaz", "gas"],
  ["fioul", "oil", "mazout", "heating oil"],
  ["chaudiere", "boiler"],
  ["pompe a chaleur", "heat pump", "pac"],
  ["radiateur", "heater", "radiator"],
  ["poele", "stove"],
  ["isolation", "insulation"],
  ["fenetre", "window"],
  ["double vitrage", "double glazing"],
  ["panneaux solaires", "solar panels", "solaire", "solar", "photovoltaique", "photovoltaic"],
  ["toiture", "roof", "toit"],
  ["mur", "wall"],
  ["boite automatique", "automatic", "automatic gearbox", "boite auto", "automatic transmission"],
  ["boite manuelle", "manual", "manual gearbox"],
  ["camera de recul", "rear camera", "reversing camera", "backup camera"],
  ["regulateur de vitesse", "cruise control", "regulateur"],
  ["sieges chauffants", "heated seats"],
  // sport and health
  ["perte de poids", "weight loss", "lose weight", "losing weight", "perdre du poids", "maigrir", "mincir"],
  ["prise de muscle", "muscle gain", "build muscle", "gain muscle", "prendre du muscle", "musculation", "muscle building"],
  ["souplesse", "flexibility", "stretching", "mobilite", "mobility"],
  ["endurance", "stamina", "cardio"],
  ["remise en forme", "fitness", "get fit", "get in shape", "keep fit", "se remettre en forme"],
  ["mensuel", "monthly", "mensuelle"],
  ["annuel", "yearly", "annual", "annuelle", "a l annee"],
  ["hebdomadaire", "weekly"],
  // days
  ["lundi", "monday"],
  ["mardi", "tuesday"],
  ["mercredi", "wednesday"],
  ["jeudi", "thursday"],
  ["vendredi", "friday"],
  ["samedi", "saturday"],
  ["dimanche", "sunday"],
  ["matin", "morning"],
  ["soir", "evening"],
  ["apres midi", "afternoon"],
  ["nuit", "night"],
];

const GROUPS: readonly (readonly string[])[] = [...BASE_GROUPS, ...EVERYDAY_GROUPS];

/** One-way: a general word also understands its kinds ("rangement" ← "armoire"), never the reverse. */
const KINDS: Readonly<Record<string, readonly string[]>> = {
  rangement: [
    "armoire",
    "commode",
    "etagere",
    "etageres",
    "bibliotheque",
    "placard",
    "buffet",
    "dressing",
    "wardrobe",
    "dresser",
    "cupboard",
    "shelves",
    "bookcase",
    "chest of drawers",
    "cabinet",
  ],
  storage: [
    "wardrobe",
    "dresser",
    "cupboard",
    "shelves",
    "bookcase",
    "chest of drawers",
    "cabinet",
    "armoire",
    "commode",
    "etagere",
    "placard",
  ],
  siege: ["chaise", "fauteuil", "tabouret", "chair", "armchair", "stool"],
  seating: ["chair", "armchair", "stool", "chaise", "fauteuil"],
  salarie: ["cdi", "cdd", "en cdi", "en cdd", "interim", "permanent contract", "full time job"],
  employed: ["cdi", "cdd", "en cdi", "en cdd", "permanent contract", "full time job", "i have a job"],
  ...HOUSING_AND_BODY_KINDS,
  ...EVERYDAY_KINDS,
};

const ARTICLES = new Set([...FR_EN_ARTICLES, ...MY_POSSESSIVES, "some"]);

/** "monthly" → "monthlies", not "monthlys", which a fuzzy match would take for "months". */
const plural = (t: string) => (t.endsWith("s") || t.endsWith("x") ? t : /[^aeiou]y$/.test(t) ? `${t.slice(0, -1)}ies` : `${t}s`);

const byKey = new Map<string, string[][]>();
const addKey = (key: string, others: string[][]) => byKey.set(key, [...(byKey.get(key) ?? []), ...others]);
for (const group of GROUPS) {
  const members = group.map((m) => m.split(" "));
  for (const m of members) {
    const others = members.filter((o) => o !== m);
    addKey(m.join(" "), others);
    addKey([...m.slice(0, -1), plural(m[m.length - 1] as string)].join(" "), others);
  }
}
for (const [general, kinds] of Object.entries(KINDS))
  addKey(
    general,
    kinds.map((k) => k.split(" ")),
  );

/**
 * The configured phrases plus their article-free core and its translations, each with the phrase's value and
 * order. A translated phrase never replaces a configured one with the same tokens.
 */
export function widenPhrases(phrases: readonly Phrase[]): Phrase[] {
  const seen = new Set(phrases.map((p) => p.tokens.join(" ")));
  // [ext] The words of each value's own phrases: a translation made only of another value's words is ambiguous.
  const ownWords = new Map<string, Set<string>>();
  for (const p of phrases) {
    const k = JSON.stringify(p.value);
    const words = ownWords.get(k);
    if (words) for (const t of p.tokens) words.add(t);
    else ownWords.set(k, new Set(p.tokens));
  }
  const sharedWithOther = (tokens: readonly string[], value: unknown) =>
    [...ownWords].some(([k, words]) => k !== JSON.stringify(value) && tokens.every((t) => words.has(t)));
  // [ext] (s24) So is an enum identifier said by no label of its own whose words all stand in the label of another
  // option stating an amount: "pulls" (the value of "Pulls a lot") is also the thing "Pulls a little" says, without the
  // amount that tells them apart (amount-of-one-thing.ts). "viande" of "Viande seule" beside "Viande et œufs" stays.
  const amounted = phrases.filter((p) => amountOf(p.tokens) !== null);
  const out: Phrase[] = phrases.map((p) =>
    isBareIdentifier(p, phrases) && amounted.some((q) => q.value !== p.value && p.tokens.every((t) => q.tokens.includes(t)))
      ? { ...p, loose: true as const }
      : p,
  );
  const add = (tokens: readonly string[], p: Phrase, translated = false) => {
    const key = tokens.join(" ");
    if (key.length < 3 || seen.has(key)) return;
    seen.add(key);
    const isTranslated = translated || p.translated === true;
    out.push({
      tokens,
      value: p.value,
      order: p.order,
      ...(isTranslated ? { translated: true as const } : {}),
      ...(isTranslated && sharedWithOther(tokens, p.value) ? { loose: true as const } : {}),
    });
  };
  // [ext] "Une fois par semaine" beside "Deux fois par semaine": the article is the number the labels differ by.
  const countedTails = new Set(
    phrases.filter((p) => numberWordValue(p.tokens[0] ?? "") !== undefined).map((p) => p.tokens.slice(1).join(" ")),
  );
  const countsAgainstOther = (p: Phrase) =>
    countedTails.has(p.tokens.slice(1).join(" ")) &&
    phrases.some((q) => q.value !== p.value && q.tokens.slice(1).join(" ") === p.tokens.slice(1).join(" "));
  for (const p of phrases) {
    let core = p.tokens;
    // "un mois" is one month, not "mois": an article before a unit is a number.
    while (
      core.length > 1 &&
      ARTICLES.has(core[0] as string) &&
      !(core.length === 2 && tokenHasStem(core[1] as string, KNOWN_UNIT_STEMS)) &&
      !(core === p.tokens && countsAgainstOther(p))
    )
      core = core.slice(1);
    add(core, p);
    if (core.length === 1 && (core[0] as string).length >= 4) add([plural(core[0] as string)], p);
    for (const other of byKey.get(core.join(" ")) ?? []) {
      add(other, p, true);
      add([...other.slice(0, -1), plural(other[other.length - 1] as string)], p, true);
    }
  }
  // Each part of a compound label alone ("wc" for "Salle de bain et WC", guards-label-parts.ts).
  out.push(...compoundParts(out));
  // [ext] And the things of the kind a label names ("a bungalow" for "House"), loosely.
  for (const k of kindPhrases(phrases, [...out])) if (!seen.has(k.tokens.join(" "))) out.push(k);
  return out;
}

/**
 * Equivalents of a single word across languages ("gaz" → "gas", "fenetres" → "windows", "particuliers" → "one to
 * one"), and its kinds ("chat" → "chaton"), for label parts: "Cours particuliers (1h)" is named by "one-to-one".
 * An equivalent may be several words.
 */
const byWord = new Map<string, string[]>();
const addWord = (w: string, others: readonly string[]) => {
  const forms = others.flatMap((o) => (o.includes(" ") ? [o] : [o, plural(o)]));
  for (const form of [w, plural(w)]) byWord.set(form, [...(byWord.get(form) ?? []), ...forms]);
};
for (const group of GROUPS) {
  for (const w of group) if (!w.includes(" ")) addWord(w, [...new Set(group.filter((o) => o !== w))]);
}
for (const [general, kinds] of Object.entries({ ...KINDS, ...EVERYDAY_PARAPHRASES })) if (!general.includes(" ")) addWord(general, kinds);

export function wordEquivalents(word: string): readonly string[] {
  return byWord.get(word) ?? [];
}

/** [ext] The same word in the singular and the plural: "long" and "longs", "court" and "courts", "beau" and "beaux". */
export function sameWordInflected(a: string, b: string): boolean {
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.length === short.length + 1 && long.startsWith(short) && /[sx]$/.test(long);
}

/**
 * [ext] A word of the everyday vocabulary means itself: "economies" is no typo of "ecologies", whatever their distance.
 * It may still be a typo of one of its own equivalents.
 */
export function meansOtherWord(expected: string, actual: string): boolean {
  const own = byWord.get(actual);
  return own !== undefined && !own.includes(expected);
}

/** A value's enum identifier as a phrase ("pulls" for "pulls"), when no other phrase of that value says the same words. */
function isBareIdentifier(p: Phrase, phrases: readonly Phrase[]): boolean {
  if (typeof p.value !== "string") return false;
  const words = p.tokens.join(" ");
  if (words !== normalise(p.value.replace(/[_-]/g, " "))) return false;
  return !phrases.some((q) => q !== p && q.value === p.value && q.tokens.join(" ") === words);
}
