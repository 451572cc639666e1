// Dates, notes, don't-knows and yes/no the eleventh blind round missed (s21 fix11a): a thing not done yet has no date
// already past, a weekday or month corrected with a bare "no", a day of the month beside a holiday, replies that only
// close ("that's it, thanks!", "not really"), questions back that request something (a note) or not, "ne" dropped or
// said in a don't-know, and yes/no said as "je l'ai" or as a state that no longer holds. Cases written for these rules,
// in both languages, with their own labels, and what must not be read. Reference day: Tuesday 2026-12-01 (UTC).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { isDontKnow } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget as target, readDirect } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const read = (text: string, t: ExtractionTarget) => readDirect(text, t, TODAY);
const DATE = { type: "string", format: "date" };
const TEXT = { type: "string" };
const BOOL = { type: "boolean" };

void describe("a date asked as already past", () => {
  const sold = target(DATE, { label: "Date the car was sold", question: "When did you sell the car?" });
  const moved = target(DATE, { label: "Date du déménagement", question: "Quand avez-vous déménagé ?" });
  void it("has none when the reply says the thing has not happened yet, in any word order", () => {
    assert.equal(read("I haven't yet, the buyer comes on the 14th", sold), null);
    assert.equal(read("we have not sold it yet, maybe the 20th", sold), null);
    assert.equal(read("je n'ai pas encore déménagé, ce sera le 15", moved), null);
    // A "yet" that negates nothing, or said after the date, takes nothing back.
    assert.deepEqual(read("le 15, on n'a pas encore fini les cartons", moved), ["2026-11-15", "exact"]);
    assert.deepEqual(read("the 14th", sold), ["2026-11-14", "exact"]);
  });
});

void describe("a corrected weekday or month", () => {
  const match = target(DATE, { label: "Match day", question: "Which day is the match?" });
  const trip = target(DATE, { label: "Departure date" });
  void it("is the one said after a bare 'no'", () => {
    assert.deepEqual(read("friday, no thursday", match), ["2026-12-03", "fuzzy"]);
    assert.deepEqual(read("june, no july", trip), ["2027-07-01", "fuzzy"]);
    // "no" before a plural says none of them: the first day stays.
    assert.deepEqual(read("friday, no mondays for me", match), ["2026-12-04", "fuzzy"]);
  });
});

void describe("a day of the month beside a holiday", () => {
  const arrival = target(DATE, { label: "Arrival date" });
  const livraison = target(DATE, { label: "Date de livraison souhaitée" });
  void it("is the day said, the nearest such day to the holiday, held loosely", () => {
    assert.deepEqual(read("after boxing day, the 27th say", arrival), ["2026-12-27", "fuzzy"]);
    assert.deepEqual(read("après le nouvel an, le 4 si possible", livraison), ["2027-01-04", "fuzzy"]);
    assert.deepEqual(read("just before christmas, the 22nd", arrival), ["2026-12-22", "fuzzy"]);
    // A day named exactly keeps its own date; a holiday alone is still read loosely.
    assert.deepEqual(read("christmas eve, the 24th", arrival), ["2026-12-24", "exact"]);
    assert.deepEqual(read("après le nouvel an", livraison)?.[1], "fuzzy");
  });
});

void describe("a free-text reply to 'anything else?'", () => {
  const more = target(TEXT, { label: "Other remarks", question: "Anything else we should know?" });
  const autre = target(TEXT, { label: "Remarques", question: "Autre chose à nous dire ?" });
  void it("is no note when it only closes: a denial said softly, 'that's it', thanks", () => {
    assert.equal(read("that's all, cheers!", more), null);
    assert.equal(read("I think that's it. thank you", more), null);
    assert.equal(read("not really 😊", more), null);
    assert.equal(read("pas vraiment, merci", autre), null);
    assert.equal(read("c'est tout, bonne journée", autre), null);
  });
  void it("is no note when a denial is followed by a question back asking for nothing", () => {
    assert.equal(read("no. what time do you open?", more), null);
    assert.equal(read("non. c'est quoi vos horaires ?", autre), null);
  });
  void it("is a note when a question asks for something, or a clause says something", () => {
    const requests = ["could you ring before coming?", "no. can you send me the invoice?", "is it possible to park inside?"];
    for (const text of requests) assert.deepEqual(read(text, more), [text, "exact"]);
    for (const text of ["pourriez-vous appeler avant ?", "est-il possible de venir le samedi ?"])
      assert.deepEqual(read(text, autre), [text, "exact"]);
    for (const text of ["not really, the dog barks though", "that's it, except the gate code 4512"])
      assert.deepEqual(read(text, more), [text, "exact"]);
    // A question back for information alone stays as it was: none.
    assert.equal(read("what time do you open?", more), null);
  });
});

void describe("a don't-know", () => {
  void it("is read with or without the French 'ne', and from 'se rappeler'", () => {
    for (const text of ["je ne me rappelle pas", "je ne m'en souviens pas", "je m'en rappelle plus trop", "je ne me souviens plus du tout"])
      assert.equal(isDontKnow(text), true, text);
    assert.equal(isDontKnow("je me souviens très bien, c'était en mai"), false);
  });
});

void describe("a yes/no in the reply's own words", () => {
  const licence = target(BOOL, { label: "Permis de pêche", question: "Avez-vous un permis de pêche ?" });
  const pass = target(BOOL, { label: "Has a season pass", question: "Do you have a season pass?" });
  const cave = target(BOOL, { label: "Cave aménagée", question: "La cave est-elle aménagée ?" });
  const insured = target(BOOL, { label: "Insured bike", question: "Is the bike insured?" });
  void it("is a yes when the reply opens on holding or getting the thing asked about", () => {
    assert.deepEqual(read("je l'ai eu en mars", licence), [true, "fuzzy"]);
    assert.deepEqual(read("on l'a depuis des années", licence), [true, "fuzzy"]);
    assert.deepEqual(read("I got it last week", pass), [true, "fuzzy"]);
    assert.equal(read("got it", pass), null);
    // Another verb, or a contrast, says something else of it.
    assert.equal(read("je l'ai perdu", licence), null);
    assert.equal(read("je l'ai eu mais il a expiré", licence), null);
  });
  void it("is a no when the fact is said in the past and then contrasted", () => {
    assert.deepEqual(read("elle était aménagée mais tout a été démonté", cave), [false, "fuzzy"]);
    assert.deepEqual(read("it was insured, but the policy lapsed in june", insured), [false, "fuzzy"]);
    // Said now, or in the past without a contrast, the fact is still a yes.
    assert.deepEqual(read("elle est aménagée", cave), [true, "fuzzy"]);
    assert.deepEqual(read("it is insured", insured), [true, "fuzzy"]);
  });
});
