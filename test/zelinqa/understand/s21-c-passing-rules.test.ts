// Values said in passing after the eleventh blind round (s21 fix11c): a date beside a noun of one open date target's
// label goes to it even when another date target is open; a label opening on a three-letter noun ("Van needed") names
// that thing; a short option typed as an acronym in capitals is read. All held loosely. Cases written for these rules,
// in both languages, with their own labels, and what must not be read.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractIndirect, indirectText } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget, IndirectText } from "../../../src/zelinqa/understand/index.js";
import { targetWords } from "../../../src/zelinqa/understand/target-words.js";
import { choiceTarget, labelledTarget, multiChoice } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const bothSides: IndirectText["oneDateTargetBySide"] = { future: true, past: true };
const dated = (text: string, t: ExtractionTarget) => {
  const r = extractIndirect({ ...indirectText(text, TODAY, false), oneDateTargetBySide: bothSides }, t);
  return r === null ? null : [r.value, r.certainty];
};
const inPassing = (text: string, t: ExtractionTarget) => {
  const r = extractIndirect(indirectText(text, TODAY, false), t);
  return r === null ? null : [r.value, r.certainty];
};

const checkIn = labelledTarget({ type: "string", format: "date" }, { label: "Check-in date", question: "When do you arrive?" });
const fete = labelledTarget({ type: "string", format: "date" }, { label: "Date de la fête", question: "Quand a lieu la fête ?" });
const revision = labelledTarget(
  { type: "string", format: "date" },
  { label: "Dernière révision", question: "De quand date la dernière révision ?" },
);
const spa = labelledTarget({ type: "boolean" }, { label: "Spa access", question: "Would you like access to the spa?" });
const gps = choiceTarget("Options", multiChoice(["gps", "attelage", "toit"]), [
  ["Navigation GPS", "gps"],
  ["Attelage", "attelage"],
  ["Toit ouvrant", "toit"],
]);
const access = choiceTarget("Access needs", multiChoice(["bsl", "ramp", "loop"]), [
  ["BSL interpreter", "bsl"],
  ["Wheelchair ramp", "ramp"],
  ["Hearing loop", "loop"],
]);

void describe("s21 fix11c: a date beside a noun of one date target's label", () => {
  void it("goes to that target on its side, loosely, even beside another open date target", () => {
    assert.deepEqual(dated("3 nights, check-in on 5 april", checkIn), ["2027-04-05", "fuzzy"]);
    assert.deepEqual(dated("une trentaine, la fête le 3 mai", fete), ["2027-05-03", "fuzzy"]);
    assert.deepEqual(dated("le moteur tousse, révision faite le 3 mai", revision), ["2026-05-03", "fuzzy"]);
  });
  void it("goes nowhere without the noun, or with the noun in another clause than the date", () => {
    assert.equal(dated("3 nights, on 5 april", checkIn), null);
    assert.equal(dated("une trentaine, le 3 mai", fete), null);
    assert.equal(dated("la fête, on en parle; ma sœur arrive le 3 mai", fete), null);
  });
});

void describe("s21 fix11c: a label opening on a three-letter noun", () => {
  void it("names that thing in a clause after the answer", () => {
    assert.deepEqual(inPassing("a double room, and the spa please", spa), [true, "fuzzy"]);
    assert.deepEqual(inPassing("a double room, no spa thanks", spa), [false, "fuzzy"]);
  });
  void it("never takes a function word or a number that opens a label", () => {
    assert.equal(targetWords("Van needed").things?.has("van"), true);
    assert.equal(targetWords("Any allergies").things?.has("any"), false);
    assert.equal(targetWords("Max budget").things?.has("max"), false);
    assert.equal(targetWords("Two adults").things?.has("two"), false);
  });
});

void describe("s21 fix11c: a short option typed as an acronym in capitals", () => {
  void it("is read in passing, loosely", () => {
    assert.deepEqual(inPassing("un break, avec le GPS", gps), [["gps"], "fuzzy"]);
    assert.deepEqual(inPassing("two tickets, we need BSL", access), [["bsl"], "fuzzy"]);
  });
  void it("is not read in lower case, nor negated", () => {
    assert.equal(inPassing("un break, avec le gps", gps), null);
    assert.equal(inPassing("un break, sans GPS", gps), null);
  });
});
