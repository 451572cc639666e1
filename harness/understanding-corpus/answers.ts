// The understanding corpus (issue 10 item 4): answers typed the way people type (typos, no accents, mixed
// languages, extra words), each with what a careful person would record. Written before the rules were tuned;
// the entries marked `h` are a held-out check of generality, never used to design a rule.
// Reference day of every entry: Tuesday 2026-12-01 (UTC), see corpus-runner.ts.
import { CAR, GYM, LOAN, RENO } from "./blind-answers.js";
import { LANG, NET, PET, WED } from "./third-blind-answers.js";
import { GDE, PHY, RST, SOL } from "./fourth-blind-answers.js";
import { CNG, GAR, HOME, UNI } from "./fifth-blind-answers.js";
import { BIK, DEN, IMP, MEN } from "./sixth-blind-answers.js";
import { HLP, JAR, MUS, OPT } from "./seventh-blind-answers.js";
import { CAT, COI, COW, VET } from "./eighth-blind-answers.js";
import { AUT, CAL, PHO, TUT } from "./ninth-blind-answers.js";
import { CUI, PAN, RX, VOL } from "./tenth-blind-answers.js";
import { BAT, PIS, RUN, STO } from "./eleventh-blind-answers.js";
import { DIET, DOG, RAM, ROOF } from "./twelfth-blind-answers.js";
import { BOIL, DON, GITE, TAP } from "./thirteenth-blind-answers.js";
import { HEAR, PIANO, TAT, VIN } from "./fourteenth-blind-answers.js";
import { EVC, MIEL, NAGE, SLEEP } from "./fifteenth-blind-answers.js";
import type { BlindRow } from "./blind-answers.js";

/** `R` refused, `D` don't know (asked_no_answer), `N` nothing recorded for the question's target. */
export const R = { outcome: "refused" } as const;
export const D = { outcome: "asked_no_answer" } as const;
export const N = { nothing: true } as const;

export type Expectation =
  typeof R | typeof D | typeof N | { readonly value: unknown; readonly alternatives?: readonly unknown[]; readonly tentative?: boolean };

export type Category =
  "number" | "count" | "date" | "boolean" | "choice" | "multi" | "text" | "refusal" | "dont_know" | "passing" | "nothing";

export interface CorpusEntry {
  readonly domain:
    | "furniture"
    | "rental"
    | "job"
    | "event"
    | "insurance"
    | "travel"
    | "moving"
    | "flatshare"
    | "car"
    | "reno"
    | "gym"
    | "loan"
    | "pet"
    | "internet"
    | "language"
    | "wedding"
    | "restaurant"
    | "childcare"
    | "solar"
    | "physio"
    | "garage"
    | "university"
    | "leave"
    | "home"
    | "dentist"
    | "bike"
    | "tax"
    | "cleaning"
    | "optician"
    | "helpdesk"
    | "garden"
    | "music"
    | "catering"
    | "coworking"
    | "vet"
    | "hairdresser"
    | "photographer"
    | "callout"
    | "driving"
    | "tutoring"
    | "pharmacy"
    | "volunteer"
    | "kitchen"
    | "vegbox"
    | "storage"
    | "running"
    | "pool"
    | "boat"
    | "dogwalk"
    | "roofing"
    | "dietitian"
    | "chimney"
    | "boiler"
    | "donation"
    | "gite"
    | "upholsterer"
    | "tattoo"
    | "hearing"
    | "piano"
    | "tasting"
    | "sleep"
    | "evcharger"
    | "swimming"
    | "honey";
  readonly question: string;
  readonly text: string;
  readonly expect: Expectation;
  readonly category: Category;
  /** Values stated in passing for other targets, recorded at most as tentative. */
  readonly also?: Readonly<Record<string, unknown>>;
  /** Held out: kept to check that the rules generalise. */
  readonly h?: true;
  /** Written by a second tester before reading the rules (blind-answers.ts); its first-run score is the honest figure. */
  readonly blind?: true;
  /** Written by the second tester after reading the rules, before running it (a fresh-domain check). */
  readonly fresh?: true;
  /**
   * Written by a third tester who read neither the rules nor the other answers, for four new domains with sparse
   * synonyms (third-blind-answers.ts): first run 77.6% (323 of 416), 10 wrong values confirmed.
   */
  readonly blind3?: true;
  /**
   * Written by a fourth tester who read neither the rules nor the other answers, for four new domains with sparse
   * synonyms (fourth-blind-answers.ts): first run 70.4% (317 of 450), 15 wrong values confirmed.
   */
  readonly blind4?: true;
  /**
   * Written by a fifth tester who read neither the rules nor the other answers, for four new domains with sparse
   * synonyms (fifth-blind-answers.ts: garage, university, leave, home): first run 80.7% (385 of 477),
   * 7 wrong values confirmed.
   */
  readonly blind5?: true;
  /**
   * Written by a sixth tester who read neither the rules nor the other answers, for four new domains with sparse
   * synonyms (sixth-blind-answers.ts: dentist, bike, tax, cleaning).
   */
  readonly blind6?: true;
  /**
   * Written by a seventh tester who read neither the rules nor the other answers, for four new domains with sparse
   * synonyms (seventh-blind-answers.ts: optician, helpdesk, garden, music): first run 80.0% (399 of 499),
   * 10 wrong values confirmed.
   */
  readonly blind7?: true;
  /**
   * Written by an eighth tester who read neither the rules nor the other answers, for four new domains with sparse
   * synonyms (eighth-blind-answers.ts: catering, coworking, vet, hairdresser).
   */
  readonly blind8?: true;
  /**
   * Written by a ninth tester who read neither the rules nor the other answers, for four new domains with sparse
   * synonyms (ninth-blind-answers.ts: photographer, callout, driving, tutoring).
   */
  readonly blind9?: true;
  /**
   * Written by a tenth tester who read neither the rules nor the other answers, for four new domains with sparse
   * synonyms (tenth-blind-answers.ts: pharmacy, volunteer, kitchen, vegbox).
   */
  readonly blind10?: true;
  /**
   * Written by an eleventh tester who read neither the rules nor the other answers, for four new domains with sparse
   * synonyms (eleventh-blind-answers.ts: storage, running, pool, boat).
   */
  readonly blind11?: true;
  /**
   * Written by a twelfth tester who read neither the rules nor the other answers, for four new domains with sparse
   * synonyms (twelfth-blind-answers.ts: dog walking, roofing, dietitian, chimney sweep).
   */
  readonly blind12?: true;
  /**
   * Written by a thirteenth tester who read neither the rules nor the other answers, for four new domains with sparse
   * synonyms (thirteenth-blind-answers.ts: boiler service, blood donation, holiday rental, upholsterer).
   */
  readonly blind13?: true;
  /**
   * Written by a fourteenth tester who read neither the rules nor the other answers, for four new domains with sparse
   * synonyms (fourteenth-blind-answers.ts: tattoo appointment, hearing test, piano lessons, wine tasting).
   */
  readonly blind14?: true;
  /**
   * Written by a fifteenth tester who read neither the rules nor the other answers, for four new domains with sparse
   * synonyms (fifteenth-blind-answers.ts: sleep clinic, EV charger installation, children's swimming lessons, honey order).
   */
  readonly blind15?: true;
}

const v = (value: unknown, extra: { alternatives?: unknown[]; tentative?: boolean } = {}) => ({ value, ...extra });

type Row = [string, string, Expectation, Category, (Record<string, unknown> | null)?, true?];

const rows = (domain: CorpusEntry["domain"], list: Row[]): CorpusEntry[] =>
  list.map(([question, text, expect, category, also, h]) => ({
    domain,
    question,
    text,
    expect,
    category,
    ...(also ? { also } : {}),
    ...(h ? { h } : {}),
  }));

const FURNITURE: Row[] = [
  // budget (number, euros)
  ["fur_q_budget", "mille cinq cents euros", v(1500), "number"],
  ["fur_q_budget", "autour de 1200 €, max 1500", v(1500, { alternatives: [1200] }), "number"],
  ["fur_q_budget", "1,5k", v(1500), "number"],
  ["fur_q_budget", "2k€", v(2000), "number"],
  ["fur_q_budget", "pas plus de 2000 euros", v(2000), "number"],
  ["fur_q_budget", "jusqu'à 1800€", v(1800), "number"],
  ["fur_q_budget", "1500 max", v(1500), "number"],
  ["fur_q_budget", "au maximum 900 euros", v(900), "number"],
  ["fur_q_budget", "fifteen hundred", v(1500), "number"],
  ["fur_q_budget", "quinze cents euros", v(1500), "number"],
  ["fur_q_budget", "deux mille cinq cents", v(2500), "number"],
  ["fur_q_budget", "two thousand five hundred euros", v(2500), "number"],
  ["fur_q_budget", "canapé 4 places, budget 1500", v(1500), "number", { fur_seats: 4, fur_piece: "canape" }],
  ["fur_q_budget", "entre 800 et 1000 euros", v(900), "number"],
  ["fur_q_budget", "environ 700 balles", v(700), "number"],
  ["fur_q_budget", "under 2000", v(2000), "number"],
  ["fur_q_budget", "moins de 1000 €", v(1000), "number"],
  ["fur_q_budget", "1 500 €", v(1500), "number"],
  ["fur_q_budget", "1.5k", v(1500), "number"],
  ["fur_q_budget", "3 000 euros grand max", v(3000), "number"],
  ["fur_q_budget", "ca depend, mais disons 1200", v(1200), "number"],
  ["fur_q_budget", "je pensais a 1000 balles a peu pres", v(1000), "number"],
  ["fur_q_budget", "around 1.2k", v(1200), "number"],
  ["fur_q_budget", "1200-1500€", v(1350), "number"],
  ["fur_q_budget", "mon budget c'est 1300 euros", v(1300), "number"],
  ["fur_q_budget", "cinq cents euros", v(500), "number"],
  ["fur_q_budget", "a thousand bucks", v(1000), "number"],
  ["fur_q_budget", "€1,200", v(1200), "number"],
  ["fur_q_budget", "douze cents", v(1200), "number", null, true],
  ["fur_q_budget", "vingt mille euros", v(20000), "number", null, true],
  ["fur_q_budget", "3 places et 2000 euros", v(2000), "number", { fur_seats: 3 }, true],
  ["fur_q_budget", "pas cher", N, "nothing"],
  ["fur_q_budget", "le moins cher possible", N, "nothing"],
  ["fur_q_budget", "4 places", N, "nothing", { fur_seats: 4 }],
  ["fur_q_budget", "pour 6 personnes", N, "nothing", { fur_seats: 6 }, true],
  ["fur_q_budget", "je préfère ne pas le dire", R, "refusal"],
  ["fur_q_budget", "je sais pas", D, "dont_know"],
  ["fur_q_budget", "idk maybe 800", v(800, { tentative: true }), "number"],
  ["fur_q_budget", "je sais pas, peut-être 1000", v(1000, { tentative: true }), "number", null, true],
  ["fur_q_budget", "c'est personnel", R, "refusal", null, true],
  ["fur_q_budget", "aucune idée franchement", D, "dont_know"],
  ["fur_q_budget", "budget 1200 pour une livraison mi-janvier", v(1200), "passing", { fur_delivery_date: "2027-01-15" }],
  // seats (integer, places / personnes)
  ["fur_q_seats", "4", v(4), "count"],
  ["fur_q_seats", "quatre personnes", v(4), "count"],
  ["fur_q_seats", "deux adultes et deux enfants", v(4), "count"],
  ["fur_q_seats", "moi et mes 2 enfants", v(3), "count"],
  ["fur_q_seats", "we are a family of five", v(5), "count"],
  ["fur_q_seats", "6 places", v(6), "count"],
  ["fur_q_seats", "une dizaine", v(10, { tentative: true }), "count"],
  ["fur_q_seats", "a dozen", v(12, { tentative: true }), "count"],
  ["fur_q_seats", "for 2 people, budget around 1000", v(2), "passing", { fur_budget: 1000 }],
  ["fur_q_seats", "nous sommes 3", v(3), "count"],
  ["fur_q_seats", "ma femme et moi", v(2), "count"],
  ["fur_q_seats", "8 personnes autour de la table", v(8), "count"],
  ["fur_q_seats", "au moins 6", v(6), "count"],
  ["fur_q_seats", "un canapé trois places", v(3), "passing", { fur_piece: "canape" }],
  ["fur_q_seats", "pas sûr, 4 je pense", v(4, { tentative: true }), "count"],
  ["fur_q_seats", "deux", v(2), "count"],
  ["fur_q_seats", "two adults, one kid", v(3), "count", null, true],
  ["fur_q_seats", "juste moi", v(1), "count", null, true],
  ["fur_q_seats", "cinq ou six", v(5, { tentative: true, alternatives: [6] }), "count", null, true],
  ["fur_q_seats", "beaucoup de monde", N, "nothing"],
  ["fur_q_seats", "no idea yet", D, "dont_know"],
  // delivery date
  ["fur_q_delivery_date", "15 janvier", v("2027-01-15"), "date"],
  ["fur_q_delivery_date", "à partir du 15 janvier", v("2027-01-15"), "date"],
  ["fur_q_delivery_date", "1er février", v("2027-02-01"), "date"],
  ["fur_q_delivery_date", "January 15th", v("2027-01-15"), "date"],
  ["fur_q_delivery_date", "dec 15", v("2026-12-15"), "date"],
  ["fur_q_delivery_date", "dans deux semaines", v("2026-12-15"), "date"],
  ["fur_q_delivery_date", "in two weeks", v("2026-12-15"), "date"],
  ["fur_q_delivery_date", "vendredi prochain", v("2026-12-11", { alternatives: ["2026-12-04"] }), "date"],
  ["fur_q_delivery_date", "next friday", v("2026-12-11", { alternatives: ["2026-12-04"] }), "date"],
  ["fur_q_delivery_date", "la semaine prochaine", v("2026-12-07", { alternatives: ["2026-12-08"] }), "date"],
  ["fur_q_delivery_date", "début mars", v("2027-03-01"), "date"],
  ["fur_q_delivery_date", "mi-janvier", v("2027-01-15"), "date"],
  ["fur_q_delivery_date", "fin janvier", v("2027-01-31"), "date"],
  ["fur_q_delivery_date", "end of january", v("2027-01-31"), "date"],
  ["fur_q_delivery_date", "2027-01-10", v("2027-01-10"), "date"],
  ["fur_q_delivery_date", "10/01/2027", v("2027-01-10"), "date"],
  ["fur_q_delivery_date", "le 20/12", v("2026-12-20"), "date"],
  ["fur_q_delivery_date", "demain", v("2026-12-02"), "date"],
  ["fur_q_delivery_date", "tomorrow", v("2026-12-02"), "date"],
  ["fur_q_delivery_date", "dès que possible", N, "nothing"],
  ["fur_q_delivery_date", "15 janvier ou 1er février", N, "nothing"],
  ["fur_q_delivery_date", "pas avant le 10 janvier", v("2027-01-10"), "date"],
  ["fur_q_delivery_date", "le 5 janvier 2027", v("2027-01-05"), "date"],
  ["fur_q_delivery_date", "March 3rd please", v("2027-03-03"), "date"],
  ["fur_q_delivery_date", "dans un mois", v("2027-01-01"), "date", null, true],
  ["fur_q_delivery_date", "in 10 days", v("2026-12-11"), "date", null, true],
  ["fur_q_delivery_date", "le 3 janv", v("2027-01-03"), "date", null, true],
  ["fur_q_delivery_date", "aujourd'hui", v("2026-12-01"), "date"],
  ["fur_q_delivery_date", "whenever, no rush", N, "nothing"],
  ["fur_q_delivery_date", "on verra", D, "dont_know"],
  // financing (boolean with Oui/Non choices)
  ["fur_q_financing", "oui", v(true), "boolean"],
  ["fur_q_financing", "of course not", v(false), "boolean"],
  ["fur_q_financing", "yes please", v(true), "boolean"],
  ["fur_q_financing", "non merci", v(false), "boolean"],
  ["fur_q_financing", "pas vraiment", v(false), "boolean"],
  ["fur_q_financing", "no thanks, I'll pay cash", v(false), "boolean"],
  ["fur_q_financing", "absolutely", v(true), "boolean"],
  ["fur_q_financing", "nope", v(false), "boolean"],
  ["fur_q_financing", "bien sûr que non", v(false), "boolean"],
  ["fur_q_financing", "not at all", v(false), "boolean"],
  ["fur_q_financing", "sure, why not", v(true), "boolean"],
  ["fur_q_financing", "I don't think so", v(false), "boolean"],
  ["fur_q_financing", "oui et non", N, "nothing"],
  ["fur_q_financing", "ca depend des frais", N, "nothing"],
  ["fur_q_financing", "ouais pourquoi pas", v(true), "boolean", null, true],
  ["fur_q_financing", "certainly not", v(false), "boolean", null, true],
  ["fur_q_financing", "carrément", v(true), "boolean", null, true],
  // piece (enum with choices)
  ["fur_q_piece", "sofa", v("canape"), "choice"],
  ["fur_q_piece", "couch", v("canape"), "choice"],
  ["fur_q_piece", "un canape", v("canape"), "choice"],
  ["fur_q_piece", "pas un canapé, plutôt une table", v("table"), "choice"],
  ["fur_q_piece", "a bed", v("lit"), "choice"],
  ["fur_q_piece", "une armoire", v("rangement"), "choice"],
  ["fur_q_piece", "a dining table", v("table"), "choice"],
  ["fur_q_piece", "un canapé d'angle", v("canape"), "choice"],
  ["fur_q_piece", "une tabel", v("table"), "choice"],
  ["fur_q_piece", "un cannapé", v("canape"), "choice"],
  ["fur_q_piece", "des chaises", N, "nothing"],
  ["fur_q_piece", "je sais pas encore", D, "dont_know"],
  ["fur_q_piece", "a sectional sofa for the living room", v("canape"), "passing", { fur_rooms: ["salon"] }],
  ["fur_q_piece", "un lit pour la chambre des enfants", v("lit"), "passing", { fur_rooms: ["chambre"] }],
  ["fur_q_piece", "un canapé 4 places pour le salon", v("canape"), "passing", { fur_seats: 4, fur_rooms: ["salon"] }],
  ["fur_q_piece", "un canapé scandinave", v("canape"), "passing", { fur_style: "scandinave" }],
  ["fur_q_piece", "table pour 8 personnes", v("table"), "passing", { fur_seats: 8 }],
  ["fur_q_piece", "a wardrobe", v("rangement"), "choice", null, true],
  ["fur_q_piece", "une commode", v("rangement"), "choice", null, true],
  ["fur_q_piece", "not a bed, a sofa", v("canape"), "choice", null, true],
  // rooms (array enum)
  ["fur_q_rooms", "salon et chambre", v(["salon", "chambre"]), "multi"],
  ["fur_q_rooms", "living room", v(["salon"]), "multi"],
  ["fur_q_rooms", "tout", v(["salon", "chambre", "bureau", "salle_a_manger"]), "multi"],
  ["fur_q_rooms", "toutes sauf le bureau", v(["salon", "chambre", "salle_a_manger"]), "multi"],
  ["fur_q_rooms", "all of them", v(["salon", "chambre", "bureau", "salle_a_manger"]), "multi"],
  ["fur_q_rooms", "all except the bedroom", v(["salon", "bureau", "salle_a_manger"]), "multi"],
  ["fur_q_rooms", "la salle a manger", v(["salle_a_manger"]), "multi"],
  ["fur_q_rooms", "dining room and office", v(["bureau", "salle_a_manger"]), "multi"],
  ["fur_q_rooms", "le salon, pas la chambre", v(["salon"]), "multi"],
  ["fur_q_rooms", "the bedroom", v(["chambre"]), "multi"],
  ["fur_q_rooms", "sejour", v(["salon"]), "multi", null, true],
  ["fur_q_rooms", "bedroom + office", v(["chambre", "bureau"]), "multi", null, true],
  ["fur_q_rooms", "salon, canapé convertible", v(["salon"]), "passing", { fur_piece: "canape" }],
  ["fur_q_rooms", "la cuisine", N, "nothing"],
  // style (semi_open, enum)
  ["fur_q_style", "nordique", v("scandinave"), "choice"],
  ["fur_q_style", "scandinavian", v("scandinave"), "choice"],
  ["fur_q_style", "modern", v("contemporain"), "choice"],
  ["fur_q_style", "industrial", v("industriel"), "choice"],
  ["fur_q_style", "style classique", v("classique"), "choice"],
  ["fur_q_style", "plutot indus", v("industriel"), "choice"],
  ["fur_q_style", "contemporain mais pas trop froid", v("contemporain"), "choice"],
  ["fur_q_style", "pas industriel, plutôt scandinave", v("scandinave"), "choice"],
  ["fur_q_style", "scandinve", v("scandinave"), "choice"],
  ["fur_q_style", "vintage", N, "nothing"],
  ["fur_q_style", "je ne sais pas trop", D, "dont_know"],
  ["fur_q_style", "moderne", v("contemporain"), "choice", null, true],
  ["fur_q_style", "scandi", v("scandinave"), "choice", null, true],
  ["fur_q_style", "traditional", v("classique"), "choice", null, true],
  // delivery window (enum with choices)
  ["fur_q_delivery_window", "dans le mois", v("dans_le_mois"), "choice"],
  ["fur_q_delivery_window", "pas pressé", v("pas_presse"), "choice"],
  ["fur_q_delivery_window", "no rush", v("pas_presse"), "choice"],
  ["fur_q_delivery_window", "within two weeks", v("sous_quinze_jours"), "choice"],
  ["fur_q_delivery_window", "d'ici 3 mois", v("trois_mois"), "choice"],
  ["fur_q_delivery_window", "within a month", v("dans_le_mois"), "choice", null, true],
  ["fur_q_delivery_window", "rien ne presse", v("pas_presse"), "choice", null, true],
  ["fur_q_delivery_window", "sous 15 jours", v("sous_quinze_jours"), "choice"],
  ["fur_q_delivery_window", "ça dépend", N, "nothing"],
  ["fur_q_delivery_window", "none of your business", R, "refusal"],
];

const RENTAL: Row[] = [
  // monthly rent
  ["ren_q_budget", "no more than twelve hundred", v(1200), "number"],
  ["ren_q_budget", "1200/month", v(1200), "number"],
  ["ren_q_budget", "max 900€ per month", v(900), "number"],
  ["ren_q_budget", "2000, we're a family of four", v(2000), "passing", { ren_household: 4 }],
  ["ren_q_budget", "around 1k", v(1000), "number"],
  ["ren_q_budget", "1,1k max", v(1100), "number"],
  ["ren_q_budget", "entre 800 et 1000", v(900), "number"],
  ["ren_q_budget", "up to 1500 a month charges comprises", v(1500), "number"],
  ["ren_q_budget", "j'ai 2 enfants, donc max 1300", v(1300), "number"],
  ["ren_q_budget", "mille deux cents", v(1200), "number"],
  ["ren_q_budget", "fifteen hundred tops", v(1500), "number"],
  ["ren_q_budget", "1500 euros for a 2 bedroom", v(1500), "passing", { ren_bedrooms: 2 }],
  ["ren_q_budget", "at most 950", v(950), "number"],
  ["ren_q_budget", "pas plus de 1000 balles", v(1000), "number"],
  ["ren_q_budget", "850 € cc", v(850), "number"],
  ["ren_q_budget", "1 200 € hors charges", v(1200), "number"],
  ["ren_q_budget", "€1,500", v(1500), "number"],
  ["ren_q_budget", "under 1k", v(1000), "number"],
  ["ren_q_budget", "deux mille", v(2000), "number"],
  ["ren_q_budget", "1500-1800", v(1650), "number"],
  ["ren_q_budget", "roughly 1300 euros", v(1300), "number"],
  ["ren_q_budget", "my salary is 3000 so a third of that", N, "nothing"],
  ["ren_q_budget", "le moins cher possible", N, "nothing"],
  ["ren_q_budget", "whatever is reasonable", N, "nothing"],
  ["ren_q_budget", "1500 max, on a un chat", v(1500), "passing", { ren_pets: true }],
  ["ren_q_budget", "I'd rather not say", R, "refusal"],
  ["ren_q_budget", "dunno yet", D, "dont_know"],
  ["ren_q_budget", "1.1k a month max", v(1100), "number", null, true],
  ["ren_q_budget", "neuf cents euros", v(900), "number", null, true],
  ["ren_q_budget", "at least 700", v(700), "number", null, true],
  ["ren_q_budget", "two thousand at the very most", v(2000), "number", null, true],
  ["ren_q_budget", "confidentiel", R, "refusal", null, true],
  // household size
  ["ren_q_household", "deux adultes et deux enfants", v(4), "count"],
  ["ren_q_household", "just me", v(1), "count"],
  ["ren_q_household", "me and my girlfriend", v(2), "count"],
  ["ren_q_household", "moi et mes 2 enfants", v(3), "count"],
  ["ren_q_household", "4 people", v(4), "count"],
  ["ren_q_household", "we're three", v(3), "count"],
  ["ren_q_household", "nous sommes 5", v(5), "count"],
  ["ren_q_household", "my wife, me and our 3 kids", v(5), "count"],
  ["ren_q_household", "two adults, one baby", v(3), "count"],
  ["ren_q_household", "une personne", v(1), "count"],
  ["ren_q_household", "a couple", v(2), "count"],
  ["ren_q_household", "2 adults + 2 kids, and a dog", v(4), "passing", { ren_pets: true }],
  ["ren_q_household", "family of four", v(4), "count"],
  ["ren_q_household", "3 personnes, 2 chambres", v(3), "passing", { ren_bedrooms: 2 }],
  ["ren_q_household", "deux adultes et deux enfants, donc 3 chambres", v(4), "passing", { ren_bedrooms: 3 }],
  ["ren_q_household", "un couple avec un enfant", v(3), "count", null, true],
  ["ren_q_household", "seul", v(1), "count", null, true],
  ["ren_q_household", "mon mari, moi et nos deux filles", v(4), "count", null, true],
  ["ren_q_household", "pas de commentaire", R, "refusal"],
  ["ren_q_household", "it depends on my sister", N, "nothing"],
  // bedrooms
  ["ren_q_bedrooms", "2 chambres", v(2), "count"],
  ["ren_q_bedrooms", "three bedrooms", v(3), "count"],
  ["ren_q_bedrooms", "at least 2", v(2), "count"],
  ["ren_q_bedrooms", "un T3 donc 2 chambres", v(2), "count"],
  ["ren_q_bedrooms", "2 or 3", v(2, { tentative: true, alternatives: [3] }), "count"],
  ["ren_q_bedrooms", "we need 2 bedrooms for 4 people", v(2), "passing", { ren_household: 4 }],
  ["ren_q_bedrooms", "deux", v(2), "count"],
  ["ren_q_bedrooms", "one bedroom is enough", v(1), "count"],
  ["ren_q_bedrooms", "2 bedrooms, 3 of us", v(2), "passing", { ren_household: 3 }],
  ["ren_q_bedrooms", "j'en sais rien", D, "dont_know"],
  ["ren_q_bedrooms", "une chambre suffit", v(1), "count", null, true],
  ["ren_q_bedrooms", "4 ideally", v(4), "count", null, true],
  // move-in date
  ["ren_q_move_in", "march 1st, we need parking", v("2027-03-01"), "passing", { ren_amenities: ["parking"] }],
  ["ren_q_move_in", "1er mars", v("2027-03-01"), "date"],
  ["ren_q_move_in", "asap", N, "nothing"],
  ["ren_q_move_in", "début janvier", v("2027-01-01"), "date"],
  ["ren_q_move_in", "next month", v("2027-01-01"), "date"],
  ["ren_q_move_in", "le mois prochain", v("2027-01-01"), "date"],
  ["ren_q_move_in", "in 3 weeks", v("2026-12-22"), "date"],
  ["ren_q_move_in", "dans 15 jours", v("2026-12-16"), "date"],
  ["ren_q_move_in", "February 2027", v("2027-02-01"), "date"],
  ["ren_q_move_in", "15/01/2027", v("2027-01-15"), "date"],
  ["ren_q_move_in", "around the 10th of january", v("2027-01-10"), "date"],
  ["ren_q_move_in", "Jan 5", v("2027-01-05"), "date"],
  ["ren_q_move_in", "not before february 15", v("2027-02-15"), "date"],
  ["ren_q_move_in", "whenever", N, "nothing"],
  ["ren_q_move_in", "mi-février", v("2027-02-15"), "date"],
  ["ren_q_move_in", "from jan 15, budget 1100", v("2027-01-15"), "passing", { ren_budget: 1100 }],
  ["ren_q_move_in", "lundi prochain", v("2026-12-07", { alternatives: ["2026-12-14"] }), "date"],
  ["ren_q_move_in", "no idea", D, "dont_know"],
  ["ren_q_move_in", "le 1er avril", v("2027-04-01"), "date", null, true],
  ["ren_q_move_in", "end of february", v("2027-02-28"), "date", null, true],
  ["ren_q_move_in", "dans trois semaines", v("2026-12-22"), "date", null, true],
  ["ren_q_move_in", "april 2nd", v("2027-04-02"), "date", null, true],
  ["ren_q_move_in", "not sure yet", D, "dont_know", null, true],
  // pets (boolean, Yes/No)
  ["ren_q_pets", "of course not", v(false), "boolean"],
  ["ren_q_pets", "we have a cat", v(true), "boolean"],
  ["ren_q_pets", "no pets", v(false), "boolean"],
  ["ren_q_pets", "un chien", v(true), "boolean"],
  ["ren_q_pets", "j'ai un chat", v(true), "boolean"],
  ["ren_q_pets", "pas d'animaux", v(false), "boolean"],
  ["ren_q_pets", "aucun animal", v(false), "boolean"],
  ["ren_q_pets", "yes, a small dog", v(true), "boolean"],
  ["ren_q_pets", "nope, none", v(false), "boolean"],
  ["ren_q_pets", "two cats", v(true), "boolean"],
  ["ren_q_pets", "nan", v(false), "boolean"],
  ["ren_q_pets", "deux chats et un chien", v(true), "boolean"],
  ["ren_q_pets", "pas de chat mais un chien", v(true), "boolean"],
  ["ren_q_pets", "no", v(false), "boolean"],
  ["ren_q_pets", "yes, a cat; we're non-smokers", v(true), "passing", { ren_smoker: false }],
  ["ren_q_pets", "we have a dog, and we both work", v(true), "boolean"],
  ["ren_q_pets", "a puppy", v(true), "boolean", null, true],
  ["ren_q_pets", "no animals at all", v(false), "boolean", null, true],
  ["ren_q_pets", "oui un chaton", v(true), "boolean", null, true],
  ["ren_q_pets", "none of your business", R, "refusal"],
  // smoker (boolean, Yes/No)
  ["ren_q_smoker", "je fume", v(true), "boolean"],
  ["ren_q_smoker", "non-fumeur", v(false), "boolean"],
  ["ren_q_smoker", "non fumeur", v(false), "boolean"],
  ["ren_q_smoker", "I don't smoke", v(false), "boolean"],
  ["ren_q_smoker", "yes occasionally", v(true), "boolean"],
  ["ren_q_smoker", "never smoked", v(false), "boolean"],
  ["ren_q_smoker", "jamais", v(false), "boolean"],
  ["ren_q_smoker", "I smoke outside only", v(true), "boolean"],
  ["ren_q_smoker", "je ne fume pas", v(false), "boolean"],
  ["ren_q_smoker", "no, neither of us smokes", v(false), "boolean"],
  ["ren_q_smoker", "smoker", v(true), "boolean"],
  ["ren_q_smoker", "non smoker", v(false), "boolean"],
  ["ren_q_smoker", "je suis fumeuse", v(true), "boolean", null, true],
  ["ren_q_smoker", "nope, non-smoking household", v(false), "boolean", null, true],
  ["ren_q_smoker", "ca me regarde", R, "refusal", null, true],
  // employment status (choices with synonyms)
  ["ren_q_employment", "unemployed", v("unemployed"), "choice"],
  ["ren_q_employment", "je suis au chômage", v("unemployed"), "choice"],
  ["ren_q_employment", "CDI depuis 3 ans", v("employed"), "choice"],
  ["ren_q_employment", "freelance developer", v("self_employed"), "choice"],
  ["ren_q_employment", "student", v("student"), "choice"],
  ["ren_q_employment", "etudiante en master", v("student"), "choice"],
  ["ren_q_employment", "retraité", v("retired"), "choice"],
  ["ren_q_employment", "self employed", v("self_employed"), "choice"],
  ["ren_q_employment", "employed", v("employed"), "choice"],
  ["ren_q_employment", "employd", v("employed"), "choice"],
  ["ren_q_employment", "unemplyed", v("unemployed"), "choice"],
  ["ren_q_employment", "salariée", v("employed"), "choice"],
  ["ren_q_employment", "je suis étudiant et je ne fume pas", v("student"), "passing", { ren_smoker: false }],
  ["ren_q_employment", "I'd prefer not to say", R, "refusal"],
  ["ren_q_employment", "pas de commentaire", R, "refusal"],
  ["ren_q_employment", "jobless right now", v("unemployed"), "choice", null, true],
  ["ren_q_employment", "à mon compte", v("self_employed"), "choice", null, true],
  ["ren_q_employment", "retired since 2020", v("retired"), "choice", null, true],
  // furnished (enum synonyms on the success information)
  ["ren_q_furnished", "unfurnished", v("unfurnished"), "choice"],
  ["ren_q_furnished", "non meublé", v("unfurnished"), "choice"],
  ["ren_q_furnished", "meublé", v("furnished"), "choice"],
  ["ren_q_furnished", "furnished please", v("furnished"), "choice"],
  ["ren_q_furnished", "unfurnised", v("unfurnished"), "choice"],
  ["ren_q_furnished", "empty apartment is fine", v("unfurnished"), "choice"],
  ["ren_q_furnished", "doesn't matter", N, "nothing"],
  ["ren_q_furnished", "vide", v("unfurnished"), "choice", null, true],
  ["ren_q_furnished", "furnshed", v("furnished"), "choice", null, true],
  // amenities (multiple choice with synonyms)
  ["ren_q_amenities", "parking, but no need for a balcony", v(["parking"]), "multi"],
  ["ren_q_amenities", "parking et ascenseur", v(["parking", "elevator"]), "multi"],
  ["ren_q_amenities", "a garden would be nice and a lift", v(["elevator", "garden"]), "multi"],
  ["ren_q_amenities", "tout", v(["parking", "balcony", "elevator", "garden", "cellar"]), "multi"],
  ["ren_q_amenities", "all of them except the cellar", v(["parking", "balcony", "elevator", "garden"]), "multi"],
  ["ren_q_amenities", "garage + cave", v(["parking", "cellar"]), "multi"],
  ["ren_q_amenities", "lift please, 5th floor", v(["elevator"]), "multi"],
  ["ren_q_amenities", "no parking needed, just a balcony", v(["balcony"]), "multi"],
  ["ren_q_amenities", "jardin si possible", v(["garden"]), "multi"],
  ["ren_q_amenities", "pas besoin de parking", N, "nothing"],
  ["ren_q_amenities", "elevater", v(["elevator"]), "multi"],
  ["ren_q_amenities", "tout sauf le jardin", v(["parking", "balcony", "elevator", "cellar"]), "multi", null, true],
  ["ren_q_amenities", "balcony and parking, no garden", v(["parking", "balcony"]), "multi", null, true],
  ["ren_q_amenities", "une terrasse", v(["balcony"]), "multi", null, true],
  // neighbourhood (free text)
  ["ren_q_neighbourhood", "I don't want to answer that", R, "refusal"],
  ["ren_q_neighbourhood", "je préfère ne pas le dire", R, "refusal"],
  ["ren_q_neighbourhood", "pass", R, "refusal"],
  ["ren_q_neighbourhood", "Montmartre", v("Montmartre"), "text"],
  ["ren_q_neighbourhood", "près de la gare", v("près de la gare"), "text"],
  ["ren_q_neighbourhood", "no clue", D, "dont_know"],
  ["ren_q_neighbourhood", "idk", D, "dont_know"],
  ["ren_q_neighbourhood", "aucune idée franchement", D, "dont_know"],
  ["ren_q_neighbourhood", "anywhere near the center", v("anywhere near the center"), "text"],
  ["ren_q_neighbourhood", "j'en sais rien", D, "dont_know"],
  ["ren_q_neighbourhood", "Canal Saint-Martin", v("Canal Saint-Martin"), "text"],
  ["ren_q_neighbourhood", "je passe", R, "refusal"],
  ["ren_q_neighbourhood", "that's private", R, "refusal", null, true],
  ["ren_q_neighbourhood", "no idea honestly", D, "dont_know", null, true],
  ["ren_q_neighbourhood", "le 11e ou le 12e", v("le 11e ou le 12e"), "text", null, true],
  ["ren_q_neighbourhood", "next question", R, "refusal", null, true],
  ["ren_q_neighbourhood", "haven't decided", D, "dont_know", null, true],
];

// Written after the rules, never tuned against: every entry is held out.
const JOB: Row[] = [
  ["job_q_contract", "un CDI évidemment", v("cdi"), "choice"],
  ["job_q_contract", "plutôt en freelance", v("freelance"), "choice"],
  ["job_q_contract", "pas de CDD, je veux un CDI", v("cdi"), "choice"],
  ["job_q_contract", "a permanent contract", v("cdi"), "choice"],
  ["job_q_contract", "stage de fin d'études", v("stage"), "choice"],
  ["job_q_contract", "alternanse", v("alternance"), "choice"],
  ["job_q_contract", "peu importe", N, "nothing"],
  ["job_q_contract", "je sais pas trop", D, "dont_know"],
  ["job_q_salary", "45k", v(45000), "number"],
  ["job_q_salary", "entre 40 et 45k", v(42500), "number"],
  ["job_q_salary", "quarante mille euros brut", v(40000), "number"],
  ["job_q_salary", "au moins 38 000 €", v(38000), "number"],
  ["job_q_salary", "around 50k a year", v(50000), "number"],
  ["job_q_salary", "3000 net par mois", N, "nothing"],
  ["job_q_salary", "je gagne 35k aujourd'hui, je vise 40k", v(40000), "number"],
  ["job_q_salary", "c'est confidentiel", R, "refusal"],
  ["job_q_salary", "selon le poste", N, "nothing"],
  ["job_q_salary", "55 000", v(55000), "number"],
  ["job_q_salary", "soixante mille", v(60000), "number"],
  ["job_q_salary", "pas moins de 42k", v(42000), "number"],
  ["job_q_start", "dès le 4 janvier", v("2027-01-04"), "date"],
  ["job_q_start", "immédiatement", N, "nothing"],
  ["job_q_start", "dans un mois, j'ai un préavis", v("2027-01-01"), "date"],
  ["job_q_start", "first of february", v("2027-02-01"), "date"],
  ["job_q_start", "à partir du 1er mars 2027", v("2027-03-01"), "date"],
  ["job_q_start", "mi-mars", v("2027-03-15"), "date"],
  ["job_q_start", "in three weeks", v("2026-12-22"), "date"],
  ["job_q_start", "04/01/2027", v("2027-01-04"), "date"],
  ["job_q_start", "aucune idée", D, "dont_know"],
  ["job_q_start", "lundi prochain si possible", v("2026-12-07", { alternatives: ["2026-12-14"] }), "date"],
  ["job_q_experience", "5 ans", v(5), "count"],
  ["job_q_experience", "cinq ans d'expérience", v(5), "count"],
  ["job_q_experience", "about ten years", v(10), "count"],
  ["job_q_experience", "une dizaine d'années", v(10, { tentative: true }), "count"],
  ["job_q_experience", "2 ans en alternance et 3 ans en CDI", v(5, { alternatives: [] }), "count"],
  ["job_q_experience", "débutant", N, "nothing"],
  ["job_q_experience", "plus de 15 ans", v(15), "count"],
  ["job_q_experience", "12 years, 4 as a manager", v(12, { alternatives: [] }), "count"],
  ["job_q_remote", "oui, 2 jours par semaine", v(true), "boolean"],
  ["job_q_remote", "full remote si possible", v(true), "boolean"],
  ["job_q_remote", "non, je préfère le bureau", v(false), "boolean"],
  ["job_q_remote", "pas forcément", v(false), "boolean"],
  ["job_q_remote", "yes definitely", v(true), "boolean"],
  ["job_q_remote", "bof", N, "nothing"],
  ["job_q_remote", "pas de télétravail pour moi", v(false), "boolean"],
  ["job_q_license", "oui le permis B", v(true), "boolean"],
  ["job_q_license", "j'ai le permis", v(true), "boolean"],
  ["job_q_license", "pas le permis", v(false), "boolean"],
  ["job_q_license", "nope", v(false), "boolean"],
  ["job_q_license", "bien sûr", v(true), "boolean"],
  ["job_q_license", "je n'ai pas le permis", v(false), "boolean"],
  ["job_q_languages", "français et anglais", v(["fr", "en"]), "multi"],
  ["job_q_languages", "francais, anglais courant, un peu d'espagnol", v(["fr", "en", "es"]), "multi"],
  ["job_q_languages", "toutes", v(["fr", "en", "es", "de"]), "multi"],
  ["job_q_languages", "tout sauf l'allemand", v(["fr", "en", "es"]), "multi"],
  ["job_q_languages", "anglai", v(["en"]), "multi"],
  ["job_q_languages", "italien", N, "nothing"],
  ["job_q_notice", "3 mois", v(3), "count"],
  ["job_q_notice", "un mois", v(1), "count"],
  ["job_q_notice", "pas de préavis", v(0), "count"],
  ["job_q_notice", "deux mois", v(2), "count"],
  ["job_q_notice", "1 month", v(1), "count"],
  ["job_q_city", "Lyon", v("Lyon"), "text"],
  ["job_q_city", "je préfère ne pas répondre", R, "refusal"],
  ["job_q_city", "no idea yet", D, "dont_know"],
  ["job_q_city", "Paris ou proche banlieue", v("Paris ou proche banlieue"), "text"],
  ["job_q_salary", "45k, dispo dans un mois", v(45000), "passing", { job_start: "2027-01-01" }],
  ["job_q_contract", "CDI, avec 2 jours de télétravail", v("cdi"), "passing", { job_remote: true }],
  ["job_q_experience", "8 ans, et je parle anglais", v(8), "passing", { job_languages: ["en"] }],
];

// Written after every rule, as a second check of generality: every entry is held out.
const EVENT: Row[] = [
  ["evt_q_guests", "une trentaine", v(30, { tentative: true }), "count"],
  ["evt_q_guests", "around 25 people", v(25), "count"],
  ["evt_q_guests", "on sera 40 adultes et 10 enfants", v(50), "count", { evt_kids: true }],
  ["evt_q_guests", "quarante-cinq", v(45), "count"],
  ["evt_q_guests", "entre 20 et 30", v(25), "count"],
  ["evt_q_guests", "pas encore sûr, une vingtaine", v(20, { tentative: true }), "count"],
  ["evt_q_guests", "60 max", v(60), "count"],
  ["evt_q_guests", "toute la famille", N, "nothing"],
  ["evt_q_guests", "12 people, budget 50 euros each", v(12), "passing", { evt_budget: 50 }],
  ["evt_q_date", "le samedi 12 décembre", v("2026-12-12"), "date"],
  ["evt_q_date", "Saturday the 19th of December", v("2026-12-19"), "date"],
  ["evt_q_date", "le 31", N, "nothing"],
  ["evt_q_date", "début février", v("2027-02-01"), "date"],
  ["evt_q_date", "dans 3 semaines", v("2026-12-22"), "date"],
  ["evt_q_date", "14/02/2027", v("2027-02-14"), "date"],
  ["evt_q_date", "on hésite encore", D, "dont_know"],
  ["evt_q_date", "feb 14th for a wedding", v("2027-02-14"), "passing", { evt_occasion: "mariage" }],
  ["evt_q_budget", "50€ par personne", v(50), "number"],
  ["evt_q_budget", "autour de 40 euros", v(40), "number"],
  ["evt_q_budget", "pas plus de 60", v(60), "number"],
  // A total shared by the people it is for is the amount per head, held loosely (s16 resid4: the blind4 tester's
  // "1000 for everyone, we're 20" → 50; this entry expected nothing before that rule).
  ["evt_q_budget", "3000 euros au total pour 60 personnes", v(50, { tentative: true }), "passing", { evt_guests: 60 }],
  ["evt_q_budget", "thirty-five", v(35), "number"],
  ["evt_q_budget", "je préfère en discuter de vive voix", N, "nothing"],
  ["evt_q_budget", "35-45€", v(40), "number"],
  ["evt_q_occasion", "un anniversaire", v("anniversaire"), "choice"],
  ["evt_q_occasion", "birthday party", v("anniversaire"), "choice"],
  ["evt_q_occasion", "le mariage de ma soeur", v("mariage"), "choice"],
  ["evt_q_occasion", "a business dinner", v("affaires"), "choice"],
  ["evt_q_occasion", "pot de départ", N, "nothing"],
  ["evt_q_occasion", "anniverssaire", v("anniversaire"), "choice"],
  ["evt_q_diet", "2 végétariens et un sans gluten", v(["vegetarien", "sans_gluten"]), "multi"],
  ["evt_q_diet", "vegan and halal", v(["vegan", "halal"]), "multi"],
  // s16 resid4: a whole-reply denial to a multiple choice without a "none" option is the empty selection.
  ["evt_q_diet", "aucun", v([]), "multi"],
  ["evt_q_diet", "gluten free", v(["sans_gluten"]), "multi"],
  ["evt_q_diet", "vegetarian options please", v(["vegetarien"]), "multi"],
  ["evt_q_diet", "pas de halal, mais du vegan", v(["vegan"]), "multi"],
  ["evt_q_terrace", "oui si il fait beau", v(true), "boolean"],
  ["evt_q_terrace", "plutôt à l'intérieur", v(false, { tentative: true }), "boolean"],
  ["evt_q_terrace", "no, inside please", v(false), "boolean"],
  ["evt_q_terrace", "la terrasse ce serait top", v(true), "boolean"],
  ["evt_q_terrace", "pas de terrasse", v(false), "boolean"],
  ["evt_q_kids", "oui, 5 enfants", v(true), "boolean"],
  ["evt_q_kids", "adults only", N, "nothing"],
  ["evt_q_kids", "no kids", v(false), "boolean"],
  ["evt_q_kids", "quelques enfants", v(true), "boolean"],
  ["evt_q_kids", "aucun enfant", v(false), "boolean"],
  ["evt_q_name", "Dupont", v("Dupont"), "text"],
  ["evt_q_name", "au nom de Martin", v("au nom de Martin"), "text"],
  ["evt_q_name", "je préfère ne pas donner mon nom", R, "refusal"],
  ["evt_q_name", "dunno", D, "dont_know"],
];

// Written last, as a third check of generality: every entry is held out.
const INSURANCE: Row[] = [
  ["ins_q_mileage", "about 15,000 km", v(15000), "number"],
  ["ins_q_mileage", "10 000 km par an", v(10000), "number"],
  ["ins_q_mileage", "roughly twelve thousand", v(12000), "number"],
  ["ins_q_mileage", "less than 5k km", v(5000), "number"],
  ["ins_q_mileage", "I drive 40 km a day to work", N, "nothing"],
  ["ins_q_mileage", "not much, mostly weekends", N, "nothing"],
  ["ins_q_mileage", "entre 8000 et 10000", v(9000), "number"],
  ["ins_q_car_age", "3 years old", v(3), "count"],
  ["ins_q_car_age", "it's brand new", N, "nothing"],
  ["ins_q_car_age", "bought it in 2019", N, "nothing"],
  ["ins_q_car_age", "about ten years", v(10), "count"],
  ["ins_q_car_age", "6 ans", v(6), "count"],
  ["ins_q_garage", "yes, in a private garage", v(true), "boolean"],
  ["ins_q_garage", "no, on the street", v(false), "boolean"],
  ["ins_q_garage", "in the driveway", N, "nothing"],
  ["ins_q_garage", "dans un garage fermé", v(true), "boolean"],
  ["ins_q_garage", "pas de garage", v(false), "boolean"],
  ["ins_q_claims", "none", v(0), "count"],
  ["ins_q_claims", "one, a small scratch", v(1), "count"],
  ["ins_q_claims", "2 claims", v(2), "count"],
  ["ins_q_claims", "aucun sinistre", v(0), "count"],
  ["ins_q_claims", "I'd rather not say", R, "refusal"],
  ["ins_q_start", "from the 1st of January", v("2027-01-01"), "date"],
  ["ins_q_start", "asap", N, "nothing"],
  ["ins_q_start", "next monday", v("2026-12-07", { alternatives: ["2026-12-14"] }), "date"],
  ["ins_q_start", "le 15/12", v("2026-12-15"), "date"],
  ["ins_q_start", "when my current policy ends on january 31", v("2027-01-31"), "date"],
  ["ins_q_cover", "comprehensive please", v("comprehensive"), "choice"],
  ["ins_q_cover", "third-party only", v("third_party"), "choice"],
  ["ins_q_cover", "tous risques", v("comprehensive"), "choice"],
  ["ins_q_cover", "not comprehensive, too expensive", N, "nothing"],
  ["ins_q_cover", "the cheapest one", N, "nothing"],
  ["ins_q_drivers", "my wife", v(["spouse"]), "multi"],
  ["ins_q_drivers", "my husband and my son", v(["spouse", "children"]), "multi"],
  ["ins_q_drivers", "nobody else", N, "nothing"],
  ["ins_q_drivers", "friends sometimes", v(["friends"]), "multi"],
  ["ins_q_drivers", "spouse and kids", v(["spouse", "children"]), "multi"],
  ["ins_q_mileage", "15000 km, started driving in 2010", v(15000), "number"],
];

// Written after all the rules, as a last blind check: every entry is held out.
const TRAVEL: Row[] = [
  ["trv_q_departure", "le 20 février", v("2027-02-20"), "date"],
  ["trv_q_departure", "pendant les vacances de février", N, "nothing"],
  ["trv_q_departure", "early april", v("2027-04-01"), "date"],
  ["trv_q_departure", "dans un mois environ", v("2027-01-01"), "date"],
  ["trv_q_departure", "on a pas encore décidé", D, "dont_know"],
  ["trv_q_departure", "March 10th, for a week", v("2027-03-10"), "passing", { trv_nights: 7 }],
  ["trv_q_nights", "une semaine", v(7), "count"],
  ["trv_q_nights", "10 nuits", v(10), "count"],
  ["trv_q_nights", "two weeks", v(14), "count"],
  ["trv_q_nights", "5 ou 6", v(5, { tentative: true, alternatives: [6] }), "number"],
  ["trv_q_nights", "un long week-end", N, "nothing"],
  ["trv_q_travellers", "nous deux", v(2), "count"],
  ["trv_q_travellers", "4 adultes", v(4), "count"],
  ["trv_q_travellers", "my wife, our 2 kids and me", v(4), "count"],
  ["trv_q_travellers", "solo", v(1), "count"],
  ["trv_q_travellers", "un groupe de 8 amis", v(8), "count"],
  ["trv_q_budget", "3000 € pour tout le monde", v(3000), "number"],
  ["trv_q_budget", "around 2k", v(2000), "number"],
  ["trv_q_budget", "pas plus de 5000", v(5000), "number"],
  ["trv_q_budget", "500 par personne", N, "nothing"],
  ["trv_q_budget", "je préfère pas dire", R, "refusal"],
  ["trv_q_class", "economy", v("economique"), "choice"],
  ["trv_q_class", "business class if possible", v("affaires"), "choice"],
  ["trv_q_class", "la moins chère", N, "nothing"],
  ["trv_q_class", "eco", N, "nothing"],
  ["trv_q_insurance", "oui par sécurité", v(true), "boolean"],
  ["trv_q_insurance", "no, my credit card covers it", v(false), "boolean"],
  ["trv_q_insurance", "pas la peine", v(false), "boolean"],
  ["trv_q_insurance", "c'est combien ?", N, "nothing"],
  ["trv_q_activities", "plage et gastronomie", v(["plage", "gastronomie"]), "multi"],
  ["trv_q_activities", "hiking and museums", v(["randonnee", "musees"]), "multi"],
  ["trv_q_activities", "surtout la plage, pas de rando", v(["plage"]), "multi"],
  ["trv_q_activities", "un peu de tout", v(["plage", "randonnee", "musees", "gastronomie"]), "multi"],
  ["trv_q_activities", "food!", v(["gastronomie"]), "multi"],
  ["trv_q_destination", "Lisbonne", v("Lisbonne"), "text"],
  ["trv_q_destination", "quelque part au soleil", v("quelque part au soleil"), "text"],
  ["trv_q_destination", "no idea, surprise me", D, "dont_know"],
];

// Written after all the rules, as one more blind check: every entry is held out.
const MOVING: Row[] = [
  ["mov_q_volume", "environ 30 m3", v(30), "number"],
  ["mov_q_volume", "a 3-room flat, maybe 40 cubic meters", v(40), "number"],
  ["mov_q_volume", "aucune idée, c'est un T2", D, "dont_know"],
  ["mov_q_volume", "20-25 m³", v(22.5), "number"],
  ["mov_q_volume", "une quinzaine de mètres cubes", v(15), "number"],
  ["mov_q_floor", "3e étage", v(3), "count"],
  ["mov_q_floor", "rez-de-chaussée", N, "nothing"],
  ["mov_q_floor", "4th floor, no lift", v(4), "passing", { mov_lift: false }],
  ["mov_q_floor", "au 2", v(2), "count"],
  ["mov_q_floor", "cinquième", N, "nothing"],
  ["mov_q_lift", "oui mais il est petit", v(true), "boolean"],
  ["mov_q_lift", "pas d'ascenseur", v(false), "boolean"],
  ["mov_q_lift", "no elevator", v(false), "boolean"],
  ["mov_q_lift", "il y en a un", N, "nothing"],
  ["mov_q_lift", "yes there is a lift", v(true), "boolean"],
  ["mov_q_date", "le 30 janvier", v("2027-01-30"), "date"],
  ["mov_q_date", "fin mars", v("2027-03-31"), "date"],
  ["mov_q_date", "n'importe quel samedi de janvier", N, "nothing"],
  ["mov_q_date", "the 2nd of february", v("2027-02-02"), "date"],
  ["mov_q_date", "dans 10 jours", v("2026-12-11"), "date"],
  ["mov_q_distance", "environ 450 km", v(450), "number"],
  ["mov_q_distance", "Paris - Lyon", N, "nothing"],
  ["mov_q_distance", "même ville, 5 km", v(5), "number"],
  // Miles for a distance in km are converted, held loosely (s18: the sixth tester's convention; it was "nothing").
  ["mov_q_distance", "about 300 miles", v(483, { tentative: true, alternatives: [482.8, 482.803, 482.8032, 480, 482] }), "number"],
  ["mov_q_distance", "moins de 10 km", v(10), "number"],
  ["mov_q_packing", "oui, tout", v(true), "boolean"],
  ["mov_q_packing", "non on s'en occupe", v(false), "boolean"],
  ["mov_q_packing", "just the fragile stuff", N, "nothing"],
  ["mov_q_packing", "we'll pack ourselves", N, "nothing"],
  ["mov_q_items", "un piano droit", v(["piano"]), "multi"],
  ["mov_q_items", "a piano and a big fridge", v(["piano", "frigo"]), "multi"],
  ["mov_q_items", "rien de spécial", v([]), "multi"], // s16 resid4: as "aucun" to evt_q_diet
  ["mov_q_items", "un aquarium de 200 litres", v(["aquarium"]), "multi"],
  ["mov_q_items", "coffre fort", v(["coffre"]), "multi"],
  ["mov_q_items", "pas de piano", N, "nothing"],
];

// Written last, as a blind check close to the rental domain but worded differently: every entry is held out.
const FLATSHARE: Row[] = [
  ["fls_q_budget", "500 balles max", v(500), "number"],
  ["fls_q_budget", "six cents euros charges comprises", v(600), "number"],
  ["fls_q_budget", "around 700 a month", v(700), "number"],
  ["fls_q_budget", "entre 450 et 550", v(500), "number"],
  ["fls_q_budget", "mes parents m'aident, 400 + APL", v(400, { tentative: true }), "number"],
  ["fls_q_budget", "le moins possible lol", N, "nothing"],
  ["fls_q_mates", "3 max", v(3), "count"],
  ["fls_q_mates", "pas plus de deux", v(2), "count"],
  ["fls_q_mates", "peu importe", N, "nothing"],
  ["fls_q_mates", "a big flatshare is fine, up to 6", v(6), "count"],
  ["fls_q_entry", "septembre", v("2027-09-01"), "date"],
  ["fls_q_entry", "dès le 1er janvier", v("2027-01-01"), "date"],
  ["fls_q_entry", "from next month", v("2027-01-01"), "date"],
  ["fls_q_entry", "rentrée 2027", N, "nothing"],
  ["fls_q_pets", "un chat très sage", v(true), "boolean"],
  ["fls_q_pets", "nope no pets", v(false), "boolean"],
  ["fls_q_pets", "pas pour l'instant", v(false), "boolean"],
  ["fls_q_smoke", "non-fumeuse", v(false), "boolean"],
  ["fls_q_smoke", "je fume sur le balcon seulement", v(true), "boolean"],
  ["fls_q_smoke", "I vape, does that count?", N, "nothing"],
  ["fls_q_status", "étudiante en master", v("etudiant"), "choice"],
  ["fls_q_status", "je bosse en CDI", v("salarie"), "choice"],
  ["fls_q_status", "freelance", v("independant"), "choice"],
  ["fls_q_status", "je cherche du travail", v("demandeur"), "choice"],
  ["fls_q_status", "en alternance", N, "nothing"],
  ["fls_q_equipment", "wifi obligatoire", v(["wifi"]), "multi"],
  ["fls_q_equipment", "washing machine and wifi", v(["lave_linge", "wifi"]), "multi"],
  ["fls_q_equipment", "tout sauf parking", v(["lave_linge", "wifi", "balcon"]), "multi"],
  ["fls_q_equipment", "un balcon ce serait top mais pas obligatoire", v(["balcon"]), "multi"],
  ["fls_q_area", "près de la fac", v("près de la fac"), "text"],
  ["fls_q_area", "je préfère ne pas préciser", R, "refusal"],
  ["fls_q_area", "aucune préférence", N, "nothing"],
  ["fls_q_budget", "600, et j'ai un chien", v(600), "passing", { fls_pets: true }],
];

const blindRows = (domain: CorpusEntry["domain"], list: BlindRow[]): CorpusEntry[] =>
  rows(domain, list).map((e) => ({ ...e, blind: true as const }));

export const CORPUS: readonly CorpusEntry[] = [
  ...rows("furniture", FURNITURE),
  ...rows("rental", RENTAL),
  ...rows("job", JOB).map((e) => ({ ...e, h: true as const })),
  ...rows("event", EVENT).map((e) => ({ ...e, h: true as const })),
  ...rows("insurance", INSURANCE).map((e) => ({ ...e, h: true as const })),
  ...rows("travel", TRAVEL).map((e) => ({ ...e, h: true as const })),
  ...rows("moving", MOVING).map((e) => ({ ...e, h: true as const })),
  ...rows("flatshare", FLATSHARE).map((e) => ({ ...e, h: true as const })),
  ...blindRows("car", CAR),
  ...blindRows("reno", RENO),
  ...blindRows("gym", GYM),
  ...rows("loan", LOAN).map((e) => ({ ...e, fresh: true as const })),
  ...[
    ["pet", PET],
    ["internet", NET],
    ["language", LANG],
    ["wedding", WED],
  ].flatMap(([domain, list]) => rows(domain as CorpusEntry["domain"], list as BlindRow[]).map((e) => ({ ...e, blind3: true as const }))),
  ...[
    ["restaurant", RST],
    ["childcare", GDE],
    ["solar", SOL],
    ["physio", PHY],
  ].flatMap(([domain, list]) => rows(domain as CorpusEntry["domain"], list as BlindRow[]).map((e) => ({ ...e, blind4: true as const }))),
  ...[
    ["garage", GAR],
    ["university", UNI],
    ["leave", CNG],
    ["home", HOME],
  ].flatMap(([domain, list]) => rows(domain as CorpusEntry["domain"], list as BlindRow[]).map((e) => ({ ...e, blind5: true as const }))),
  ...[
    ["dentist", DEN],
    ["bike", BIK],
    ["tax", IMP],
    ["cleaning", MEN],
  ].flatMap(([domain, list]) => rows(domain as CorpusEntry["domain"], list as BlindRow[]).map((e) => ({ ...e, blind6: true as const }))),
  ...[
    ["optician", OPT],
    ["helpdesk", HLP],
    ["garden", JAR],
    ["music", MUS],
  ].flatMap(([domain, list]) => rows(domain as CorpusEntry["domain"], list as BlindRow[]).map((e) => ({ ...e, blind7: true as const }))),
  ...[
    ["catering", CAT],
    ["coworking", COW],
    ["vet", VET],
    ["hairdresser", COI],
  ].flatMap(([domain, list]) => rows(domain as CorpusEntry["domain"], list as BlindRow[]).map((e) => ({ ...e, blind8: true as const }))),
  ...[
    ["photographer", PHO],
    ["callout", CAL],
    ["driving", AUT],
    ["tutoring", TUT],
  ].flatMap(([domain, list]) => rows(domain as CorpusEntry["domain"], list as BlindRow[]).map((e) => ({ ...e, blind9: true as const }))),
  ...[
    ["pharmacy", RX],
    ["volunteer", VOL],
    ["kitchen", CUI],
    ["vegbox", PAN],
  ].flatMap(([domain, list]) => rows(domain as CorpusEntry["domain"], list as BlindRow[]).map((e) => ({ ...e, blind10: true as const }))),
  ...[
    ["storage", STO],
    ["running", RUN],
    ["pool", PIS],
    ["boat", BAT],
  ].flatMap(([domain, list]) => rows(domain as CorpusEntry["domain"], list as BlindRow[]).map((e) => ({ ...e, blind11: true as const }))),
  ...[
    ["dogwalk", DOG],
    ["roofing", ROOF],
    ["dietitian", DIET],
    ["chimney", RAM],
  ].flatMap(([domain, list]) => rows(domain as CorpusEntry["domain"], list as BlindRow[]).map((e) => ({ ...e, blind12: true as const }))),
  ...[
    ["boiler", BOIL],
    ["donation", DON],
    ["gite", GITE],
    ["upholsterer", TAP],
  ].flatMap(([domain, list]) => rows(domain as CorpusEntry["domain"], list as BlindRow[]).map((e) => ({ ...e, blind13: true as const }))),
  ...[
    ["tattoo", TAT],
    ["hearing", HEAR],
    ["piano", PIANO],
    ["tasting", VIN],
  ].flatMap(([domain, list]) => rows(domain as CorpusEntry["domain"], list as BlindRow[]).map((e) => ({ ...e, blind14: true as const }))),
  ...[
    ["sleep", SLEEP],
    ["evcharger", EVC],
    ["swimming", NAGE],
    ["honey", MIEL],
  ].flatMap(([domain, list]) => rows(domain as CorpusEntry["domain"], list as BlindRow[]).map((e) => ({ ...e, blind15: true as const }))),
];
