// Dates asked as a start already past ("Since when…?"), scores written N/10 that are no dates, and "yesterday"
// (docs/zelinqa-understanding.md, Dates; s16 blind4 groups A and B).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractDate, extractDirect, extractIndirect, indirectText, targetWords } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { schemaTarget } from "../../support/extraction-target.js";

/** Tuesday 2026-12-01. */
const TODAY = "2026-12-01";

function dateTarget(label: string, question: string): ExtractionTarget {
  return { ...schemaTarget({ type: "string", format: "date" }), words: targetWords(label, question) };
}

const onset = dateTarget("Onset of the symptoms", "How long have you had these symptoms?");
const depuis = dateTarget("Douleur depuis", "Depuis quand avez-vous mal ?");
const started = dateTarget("Start of the leak", "When did the leak start?");
const wanted = dateTarget("Date souhaitée", "Pour quand avez-vous besoin du véhicule ?");

type Case = [text: string, value: string | null, certainty?: "exact" | "fuzzy"];

function check(target: ExtractionTarget, cases: readonly Case[]): void {
  for (const [text, value, certainty] of cases) {
    const got = extractDirect(text, target, TODAY);
    if (value === null) assert.equal(got, null, `${text}: ${JSON.stringify(got)}`);
    else assert.deepEqual(got, { value, certainty: certainty ?? "exact" }, text);
  }
}

void describe("dates asked as already past", () => {
  void it("the question or the label says so: since, depuis, started, when did, how long have", () => {
    assert.equal(targetWords("Onset", "Since when has the boiler been faulty?").past, true);
    assert.equal(targetWords("Début des travaux déjà faits", "Depuis quand êtes-vous locataire ?").past, true);
    assert.equal(targetWords("Leak", "When did you notice it?").past, true);
    assert.equal(targetWords("Date de début", "Quand voulez-vous commencer ?").past, false, "a start to come");
    assert.equal(targetWords("Start date", "When would you like to start?").past, false);
    assert.equal(targetWords("Date souhaitée", "Pour quand avez-vous besoin du véhicule ?").past, false);
  });

  void it("a day and month without a year is the last one on or before the reference day", () => {
    check(onset, [
      ["Oct 3", "2026-10-03"],
      ["the 28th of November", "2026-11-28"],
      ["1 December", "2026-12-01"],
      ["since 25/11", "2026-11-25"],
      ["mid-june", "2026-06-15", "fuzzy"],
    ]);
    check(depuis, [
      ["depuis le 4 octobre", "2026-10-04"],
      ["le 3 janvier", "2026-01-03"],
      ["depuis juillet", "2026-07-01", "fuzzy"],
      ["depuis le 12", "2026-11-12"],
    ]);
    check(wanted, [["le 3 janvier", "2027-01-03"]]);
  });

  void it("a bare duration goes back from the reference day; 'in' / 'dans' make no past date", () => {
    check(onset, [
      ["10 days", "2026-11-21"],
      ["roughly three months", "2026-09-01", "fuzzy"],
      ["a year and a half or so", "2025-06-01", "fuzzy"],
    ]);
    check(depuis, [
      // s24: so is a time back in weeks (the seventh to twelfth rounds' convention).
      ["depuis 2 semaines", "2026-11-17", "fuzzy"],
      // s18: a time back in months or years is rounded by the person, so its day is held loosely.
      ["ça fait un mois", "2026-11-01", "fuzzy"],
      ["dans 2 semaines", null],
    ]);
    check(wanted, [["dans 2 semaines", "2026-12-15"]]);
  });

  void it("a weekday is the last one; yesterday and avant-hier are read; a day to come makes none", () => {
    check(started, [
      ["last friday", "2026-11-27", "fuzzy"],
      ["yesterday evening", "2026-11-30"],
      ["the day before yesterday", "2026-11-29"],
      ["next week", null],
      ["2027-02-01", null],
    ]);
    check(depuis, [
      ["depuis jeudi", "2026-11-26", "fuzzy"],
      ["hier soir", "2026-11-30"],
      ["avant-hier", "2026-11-29"],
    ]);
  });
});

void describe("a score written N/10 is no date", () => {
  void it("after 'is', 'like', 'about', 'est', 'à', a day/month pair is a score", () => {
    assert.equal(extractDate("the pain is 4/10 at rest", "date", TODAY, false), null);
    assert.equal(extractDate("je dirais à 8/10", "date", TODAY, false), null);
    assert.deepEqual(extractDate("le 8/10", "date", TODAY, false), { value: "2027-10-08", certainty: "exact" });
  });

  void it("in passing, a day/month pair needs a word that introduces a date", () => {
    const input = indirectText("5/10 honestly", TODAY, true);
    assert.equal(extractIndirect(input, onset), null);
    const dated = indirectText("ankle, since 20/11", TODAY, true);
    assert.deepEqual(extractIndirect(dated, onset), { value: "2026-11-20", certainty: "exact" });
  });
});
