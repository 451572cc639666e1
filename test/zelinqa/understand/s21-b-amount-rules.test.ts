// Amounts and ages the eleventh blind round stored wrong as confirmed (s21 fix11b): an amount per thing times the
// count of those things ("50 € / passage, 4 passages"), an amount per thing alone for a budget of another rate, a time
// back to when the thing already was (a lower bound of its age). Cases written for these rules, FR and EN, with their
// own labels, and what must not be read. Reference day: Tuesday 2026-12-01 (UTC).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractDirect } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget as target } from "../../support/extraction-target.js";

const read = (text: string, t: ReturnType<typeof target>) => {
  const r = extractDirect(text, t, "2026-12-01");
  return r === null ? null : [r.value, r.certainty];
};

void describe("an amount per thing times the count of those things", () => {
  const monthly = target("number", 0, 3000, "Budget mensuel cours (€)", "Quel budget mensuel pour les cours ?");
  const trip = target("number", 0, 20000, "Trip budget (£)", "What is your total budget for the trip?");
  void it("multiplies, loosely", () => {
    assert.deepEqual(read("35 € / cours, 6 cours", monthly), [210, "fuzzy"]);
    assert.deepEqual(read("£400 per person, we're 3", trip), [1200, "fuzzy"]);
    assert.deepEqual(read("25 € la leçon, 4 leçons par mois", monthly), [100, "fuzzy"]);
  });
  void it("does not multiply a count of other things", () => {
    assert.notDeepEqual(read("35 € / cours, 6 enfants", monthly)?.[0], 210);
  });
  void it("holds an amount per thing loosely for a budget of another rate", () => {
    assert.deepEqual(read("40 € / séance", monthly), [40, "fuzzy"]);
    // (s25) A total with no rate at all ("Trip budget") reads nothing from an amount per thing, as the corpus expects
    // ("250 par chaise", "100€ la nuit", "500 par personne" all nothing): s25-b-counts-rates.test.ts.
    assert.equal(read("£30 per lesson", trip), null);
    // Still sure: an amount per the target's own period.
    assert.deepEqual(read("120 € par mois", monthly), [120, "exact"]);
  });
});

void describe("a time back to when the thing already was", () => {
  const roof = target("number", 0, 150, "Âge de la toiture (années)", "Quel âge a la toiture ?");
  const boiler = target("number", 0, 80, "Boiler age (years)");
  void it("holds the years loosely: only a lower bound", () => {
    assert.deepEqual(read("on a acheté il y a 12 ans, elle était déjà là", roof), [12, "fuzzy"]);
    assert.deepEqual(read("we moved in 8 years ago and it was already there", boiler), [8, "fuzzy"]);
  });
  void it("keeps an age said plainly", () => {
    assert.deepEqual(read("elle a 12 ans", roof), [12, "exact"]);
    assert.deepEqual(read("installed 8 years ago", boiler)?.[0], 8);
  });
});
