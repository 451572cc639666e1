// s27 fixer s: numbers said in two parts or with a hedge before or after them, "once" as a count, a short month after
// "in", don't-knows that give no figure or no date, "both our …" one duration in two units, the usual number among others (UND-S27-S-1 to UND-S27-S-7).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { isDontKnow } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget, labelledTarget, readDirect } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const read = (text: string, t: ExtractionTarget) => readDirect(text, t, TODAY);

const bodyWeight = boundedTarget("number", 20, 300, "Body weight (kg)", "How much does the rider weigh?");
const luggage = boundedTarget("number", 0, 40, "Poids du bagage (kg)", "Combien pèse votre valise ?");
const hedge = boundedTarget("number", 20, 400, "Hauteur de la haie (cm)", "Quelle hauteur fait la haie ?");
const shelf = boundedTarget("number", 10, 300, "Shelf width (cm)", "How wide is the alcove?");
const rehearsals = boundedTarget("integer", 0, 30, "Rehearsals missed", "How many rehearsals did you miss this term?");
const visits = boundedTarget("integer", 0, 30, "Visits to the dentist", "How many times did you see a dentist last year?");
const bikes = boundedTarget("integer", 0, 10, "Bikes to store", "How many bikes do you need to store?");
const carAge = boundedTarget("number", 0, 40, "Âge du véhicule (ans)", "Quel âge a votre voiture ?");
const commute = boundedTarget("number", 0, 24, "Commute (hours)", "How many hours a day do you spend commuting?");
const movedIn = labelledTarget({ type: "string", format: "date" }, { label: "Moved in", question: "When did you move into the flat?" });
const dateDebut = labelledTarget({ type: "string", format: "date" }, { label: "Date de début", question: "Quand commence le chantier ?" });

void describe("UND-S27-S-1 stones and pounds, and a hedge after a measure said in two parts", () => {
  void it("reads stones then pounds as one weight, held loosely (converted)", () => {
    assert.deepEqual(read("11 st 9", bodyWeight), [73.94, "fuzzy"]);
    assert.deepEqual(read("about 12 stone 3", bodyWeight), [77.56, "fuzzy"]);
  });
  void it("keeps stones alone, and a pound count of 14 or more is no part of a stone", () => {
    assert.deepEqual(read("12 stone", bodyWeight), [76.2, "fuzzy"]);
    assert.notDeepEqual(read("12 stone 20", bodyWeight)?.[0], 85.28);
  });
  void it("holds a metre-and-centimetre measure loosely when an approximation follows it", () => {
    assert.deepEqual(read("1m80 a peu pres", hedge), [180, "fuzzy"]);
    assert.deepEqual(read("2m10 environ", hedge), [210, "fuzzy"]);
    assert.deepEqual(read("1m80", hedge), [180, "exact"]);
    assert.deepEqual(read("1m40 or so", shelf), [140, "fuzzy"]);
  });
});

void describe("UND-S27-S-2 a number just reached is a hedge", () => {
  void it("holds 'barely', 'hardly', 'à peine' loosely", () => {
    assert.deepEqual(read("barely 2 hours", commute), [2, "fuzzy"]);
    assert.deepEqual(read("hardly 3", commute), [3, "fuzzy"]);
    assert.deepEqual(read("à peine 12 kilos", luggage), [12, "fuzzy"]);
  });
  void it("keeps a plain number exact", () => {
    assert.deepEqual(read("2 hours", commute), [2, "exact"]);
    assert.deepEqual(read("12 kilos", luggage), [12, "exact"]);
  });
});

void describe("UND-S27-S-3 'once' as a count where no clause follows it", () => {
  void it("counts once alone, after just/only, before a pause, and once-or-twice as one held loosely", () => {
    assert.deepEqual(read("once", rehearsals), [1, "exact"]);
    assert.deepEqual(read("only once, when I had flu", rehearsals), [1, "exact"]);
    assert.deepEqual(read("just once", visits), [1, "exact"]);
    assert.deepEqual(read("once or twice", visits), [1, "fuzzy"]);
  });
  void it("reads no count from 'once' as 'when' or 'at once'", () => {
    assert.equal(read("once the kids were back at school I went", visits), null);
    assert.equal(read("all at once", rehearsals), null);
  });
});

void describe("UND-S27-S-6 one duration said in two units, the larger first", () => {
  void it("adds the parts in the target's unit, loosely when the smaller part was rounded", () => {
    assert.deepEqual(read("7 ans et 4 mois", carAge), [7.33, "fuzzy"]);
    assert.deepEqual(read("7 ans 6 mois", carAge), [7.5, "exact"]);
    assert.deepEqual(read("1 hour and 40 minutes", commute), [1.67, "fuzzy"]);
    assert.deepEqual(read("1 hour, 15 minutes", commute), [1.25, "exact"]);
  });
  void it("adds nothing for two alternatives, nor the smaller unit first", () => {
    assert.notDeepEqual(read("2 hours or 30 minutes", commute)?.[0], 2.5);
    assert.notDeepEqual(read("30 minutes and 2 hours", commute)?.[0], 2.5);
  });
});

void describe("UND-S27-S-7 the usual number among others", () => {
  void it("is the answer, held loosely", () => {
    assert.deepEqual(read("normally 2 but yesterday 5 with the roadworks", commute), [2, "fuzzy"]);
    assert.deepEqual(read("d'habitude 3, parfois 6", rehearsals), [3, "fuzzy"]);
  });
  void it("keeps two plain numbers undecided and one usual number alone exact", () => {
    assert.equal(read("2 but yesterday 5", commute), null);
    assert.deepEqual(read("usually 2", commute), [2, "exact"]);
  });
});

void describe("UND-S27-S-5 'both' with a determiner before the noun, as the whole reply", () => {
  void it("counts two", () => {
    assert.deepEqual(read("both our bikes", bikes), [2, "exact"]);
    assert.deepEqual(read("both of my bikes", bikes), [2, "exact"]);
  });
  void it("counts nothing from a sentence, and a said number wins", () => {
    assert.equal(read("both our bikes are electric", bikes), null);
    assert.deepEqual(read("both of our three bikes", bikes), [3, "exact"]);
  });
});

void describe("UND-S27-S-4 a short month after 'in', and no figure or date to give", () => {
  void it("reads 'sept' and 'mar' as months after English 'in' only", () => {
    assert.deepEqual(read("we got the keys in sept", movedIn), ["2026-09-01", "fuzzy"]);
    assert.deepEqual(read("in mar", movedIn), ["2026-03-01", "fuzzy"]);
    assert.equal(read("sept", dateDebut), null);
    assert.equal(read("en sept", dateDebut), null);
  });
  void it("takes a count too large to keep, or a start older than memory, as a don't-know", () => {
    assert.equal(isDontKnow("honestly I've lost count"), true);
    assert.equal(isDontKnow("too many to count"), true);
    assert.equal(isDontKnow("j'ai perdu le compte"), true);
    assert.equal(isDontKnow("for as long as I can remember"), true);
    assert.equal(isDontKnow("aussi loin que je me souvienne"), true);
  });
  void it("keeps a remembered fact and a counted figure", () => {
    assert.equal(isDontKnow("I can remember the day we moved"), false);
    assert.equal(isDontKnow("I counted 12"), false);
  });
});
