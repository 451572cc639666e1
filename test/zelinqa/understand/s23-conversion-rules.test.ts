// Amounts said per another period and lengths said in another unit (s23): a month is said to be 4 weeks, so a weekly
// amount for a monthly target is 4 times it and a monthly one for a weekly target a quarter of it, loosely (a calendar
// average gave 217.41 for "50 € par semaine"); a figure that had to be rounded is kept to the cent and held loosely.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget as target, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const monthly = target("number", 0, 5000, "Budget mensuel (€)", "Quel budget par mois ?");
const perMonth = target("number", 0, 5000, "Monthly budget (£)", "What can you spend per month?");
const weekly = target("number", 0, 1000, "Budget par semaine (€)", "Combien par semaine ?");
const hoursWeek = target("number", 0, 80, "Hours per week", "How many hours a week can you give?");

void describe("an amount said per week for a monthly target, or per month for a weekly one", () => {
  void it("counts four weeks in a month, loosely", () => {
    assert.deepEqual(read("50€ par semaine", monthly), [200, "fuzzy"]);
    assert.deepEqual(read("£30 a week", perMonth), [120, "fuzzy"]);
    assert.deepEqual(read("80€ par mois", weekly), [20, "fuzzy"]);
    assert.deepEqual(read("12 hours a month", hoursWeek), [3, "fuzzy"]);
  });

  void it("keeps a year's twelve months exact, and a figure rounded to the cent loose", () => {
    assert.deepEqual(read("1200 par an", monthly), [100, "exact"]);
    assert.deepEqual(read("£500 a year", perMonth), [41.67, "fuzzy"]);
    assert.deepEqual(read("1000 € par an", weekly), [19.23, "fuzzy"]);
  });

  void it("converts nothing said in the target's own period", () => {
    assert.deepEqual(read("200 par mois", monthly), [200, "exact"]);
    // (s26) In the target's currency: "£45" is no amount of a budget in euros.
    assert.deepEqual(read("45 € a week", weekly), [45, "exact"]);
  });
});

void describe("a length said in another unit", () => {
  const km = target("number", 0, 500, "Distance (km)", "How far do you ride?");
  const trajet = target("number", 0, 500, "Trajet quotidien (km)", "Quelle distance faites-vous ?");
  const speed = target("number", 0, 200, "Vitesse (km/h)");
  void it("is kept to the hundredth when the factor leaves more, loosely", () => {
    assert.deepEqual(read("8 miles", km), [12.87, "fuzzy"]);
    assert.deepEqual(read("environ 3 miles", trajet)?.[0], 4.83);
  });
  void it("keeps a result that is exact to the thousandth", () => {
    assert.deepEqual(read("12 noeuds", speed), [22.224, "exact"]);
    assert.deepEqual(read("2500 m", km), [2.5, "exact"]);
  });
});
