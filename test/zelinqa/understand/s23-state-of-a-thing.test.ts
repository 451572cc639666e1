// A yes/no asking a state of a thing of a concept group ("Animal assuré", "Pets insured", "Chien vacciné") is not
// answered by naming the thing in passing (s23): "un chien" to another question said the animal was insured. A label
// asking the thing itself ("Animaux", "Pets") still is.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractIndirect, indirectText } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const inPassing = (text: string, t: ExtractionTarget) => {
  const r = extractIndirect(indirectText(text, TODAY, false), t);
  return r === null ? null : [r.value, r.certainty];
};

const insured = labelledTarget({ type: "boolean" }, { label: "Animal assuré", question: "Votre animal est-il assuré ?" });
const petsInsured = labelledTarget({ type: "boolean" }, { label: "Pets insured", question: "Are your pets insured?" });
const pets = labelledTarget({ type: "boolean" }, { label: "Animaux", question: "Avez-vous des animaux ?" });
const hasPets = labelledTarget({ type: "boolean" }, { label: "Pets", question: "Do you have pets?" });

void describe("a state of a thing of a concept group", () => {
  void it("is not said by naming the thing in passing", () => {
    assert.equal(inPassing("un chien", insured), null);
    assert.equal(inPassing("ma chienne de 3 ans", insured), null);
    assert.equal(inPassing("my cat", petsInsured), null);
  });
  void it("leaves a label asking the thing itself as it was", () => {
    assert.deepEqual(inPassing("un chien", pets), [true, "fuzzy"]);
    assert.deepEqual(inPassing("my cat", hasPets), [true, "fuzzy"]);
  });
});
