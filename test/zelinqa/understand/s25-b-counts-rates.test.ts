// s25 fixer b: couples counted as two people each, groups of an unsaid size counting nobody, and an amount said per
// thing or per night that is no total budget.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget, readDirect } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const read = (text: string, t: ExtractionTarget) => readDirect(text, t, TODAY);

const guests = labelledTarget({ type: "integer", minimum: 1, maximum: 40 }, { label: "Guests", question: "How many people are coming?" });
const convives = labelledTarget(
  { type: "integer", minimum: 1, maximum: 40 },
  { label: "Nombre de participants", question: "Combien de personnes participeront ?" },
);
const children = labelledTarget(
  { type: "integer", minimum: 0, maximum: 20 },
  { label: "Number of children", question: "How many children?" },
);
const tripBudget = labelledTarget(
  { type: "number", minimum: 0, maximum: 50000 },
  { label: "Budget for the trip (£)", question: "What is your budget for the whole trip?" },
);
const travaux = labelledTarget(
  { type: "number", minimum: 0, maximum: 50000 },
  { label: "Budget (€)", question: "Quel budget pour les travaux ?" },
);
const weekly = labelledTarget({ type: "number", minimum: 0, maximum: 2000 }, { label: "Weekly spend (£)", question: "How much a week?" });
const perNight = labelledTarget(
  { type: "number", minimum: 0, maximum: 5000 },
  { label: "Prix par nuit (€)", question: "Combien par nuit au maximum ?" },
);

void describe("couples and groups in a count of people", () => {
  void it("counts two people in each couple, loosely", () => {
    assert.deepEqual(read("three couples", guests), [6, "fuzzy"]);
    assert.deepEqual(read("nous viendrons à trois couples", convives), [6, "fuzzy"]);
    assert.deepEqual(read("2 couples and 3 kids", guests), [7, "fuzzy"]);
  });
  void it("reads no number of persons from groups whose size is not said", () => {
    assert.equal(read("three families", guests), null);
    assert.equal(read("deux groupes", convives), null);
    assert.equal(read("trois foyers du village", convives), null);
  });
  void it("keeps a family of a said size", () => {
    assert.deepEqual(read("a family of 5", guests), [5, "exact"]);
    assert.equal(read("3 children", children)?.[0], 3);
  });
});

void describe("an amount per thing or per night for a total budget", () => {
  void it("is no total", () => {
    assert.equal(read("£90 a night", tripBudget), null);
    assert.equal(read("about 120 per night", tripBudget), null);
    assert.equal(read("80 € la nuit", travaux), null);
    assert.equal(read("40 par fenêtre", travaux), null);
    assert.equal(read("60 euros le mètre", travaux), null);
  });
  void it("is the value of a target that is itself per night, and a total stays a total", () => {
    assert.deepEqual(read("80 € la nuit", perNight), [80, "exact"]);
    assert.deepEqual(read("£1500 for the lot", tripBudget), [1500, "exact"]);
    assert.deepEqual(read("3000 € le tout", travaux)?.[0], 3000);
  });
});

void describe("an amount per thing said with an article, times its count", () => {
  void it("multiplies, loosely", () => {
    assert.deepEqual(read("£12 a lesson, 3 lessons", weekly), [36, "fuzzy"]);
  });
});
