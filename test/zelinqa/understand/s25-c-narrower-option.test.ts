// s25 fixer c: a word two options' labels share, said with a word only one of them holds, names that one ("gas
// bottles" to "Mains gas" / "LPG (bottled or tank gas)"); the shared word alone, or with the other's own word, does not.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, readDirect, singleChoice } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const cooker = choiceTarget(
  "Cooker",
  singleChoice(["gas", "camping", "induction", "other"]),
  [
    ["Gas hob", "gas"],
    ["Camping stove (canister or cartridge gas)", "camping"],
    ["Induction", "induction"],
    ["Other", "other"],
  ],
  "What do you cook on?",
);
const eau = choiceTarget(
  "Eau chaude",
  singleChoice(["ballon", "solaire", "autre"]),
  [
    ["Ballon électrique", "ballon"],
    ["Ballon solaire avec capteurs", "solaire"],
    ["Autre", "autre"],
  ],
  "Comment chauffez-vous l'eau ?",
);

void describe("a shared label word said with a word of one option's own", () => {
  void it("names that option, loosely when its own word is said in another form", () => {
    assert.deepEqual(read("gas canisters mostly", cooker), ["camping", "fuzzy"]);
    assert.deepEqual(read("cartridge gas", cooker), ["camping", "exact"]);
    assert.deepEqual(read("un ballon avec des capteurs sur le toit", eau), ["solaire", "exact"]);
  });
  void it("leaves the shared word alone, negated, or beside the other option's own word to what it named", () => {
    assert.deepEqual(read("gas", cooker), ["gas", "exact"]);
    assert.deepEqual(read("gas, not canisters", cooker), ["gas", "exact"]);
    assert.deepEqual(read("a gas hob, canisters", cooker), ["gas", "exact"]);
    assert.deepEqual(read("un ballon électrique", eau), ["ballon", "exact"]);
  });
});
