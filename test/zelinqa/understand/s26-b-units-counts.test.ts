// s26 fixer b: units, rates and counts. "hours a week" is a rate like "hours per week"; "every day" makes a daily time
// an exact weekly one; a duration is no distance; "tous les 10 jours" is not every day; an amount in another currency
// than the target's is not its value; "120 pour nous 3" for a budget per head; "2 hundred"; "both …" and "just the … one".
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { boundedTarget, readDirect } from "../../support/extraction-target.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const screen = boundedTarget("number", 0, 120, "Screen time (hours a week)", "How many hours a week do you spend gaming?");
const choir = boundedTarget("number", 0, 60, "Rehearsal time (hours a month)", "How long do you rehearse?");

void describe("a rate said with 'a'/'an' in the label", () => {
  void it("converts minutes to the target's hours and a daily time to its period", () => {
    assert.deepEqual(read("150 minutes", screen), [2.5, "exact"]);
    assert.deepEqual(read("3 hours a day", screen), [21, "fuzzy"]);
    assert.deepEqual(read("3 hours a day, every day", screen), [21, "exact"]);
    assert.deepEqual(read("1h par jour, tous les jours", screen), [7, "exact"]);
    assert.deepEqual(read("45 minutes", choir), [0.75, "exact"]);
  });
  void it("keeps a plain number of the target's unit", () => {
    assert.deepEqual(read("12", screen), [12, "exact"]);
    assert.deepEqual(read("about 6 hours", screen), [6, "fuzzy"]);
  });
});

const toVenue = boundedTarget("number", 0, 800, "Distance to the venue (km)", "How far is the venue from you (km)?");
const trajet = boundedTarget("number", 0, 800, "Trajet (km)", "Combien de kilomètres faites-vous pour venir ?");
const parcel = boundedTarget("number", 0, 50, "Parcel weight (kg)", "How heavy is the parcel (kg)?");

void describe("a duration for a measure", () => {
  void it("gives no distance nor weight", () => {
    assert.equal(read("40 minutes by car", toVenue), null);
    assert.equal(read("2h de train", trajet), null);
    assert.equal(read("3 hours", parcel), null);
  });
  void it("keeps the measure said beside it", () => {
    assert.deepEqual(read("40 minutes by car, about 50 km", toVenue), [50, "fuzzy"]);
    assert.deepEqual(read("2h de train, 180 km", trajet), [180, "exact"]);
  });
});

const ateliers = boundedTarget("integer", 0, 7, "Ateliers par semaine", "Combien d'ateliers par semaine ?");
const visites = boundedTarget("integer", 0, 10, "Visites par mois", "Combien de visites par mois ?");

void describe("how often, for things counted per period", () => {
  void it("reads 'N fois par …' as the count of the target's things", () => {
    assert.deepEqual(read("une fois par semaine", ateliers), [1, "exact"]);
    assert.deepEqual(read("2 fois par mois", visites), [2, "exact"]);
  });
  void it("reads no 'every day' in 'tous les 10 jours'", () => {
    assert.equal(read("tous les 10 jours", ateliers), null);
    assert.equal(read("tous les 3 jours", ateliers), null);
  });
  void it("keeps every day and the days named", () => {
    assert.deepEqual(read("tous les jours", ateliers), [7, "exact"]);
    assert.deepEqual(read("le mardi et le jeudi", ateliers), [2, "exact"]);
  });
});

const gift = boundedTarget("number", 0, 2000, "Gift budget (€)", "How much would you like to spend (€)?");
const stay = boundedTarget("number", 0, 5000, "Budget du séjour", "Quel budget en dollars pour le séjour ?");

void describe("an amount in another currency", () => {
  void it("is not the target's amount", () => {
    assert.equal(read("£300", gift), null);
    assert.equal(read("$250", gift), null);
    assert.equal(read("400 €", stay), null);
  });
  void it("keeps the target's currency, no currency, and slang for money", () => {
    assert.deepEqual(read("300€", gift), [300, "exact"]);
    assert.deepEqual(read("300 euros", gift), [300, "exact"]);
    assert.deepEqual(read("300", gift), [300, "exact"]);
    assert.deepEqual(read("300 bucks", gift), [300, "exact"]);
    assert.deepEqual(read("$400", stay), [400, "exact"]);
  });
});

const perHead = boundedTarget("number", 0, 300, "Budget par convive (€)", "Quel budget par convive ?");
const perGuest = boundedTarget("number", 0, 300, "Budget per guest (£)", "What budget per guest?");

void describe("an amount for the people said after it, for a budget per head", () => {
  void it("is shared by them, loosely", () => {
    assert.deepEqual(read("120 pour nous 3", perHead), [40, "fuzzy"]);
    assert.deepEqual(read("£300 for the 3 of us", perGuest), [100, "fuzzy"]);
  });
  void it("keeps an amount alone", () => {
    assert.deepEqual(read("40", perHead), [40, "exact"]);
  });
});

const lamps = boundedTarget("integer", 0, 10, "Lamps to repair", "How many lamps need repairing?");
const earrings = boundedTarget("integer", 0, 4, "Piercings already had", "How many piercings do you have?");
const fee = boundedTarget("number", 0, 2000, "Deposit (£)", "How much deposit can you pay (£)?");

void describe("counts said in words", () => {
  void it("reads '2 hundred' as 200", () => {
    assert.deepEqual(read("2 hundred", fee), [200, "exact"]);
    assert.deepEqual(read("about 3 hundred", fee), [300, "fuzzy"]);
  });
  void it("reads 'both' alone or with its thing as 2", () => {
    assert.deepEqual(read("both", lamps), [2, "exact"]);
    assert.deepEqual(read("both sides", earrings), [2, "exact"]);
  });
  void it("reads nothing in a sentence about both, nor 'both' for an amount", () => {
    assert.equal(read("both hands are full of them", earrings), null);
    assert.equal(read("both", fee), null);
  });
  void it("reads 'just the … one' as 1", () => {
    assert.deepEqual(read("just the left one", earrings), [1, "exact"]);
    assert.deepEqual(read("only the one in the hall", lamps), [1, "exact"]);
  });
  void it("reads no 1 in 'the … ones'", () => {
    assert.equal(read("only the ones in the hall", lamps), null);
  });
});
