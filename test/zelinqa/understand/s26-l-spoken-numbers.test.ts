// s26 fixer l: numbers said the way people speak them: "one sixty-five" for a height in centimetres, "five foot
// eleven" glued ("5ft11"), "two point five" as a decimal, parts of a count said by where they are ("two in the garage,
// one in the shed"), and nothing to pay said as a clause ("parking is free for residents", "ça ne coûte rien").
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget, readDirect } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const read = (text: string, t: ExtractionTarget) => readDirect(text, t, TODAY);

const stature = boundedTarget("number", 50, 230, "Rider height (cm)", "How tall is the rider (cm)?");
const tyre = boundedTarget("number", 0, 10, "Tyre pressure (bar)", "What pressure are the tyres at (bar)?");
const dose = boundedTarget("number", 0, 20, "Dose (ml)", "Quelle dose donnez-vous (ml) ?");
const bikes = boundedTarget("integer", 0, 30, "Number of bikes", "How many bikes do you keep?");
const lampes = boundedTarget("integer", 0, 50, "Nombre de lampes", "Combien de lampes faut-il réparer ?");
const parking = boundedTarget("number", 0, 200, "Parking cost (£)", "How much do you pay for parking?");
const cantine = boundedTarget("number", 0, 500, "Frais de cantine (€)", "Combien payez-vous pour la cantine ?");
const minFee = boundedTarget("number", 5, 200, "Lesson fee (£)", "What do you charge per lesson?");

void describe("a height said as metres and centimetres in words (U29)", () => {
  void it("reads 'one sixty-five' as 165 cm, loosely when hedged", () => {
    assert.deepEqual(read("one sixty-five", stature), [165, "exact"]);
    assert.deepEqual(read("about one eighty", stature), [180, "fuzzy"]);
  });
  void it("reads feet and inches glued together", () => {
    assert.deepEqual(read("5ft11", stature), [180.34, "exact"]);
    assert.deepEqual(read("6ft", stature)?.[0], 182.88);
  });
  void it("reads no height from 'one' alone", () => {
    assert.equal(read("one", stature), null);
  });
});

void describe("a decimal said in words (U29)", () => {
  void it("reads 'point' and 'virgule' between number words", () => {
    assert.deepEqual(read("two point five", tyre), [2.5, "exact"]);
    assert.deepEqual(read("around three point two", tyre), [3.2, "fuzzy"]);
    assert.deepEqual(read("deux virgule cinq", dose), [2.5, "exact"]);
    assert.deepEqual(read("zero point seven five", tyre), [0.75, "exact"]);
  });
  void it("keeps 'at one point' as a moment, not a decimal", () => {
    assert.notDeepEqual(read("at one point two", tyre)?.[0], 1.2);
  });
});

void describe("parts of a count said by where they are (U29)", () => {
  void it("adds the parts up, loosely", () => {
    assert.deepEqual(read("two in the garage three in the hallway", bikes), [5, "fuzzy"]);
    assert.deepEqual(read("four inside and one outside", bikes), [5, "fuzzy"]);
    assert.deepEqual(read("trois dans le salon et une dans l'entrée", lampes), [4, "fuzzy"]);
  });
  void it("adds nothing when the parts are alternatives", () => {
    assert.notDeepEqual(read("2 or 3 in the garage", bikes)?.[0], 5);
  });
});

void describe("nothing to pay said as a clause (U29)", () => {
  void it("is 0 for an amount that may be 0", () => {
    assert.deepEqual(read("parking is free for residents", parking), [0, "exact"]);
    assert.deepEqual(read("it's free with my staff badge", parking), [0, "exact"]);
    assert.deepEqual(read("la cantine est gratuite cette année", cantine), [0, "exact"]);
    assert.deepEqual(read("ça ne nous coûte rien", cantine), [0, "exact"]);
  });
  void it("is no 0 when the freedom is the person's, denied, or the amount cannot be 0", () => {
    assert.equal(read("I'm free on Fridays", parking), null);
    assert.equal(read("it isn't free", parking), null);
    assert.equal(read("pas gratuit du tout", cantine), null);
    assert.equal(read("it's free for kids", minFee), null);
  });
});
