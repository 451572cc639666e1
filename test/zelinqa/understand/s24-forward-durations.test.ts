// A date given as a time from now in words chrono does not read, a deadline, and a weekday said as the last one (s24).
// Reference day: Tuesday 2026-12-01.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const delivery = labelledTarget({ type: "string", format: "date" }, { label: "Delivery date", question: "When do you need it delivered?" });
const chantier = labelledTarget(
  { type: "string", format: "date" },
  { label: "Début du chantier", question: "Quand voulez-vous démarrer ?" },
);
const lastService = labelledTarget(
  { type: "string", format: "date" },
  { label: "Date of the last service", question: "When was the boiler last serviced?" },
);
const derniereVisite = labelledTarget(
  { type: "string", format: "date" },
  { label: "Date de la dernière visite", question: "À quand remonte votre dernière visite ?" },
);

void describe("a date said as a time from now", () => {
  void it("reads number words and fortnights chrono leaves out, as it reads digits", () => {
    assert.deepEqual(read("dans quinze jours", chantier), read("dans 15 jours", chantier));
    // (s26) "quinze jours" and "huit jours" are French for two weeks and one: the 14th day or the 15th, the 7th or the
    // 8th (testers wrote both), so held loosely; "a fortnight" says 14 days.
    assert.deepEqual(read("dans quinze jours", chantier), ["2026-12-16", "fuzzy"]);
    assert.deepEqual(read("in a fortnight", delivery), ["2026-12-15", "exact"]);
    assert.deepEqual(read("dans huit jours si possible", chantier), ["2026-12-09", "fuzzy"]);
    assert.deepEqual(read("dans 8 jours", chantier), ["2026-12-09", "fuzzy"]);
    assert.deepEqual(read("dans 10 jours", chantier), ["2026-12-11", "exact"]);
    assert.deepEqual(read("in 15 days", delivery), ["2026-12-16", "exact"]);
  });
  void it("holds a deadline loosely: that day or before", () => {
    assert.deepEqual(read("sous huit jours", chantier), ["2026-12-09", "fuzzy"]);
    assert.deepEqual(read("d'ici quinze jours", chantier), ["2026-12-16", "fuzzy"]);
    assert.deepEqual(read("within a fortnight", delivery), ["2026-12-15", "fuzzy"]);
    assert.deepEqual(read("within 3 weeks", delivery), ["2026-12-22", "fuzzy"]);
  });
  void it("reads nothing from a duration that points nowhere", () => {
    assert.equal(read("dans une quinzaine", chantier), null);
    assert.equal(read("it takes a fortnight", delivery), null);
    assert.equal(read("ça prend quinze jours", chantier), null);
  });
});

void describe("a time from now for a date already past", () => {
  void it("is no time back: nothing rather than that many days ago", () => {
    assert.equal(read("within 3 weeks", lastService), null);
    assert.equal(read("d'ici quinze jours", derniereVisite), null);
    assert.equal(read("sous huit jours", derniereVisite), null);
  });
  void it("keeps a time back as before (held loosely since s24-fix12a: a count of weeks is a round figure)", () => {
    assert.deepEqual(read("a fortnight ago", lastService), ["2026-11-17", "fuzzy"]);
    assert.deepEqual(read("il y a trois semaines", derniereVisite), ["2026-11-10", "fuzzy"]);
  });
});

void describe("a weekday said as the last one", () => {
  void it("is the one before the reference day, whatever the target", () => {
    assert.deepEqual(read("last tuesday", delivery), ["2026-11-24", "fuzzy"]);
    assert.deepEqual(read("mardi dernier", chantier), ["2026-11-24", "fuzzy"]);
    assert.deepEqual(read("vendredi passé", derniereVisite), ["2026-11-27", "fuzzy"]);
    assert.deepEqual(read("last friday I think", lastService), ["2026-11-27", "fuzzy"]);
  });
  void it("leaves a weekday to come, and a weekday beside another use of last, to come", () => {
    assert.deepEqual(read("next tuesday", delivery), ["2026-12-08", "fuzzy"]);
    assert.deepEqual(read("friday, that's the last day I can", delivery), ["2026-12-04", "fuzzy"]);
    assert.deepEqual(read("vendredi, dernier délai", chantier), ["2026-12-04", "fuzzy"]);
  });
});
