// A range of durations said in two units and a share of an unsaid amount (s23): "6 months to a year" is about 9
// months, loosely (it was 12, exact); "half my salary" is no amount (it was 0.5, exact).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget as target, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const contract = target("integer", 1, 60, "Durée du contrat (mois)", "Pour combien de mois ?");
const stay = target("number", 0, 104, "Length of stay (weeks)", "How many weeks will you stay?");
const rent = target("number", 0, 10000, "Monthly rent (£)", "How much rent can you pay?");

void describe("a range of durations in two units", () => {
  void it("is its middle in the target's unit, loosely", () => {
    assert.deepEqual(read("six months to a year", contract), [9, "fuzzy"]);
    assert.deepEqual(read("de 6 mois à un an", contract), [9, "fuzzy"]);
    assert.deepEqual(read("2 weeks to a month", stay)?.[1], "fuzzy");
  });
  void it("leaves one unit's ranges and single durations as they were", () => {
    assert.deepEqual(read("3 to 6 months", contract), [5, "fuzzy"]);
    assert.deepEqual(read("2 ans", contract), [24, "exact"]);
  });
});

void describe("a share of an amount not said", () => {
  void it("is no amount", () => {
    assert.equal(read("half my salary", rent), null);
    assert.equal(read("half their budget, roughly", rent), null);
  });
  void it("keeps half of a multiplier", () => {
    assert.deepEqual(read("half a grand", rent), [500, "exact"]);
  });
});
