// A short word with another first letter is another word, no typo of an option's word (s23): "the vegan dish" is no
// "Fish", "le mois prochain" no "Parquet bois". Typos that keep the first letter ("fihs", "bios", "slaon") still match.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, readDirect, singleChoice } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const meal = choiceTarget(
  "Meal",
  singleChoice(["vegetarian", "fish", "meat"]),
  [
    ["Vegetarian", "vegetarian"],
    ["Fish", "fish"],
    ["Meat", "meat"],
  ],
  "Which meal would you like?",
);
const floor = choiceTarget(
  "Revêtement",
  singleChoice(["bois", "carrelage", "moquette"]),
  [
    ["Parquet bois", "bois"],
    ["Carrelage", "carrelage"],
    ["Moquette", "moquette"],
  ],
  "Quel revêtement de sol ?",
);

void describe("a short word with another first letter", () => {
  void it("names no option, in either language", () => {
    assert.equal(read("the vegan dish", meal), null);
    assert.equal(read("a wish", meal), null);
    assert.equal(read("le mois prochain", floor), null);
  });
  void it("leaves typos that keep the first letter, and exact words, as they were", () => {
    assert.deepEqual(read("fihs", meal), ["fish", "fuzzy"]);
    assert.deepEqual(read("bios", floor), ["bois", "fuzzy"]);
    assert.deepEqual(read("du parquet bois", floor), ["bois", "exact"]);
  });
});
