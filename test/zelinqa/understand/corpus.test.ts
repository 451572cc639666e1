// The understanding corpus as a regression floor (issue 10 item 4): `npm run corpus` prints the tables; this
// test fails when a score drops below the floor reached, or when any wrong value is stored as confirmed.
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { rate, runCorpus, scoreTables } from "../../../harness/understanding-corpus/corpus-runner.js";
import type { EntryResult } from "../../../harness/understanding-corpus/corpus-runner.js";

/**
 * Floors reached on 2026-12-01 (926 answers: 914 right; the first 610 answers: 607 right); raise them when the
 * rules improve, never lower them quietly. The overall floor went from 0.99 to 0.985 when the second tester's
 * 316 answers were added (blind: first run 80.0%, now 98.1%; fresh loan domain: first run 69.6%, now 92.9%);
 * the loan domain is held to the `fresh` floor rather than the per-domain one. The third tester's 416 answers in four
 * new domains (blind3: first run 77.6% with 10 wrong values confirmed) reached 97.6% with none; overall 98.7%; the
 * domain floor went from 0.965 to 0.96 for the internet domain (96.2%). The fourth tester's 450 answers in four new
 * domains (blind4: restaurant, childcare, solar, physio) first ran at 70.4% (317 of 450) with 15 wrong values
 * confirmed; general rules (dates asked as already past, scores, ages, arithmetic a careful reader does, people of one
 * kind, a "none" option that is exclusive, times of day, compass points, word forms, opposites for yes/no, facts said
 * in passing) took them to 91.3% with none, the earlier splits unchanged or better. The overall floor went from 0.985 to
 * 0.97 and the category floor from 0.965 to 0.95 because of those 450 harder answers; residual rules then took
 * blind4 to 93.1%. The fifth tester's 477 answers in four more new domains (blind5: garage, university, leave, home)
 * first ran at 80.7% (385 of 477) with 7 wrong values confirmed; a first fix pass took them to 84.7% with none. With
 * them, overall 95.0% (floor 0.97 → 0.95) and the lowest categories choice 91.2%, multi 91.1%, passing 92.1%
 * (category floor 0.95 → 0.91, passing 0.95 → 0.92): these are the next work, raise the floors with them.
 * The sixth tester's 493 answers in four more new domains (blind6: dentist, bike, tax, cleaning) first ran at 71.6%
 * (353 of 493) with 12 wrong values confirmed. Session s17's fixes took the whole corpus to 96.1% with none: the
 * choice and value fixers worked from the fifth round's misses without seeing blind6 (it moved 71.6% → 73.6% with
 * their rules alone, the 12 wrong values still there: rules from one round generalise little to the next), two more fixers from blind6's own misses
 * (ordered scales, the Other option, the 12 wrong values) took it to 82.8%. Lowest categories now number 94.8%,
 * choice 95.0%, passing 92.9%.
 * The seventh tester's 499 answers in four more new domains (blind7: optician, helpdesk, garden, music) first ran at
 * 80.0% (399 of 499: optician 102/126 81.0%, helpdesk 91/124 73.4%, garden 101/125 80.8%, music 105/124 84.7%)
 * with 10 wrong values confirmed (9 after the tester's one encoding fix, "400 par an" → 33.333 accepted); the whole
 * corpus went from 96.1% to 93.7% (choice 89.2%, multi 92.2%, passing 87.8%). Session s18: a general fixer working
 * without seeing blind7 (a doubt guard, counts of people, units) and two fixers from blind7's misses (choices; values)
 * took blind7 to 93.4% and the whole corpus to 96.2% (3138 of 3261), none wrong confirmed; blind6 82.8% → 86.0%.
 * The eighth tester's 514 answers (blind8: catering, coworking, vet, hairdresser), written after those fixes, first ran
 * at 83.5% (429 of 514) with 9 wrong values confirmed; a short pass on its wrong values, past dates asked as "the last
 * …", weights in kilos and grams, counts and yes/no forms took it to 87.4%, none wrong confirmed. Its choices (scales
 * whose labels give no rate, the Other option, paraphrases) were not worked on yet: the whole corpus is at 95.0% and
 * choice at 90.2%, multi 92.5%, hence overall 0.96 → 0.95 and category 0.94 → 0.90; every earlier split and domain
 * keeps its own floor below, so nothing that was read before may be lost. Session s19 read those choices from the
 * labels (frequencies without a rate, ranges of offers and of people, a bare no to a yes/no-worded choice, the none
 * option said as a belief, a plain noun phrase for a bare Other): blind8 92.4%, overall 95.8%, choice 92.9%, multi 94.2%,
 * hence overall 0.95 → 0.955 and category 0.90 → 0.92. The ninth tester's 625 answers (blind9: photographer, call-out,
 * driving school, tutoring), written after that, first ran at 74.2% (464 of 625) with 14 wrong values confirmed; three
 * passes the same session (its wrong values, hours of the day, years alone, ages, amounts per hour; values in passing,
 * refusals, indirect yes/no, counts; scales said in other words, range bounds, moments of the day) took it to 88.3%,
 * none wrong confirmed. With its harder answers the whole corpus is at 94.8%, choice 90.4%, passing 88.2%: overall
 * 0.955 → 0.945, category 0.92 → 0.90, passing 0.91 → 0.88; every earlier split and domain keeps its own floor.
 * Session s20: the tenth tester's 648 answers (blind10: pharmacy delivery, volunteer sign-up, kitchen fitting, vegetable
 * box; weights, distances, shares in %, durations in weeks and months, dates of birth) first ran at 75.9% with 20 wrong
 * values confirmed; three passes (dates and notes; numbers and units; choices, multiple choices, yes/no) took it to
 * 90.3%, none wrong confirmed. The whole corpus is at 94.3%, choice 89.7%, passing 85.8%: overall 0.945 → 0.94,
 * category 0.90 → 0.89, passing 0.88 → 0.85; every earlier split and domain keeps its own floor.
 */
/**
 * Session s21: the eleventh tester's 666 answers (blind11: self-storage, running coach, pool maintenance, boat rental;
 * areas in m², volumes in litres, minutes, km/h, hours per night and per day, years of practice), committed before
 * their first run, ran at 75.7% with 17 wrong values confirmed; three passes (dates, notes and yes/no; numbers, units
 * and counts; choices, multiple choices, scales and values in passing) took it to 83.0%, none wrong confirmed. The whole
 * corpus is at 93.1%, choice 88.7%, passing 82.2%: overall 0.94 → 0.93, category 0.89 → 0.88, passing 0.85 → 0.81;
 * every earlier split and domain keeps its own floor.
 */
/**
 * Session s24: the twelfth tester's 597 answers (blind12: dog walking, roofing, dietitian, chimney sweep; kg, stone and
 * lb, dog ages in months and weeks, minutes, walks per week, m², metres and feet, cm, litres per day, hours per night,
 * stères), committed before their first run, ran at 81.4% with 10 wrong values confirmed; three fixers (dates, notes,
 * refusals, yes/no; numbers, units and counts; choices, multiple choices and values in passing) took blind12 to 86.8%,
 * none wrong confirmed. The whole corpus is at 93.2%, choice 87.1%, passing 81.0%: overall 0.93, category 0.87.
 */
/**
 * Session s25: the thirteenth tester's 594 answers (blind13: boiler service, blood donation, holiday rental,
 * upholsterer; years, m², bar, kg, stone and lb, cm and feet, hours of sleep, nights, km, metres of fabric), committed
 * before their first run, ran at 82.3% with 7 wrong values confirmed; three fixers (questions back, not-applicable,
 * dates; counts, amounts per thing, "X or Y"; choices) took blind13 to 86.7%, none wrong confirmed. The whole corpus is
 * at 92.9%, choice 86.7%, passing 78.3%: overall 0.92, category 0.86, passing 0.78.
 * Session s26: the fourteenth tester's 595 answers (blind14: tattoo appointment, hearing test, piano lessons, wine
 * tasting; cm and inches, hours a week, minutes, km, £ and €, counts of ears and lessons), committed before their first
 * run, ran at 84.2% with 11 wrong values confirmed; five fixers (numbers told with their source, spoken numbers, sums;
 * notes opening with a no, conditionals, dates; units, rates, currencies, counts in words; options by their place in
 * the menu; paraphrases; an age said as "I'm N") took blind14 to 90.4%, none wrong confirmed (one row's expectation widened at its tester's
 * own flag: "jazz non classique"). The whole corpus is at 92.9%, choice 86.7%, passing 77.0% (blind14's values in
 * passing, 62% on their first run): overall 0.92, category 0.86, passing 0.76.
 * Session s27: the fifteenth tester's 603 answers (blind15: sleep clinic, EV charger installation, children's swimming
 * lessons, honey order; hours, kg, stone and lb, metres, yards and feet, £, cm, km), committed before their first run,
 * ran at 80.9% with 7 wrong values confirmed (and 3 unit conversions whose exact value the tester's expectation missed,
 * widened at the tester's own flag); eight fixers (values in passing; Other and word forms; refusals, corrections and
 * facts for yes/no; options said otherwise; compound units, counts, hedges, don't-knows; the other language, dates;
 * ranges of two cases, what holds for now) took blind15 to 88.9%, none wrong confirmed. The whole corpus is at 92.9%,
 * choice 86.8%, passing 77.1%: overall 0.92, category 0.86, passing 0.76.
 */
const FLOORS = { overall: 0.92, domain: 0.965, category: 0.86 };
/** Values said in passing for another question (82.2%: mostly the later rounds', facts said in other words). */
const PASSING_FLOOR = 0.76;
/** Per split: the held-out and blind splits (first runs and what each is at now in the comments). */
const SPLIT_FLOORS: Record<string, number> = {
  "held-out": 0.99,
  blind: 0.99,
  fresh: 0.96,
  blind3: 0.99,
  blind4: 0.96,
  /** Fifth round (garage, university, leave, home): first run 80.7% with 7 wrong values confirmed, now 98.7%. */
  blind5: 0.97,
  /** Sixth round (dentist, bike, tax, cleaning): first run 71.6% (353 of 493) with 12 wrong values confirmed, now 86.0%. */
  blind6: 0.85,
  /** Seventh round (optician, helpdesk, garden, music): first run 80.0% (399 of 499) with 10 wrong confirmed, now 93.4%. */
  blind7: 0.93,
  /** Eighth round (catering, coworking, vet, hairdresser): first run 83.5% (429 of 514) with 9 wrong confirmed, now 92.4%. */
  blind8: 0.92,
  /**
   * Ninth round (photographer, callout, driving, tutoring): first run 74.2% (464 of 625) with 14 wrong confirmed; after
   * s19's three passes 88.3% (552) with none.
   */
  blind9: 0.88,
  /**
   * Tenth round (pharmacy, volunteer, kitchen, vegbox), written before any run: first run 75.9% (492 of 648) with
   * 20 wrong values confirmed; after s20's three passes 90.3% (585) with none; 91.5% (593) after s23 (a month is said
   * 4 weeks, hours per week from clock times and days, converted figures to the cent).
   */
  blind10: 0.91,
  /**
   * Eleventh round (storage, running, pool, boat), written and committed before any run: first run 75.7% (504 of 666)
   * with 17 wrong values confirmed; 83.0% and none after s21's passes; 84.7% after s22's (years since a year, zero in
   * words, days named for a per-week count, a pronoun standing for the labelled thing, two alternatives for a count);
   * 85.7% (571) after s23's; 86.3% (575) after s24's.
   */
  blind11: 0.86,
  /**
   * Twelfth round (dog walking, roofing, dietitian, chimney sweep), written and committed before any run: first run
   * 81.4% (486 of 597) with 10 wrong values confirmed; 86.8% (518), none, after s24's fixes.
   */
  blind12: 0.87,
  /**
   * Thirteenth round (boiler service, blood donation, holiday rental, upholsterer), written and committed before any
   * run: first run 82.3% (489 of 594) with 7 wrong values confirmed; 86.7% (515), none, after s25's fixes.
   */
  blind13: 0.86,
  /**
   * Fourteenth round (tattoo, hearing test, piano lessons, wine tasting), written and committed before any run: first
   * run 84.2% (501 of 595) with 11 wrong values confirmed; 90.4% (538), none, after s26's fixes.
   */
  blind14: 0.9,
  /**
   * Fifteenth round (sleep clinic, EV charger, swimming lessons, honey order), written and committed before any run:
   * first run 80.9% (488 of 603) with 7 wrong values confirmed; 88.9% (536), none, after s27's fixes.
   */
  blind15: 0.88,
};
/**
 * Per domain where the domain floor is too high: the fresh loan domain, and each blind round's domains (fourth round:
 * childcare 95.4% the lowest; fifth: leave 96.6%, garage 69.9% on its first run; sixth: tax 81.3%, dentist 69.1% on
 * its first run; seventh: optician 92.9%, helpdesk 91.9%, garden 93.6%, music 95.2%, first runs 81.0, 73.4, 80.8, 84.7).
 */
const DOMAIN_FLOORS: Record<string, number> = {
  loan: 0.96,
  ...Object.fromEntries(["restaurant", "childcare", "solar", "physio"].map((d) => [d, 0.95])),
  ...Object.fromEntries(["garage", "university", "leave", "home"].map((d) => [d, 0.96])),
  ...Object.fromEntries(["dentist", "bike", "tax", "cleaning"].map((d) => [d, 0.81])),
  optician: 0.92,
  helpdesk: 0.91,
  garden: 0.93,
  music: 0.95,
  /**
   * Eighth round, first run: catering 85.8% (115/134), coworking 84.4% (114/135), vet 78.7% (100/127), hairdresser 84.7%
   * (100/118); after s19: 91.8%, 94.8%, 88.2%, 94.9%.
   */
  catering: 0.91,
  coworking: 0.94,
  vet: 0.88,
  hairdresser: 0.94,
  /**
   * Ninth round, first run: photographer 77.8% (119/153), callout 72.4% (118/163), driving 76.3% (119/156),
   * tutoring 70.6% (108/153); after s19's three passes: photographer 94.8% (145), callout 85.9% (140), driving 91.0%
   * (142), tutoring 81.7% (125).
   */
  photographer: 0.94,
  callout: 0.85,
  driving: 0.9,
  tutoring: 0.81,
  /**
   * Tenth round, first run: pharmacy 76.0% (146/192), volunteer 74.7% (115/154), kitchen 78.3% (119/152), vegbox 74.7%
   * (112/150); after s20's passes pharmacy 87.5%, volunteer 87.0%, kitchen 90.8%, vegbox 96.7%.
   */
  pharmacy: 0.88,
  volunteer: 0.88,
  kitchen: 0.9,
  vegbox: 0.96,
  /**
   * Eleventh round, first run: storage 74.4% (125/168), running 73.7% (129/175), pool 76.3% (122/160), boat 78.5%
   * (128/163); after s21's passes storage 82.7%, running 77.1%, pool 86.9%, boat 85.9%; after s22's storage 82.7%,
   * running 79.4%, pool 88.8%, boat 88.3%; after s23's storage 83.9%, running 81.1% (pharmacy 89.1%, volunteer 89.6%).
   */
  storage: 0.83,
  running: 0.8,
  pool: 0.88,
  boat: 0.88,
  /**
   * Twelfth round, first run: dogwalk 77.2% (129/167), roofing 80.6% (112/139), dietitian 81.7% (125/153), chimney
   * 87.0% (120/138); after s24's fixes 85.6%, 89.2%, 83.7%, 89.1%.
   */
  dogwalk: 0.86,
  roofing: 0.88,
  dietitian: 0.84,
  chimney: 0.9,
  /**
   * Thirteenth round, first run: boiler 82.8% (130/157), donation 80.0% (120/150), gite 84.8% (123/145), upholsterer
   * 81.7% (116/142); after s25's fixes 89.8%, 83.3%, 89.7%, 83.8%.
   */
  boiler: 0.89,
  donation: 0.83,
  gite: 0.89,
  upholsterer: 0.83,
  /**
   * Fourteenth round, first run: tattoo 83.8% (129/154), hearing 75.9% (110/145), piano 88.6% (132/149), tasting 88.4%
   * (130/147); after s26's fixes 87.7%, 86.2%, 93.3%, 94.6%.
   */
  tattoo: 0.87,
  hearing: 0.85,
  piano: 0.93,
  tasting: 0.94,
  /**
   * Fifteenth round, first run: sleep 78.7% (118/150), evcharger 77.3% (116/150), swimming 85.8% (133/155), honey 81.8%
   * (121/148); after s27's fixes 90.0%, 87.3%, 89.7%, 88.5%.
   */
  sleep: 0.9,
  evcharger: 0.87,
  swimming: 0.89,
  honey: 0.88,
};

void describe("understanding corpus", () => {
  let results: EntryResult[] = [];
  before(async () => {
    results = await runCorpus();
  });

  void it("U20: the corpus has at least 200 answers in both languages, over twenty domains and every category", () => {
    assert.ok(results.length >= 200);
    assert.deepEqual(
      new Set(results.map((r) => r.entry.domain)),
      new Set([
        ...["furniture", "rental", "job", "event", "insurance", "travel", "moving", "flatshare", "car", "reno", "gym", "loan"],
        ...["pet", "internet", "language", "wedding"],
        ...["restaurant", "childcare", "solar", "physio"],
        ...["garage", "university", "leave", "home"],
        ...["dentist", "bike", "tax", "cleaning"],
        ...["optician", "helpdesk", "garden", "music"],
        ...["catering", "coworking", "vet", "hairdresser"],
        ...["photographer", "callout", "driving", "tutoring"],
        ...["pharmacy", "volunteer", "kitchen", "vegbox"],
        ...["storage", "running", "pool", "boat"],
        ...["dogwalk", "roofing", "dietitian", "chimney"],
        ...["boiler", "donation", "gite", "upholsterer"],
        ...["tattoo", "hearing", "piano", "tasting"],
        ...["sleep", "evcharger", "swimming", "honey"],
      ]),
    );
    const categories = new Set(results.map((r) => r.entry.category));
    for (const c of ["number", "count", "date", "boolean", "choice", "multi", "text", "refusal", "dont_know", "passing", "nothing"])
      assert.ok(categories.has(c as never), c);
  });

  void it("U21: no wrong value is ever stored as confirmed", () => {
    const wrong = results
      .filter((r) => r.wrongConfirmed.length > 0)
      .map((r) => `${r.entry.question} "${r.entry.text}" → ${r.wrongConfirmed.join(",")}`);
    assert.deepEqual(wrong, []);
  });

  void it("U22: the overall, per-domain, per-category and held-out scores stay at or above their floors", () => {
    const tables = scoreTables(results);
    const low: string[] = [];
    for (const row of tables.overall) if (rate(row) < FLOORS.overall) low.push(`overall ${rate(row).toFixed(3)}`);
    for (const row of tables.domain) {
      if (rate(row) < (DOMAIN_FLOORS[row.group] ?? FLOORS.domain)) low.push(`domain ${row.group} ${rate(row).toFixed(3)}`);
    }
    for (const row of tables.category)
      if (rate(row) < (row.group === "passing" ? PASSING_FLOOR : FLOORS.category))
        low.push(`category ${row.group} ${rate(row).toFixed(3)}`);
    for (const row of tables.split) {
      if (rate(row) < (SPLIT_FLOORS[row.group] ?? 0)) low.push(`${row.group} ${rate(row).toFixed(3)}`);
    }
    assert.deepEqual(low, []);
  });
});
