// Units and hedges of the s24 fixer "b": storeys are floors ("three floors" for "Number of storeys"); a hedge after an
// amount whose currency sign comes first ("£40-ish", "$200 or so", "25€ environ") holds it loosely; "ish" glued to a
// number word ("thirtyish"); imperial units glued to the digits ("18lbs", "6ft") are converted like "18 lbs"; a bare
// "1.82" for a height in centimetres is metres.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget as target, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const storeys = target("integer", 1, 20, "Storeys", "How many storeys is the house?");
const stories = target("integer", 1, 20, "Number of stories", "How many stories does the building have?");
const spend = target("number", 0, 5000, "Budget (£)", "What is your budget?");
const prix = target("number", 0, 5000, "Prix maximum (€)", "Quel prix maximum ?");
const years = target("number", 0, 150, "House age (years)", "How old is the house?");
const weight = target("number", 0.5, 200, "Weight (kg)", "How much does it weigh (kg)?");
const height = target("number", 50, 250, "Height (cm)", "How tall are you (cm)?");

void describe("storeys counted as floors", () => {
  void it("reads floors for a count of storeys or stories", () => {
    assert.deepEqual(read("three floors", storeys), [3, "exact"]);
    assert.deepEqual(read("a terrace, 2 floors", stories), [2, "exact"]);
  });

  void it("still reads no other thing counted", () => {
    assert.equal(read("3 bedrooms", storeys), null);
  });
});

void describe("a hedge after an amount with its currency sign first", () => {
  void it("holds it loosely", () => {
    assert.deepEqual(read("£40-ish", spend), [40, "fuzzy"]);
    // (s26) In the target's currency: "$200" is no amount of a budget in pounds.
    assert.deepEqual(read("£200 or so", spend), [200, "fuzzy"]);
    assert.deepEqual(read("25€ environ", prix), [25, "fuzzy"]);
  });

  void it("keeps a plain amount exact, and a bound after it a bound", () => {
    assert.deepEqual(read("£40", spend), [40, "exact"]);
    assert.deepEqual(read("80 euros environ", prix), [80, "fuzzy"]);
    assert.deepEqual(read("£900 max", spend), [900, "exact"]);
  });
});

void describe("'ish' glued to a number word", () => {
  void it("reads the number loosely", () => {
    assert.deepEqual(read("thirtyish", years), [30, "fuzzy"]);
    assert.deepEqual(read("a hundredish years", years), [100, "fuzzy"]);
  });

  void it("reads no number from other words ending in 'ish'", () => {
    assert.equal(read("oldish", years), null);
    assert.deepEqual(read("thirty", years), [30, "exact"]);
  });
});

void describe("imperial units glued to the digits", () => {
  void it("converts them as when spaced", () => {
    assert.deepEqual(read("18lbs", weight)?.[0], 8.16);
    assert.deepEqual(read("6ft", height)?.[0], 182.88);
  });

  void it("reads an ordinal as no measure", () => {
    assert.equal(read("1st", weight), null);
  });
});

void describe("a bare decimal in metres for a target in centimetres", () => {
  void it("reads it as metres, loosely", () => {
    assert.deepEqual(read("1.82", height), [182, "fuzzy"]);
    assert.deepEqual(read("1,59", target("number", 50, 250, "Taille (cm)", "Votre taille (cm) ?")), [159, "fuzzy"]);
  });

  void it("leaves centimetres, other units and other targets alone", () => {
    assert.deepEqual(read("182", height), [182, "exact"]);
    assert.deepEqual(read("1.82", weight), [1.82, "exact"]);
  });
});
