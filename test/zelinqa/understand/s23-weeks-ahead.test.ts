// Days a week or more beyond the coming one, a weekday counted in a month, and dates offered with another (s23).
// Reference day: Tuesday 2026-12-01.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const visit = labelledTarget({ type: "string", format: "date" }, { label: "Visit date", question: "Which day suits you for the visit?" });
const rdv = labelledTarget({ type: "string", format: "date" }, { label: "Date du rendez-vous", question: "Quel jour vous arrange ?" });

void describe("a day a week or more beyond the coming one", () => {
  void it("adds the week said, loosely", () => {
    assert.deepEqual(read("the week after next", visit), ["2026-12-14", "fuzzy"]);
    assert.deepEqual(read("thursday after next", visit), ["2026-12-10", "fuzzy"]);
    assert.deepEqual(read("monday week", visit), ["2026-12-14", "fuzzy"]);
    assert.deepEqual(read("the weekend after next", visit), ["2026-12-12", "fuzzy"]);
    assert.deepEqual(read("jeudi en huit", rdv), ["2026-12-10", "fuzzy"]);
    assert.deepEqual(read("lundi en quinze", rdv), ["2026-12-21", "fuzzy"]);
  });
  void it("counts a weekday in a month", () => {
    assert.deepEqual(read("le premier lundi de février", rdv), ["2027-02-01", "fuzzy"]);
    assert.deepEqual(read("le deuxième mardi de janvier", rdv), ["2027-01-12", "fuzzy"]);
    assert.deepEqual(read("the last friday of the month", visit), ["2026-12-25", "fuzzy"]);
    assert.deepEqual(read("the first weekend of March", visit), ["2027-03-06", "fuzzy"]);
  });
  void it("leaves the coming weekday and next week as they were", () => {
    assert.deepEqual(read("thursday", visit)?.[0], "2026-12-03");
    assert.deepEqual(read("ce jeudi", rdv)?.[0], "2026-12-03");
  });
});

void describe("a date offered with another", () => {
  void it("is held loosely: an alternative, or a window for a day that is neither a first nor a last", () => {
    assert.deepEqual(read("tomorrow or the day after", visit), ["2026-12-02", "fuzzy"]);
    assert.deepEqual(read("demain, sinon jeudi", rdv)?.[1], "fuzzy");
    assert.deepEqual(read("between the 10th and the 15th", visit), ["2026-12-10", "fuzzy"]);
  });
  void it("keeps a plain day exact", () => {
    assert.deepEqual(read("tomorrow", visit), ["2026-12-02", "exact"]);
    assert.deepEqual(read("le 15 décembre", rdv), ["2026-12-15", "exact"]);
  });
});
