// Two alternatives for a count (s21, changed at s25): "one or two", "un ou deux", "3 ou 4 personnes", as "2 or 3" in
// digits, give the first held loosely (s21 to s24: none), never the larger one confirmed nor both added up. A range ("2-3", "deux-trois") keeps its reading
// (the larger, held loosely), a self-correction keeps the corrected value, and a measured value keeps its rules.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget, readDirect } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const read = (text: string, t: ExtractionTarget) => readDirect(text, t, TODAY);

const visitors = labelledTarget(
  { type: "integer", minimum: 1, maximum: 12 },
  { label: "Visitors", question: "How many visitors are coming?" },
);
const convives = labelledTarget(
  { type: "integer", minimum: 1, maximum: 12 },
  { label: "Nombre de convives", question: "Vous serez combien à table ?" },
);
const boxes = labelledTarget({ type: "integer", minimum: 1, maximum: 30 }, { label: "Number of boxes", question: "How many boxes?" });
const budget = labelledTarget({ type: "number", minimum: 0, maximum: 100000 }, { label: "Budget (€)", question: "Quel budget ?" });
const spend = labelledTarget({ type: "number", minimum: 0, maximum: 100000 }, { label: "Budget", question: "How much can you spend?" });
const lessons = labelledTarget(
  { type: "number", minimum: 0, maximum: 40 },
  { label: "Hours of lessons", question: "How many hours of lessons?" },
);
const semaines = labelledTarget(
  { type: "integer", minimum: 1, maximum: 52 },
  { label: "Durée du séjour en semaines", question: "Combien de semaines ?" },
);

void describe("two alternatives for a count", () => {
  // (s25) Two alternatives alone for a count give the first, loosely (they gave none from s17 to s24).
  void it("give the first, loosely, when the first is said as the word one", () => {
    assert.deepEqual(read("one or two", visitors), [1, "fuzzy"]);
    assert.deepEqual(read("un ou deux", convives), [1, "fuzzy"]);
    assert.deepEqual(read("une ou deux personnes", convives), [1, "fuzzy"]);
    assert.deepEqual(read("one or two boxes I guess", boxes), [1, "fuzzy"]);
    assert.deepEqual(read("one visitor or two", visitors), [1, "fuzzy"]);
  });

  void it("never add the two alternatives up as two groups of people", () => {
    assert.deepEqual(read("3 ou 4 personnes", convives), [3, "fuzzy"]);
    assert.deepEqual(read("three or four people", visitors), [3, "fuzzy"]);
    assert.deepEqual(read("5 ou 6 adultes", convives), [5, "fuzzy"]);
  });

  void it("read as before: digits alternatives, ranges, a leaning second guess, a self-correction", () => {
    assert.deepEqual(read("4 or 5", visitors), [4, "fuzzy"]);
    assert.deepEqual(read("2-3", boxes), [3, "fuzzy"]);
    assert.deepEqual(read("deux-trois", convives), [3, "fuzzy"]);
    assert.deepEqual(read("4 or maybe 5", boxes), [4, "fuzzy"]);
    assert.deepEqual(read("one or two? two.", visitors), [2, "fuzzy"]);
    assert.deepEqual(read("just the 2 of us", visitors), [2, "exact"]);
  });
});

void describe("two alternatives for a measured value", () => {
  void it("give the first said, held loosely, the word one included", () => {
    assert.deepEqual(read("one or two hours", lessons), [1, "fuzzy"]);
    assert.deepEqual(read("une ou deux semaines", semaines), [1, "fuzzy"]);
    assert.deepEqual(read("3 or 4 hours", lessons), [3, "fuzzy"]);
  });

  void it("keep the range rule: between two values, their middle held loosely", () => {
    assert.deepEqual(read("between 2 and 3 hours", lessons), [2.5, "fuzzy"]);
    assert.deepEqual(read("entre 2 et 3 heures", lessons), [2.5, "fuzzy"]);
  });
});

void describe("two alternatives for an amount", () => {
  void it("give no value when the multiplier is said once for both", () => {
    assert.equal(read("un ou deux mille", budget), null);
    assert.equal(read("one or two thousand", spend), null);
  });

  void it("read as before: one amount, an amount with its multiplier, digits alternatives", () => {
    assert.deepEqual(read("deux mille", budget), [2000, "exact"]);
    assert.deepEqual(read("two thousand max", spend), [2000, "exact"]);
    assert.equal(read("1000 or 2000", spend), null);
  });
});
