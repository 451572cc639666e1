// In passing nothing is converted (s23): a length in another unit of the target's kind ("1.68 m", "54cm" for a
// distance in km) is no value for it; it was read as 1.68 or 54 km. The target's own unit still binds.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractIndirect, indirectText } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget as target } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const inPassing = (text: string, t: ExtractionTarget) => {
  const r = extractIndirect(indirectText(text, TODAY, false), t);
  return r === null ? null : [r.value, r.certainty];
};

const commute = target("number", 0, 200, "Daily ride (km)", "How many km do you ride a day?");
const trajet = target("number", 0, 200, "Trajet quotidien (km)", "Combien de km par jour ?");
const weight = target("number", 0, 300, "Poids (kg)", "Combien pesez-vous ?");

void describe("a measure in passing", () => {
  void it("in another unit of the target's kind is no value", () => {
    assert.equal(inPassing("I'm 1.68 m", commute), null);
    assert.equal(inPassing("a 54cm frame", commute), null);
    assert.equal(inPassing("je mesure 1m75", trajet), null);
    assert.equal(inPassing("environ 500 g", weight), null);
  });
  void it("in the target's own unit still binds", () => {
    assert.deepEqual(inPassing("city bike, I ride 12 km a day", commute)?.[0], 12);
    assert.deepEqual(inPassing("il pèse 70 kg", weight)?.[0], 70);
  });
});
