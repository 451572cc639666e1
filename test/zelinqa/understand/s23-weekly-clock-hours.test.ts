// Hours per week said as a day's clock times and the days they hold (s23): the span times the days, exact only when
// both the times are marked ("9h", "5pm") and the days named or counted; a working day's "9-5" alone says no week.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget as target, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const tutoring = target("number", 0, 60, "Heures de cours par semaine", "Combien d'heures par semaine ?");
const shifts = target("number", 0, 60, "Hours per week", "How many hours a week would you work?");
const session = target("number", 0, 12, "Length of a visit (hours)", "How long does each visit last?");

void describe("a day's clock times and the days of the week", () => {
  void it("multiplies the span by the days counted or named, exactly when both are said exactly", () => {
    assert.deepEqual(read("de 8h à 11h, 2 jours par semaine", tutoring), [6, "exact"]);
    assert.deepEqual(read("mardi et jeudi de 14h à 17h30", tutoring), [7, "exact"]);
    assert.deepEqual(read("from 8am to 4pm, tue-thu", shifts), [24, "exact"]);
  });

  void it("holds bare hours and groups of days loosely", () => {
    assert.deepEqual(read("8-4 Monday to Thursday", shifts), [32, "fuzzy"]);
    assert.deepEqual(read("sunday mornings, 10 to 12", shifts), [2, "fuzzy"]);
    assert.deepEqual(read("tous les soirs de la semaine de 18h à 20h", tutoring), [10, "fuzzy"]);
    assert.deepEqual(read("le week-end de 10h à 13h", tutoring), [6, "fuzzy"]);
  });

  void it("gives the span alone for a target that is no weekly count", () => {
    assert.deepEqual(read("saturday mornings, 9 to 11", session), [2, "fuzzy"]);
  });

  void it("reads no week from a working day's times alone, a range of hours, or more than days", () => {
    assert.equal(read("8 to 4", shifts), null);
    assert.deepEqual(read("10 to 15 hours", shifts), [12.5, "fuzzy"]);
    assert.notDeepEqual(read("mon-fri 9-5 except when it rains", shifts)?.[0], 40);
    assert.notDeepEqual(read("du lundi au vendredi sauf le mercredi, de 9h à 12h", tutoring)?.[0], 15);
  });
});
