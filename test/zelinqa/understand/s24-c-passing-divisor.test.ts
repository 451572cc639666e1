// s24 fixer c: a number said in passing that counts what a rate target is divided by ("2 weeks ago", "away for a week"
// to "Walks per week", "depuis 3 mois" to "Séances par mois") is no value of the rate; a rate said still binds.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractIndirect, indirectText } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget as target } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const inPassing = (text: string, t: ExtractionTarget) => extractIndirect(indirectText(text, TODAY, false), t)?.value ?? null;

const lessons = target("integer", 1, 14, "Lessons per week", "How many lessons a week?");
const cafe = target("number", 0, 20, "Café par jour (tasses)", "Combien de tasses de café buvez-vous par jour ?");
const seances = target("integer", 1, 30, "Séances par mois", "Combien de séances par mois ?");

void describe("a number in passing counting the rate's divisor", () => {
  void it("is no value of the rate", () => {
    assert.equal(inPassing("we moved here 3 weeks ago", lessons), null);
    assert.equal(inPassing("I'm away for a week in january", lessons), null);
    assert.equal(inPassing("je suis blessée depuis 2 mois", seances), null);
  });
  void it("leaves a rate said in passing bound", () => {
    assert.equal(inPassing("beginner, 2 lessons a week would suit me", lessons), 2);
    assert.equal(inPassing("débutante, 4 séances par mois", seances), 4);
  });
});

void describe('the French "à" in passing', () => {
  void it("is no article counting one thing", () => {
    assert.equal(inPassing("machine à café", cafe), null);
    assert.equal(inPassing("cafetière à piston", cafe), null);
  });
  void it("leaves a number said beside it bound", () => {
    assert.equal(inPassing("3 tasses de café par jour à peu près", cafe), 3);
  });
});
