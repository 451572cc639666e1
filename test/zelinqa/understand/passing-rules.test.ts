// Values said in passing, after the answer to another question (docs/zelinqa-understanding.md "Values stated in passing"),
// sums of parts and durations given by their end ("Numbers"): what is read, and what must not be.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { answeredStems, extractDirect, extractIndirect, indirectText } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget as target } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";

/** What a reply to `answered`'s question says in passing of `t`. */
const inPassing = (text: string, t: ExtractionTarget, answered: readonly ExtractionTarget[] = []) =>
  extractIndirect(indirectText(text, TODAY, false, answeredStems(answered)), t)?.value;
const value = (text: string, t: ExtractionTarget) => extractDirect(text, t, TODAY)?.value;
const status = (text: string, t: ExtractionTarget) => extractDirect(text, t, TODAY)?.certainty;

const room = target({ type: "string", enum: ["single", "double"] }, { label: "Room type", question: "Which room?" }, [
  ["Single", "single"],
  ["Double", "double"],
]);
const shuttle = target({ type: "boolean" }, { label: "Airport shuttle", question: "Do you also want an airport shuttle?" });
const navette = target({ type: "boolean" }, { label: "Navette incluse", question: "Souhaitez-vous une navette ?" });
const streaming = target({ type: "boolean" }, { label: "Streaming included", question: "Do you want streaming included?" });
const plan = target({ type: "string", enum: ["basic", "premium"] }, { label: "Plan", question: "Which plan?" }, [
  ["Basic", "basic"],
  ["Premium with streaming", "premium"],
]);
const photographer = target({ type: "boolean" }, { label: "Photographer" });
const catering = target({ type: "string", enum: ["buffet", "seated"] }, { label: "Catering" }, [
  ["Buffet", "buffet"],
  ["Seated dinner", "seated"],
]);
const outdoors = target({ type: "boolean" }, { label: "Cérémonie en extérieur" });
const guests = target({ type: "integer", minimum: 0 }, { label: "Nombre d'invités" });
const bikes = target({ type: "integer", minimum: 0, maximum: 10 }, { label: "Nombre de vélos" });
const bikesEn = target({ type: "integer", minimum: 0, maximum: 10 }, { label: "Bikes to store" });
const atLeastOneBike = target({ type: "integer", minimum: 1, maximum: 10 }, { label: "Nombre de vélos" });
const surface = target({ type: "number", minimum: 9 }, { label: "Surface (m²)" });
const cleaning = target({ type: "number", minimum: 0, maximum: 40 }, { label: "Heures de ménage par semaine" });
const tutoring = target({ type: "number", minimum: 0, maximum: 40 }, { label: "Tutoring hours per week" });
const budget = target({ type: "number", minimum: 0, maximum: 5000 }, { label: "Budget mensuel" });
const spend = target({ type: "number", minimum: 0, maximum: 5000 }, { label: "Monthly spend" });
const months = target({ type: "integer", minimum: 1, maximum: 36 }, { label: "Durée (mois)" });
const weeks = target({ type: "integer", minimum: 1, maximum: 52 }, { label: "Stay length (weeks)" });
const days = target({ type: "integer", minimum: 1, maximum: 365 }, { label: "Nombre de jours" });

void describe("a yes/no fact said after the answer", () => {
  void it("reads the thing the label names, used as a noun, in a clause after the answer, in French and English", () => {
    assert.equal(inPassing("a double, and no shuttle thanks", shuttle, [room]), false);
    assert.equal(inPassing("double please, and the shuttle from the airport", shuttle, [room]), true);
    assert.equal(inPassing("une double, et une navette si possible", navette, [room]), true);
    assert.equal(inPassing("la double, sans navette", navette, [room]), false);
  });

  void it("reads a compound's first word and a place, but never a bare yes/no, a fact before the answer, or the answered question's words", () => {
    assert.equal(inPassing("a buffet, and photos of the evening", photographer, [catering]), true, "photo(s) of Photographer");
    assert.equal(inPassing("environ 80, et la cérémonie dans une chapelle", outdoors, [guests]), false);
    assert.equal(inPassing("about 80, and the vows on the beach", outdoors, [guests]), true);
    assert.equal(inPassing("a double, and yes", shuttle, [room]), undefined, "yes/no words are never taken in passing");
    assert.equal(inPassing("no shuttle, a double", shuttle, [room]), undefined, "only after the answer");
    assert.equal(inPassing("premium, and the streaming", streaming, [plan]), undefined, "the answered question's own word");
    assert.equal(inPassing("basic, and streaming please", streaming, [room]), true);
  });
});

void describe("a count denied after the answer", () => {
  void it("is zero when the thing itself is denied, in French and English", () => {
    assert.equal(inPassing("45 m², et pas de vélo", bikes, [surface]), 0);
    assert.equal(inPassing("un studio, aucun vélo", bikes, [surface]), 0);
    assert.equal(inPassing("a small studio, and we don't have any bikes", bikesEn, [surface]), 0);
    assert.equal(inPassing("a studio, no bikes", bikesEn, [surface]), 0);
  });

  void it("is nothing for a denied number, not zero for a thing counted elsewhere, nothing for a schema without 0, or a denial before the answer", () => {
    assert.equal(inPassing("45 m², pas de vélo", bikes, [surface]), 0);
    assert.equal(inPassing("45 m², not 3 bikes", bikesEn, [surface]), undefined, "a number denied");
    assert.equal(inPassing("45 m², pas de vélo à moi mais deux vélos de ma coloc", bikes, [surface]), 2, "counted elsewhere");
    assert.equal(inPassing("45 m², pas de vélo", atLeastOneBike, [surface]), undefined);
    assert.equal(inPassing("pas de vélo, 45 m²", bikes, [surface]), undefined, "only after the answer");
    assert.equal(inPassing("45 m², et 2", bikes, [surface]), undefined, "a bare number is never taken in passing");
  });
});

void describe("a time unit's short form", () => {
  void it("binds a number to a target counted in that unit, in passing too", () => {
    assert.equal(inPassing("un T2, et 3h par semaine", cleaning, [surface]), 3);
    assert.equal(inPassing("maths, and 2 hrs a week", tutoring, [surface]), 2);
    assert.equal(inPassing("maths, and 2 a week", tutoring, [surface]), undefined, "a bare number");
    assert.equal(inPassing("maths, and 90 min a week", tutoring, [surface]), undefined, "no conversion in passing");
  });
});

void describe("an amount given as its parts", () => {
  void it("adds parts in a currency or each said with what it is for, held loosely", () => {
    assert.equal(value("300 € pour les courses et 150 € pour l'essence", budget), 450);
    assert.equal(value("30 for electricity and 45 for gas", spend), 75);
    assert.equal(value("1200 € et ma femme 900 €", budget), 2100);
    assert.equal(status("30 for electricity and 45 for gas", spend), "fuzzy");
  });

  void it("never adds alternatives, a range, a bound, a denial or a correction", () => {
    assert.equal(value("30 for electricity and 45 for gas", spend), 75);
    assert.equal(value("30 or 45 for gas", spend), undefined);
    assert.equal(value("30 € ou 45 €", budget), undefined);
    assert.notEqual(value("entre 300 € et 450 €", budget), 750);
    assert.notEqual(value("300 € pour moi et pas plus de 100 € pour lui", budget), 400);
    assert.notEqual(value("300 € et pas 150 €", budget), 450);
    assert.equal(value("30 for gas, sorry, 45 for gas", spend), 45);
  });
});

void describe("a duration given by its end", () => {
  void it("counts from the reference day to the end said after until, held loosely", () => {
    assert.equal(value("jusqu'en mai", months), 5, "to the first of May");
    assert.equal(value("until the end of February", months), 3);
    assert.equal(value("jusqu'à fin avril", months), 5);
    assert.equal(status("jusqu'en mai", months), "fuzzy");
    assert.equal(value("till the 29th of December", weeks), 4);
    assert.equal(value("jusqu'au 11 décembre", days), 10);
  });

  void it("is nothing without until, for a target that is no duration, or in passing", () => {
    assert.equal(value("jusqu'en mai", months), 5);
    assert.equal(value("en mai", months), undefined, "a start is no end");
    assert.equal(value("jusqu'en mai", budget), undefined);
    assert.equal(inPassing("300 €, jusqu'en mai", months, [budget]), undefined);
  });
});
