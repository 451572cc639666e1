// Hundreds and thousands counted in words that are no numbers (s23): "a couple hundred" is 200 and "couple of grand"
// 2000, loosely; "a few hundred", "several thousand", "quelques milliers" say no number (they were read as 100 or 1000,
// "a few hundred" even exactly).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget as target, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const worth = target("number", 0, 100000, "Value of the contents (£)", "How much is it all worth?");
const budget = target("number", 0, 100000, "Budget (€)", "Quel est votre budget ?");

void describe("hundreds and thousands counted in words", () => {
  void it("reads a couple of them as two, loosely", () => {
    assert.deepEqual(read("a couple hundred quid", worth), [200, "fuzzy"]);
    assert.deepEqual(read("couple of grand maybe", worth), [2000, "fuzzy"]);
    assert.deepEqual(read("a couple of thousand", worth), [2000, "fuzzy"]);
  });
  void it("reads no number from a few, several or quelques of them", () => {
    assert.equal(read("a few hundred", worth), null);
    assert.equal(read("several thousand pounds", worth), null);
    assert.equal(read("quelques milliers d'euros", budget), null);
    assert.equal(read("plusieurs milliers", budget), null);
  });
  void it("keeps a hundred and a plain couple as they were", () => {
    assert.deepEqual(read("a hundred", worth), [100, "exact"]);
    assert.deepEqual(read("deux mille", budget), [2000, "exact"]);
  });
});
