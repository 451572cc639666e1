// s25 fixer c: a reply word with the root of a label word of the list is that word, no typo of another option's word
// ("the charge drops" beside "Battery keeps dropping charge" is no "Oil drips"); a verb of going on ("keeps") names no
// option by itself.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, multiChoice, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const car = choiceTarget(
  "Problems",
  multiChoice(["brakes", "drips", "battery", "stalls", "none"]),
  [
    ["Brakes squeal", "brakes"],
    ["Oil drips", "drips"],
    ["Battery keeps dropping charge", "battery"],
    ["Engine stalls", "stalls"],
    ["None of these", "none"],
  ],
  "Any of these problems?",
);
const poele = choiceTarget(
  "Soucis",
  multiChoice(["fumee", "vitre", "bruit", "aucun"]),
  [
    ["Fumée qui refoule", "fumee"],
    ["La vitre noircit", "vitre"],
    ["Bruit de ventilateur", "bruit"],
    ["Aucun", "aucun"],
  ],
  "Avez-vous remarqué un de ces soucis ?",
);

void describe("a reply word with the root of a label word", () => {
  void it("is that word, no typo of another option's word", () => {
    assert.deepEqual(read("the charge drops overnight", car), [["battery"], "fuzzy"]);
    assert.deepEqual(read("brakes squeal and the charge drops", car), [["brakes", "battery"], "fuzzy"]);
  });
  void it("leaves a real typo read", () => {
    assert.deepEqual(read("oil drps", car), [["drips"], "fuzzy"]);
  });
});

void describe("a verb of going on", () => {
  void it("names no option by itself", () => {
    assert.deepEqual(read("the engine keeps stalling", car), [["stalls"], "fuzzy"]);
    assert.deepEqual(read("le ventilateur fait du bruit, la vitre noircit", poele), [["vitre", "bruit"], "exact"]);
  });
});
