// A yes/no about having done something before ("Have you sailed before?", "Avez-vous déjà fait de la plongée ?")
// answered with a first time (s22): "c'est ma première fois", "first time for me", "je débute" say no, held loosely as
// no "no" is said; a first time denied ("not my first time", "pas ma première fois") says yes, loosely. A question about
// a first time itself reads it the other way (a first time said is yes there, loosely), and a question about neither
// reads nothing from it.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");
const BOOL = { type: "boolean" };

void describe("a first time, to a yes/no about having done it before", () => {
  const dived = labelledTarget(BOOL, { label: "Déjà plongé", question: "Avez-vous déjà fait de la plongée ?" });
  const climbed = labelledTarget(BOOL, { label: "Climbed before", question: "Have you climbed before?" });
  const ever = labelledTarget(BOOL, { label: "Previous experience", question: "Have you ever ridden a horse?" });

  void it("is a no, loosely", () => {
    assert.deepEqual(read("c'est ma première fois", dived), [false, "fuzzy"]);
    assert.deepEqual(read("ce sera la première fois", dived), [false, "fuzzy"]);
    assert.deepEqual(read("je débute complètement", dived), [false, "fuzzy"]);
    assert.deepEqual(read("first time for me", climbed), [false, "fuzzy"]);
    assert.deepEqual(read("it would be my first time", ever), [false, "fuzzy"]);
    assert.deepEqual(read("I'm a complete beginner", climbed), [false, "fuzzy"]);
  });

  void it("agrees with a no said outright, and a first time denied is a yes", () => {
    assert.deepEqual(read("no, it's my first time", climbed), [false, "exact"]);
    assert.deepEqual(read("non, première fois", dived), [false, "exact"]);
    assert.deepEqual(read("not my first time", climbed), [true, "fuzzy"]);
    assert.deepEqual(read("ce n'est pas ma première fois", dived), [true, "fuzzy"]);
  });

  void it("leaves a first-time question and other questions to their own rules", () => {
    const firstTime = labelledTarget(BOOL, { label: "First dive", question: "Is this your first dive?" });
    assert.deepEqual(read("yes, my first time", firstTime), [true, "exact"]);
    assert.deepEqual(read("c'est ma première fois", firstTime), [true, "fuzzy"]);
    assert.deepEqual(read("not my first time", firstTime), [false, "fuzzy"]);
    const bike = labelledTarget(BOOL, { label: "Vélo", question: "Avez-vous un vélo ?" });
    assert.equal(read("c'est ma première fois", bike), null);
  });
});
