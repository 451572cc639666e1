// What names no unlisted thing for an "Other …" option (s23): a criterion to choose by ("le moins cher", "the
// cheapest") and a French reflexive verb telling what happened ("il s'est cassé la patte"). A thing named still is.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, readDirect, singleChoice } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const heating = choiceTarget(
  "Chauffage",
  singleChoice(["gaz", "electrique", "autre"]),
  [
    ["Chaudière gaz", "gaz"],
    ["Radiateurs électriques", "electrique"],
    ["Autre chauffage", "autre"],
  ],
  "Quel chauffage souhaitez-vous ?",
);
const plan = choiceTarget(
  "Plan",
  singleChoice(["monthly", "yearly", "other"]),
  [
    ["Monthly plan", "monthly"],
    ["Yearly plan", "yearly"],
    ["Other plan", "other"],
  ],
  "Which plan would you like?",
);
const visit = choiceTarget(
  "Motif",
  singleChoice(["vaccin", "controle", "autre"]),
  [
    ["Vaccin", "vaccin"],
    ["Contrôle annuel", "controle"],
    ["Autre motif", "autre"],
  ],
  "Quel est le motif de la visite ?",
);

void describe("an Other option", () => {
  void it("takes no criterion to choose by", () => {
    assert.equal(read("le moins cher", heating), null);
    assert.equal(read("la plus simple", heating), null);
    assert.equal(read("the cheapest", plan), null);
    assert.equal(read("the most flexible one", plan), null);
  });
  void it("takes no French reflexive verb telling what happened", () => {
    assert.equal(read("il s'est cassé la patte", visit), null);
    assert.equal(read("elle s'est blessée en jouant", visit), null);
  });
  void it("still takes a thing named", () => {
    assert.deepEqual(read("un poêle à granulés", heating), ["autre", "fuzzy"]);
    assert.deepEqual(read("a student offer", plan), ["other", "fuzzy"]);
  });
});
