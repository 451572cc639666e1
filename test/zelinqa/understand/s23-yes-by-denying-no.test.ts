// A yes said by denying a no (s23): "I wouldn't say no", "je ne dirais pas non", "c'est pas de refus" are a loose yes
// (the first was read as an exact no).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const upgrade = labelledTarget({ type: "boolean" }, { label: "Room upgrade", question: "Would you like a room upgrade?" });
const dessert = labelledTarget({ type: "boolean" }, { label: "Dessert", question: "Souhaitez-vous un dessert ?" });

void describe("a yes said by denying a no", () => {
  void it("is a loose yes in either language", () => {
    assert.deepEqual(read("I wouldn't say no", upgrade), [true, "fuzzy"]);
    assert.deepEqual(read("wouldn't say no to that", upgrade), [true, "fuzzy"]);
    assert.deepEqual(read("je ne dirais pas non", dessert), [true, "fuzzy"]);
    assert.deepEqual(read("c'est pas de refus", dessert), [true, "fuzzy"]);
  });
  void it("leaves a no said as a no", () => {
    assert.deepEqual(read("no", upgrade), [false, "exact"]);
    assert.deepEqual(read("I would say no", upgrade), [false, "fuzzy"]);
    assert.deepEqual(read("non merci", dessert)?.[0], false);
  });
});
