// "De temps en temps", "from time to time", "sometimes" are vague rates (s23): on a scale of frequencies the option
// nearest them is held loosely (it was an exact "every two weeks").
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, readDirect, singleChoice } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const visits = choiceTarget(
  "Fréquence des visites",
  singleChoice(["hebdo", "quinzaine", "mensuel"]),
  [
    ["Chaque semaine", "hebdo"],
    ["Toutes les deux semaines", "quinzaine"],
    ["Une fois par mois", "mensuel"],
  ],
  "À quelle fréquence ?",
);
const cleaning = choiceTarget(
  "Cleaning frequency",
  singleChoice(["weekly", "fortnightly", "monthly"]),
  [
    ["Every week", "weekly"],
    ["Every two weeks", "fortnightly"],
    ["Once a month", "monthly"],
  ],
  "How often?",
);

void describe("a vague rate on a scale of frequencies", () => {
  void it("is held loosely", () => {
    assert.equal(read("de temps en temps", visits)?.[1], "fuzzy");
    assert.equal(read("from time to time", cleaning)?.[1], "fuzzy");
    assert.equal(read("sometimes", cleaning)?.[1], "fuzzy");
  });
  void it("leaves a stated rate exact", () => {
    assert.deepEqual(read("toutes les deux semaines", visits), ["quinzaine", "exact"]);
    assert.deepEqual(read("every week", cleaning), ["weekly", "exact"]);
  });
});
