// s27 fixer r (UND-S27-R-2): a multiple choice answered by a list of denials ("no nuts, no dairy, nothing of that
// sort", "pas de four, pas de micro-ondes") is the none option, or the empty list without one; a denial beside an
// option said plainly, a single denial, or a denial beside a don't-know keep their reading.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, multiChoice, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const allergies = choiceTarget(
  "Allergies",
  multiChoice(["nuts", "dairy", "gluten", "none"]),
  [
    ["Tree nuts or peanuts", "nuts"],
    ["Dairy", "dairy"],
    ["Gluten", "gluten"],
    ["None of these", "none"],
  ],
  "Does anyone at the table have an allergy?",
);
const equipements = choiceTarget(
  "Équipements",
  multiChoice(["lave_vaisselle", "four", "micro_ondes", "aucun"]),
  [
    ["Lave-vaisselle", "lave_vaisselle"],
    ["Four encastré", "four"],
    ["Micro-ondes", "micro_ondes"],
    ["Aucun de ceux-ci", "aucun"],
  ],
  "Quels équipements faut-il brancher ?",
);
const withoutNone = choiceTarget(
  "Toppings",
  multiChoice(["olives", "anchovies", "chilli"]),
  [
    ["Olives", "olives"],
    ["Anchovies", "anchovies"],
    ["Fresh chilli", "chilli"],
  ],
  "Which toppings should we leave on?",
);

void describe("a list of denials", () => {
  void it("is the none option, loosely", () => {
    assert.deepEqual(read("no nuts, no dairy, nothing of that sort", allergies), [["none"], "fuzzy"]);
    assert.deepEqual(read("no peanuts, never gluten", allergies), [["none"], "fuzzy"]);
    assert.deepEqual(read("pas de four, pas de micro-ondes", equipements), [["aucun"], "fuzzy"]);
    assert.deepEqual(read("pas de lave-vaisselle, et pas de four non plus", equipements), [["aucun"], "fuzzy"]);
  });
  void it("is the empty list where there is no none option", () => {
    assert.deepEqual(read("no olives, no anchovies", withoutNone), [[], "fuzzy"]);
  });
  void it("keeps an option said plainly beside a denial, a single denial and a don't-know", () => {
    assert.deepEqual(read("no nuts, but dairy yes", allergies)?.[0], ["dairy"]);
    assert.notDeepEqual(read("no dairy", allergies)?.[0], ["none"]);
    assert.equal(read("no nuts, no idea about gluten", allergies), null);
    assert.equal(read("pas de four, je sais pas pour le reste", equipements), null);
  });
});
