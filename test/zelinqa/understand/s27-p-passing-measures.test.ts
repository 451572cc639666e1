// s27 fixer p: a measure said in two units at once ("1m75", "5 ft 10", "3kg500") is a measure by its form: in passing
// it goes to the target measured in that kind of unit, converted; a measure in one unit is still never converted there.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractIndirect, indirectText } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget as target, readDirect } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const inPassing = (text: string, t: ExtractionTarget) => extractIndirect(indirectText(text, TODAY, false), t)?.value ?? null;

const child = target("number", 50, 200, "Taille de l'enfant (cm)", "Combien mesure votre enfant (cm) ?");
const rider = target("number", 120, 220, "Rider height (cm)", "How tall is the rider (cm)?");
const luggage = target("number", 1, 40, "Poids du bagage (kg)", "Combien pèse votre bagage (kg) ?");
const trail = target("number", 1, 100, "Trail length (km)", "How long is the trail (km)?");

void describe("a measure in two units said in passing (SPM-01)", () => {
  void it("goes to the target measured in its kind, converted", () => {
    assert.equal(inPassing("22 kilos, 1m18", child), 118);
    assert.equal(inPassing("elle pèse 25 kg pour 1 m 26", child), 126);
    assert.equal(inPassing("road bike, I'm 5 ft 10", rider), 177.8);
    assert.equal(inPassing("une valise de 12kg500", luggage), 12.5);
  });
  void it("leaves a measure in one unit unconverted, and another kind aside", () => {
    assert.equal(inPassing("elle fait 1,26 m", child), null);
    assert.equal(inPassing("the start is 1.68 m above sea level", trail), null);
    assert.equal(inPassing("22 kilos", child), null);
    assert.equal(inPassing("1m18", luggage), null);
  });
  void it("keeps a measure already in the target's unit", () => {
    assert.equal(inPassing("22 kilos, 118 cm", child), 118);
  });
});

const beds = target("integer", 0, 10, "Extra beds", "How many extra beds do you need?");
const keys = target("integer", 0, 10, "Spare keys", "How many spare keys will you leave?");
const bols = target("integer", 0, 20, "Nombre de bols", "Combien de bols voulez-vous ?");

void describe("one thing named by the singular of a short plural label noun (SPM-02)", () => {
  void it("counts one, in passing as in a reply to its question", () => {
    assert.equal(inPassing("a double room, and one bed", beds), 1);
    assert.equal(inPassing("blue door, and one key under the mat", keys), 1);
    assert.equal(inPassing("en grès, et un bol", bols), 1);
    assert.equal(inPassing("en grès, 2 bol", bols), 2);
  });
  void it("counts nothing without the article or number, nor a thing denied", () => {
    assert.equal(inPassing("blue door, key under the mat", keys), null);
    assert.equal(inPassing("a double room, not 2 beds", beds), null);
  });
});

const guests = target("integer", 1, 200, "Nombre d'invités", "Combien de personnes viendront ?");
const riders = target("integer", 1, 60, "Riders", "How many people are coming on the ride?");

void describe("an amount of money each beside a head count (SPM-03)", () => {
  void it("leaves the bare number as the count", () => {
    assert.deepEqual(readDirect("25, budget 30€ chacun", guests, TODAY)?.[0], 25);
    assert.deepEqual(readDirect("12, about £15 each", riders, TODAY)?.[0], 12);
  });
  void it("keeps an amount each without a currency as unclear", () => {
    assert.equal(readDirect("25, 30 chacun", guests, TODAY), null);
  });
});
