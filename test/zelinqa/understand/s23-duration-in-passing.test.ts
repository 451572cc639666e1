// A duration target in passing (s23): only a number said in a unit of time gives it a value, and not a reply that is
// that duration alone, which answers the question asked ("an hour" to "How long is your run?" was a night's sleep).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { answeredStems, extractIndirect, indirectText } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget as target } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const sleep = target("number", 0, 16, "Sleep per night (hours)", "How many hours do you sleep per night?");
const sommeil = target("number", 0, 16, "Heures de sommeil", "Combien d'heures dormez-vous ?");
const runLength = target("number", 0, 600, "Run length (minutes)", "How long is your usual run?");
const inPassing = (text: string, t: ExtractionTarget, answered: ExtractionTarget) => {
  const r = extractIndirect(indirectText(text, TODAY, false, answeredStems([answered])), t);
  return r === null ? null : r.value;
};

void describe("a duration target in passing", () => {
  void it("takes no reply that is a duration alone: it answers the question asked", () => {
    assert.equal(inPassing("an hour", sleep, runLength), null);
    assert.equal(inPassing("1h15", sleep, runLength), null);
    assert.equal(inPassing("environ une heure", sommeil, runLength), null);
  });
  void it("still takes a duration said beside the answer", () => {
    assert.equal(inPassing("45 minutes, and I sleep 7 hours a night", sleep, runLength), 7);
  });
});
