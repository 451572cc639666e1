// s26 fixer a: a yes/no turned round at once; an age after "depuis ses"/"since my" is no time back; a year concluded
// with "so"/"donc"; one weekday or weekend of a month with an indefinite article leaves the day open. Reference day:
// Tuesday 2026-12-01.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const garage = labelledTarget({ type: "boolean" }, { label: "Has a garage", question: "Do you have a garage for the bike?" });
const cave = labelledTarget({ type: "boolean" }, { label: "Cave disponible", question: "Avez-vous une cave ?" });

void describe("a yes/no turned round at once (s26)", () => {
  void it("takes the second word when a word of turning follows it", () => {
    assert.deepEqual(read("no, yes actually a small one", garage), [true, "exact"]);
    assert.deepEqual(read("yes, no wait, that's my neighbour's", garage), [false, "exact"]);
    assert.deepEqual(read("non, oui en fait une petite", cave), [true, "exact"]);
    assert.equal(read("oui non finalement elle est au voisin", cave)?.[0], false);
    // Turned round again: the last word, never the second, confirmed.
    assert.deepEqual(read("yes, no wait, yes", garage), [true, "exact"]);
    assert.notDeepEqual(read("non, oui en fait... non", cave), [true, "exact"]);
  });
  void it("leaves a doubled word, a yes with 'no problem', and a question alone", () => {
    assert.deepEqual(read("no no", garage), [false, "exact"]);
    assert.deepEqual(read("yes, no problem", garage), [true, "exact"]);
    assert.notDeepEqual(read("oui non en fait c'est un box, ça compte ?", cave), [false, "exact"]);
  });
});

const started = labelledTarget(
  { type: "string", format: "date" },
  { label: "Started lessons since", question: "Since when has she been taking lessons?" },
);
const debut = labelledTarget(
  { type: "string", format: "date" },
  { label: "Début de la pratique", question: "Depuis quand pratique-t-il ?" },
);
const visit = labelledTarget({ type: "string", format: "date" }, { label: "Visit date", question: "When should we come?" });
const venue = labelledTarget({ type: "string", format: "date" }, { label: "Date de la visite", question: "Quand souhaitez-vous venir ?" });

void describe("dates (s26)", () => {
  void it("reads no time back from an age", () => {
    assert.equal(read("depuis ses 8 ans", debut), null);
    assert.equal(read("since my 18 years", started), null);
    assert.equal(read("since she was 7 years old", started), null);
    // A time back stays one.
    assert.deepEqual(read("depuis 8 ans", debut), ["2018-12-01", "fuzzy"]);
  });
  void it("reads a year concluded with 'so'/'donc', loosely", () => {
    assert.deepEqual(read("at school still, so 1999", started), ["1999-01-01", "fuzzy"]);
    assert.deepEqual(read("avant la naissance du petit, donc 2015", debut), ["2015-01-01", "fuzzy"]);
  });
  void it("holds loosely a day that names its week or weekend", () => {
    assert.deepEqual(read("the week of the 21st", visit), ["2026-12-21", "fuzzy"]);
    assert.deepEqual(read("la semaine du 18 janvier", venue), ["2027-01-18", "fuzzy"]);
    assert.deepEqual(read("le week-end du 19", venue), ["2026-12-19", "fuzzy"]);
    // The day alone stays exact.
    assert.deepEqual(read("le 19", venue), ["2026-12-19", "exact"]);
  });
  void it("leaves open one weekday or weekend of a month said with an indefinite article", () => {
    assert.equal(read("a sunday in february", visit), null);
    assert.equal(read("un samedi en mars", venue), null);
    // A day named stays.
    assert.deepEqual(read("samedi 12", venue), ["2026-12-12", "exact"]);
    assert.deepEqual(read("le week-end du 19", venue)?.[0], "2026-12-19");
  });
});
