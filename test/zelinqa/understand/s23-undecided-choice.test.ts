// A single choice left open (s23): the option read said against another alternative, with a hesitation, is no choice:
// "voilier ou cata, on hésite", "buffet or maybe seated, not sure". Without a hesitation, or with "or so", the
// earlier rules keep their reading.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, readDirect, singleChoice } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const heating = choiceTarget(
  "Chauffage",
  singleChoice(["gaz", "electrique", "bois", "autre"]),
  [
    ["Gaz", "gaz"],
    ["Électrique", "electrique"],
    ["Poêle à bois", "bois"],
    ["Autre", "autre"],
  ],
  "Quel chauffage avez-vous ?",
);
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

void describe("a choice left open against another alternative", () => {
  void it("reads nothing when a hesitation goes with it, in either language", () => {
    assert.equal(read("gaz ou pompe à chaleur, on hésite", heating), null);
    assert.equal(read("bois ou peut-être granulés", heating), null);
    assert.equal(read("fish or maybe the vegan curry, not sure", meal), null);
    assert.equal(read("meat or the chef's special, I don't know yet", meal), null);
  });

  void it("keeps a plain choice, an alternative without hesitation, and 'or so'", () => {
    assert.deepEqual(read("gaz", heating), ["gaz", "exact"]);
    assert.deepEqual(read("fish, I think", meal)?.[0], "fish");
    assert.deepEqual(read("fish or so, I think", meal)?.[0], "fish");
    assert.equal(read("poêle à bois ou pas, je sais pas", heating)?.[0] === "gaz", false);
  });
});
