// Dates the ninth blind round missed (s19 fix9a): a year said alone, a season with the year after it, a date that may
// still move. Cases written for these rules, in both languages, with their own labels, and what must not be read.
// Reference day: Tuesday 2026-12-01 (UTC).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget as target, readDirect } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const read = (text: string, t: ExtractionTarget) => readDirect(text, t, TODAY);
const DATE = { type: "string", format: "date" };

void describe("a year said alone", () => {
  const lastService = target(DATE, { label: "Date of the last service", question: "When was the boiler last serviced?" });
  const diplome = target(DATE, { label: "Date du dernier diplôme", question: "Quand avez-vous obtenu votre dernier diplôme ?" });
  const opening = target(DATE, { label: "Opening date", question: "When do you plan to open?" });
  void it("is its first day, loosely", () => {
    assert.deepEqual(read("back in 2018", lastService), ["2018-01-01", "fuzzy"]);
    assert.deepEqual(read("2021", lastService), ["2021-01-01", "fuzzy"]);
    assert.deepEqual(read("je crois en 2015", diplome), ["2015-01-01", "fuzzy"]);
    assert.deepEqual(read("sometime in 2028", opening), ["2028-01-01", "fuzzy"]);
    // Not read this way: a year to come for a date already past, a year gone for one to come, two years, the year of a
    // named time, a narrower date.
    assert.equal(read("in 2029", lastService), null);
    assert.equal(read("in 2020", opening), null);
    assert.equal(read("en 2015 ou 2016", diplome), null);
    assert.equal(read("rentrée 2027", opening), null);
    assert.deepEqual(read("in march 2021", lastService), ["2021-03-01", "fuzzy"]);
  });
});

void describe("a season with the year after it", () => {
  const trip = target(DATE, { label: "Departure date" });
  const travaux = target(DATE, { label: "Date des travaux", question: "Quand souhaitez-vous les travaux ?" });
  void it("is that season's middle month, loosely", () => {
    assert.deepEqual(read("winter next year", trip), ["2027-01-01", "fuzzy"]);
    assert.deepEqual(read("au printemps de l'année prochaine", travaux), ["2027-04-01", "fuzzy"]);
  });
});

void describe("a date that may still move", () => {
  const meeting = target(DATE, { label: "Meeting date" });
  const livraison = target(DATE, { label: "Date de livraison" });
  void it("is held loosely", () => {
    assert.deepEqual(read("March 4, but it might move", meeting), ["2027-03-04", "fuzzy"]);
    assert.deepEqual(read("le 12 mars, ça peut bouger", livraison), ["2027-03-12", "fuzzy"]);
  });
});
