// Quantities said vaguely (s23): "hundreds", "thousands", "dozens" alone say no number (they were 100, 1000 or 12, the
// first two exactly); "40 odd", "200 et quelques", "a hundred and something" are loose; "half a dozen" and "une
// demi-douzaine" are 6 (was 0.5), "un millier" 1000, loosely.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget as target, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const budget = target("number", 0, 100000, "Budget (£)", "What is your budget?");
const invites = target("integer", 0, 1000, "Nombre d'invités", "Combien d'invités ?");

void describe("quantities said vaguely", () => {
  void it("read no number from a plural multiplier alone", () => {
    assert.equal(read("hundreds", budget), null);
    assert.equal(read("thousands of pounds", budget), null);
    assert.equal(read("tens of thousands", budget), null);
    assert.equal(read("dozens", invites), null);
    assert.equal(read("a few dozen", invites), null);
  });
  void it("hold a number with some more after it loosely", () => {
    assert.deepEqual(read("40 odd", invites), [40, "fuzzy"]);
    assert.deepEqual(read("200 et quelques", invites), [200, "fuzzy"]);
    assert.deepEqual(read("a hundred and something", budget), [100, "fuzzy"]);
  });
  void it("count half a dozen and a millier, loosely", () => {
    assert.deepEqual(read("half a dozen", invites), [6, "fuzzy"]);
    assert.deepEqual(read("une demi-douzaine", invites), [6, "fuzzy"]);
    assert.deepEqual(read("un millier", budget), [1000, "fuzzy"]);
  });
  void it("keep plain numbers and a hundred as they were", () => {
    assert.deepEqual(read("a hundred", budget), [100, "exact"]);
    assert.deepEqual(read("deux cents", invites), [200, "exact"]);
    assert.deepEqual(read("a dozen", invites), [12, "fuzzy"]);
  });
});
