// s25 fixer c: the none option of a multiple choice said as "no to all" / "non à tout" (plainly), or as a denial as far
// as the person knows ("not that I've noticed", "pas que je sache", loosely); never when an option is named.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, multiChoice, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const risks = choiceTarget(
  "Risks",
  multiChoice(["heart", "diabetes", "surgery", "none"]),
  [
    ["Heart condition", "heart"],
    ["Diabetes", "diabetes"],
    ["Surgery this year", "surgery"],
    ["None of the above", "none"],
  ],
  "Does any of this apply to you?",
);
const defauts = choiceTarget(
  "Défauts",
  multiChoice(["rayure", "tache", "trou", "aucun"]),
  [
    ["Rayures", "rayure"],
    ["Taches", "tache"],
    ["Trous", "trou"],
    ["Aucun de ceux-ci", "aucun"],
  ],
  "Avez-vous vu un de ces défauts ?",
);

void describe("none said otherwise", () => {
  void it("'no to all' is the none option", () => {
    assert.deepEqual(read("no to all of them", risks), [["none"], "exact"]);
    assert.deepEqual(read("non à tout", defauts), [["aucun"], "exact"]);
  });
  void it("a denial as far as one knows is the none option, loosely", () => {
    assert.deepEqual(read("not that I have seen", risks), [["none"], "fuzzy"]);
    assert.deepEqual(read("rien que j'aie remarqué", defauts), [["aucun"], "fuzzy"]);
  });
  void it("never when an option is named", () => {
    assert.deepEqual(read("no to all except diabetes", risks), [["diabetes"], "exact"]);
    assert.deepEqual(read("pas que je sache, à part une tache", defauts), [["tache"], "fuzzy"]);
  });
});
