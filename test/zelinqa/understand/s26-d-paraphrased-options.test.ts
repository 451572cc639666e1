// s26 fixer d (UND-S26-D-1): options named otherwise than by their label's words: the verb of a label's noun
// ("on aimerait rénover" for "Rénovation complète", "we'd like it inspected" for "Inspection"), an everyday word in
// the other language or register ("la télé" / "the telly" for "Watching TV", "tinnitus" for "Acouphènes"), and the
// negative of a place for a none option relative to the list ("nowhere really", "nulle part en particulier").
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, multiChoice, readDirect, singleChoice } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const travaux = choiceTarget(
  "Type de travaux",
  singleChoice(["renovation", "extension", "entretien", "autre"]),
  [
    ["Rénovation complète", "renovation"],
    ["Extension de la maison", "extension"],
    ["Entretien courant", "entretien"],
    ["Autre", "autre"],
  ],
  "Quel type de travaux ?",
);
const service = choiceTarget(
  "Service",
  singleChoice(["inspection", "installation", "repair", "other"]),
  [
    ["Safety inspection", "inspection"],
    ["New installation", "installation"],
    ["Repair", "repair"],
    ["Other", "other"],
  ],
  "Which service do you need?",
);
const symptomes = choiceTarget(
  "Symptômes",
  multiChoice(["acouphenes", "vertiges", "douleur", "aucun"]),
  [
    ["Acouphènes", "acouphenes"],
    ["Vertiges", "vertiges"],
    ["Douleur", "douleur"],
    ["Aucun de ceux-ci", "aucun"],
  ],
  "Quels symptômes avez-vous ?",
);
const screens = choiceTarget(
  "Screens",
  multiChoice(["tv", "laptop", "phone", "none"]),
  [
    ["Watching TV", "tv"],
    ["On a laptop", "laptop"],
    ["On the phone", "phone"],
    ["None of these", "none"],
  ],
  "Where do your eyes get tired?",
);
const lieux = choiceTarget(
  "Lieux",
  multiChoice(["bureau", "voiture", "magasin", "aucun"]),
  [
    ["Au bureau", "bureau"],
    ["En voiture", "voiture"],
    ["Dans les magasins", "magasin"],
    ["Aucun de ceux-ci", "aucun"],
  ],
  "Où avez-vous mal au dos ?",
);

void describe("options named otherwise than by their label's words (UND-S26-D-1)", () => {
  void it("the verb of a label's noun names it, loosely", () => {
    assert.deepEqual(read("on aimerait tout rénover", travaux), ["renovation", "fuzzy"]);
    assert.deepEqual(read("we'd like the boiler inspected", service), ["inspection", "fuzzy"]);
    assert.deepEqual(read("need someone installing a heat pump", service), ["installation", "fuzzy"]);
  });
  void it("an everyday word of the other language or register names the option", () => {
    assert.deepEqual(read("tinnitus mostly", symptomes), [["acouphenes"], "exact"]);
    assert.deepEqual(read("the telly and my phone", screens), [["tv", "phone"], "exact"]);
  });
  void it("the negative of a place is the none option relative to the list, loosely", () => {
    assert.deepEqual(read("nowhere really", screens), [["none"], "fuzzy"]);
    assert.deepEqual(read("nulle part en particulier", lieux), [["aucun"], "fuzzy"]);
  });
  void it("keeps its near-misses unread", () => {
    // A bare stem is no verb form; a short noun's stem never matches.
    assert.notEqual(read("on préfère l'option rapide", travaux)?.[0], "renovation");
    assert.equal(read("it is nowhere near done, the garage", screens), null);
    // "nowhere" beside an option names that option only.
    assert.deepEqual(read("nowhere except on the phone", screens), [["phone"], "fuzzy"]);
  });
});
