// Dates and notes the tenth blind round missed (s20 fix10a): birth dates (past, two-digit years and years in words, a
// day without its year held loosely, a year from an age), a correction with "ah non" and a reason after it, and notes
// that only thank or take leave. Cases written for these rules, in both languages, with their own labels, and what
// must not be read. Reference day: Tuesday 2026-12-01 (UTC).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget as target, readDirect } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const read = (text: string, t: ExtractionTarget) => readDirect(text, t, TODAY);
const DATE = { type: "string", format: "date" };
const TEXT = { type: "string" };

void describe("a birth date", () => {
  const dob = target(DATE, { label: "Member's date of birth", question: "When was the member born?" });
  const naissance = target(DATE, { label: "Date de naissance de l'enfant" });
  const due = target(DATE, { label: "Expected date of birth", question: "When is the baby due?" });
  const delivery = target(DATE, { label: "Date de livraison" });
  void it("is never a day to come, and a two-digit year is the last century's when this one's is ahead", () => {
    assert.deepEqual(read("14 march 71", dob), ["1971-03-14", "exact"]);
    assert.deepEqual(read("le 30 août 64", naissance), ["1964-08-30", "exact"]);
    assert.deepEqual(read("12/10/59", dob), ["1959-10-12", "exact"]);
    assert.deepEqual(read("le 2/3/19", naissance), ["2019-03-02", "exact"]);
    assert.deepEqual(read("she was born in 1968", dob), ["1968-01-01", "fuzzy"]);
    assert.deepEqual(read("2003", naissance), ["2003-01-01", "fuzzy"]);
    // Not a birth: a birth to come, a delivery date (a two-digit year gone makes no day, not next year's).
    assert.deepEqual(read("14 march", due), ["2027-03-14", "exact"]);
    assert.equal(read("le 30 août 64", delivery), null);
    assert.equal(read("le 3/2/27", delivery), null);
  });
  void it("reads a year said in words", () => {
    assert.deepEqual(read("the 3rd of may nineteen sixty one", dob), ["1961-05-03", "exact"]);
    assert.deepEqual(read("le onze juin deux mille quatre", naissance), ["2004-06-11", "exact"]);
    assert.deepEqual(read("7 january two thousand and nine", dob), ["2009-01-07", "exact"]);
    assert.deepEqual(read("douze mai mille neuf cent soixante-dix", naissance), ["1970-05-12", "exact"]);
  });
  void it("holds a day without its year loosely, or takes the year an age gives", () => {
    assert.deepEqual(read("on the 20th of july", dob), ["2026-07-20", "fuzzy"]);
    assert.deepEqual(read("le 20 juillet, elle a eu 30 ans cette année", naissance), ["1996-07-20", "fuzzy"]);
    assert.deepEqual(read("20 december, he's 50 years old", dob), ["1975-12-20", "fuzzy"]);
    // An age alone is no birth date.
    assert.equal(read("j'ai 52 ans", naissance), null);
    assert.equal(read("I'm 40", dob), null);
  });
});

void describe("a corrected date", () => {
  const pose = target(DATE, { label: "Date de pose souhaitée" });
  const visit = target(DATE, { label: "Visit date" });
  void it("is the day said right after the correction, whatever reason follows", () => {
    assert.deepEqual(read("le 8 mars... ah non le 9, le 8 c'est férié chez nous", pose), ["2027-03-09", "exact"]);
    assert.deepEqual(read("the 20th... no, the 21st, we fly back on the 20th", visit), ["2026-12-21", "exact"]);
    assert.deepEqual(read("le 12... oh non le 14, le 12 on est absents", pose), ["2026-12-14", "exact"]);
  });
});

void describe("a note that only thanks or takes leave", () => {
  const notes = target(TEXT, { label: "Notes", question: "Anything else we should know?" });
  const message = target(TEXT, { label: "Message", question: "Un mot pour l'équipe ?" });
  void it("records nothing", () => {
    assert.equal(read("thanks so much 🙏", notes), null);
    assert.equal(read("see you soon!", notes), null);
    assert.equal(read("looking forward to it", notes), null);
    assert.equal(read("merci beaucoup, bonne journée", message), null);
    assert.equal(read("non merci, au revoir", message), null);
    assert.equal(read("super, à bientôt !", message), null);
  });
  void it("keeps a note that thanks and says something", () => {
    assert.deepEqual(read("thanks, the buzzer is broken so please knock", notes), [
      "thanks, the buzzer is broken so please knock",
      "exact",
    ]);
    assert.deepEqual(read("merci de laisser le colis au voisin", message), ["merci de laisser le colis au voisin", "exact"]);
  });
});
