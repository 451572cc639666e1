// s24 fixer c: single and multiple choices. An enum identifier whose words stand in another option's label is read
// loosely; options saying one thing in different amounts are told apart by the amount said; a single choice answered
// with two things joined by "and"/"et" is no single option, or the option loosely; "de tout" selects all only loosely.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, multiChoice, readDirect, singleChoice } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const barking = choiceTarget(
  "Barking",
  singleChoice(["quiet", "barks_some", "barks", "nonstop"]),
  [
    ["Hardly ever barks", "quiet"],
    ["Barks a little", "barks_some"],
    ["Barks a lot", "barks"],
    ["Never stops", "nonstop"],
  ],
  "Does your cat or dog bark?",
);
const stress = choiceTarget(
  "Stress",
  singleChoice(["calme", "stresse_peu", "stresse", "panique"]),
  [
    ["Calme", "calme"],
    ["Stressé un peu", "stresse_peu"],
    ["Stressé beaucoup", "stresse"],
    ["Panique", "panique"],
  ],
  "Comment vit-il les transports ?",
);
const damage = choiceTarget(
  "Damage",
  singleChoice(["scratch", "dent", "glass", "other"]),
  [
    ["A scratch", "scratch"],
    ["A dent", "dent"],
    ["Broken glass", "glass"],
    ["Other", "other"],
  ],
  "What is the damage to the car?",
);
const projet = choiceTarget(
  "Projet",
  singleChoice(["apprendre", "perfectionner", "autre"]),
  [
    ["Apprendre à nager", "apprendre"],
    ["Me perfectionner", "perfectionner"],
    ["Autre", "autre"],
  ],
  "Quel est votre projet ?",
);
const allergies = choiceTarget(
  "Allergies",
  multiChoice(["arachides", "fruits_de_mer", "oeufs", "aucune"]),
  [
    ["Arachides", "arachides"],
    ["Fruits de mer", "fruits_de_mer"],
    ["Œufs", "oeufs"],
    ["Aucune", "aucune"],
  ],
  "Avez-vous des allergies alimentaires ?",
);

void describe("an enum identifier whose words stand in another option's label", () => {
  void it("is read loosely, said alone or with other words", () => {
    assert.deepEqual(read("barks", barking), ["barks", "fuzzy"]);
    assert.deepEqual(read("barks like mad at night", barking), ["barks", "fuzzy"]);
  });
  void it("keeps a label said in full exact", () => {
    assert.deepEqual(read("barks a lot", barking), ["barks", "exact"]);
    assert.deepEqual(read("a dent", damage), ["dent", "exact"]);
  });
});

void describe("options saying one thing in different amounts", () => {
  void it("are told apart by the amount said beside the thing", () => {
    assert.deepEqual(read("barks a bit when the bell rings", barking), ["barks_some", "exact"]);
    assert.deepEqual(read("stressé un petit peu au début", stress), ["stresse_peu", "exact"]);
    assert.deepEqual(read("barks loads", barking)?.[0], "barks");
  });
  void it("read nothing of an amount that is no amount of the thing", () => {
    assert.notDeepEqual(read("a bit of a worry, barks", barking), ["barks_some", "exact"]);
  });
});

void describe("a single choice answered with two things joined", () => {
  void it("names no single option when the two parts name two options", () => {
    assert.equal(read("a deep scratch and a small dent", damage), null);
    assert.equal(read("scratched door + broken glass", damage), null);
  });
  void it("holds the option loosely beside a second aim no option names", () => {
    assert.deepEqual(read("apprendre à nager et vaincre ma peur de l'eau", projet), ["apprendre", "fuzzy"]);
    assert.deepEqual(read("a dent and the bumper hanging off", damage), ["dent", "fuzzy"]);
  });
  void it("keeps the option when the other part speaks of the same thing", () => {
    assert.deepEqual(read("a dent and it's quite deep", damage), ["dent", "exact"]);
    assert.deepEqual(read("apprendre à nager et vite", projet), ["apprendre", "exact"]);
    assert.deepEqual(read("a dent", damage), ["dent", "exact"]);
  });
});

void describe('the partitive "de tout" to a multiple choice', () => {
  void it("selects every option only loosely", () => {
    assert.equal(read("on mange de tout", allergies)?.[1], "fuzzy");
    assert.notEqual(read("on mange de tout à la maison", allergies)?.[1], "exact");
  });
  void it('leaves a plain "toutes" exact', () => {
    assert.deepEqual(read("toutes", allergies), [["arachides", "fruits_de_mer", "oeufs"], "exact"]);
  });
});
