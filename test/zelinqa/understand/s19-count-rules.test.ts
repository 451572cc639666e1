// Counts of people named in other words (s19): a partner said familiarly ("me and the hubby"), one person named as the
// whole reply ("mon fils"), children named by rank ("l'aîné et la petite"), ages listed for as many people ("6 et 9
// ans"), all held loosely; a pet beside the speaker is no person, and listed ages give no single age.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractIndirect, indirectText } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget, readDirect } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const read = (text: string, t: ExtractionTarget) => readDirect(text, t, TODAY);
const inPassing = (text: string, t: ExtractionTarget) => extractIndirect(indirectText(text, TODAY, false), t)?.value ?? null;

const household = labelledTarget(
  { type: "integer", minimum: 1, maximum: 20 },
  { label: "Occupants", question: "How many people live there?" },
);
const pupils = labelledTarget(
  { type: "integer", minimum: 1, maximum: 6 },
  { label: "Nombre d'enfants", question: "Combien d'enfants inscrivez-vous ?" },
);
const riders = labelledTarget(
  { type: "integer", minimum: 1, maximum: 9 },
  { label: "Participants", question: "Combien de participants ?" },
);
const age = labelledTarget({ type: "integer", minimum: 3, maximum: 99 }, { label: "Âge de l'enfant", question: "Quel âge a l'enfant ?" });

void describe("people named in other words", () => {
  void it("counts a partner said familiarly beside the speaker", () => {
    assert.deepEqual(read("just me and the hubby", household), [2, "fuzzy"]);
    assert.deepEqual(read("moi et ma moitié", riders), [2, "fuzzy"]);
  });

  void it("counts one person named as the whole reply", () => {
    assert.deepEqual(read("mon fils", riders), [1, "fuzzy"]);
    assert.deepEqual(read("only my daughter", household), [1, "fuzzy"]);
    assert.deepEqual(read("ma nièce", pupils), [1, "fuzzy"]);
  });

  void it("counts children named by rank or size", () => {
    assert.deepEqual(read("l'aîné et la petite", pupils), [2, "fuzzy"]);
    assert.deepEqual(read("the eldest and the youngest", household), [2, "fuzzy"]);
    // Not read this way: a size before a noun names no one.
    assert.equal(read("le grand jardin", pupils), null);
  });

  void it("never counts a pet beside the speaker", () => {
    assert.notDeepEqual(read("me and my dog", household)?.[0], 2);
    assert.notDeepEqual(read("moi et mon chat", riders)?.[0], 2);
  });
});

void describe("ages listed for as many people", () => {
  void it("count the people, in passing too", () => {
    assert.deepEqual(read("6 et 9 ans", pupils), [2, "fuzzy"]);
    assert.equal(inPassing("ils ont 6 et 9 ans", pupils), 2);
    assert.equal(inPassing("aged 4, 7 and 10", household), 3);
  });

  void it("give no single age, while one age and a half stays one age", () => {
    assert.equal(read("6 et 9 ans", age), null);
    assert.equal(inPassing("ils ont 6 et 9 ans", age), null);
    assert.notEqual(read("il a 9 ans et demi", age), null);
    // Not read this way: a range.
    assert.notDeepEqual(read("entre 6 et 9 ans", pupils)?.[0], 2);
  });
});

void describe("numbers said under a condition", () => {
  const budget = labelledTarget({ type: "number", minimum: 0 }, { label: "Budget (€)", question: "Quel budget ?" });
  void it("give a count of people its number said without a condition, loosely", () => {
    assert.deepEqual(read("three, four when my mum stays over", household), [3, "fuzzy"]);
    assert.deepEqual(read("5 d'habitude, 7 quand mes cousins viennent", riders), [5, "fuzzy"]);
  });

  void it("give nothing when every number has a condition", () => {
    assert.equal(read("if my sister comes it's 4, otherwise 3", household), null);
    assert.equal(read("si le client paie 800, sinon 500", budget), null);
    // Not read this way: one number alone under a condition, and a plain list.
    assert.deepEqual(read("4 if you count the baby", household)?.[0], 4);
  });
});
