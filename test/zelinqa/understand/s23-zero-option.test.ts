// "Zéro", "nada", "rien du tout" alone to a single choice with one option of none ("Aucune expérience", "No
// experience") are that option, loosely (s23): "zéro" was read as the beginner's level. Without such an option the
// earlier reading stays.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, readDirect, singleChoice } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const ski = choiceTarget(
  "Niveau de ski",
  singleChoice(["aucun", "debutant", "intermediaire", "expert"]),
  [
    ["Aucune pratique", "aucun"],
    ["Débutant", "debutant"],
    ["Intermédiaire", "intermediaire"],
    ["Expert", "expert"],
  ],
  "Quel est votre niveau de ski ?",
);
const coding = choiceTarget(
  "Coding level",
  singleChoice(["none", "beginner", "advanced"]),
  [
    ["No experience", "none"],
    ["Beginner", "beginner"],
    ["Advanced", "advanced"],
  ],
  "What is your coding level?",
);
const levelOnly = choiceTarget(
  "Niveau",
  singleChoice(["debutant", "intermediaire", "avance"]),
  [
    ["Débutant", "debutant"],
    ["Intermédiaire", "intermediaire"],
    ["Avancé", "avance"],
  ],
  "Quel est votre niveau ?",
);

void describe("a word of zero alone", () => {
  void it("is the option of none, loosely", () => {
    assert.deepEqual(read("zéro", ski), ["aucun", "fuzzy"]);
    assert.deepEqual(read("rien du tout", ski), ["aucun", "fuzzy"]);
    assert.deepEqual(read("nada", coding), ["none", "fuzzy"]);
  });
  void it("keeps the earlier reading without an option of none, or in a longer reply", () => {
    assert.deepEqual(read("zéro", levelOnly)?.[0], "debutant");
    assert.notDeepEqual(read("zéro expérience mais très motivé, j'ai fait du surf", ski)?.[0], "expert");
  });
});
