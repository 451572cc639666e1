// The general doubt guard (s18, guards-values.ts doubtedValue): a value read exactly from a reply to its own question
// stays confirmed only when the rest of the reply gives no reason to doubt it. A question mark, a hedge, a condition,
// a provisional word, a correction word left unread or an alternative hold it loosely; a number or a date said only
// where it is denied gives nothing. A clear answer stays exact.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, labelledTarget, multiChoice, readDirect, singleChoice } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const read = (text: string, t: ExtractionTarget) => readDirect(text, t, TODAY);

const seats = labelledTarget({ type: "integer" }, { label: "Nombre de places", question: "Combien de places voulez-vous ?" });
const rent = labelledTarget({ type: "number" }, { label: "Monthly rent", question: "What rent can you afford?" });
const start = labelledTarget({ type: "string", format: "date" }, { label: "Start date", question: "When would you like to start?" });
const garden = labelledTarget({ type: "boolean" }, { label: "Garden", question: "Do you need a garden?" });
const fuel = choiceTarget("Carburant", singleChoice(["petrol", "diesel", "electric"]), [
  ["Essence", "petrol"],
  ["Diesel", "diesel"],
  ["Électrique", "electric"],
]);
const rooms = choiceTarget("Rooms", multiChoice(["kitchen", "bathroom", "attic"]), [
  ["Kitchen", "kitchen"],
  ["Bathroom", "bathroom"],
  ["Attic", "attic"],
]);

void describe("a value the rest of the reply doubts", () => {
  void it("is held loosely after a question back or a questioning tone", () => {
    assert.deepEqual(read("5, c'est trop ?", seats), [5, "fuzzy"]);
    assert.deepEqual(read("900, would that work?", rent), [900, "fuzzy"]);
    assert.deepEqual(read("diesel?", fuel), ["diesel", "fuzzy"]);
    assert.deepEqual(read("yes, is that an issue?", garden), [true, "fuzzy"]);
  });

  void it("is held loosely when still to be checked, confirmed or seen", () => {
    assert.deepEqual(read("900, I have to check with my partner", rent), [900, "fuzzy"]);
    assert.deepEqual(read("l'électrique, faut que je vérifie le budget", fuel), ["electric", "fuzzy"]);
    assert.deepEqual(read("le 3 février, à voir", start), ["2027-02-03", "fuzzy"]);
    assert.deepEqual(read("March 3rd but it could change", start), ["2027-03-03", "fuzzy"]);
    assert.deepEqual(read("5 places, à confirmer", seats), [5, "fuzzy"]);
  });

  void it("is held loosely under a hedge or a condition, dates too", () => {
    assert.deepEqual(read("3 march I believe", start), ["2027-03-03", "fuzzy"]);
    assert.deepEqual(read("le 3 mars normalement", start), ["2027-03-03", "fuzzy"]);
    assert.deepEqual(read("3 march, depends on my notice period", start), ["2027-03-03", "fuzzy"]);
    assert.deepEqual(read("le 3 mars si le logement est prêt", start), ["2027-03-03", "fuzzy"]);
    assert.deepEqual(read("l'essence, à moins que ce soit trop cher", fuel), ["petrol", "fuzzy"]);
  });

  void it("is held loosely when a correction word is left unread or takes a yes back", () => {
    assert.deepEqual(read("oui, enfin plus tard peut-être", garden), [true, "fuzzy"]);
    // (s26) The word turned round is meant, still loosely after an ellipsis of hesitation.
    assert.deepEqual(read("yes... no actually", garden), [false, "fuzzy"]);
    assert.deepEqual(read("3 march, no the 10th wait", start), ["2027-03-03", "fuzzy"]);
  });

  void it("is held loosely beside an alternative", () => {
    assert.deepEqual(read("le 3 mars ou le 10", start), ["2027-03-03", "fuzzy"]);
    assert.deepEqual(read("kitchen or bathroom", rooms), [["kitchen", "bathroom"], "fuzzy"]);
  });

  void it("gives nothing for a number or a date said only where it is denied, and the other one loosely", () => {
    assert.equal(read("not 5", seats), null);
    assert.equal(read("surtout pas le 3 mars", start), null);
    assert.deepEqual(read("I don't want 5 seats, only 4", seats), [4, "fuzzy"]);
  });
});

void describe("a clear answer", () => {
  void it("stays confirmed", () => {
    assert.deepEqual(read("5", seats), [5, "exact"]);
    assert.deepEqual(read("900 max", rent), [900, "exact"]);
    assert.deepEqual(read("pas plus de 900", rent), [900, "exact"]);
    assert.deepEqual(read("no more than 900", rent), [900, "exact"]);
    assert.deepEqual(read("4, no 5", seats), [5, "exact"]);
    assert.deepEqual(read("le 3 mars si possible", start), ["2027-03-03", "exact"]);
    assert.deepEqual(read("demain si c'est possible", start), ["2026-12-02", "exact"]);
    assert.deepEqual(read("diesel, sorry for the delay", fuel), ["diesel", "exact"]);
    assert.deepEqual(read("yes, for now", garden), [true, "exact"]);
    assert.deepEqual(read("4 places dont 2 pour les enfants", seats), [4, "exact"]);
    assert.deepEqual(read("kitchen and bathroom", rooms), [["kitchen", "bathroom"], "exact"]);
  });

  void it("keeps a zero said by a denial", () => {
    assert.deepEqual(read("aucune", seats), [0, "exact"]);
    assert.deepEqual(read("no seats at all", seats), [0, "exact"]);
  });
});
