// Numbers: English tens completed by "one", an age said as the one to come, an article after "never", and what
// must not be read (docs/zelinqa-understanding.md, Numbers; s16 blind4 groups E and O).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractDirect, isDontKnow, isRefusal, targetWords } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { schemaTarget } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";

function numberTarget(schema: Record<string, unknown>, label: string, question: string): ExtractionTarget {
  return {
    ...schemaTarget(schema),
    words: targetWords(label, question),
    minimum: schema.minimum as number,
    maximum: schema.maximum as number,
  };
}

const age = numberTarget({ type: "integer", minimum: 0, maximum: 120 }, "Age", "How old are you?");
const ageFr = numberTarget({ type: "integer", minimum: 0, maximum: 120 }, "Âge du conducteur", "Quel âge avez-vous ?");
const guests = numberTarget({ type: "integer", minimum: 1 }, "Number of guests", "How many guests?");
const lessons = numberTarget(
  { type: "integer", minimum: 0, maximum: 100 },
  "Lessons already taken",
  "How many driving lessons have you had?",
);

const seances = numberTarget(
  { type: "integer", minimum: 0, maximum: 100 },
  "Séances déjà faites",
  "Combien de séances avez-vous déjà eues ?",
);

const read = (text: string, t: ExtractionTarget) => extractDirect(text, t, TODAY);

void describe("English tens completed by one", () => {
  void it("'forty-one', 'twenty one' are one number", () => {
    assert.deepEqual(read("thirty-one", age), { value: 31, certainty: "exact" });
    assert.deepEqual(read("twenty one guests", guests), { value: 21, certainty: "exact" });
    // Not across a pause, and not with "a".
    assert.notEqual(read("twenty, one of them my boss", guests)?.value, 21);
    assert.notEqual(read("twenty a table", guests)?.value, 21);
  });
});

void describe("an age said as the one to come", () => {
  void it("'N next month', 'turning N', 'je vais avoir N ans' are one year less", () => {
    assert.deepEqual(read("fifty next week", age), { value: 49, certainty: "exact" });
    assert.deepEqual(read("turning 30 in january", age), { value: 29, certainty: "exact" });
    assert.deepEqual(read("je vais avoir 45 ans", ageFr), { value: 44, certainty: "exact" });
    assert.deepEqual(read("27 ans le mois prochain", ageFr), { value: 26, certainty: "exact" });
    // Only for an age, and not for an age already reached.
    assert.deepEqual(read("I'm 50, next month I retire", age)?.value, 50);
    assert.deepEqual(read("we'll be 30 next month", guests)?.value, 30);
  });
});

void describe("an article after 'never'", () => {
  void it("'never seen a …', 'jamais eu une …' is no one of them, and reads as none", () => {
    assert.deepEqual(read("never had a lesson", lessons), { value: 0, certainty: "exact" });
    assert.deepEqual(read("jamais eu une séance", seances), { value: 0, certainty: "exact" });
    assert.equal(read("never seen a lesson plan like this", lessons), null, "something else after it");
    // A count said after "never" in another clause still counts.
    assert.deepEqual(read("never with an instructor, but one lesson with my dad", lessons)?.value, 1);
  });
});

const kids = numberTarget({ type: "integer", minimum: 0, maximum: 20 }, "Number of children", "How many of the passengers are children?");
const enfants = numberTarget({ type: "integer", minimum: 0, maximum: 10 }, "Nombre d'enfants", "Combien d'enfants viennent ?");
const pets = numberTarget({ type: "integer", minimum: 0, maximum: 10 }, "Number of pets", "How many pets do you have?");

void describe("counting people by who they are", () => {
  void it("children named by age or kinship count as people, one each or by their number", () => {
    assert.deepEqual(read("three infants and a toddler", kids), { value: 4, certainty: "fuzzy" });
    assert.deepEqual(read("ma nièce et mes deux neveux", enfants), { value: 3, certainty: "fuzzy" });
    assert.deepEqual(read("only my granddaughter", kids), { value: 1, certainty: "fuzzy" });
    // Not an only one when others are named.
    assert.deepEqual(read("my nephew and my niece", kids), { value: 2, certainty: "fuzzy" });
  });

  void it("'just one', 'un seul', 'only one' are one; 'all adults' is no child", () => {
    assert.deepEqual(read("only one", pets), { value: 1, certainty: "exact" });
    assert.equal(read("un seul", enfants)?.value, 1);
    assert.deepEqual(read("que des adultes", enfants), { value: 0, certainty: "exact" });
    assert.deepEqual(read("adults only", kids), { value: 0, certainty: "exact" });
    // "all adults" says nothing of pets, and "one" alone stays an article.
    assert.equal(read("all adults", pets), null);
    assert.equal(read("one of them is shy", pets), null);
  });
});

const garden = numberTarget({ type: "number", minimum: 1, maximum: 5000 }, "Surface du jardin (m²)", "Quelle est la surface du jardin ?");
const lawn = numberTarget({ type: "number", minimum: 1, maximum: 5000 }, "Lawn area (m²)", "How big is the lawn?");
const seats = numberTarget({ type: "integer", minimum: 1, maximum: 500 }, "Number of seats", "How many seats do you need?");

void describe("arithmetic a careful reader does", () => {
  void it("two lengths for an area, exact", () => {
    assert.deepEqual(read("20 m sur 15", garden), { value: 300, certainty: "exact" });
    assert.deepEqual(read("12 by 8 metres", lawn), { value: 96, certainty: "exact" });
    // Two lengths are no area for a count.
    assert.notEqual(read("20 sur 15", seats)?.value, 300);
  });

  void it("a count of parts of one size, loosely; not when the count is the target's own unit", () => {
    assert.deepEqual(read("3 parcelles de 200 m2", garden), { value: 600, certainty: "fuzzy" });
    assert.deepEqual(read("4 rows of 12", seats), { value: 48, certainty: "fuzzy" });
    assert.notEqual(read("3 seats of 40 cm", seats)?.value, 120);
    assert.notEqual(read("2 ans de 300", garden)?.value, 600);
  });

  void it("square feet for an area in m², loosely", () => {
    assert.deepEqual(read("about 500 sq ft", lawn), { value: 46.5, certainty: "fuzzy" });
    assert.equal(read("500 sq ft", seats), null);
  });
});

const water = numberTarget({ type: "number", minimum: 0, maximum: 20000 }, "Facture d'eau annuelle (€)", "Combien payez-vous d'eau ?");
const fee = numberTarget({ type: "number", minimum: 0, maximum: 5000 }, "Monthly fee ($)", "What do you pay?");

void describe("amounts with a currency sign and a period", () => {
  void it("a currency sign in the label makes the target an amount of money", () => {
    assert.deepEqual(read("850 €", water), { value: 850, certainty: "exact" });
    assert.deepEqual(read("$45", fee), { value: 45, certainty: "exact" });
  });

  void it("'€/mois', 'mensuel', 'yearly' after the amount are its period, converted for the target's", () => {
    assert.deepEqual(read("70€/mois", water), { value: 840, certainty: "exact" });
    assert.deepEqual(read("60 euros mensuel", water), { value: 720, certainty: "exact" });
    assert.deepEqual(read("600 $ yearly", fee), { value: 50, certainty: "exact" });
    // "au 3e", "le 5e" are ordinals, not euros.
    assert.equal(read("au 3e", water), null);
  });
});

const mood = numberTarget({ type: "integer", minimum: 0, maximum: 10 }, "Satisfaction", "How satisfied are you, from 0 to 10?");
const stars = numberTarget({ type: "number", minimum: 1, maximum: 5 }, "Note", "Quelle note donnez-vous ?");
const months = numberTarget({ type: "integer", minimum: 1, maximum: 12 }, "Mois", "Quel mois ?");

void describe("a score on the target's scale", () => {
  void it("'N/10', 'N sur 5', 'N out of 10' give N; loosely after 'like', 'about a'", () => {
    assert.deepEqual(read("8/10", mood), { value: 8, certainty: "exact" });
    assert.deepEqual(read("4 sur 5", stars), { value: 4, certainty: "exact" });
    assert.deepEqual(read("honestly like 3 out of 10", mood), { value: 3, certainty: "fuzzy" });
    assert.deepEqual(read("about a 7", mood), { value: 7, certainty: "fuzzy" });
    // Not on another scale, nor when the maximum is no usual scale.
    assert.equal(read("8/20", mood), null);
    assert.notEqual(read("3/12", months)?.value, 3);
  });
});

const built = numberTarget({ type: "integer", minimum: 1800, maximum: 2026 }, "Year built", "When was the house built?");
const kidAge = numberTarget({ type: "number", minimum: 0, maximum: 18 }, "Âge de l'enfant", "Quel âge a votre enfant ?");

void describe("years said against the reference day", () => {
  void it("a birth year gives an age, loosely; a newborn is 0", () => {
    assert.deepEqual(read("I was born in 1985", age), { value: 41, certainty: "fuzzy" });
    assert.deepEqual(read("il est né en 2019", kidAge), { value: 7, certainty: "fuzzy" });
    assert.deepEqual(read("a newborn", kidAge), { value: 0, certainty: "exact" });
    // A year that is not a birth says no age.
    assert.equal(read("we moved in 2019", kidAge), null);
  });

  void it("'last year', 'cette année' and '87 for a calendar year", () => {
    assert.deepEqual(read("finished last year", built), { value: 2025, certainty: "exact" });
    assert.deepEqual(read("cette année", built), { value: 2026, certainty: "exact" });
    assert.deepEqual(read("built in '87", built), { value: 1987, certainty: "exact" });
    // Not for an age, and a full year said beside it wins.
    assert.notEqual(read("last year", age)?.value, 2025);
    assert.deepEqual(read("1987 ('87)", built)?.value, 1987);
  });
});

void describe("don't-know and deferrals (lexicons.ts)", () => {
  void it("not remembered, lost count, not known yet, to ask someone: don't know", () => {
    for (const text of [
      "honestly I don't remember",
      "j'ai perdu le compte",
      "not known yet",
      "we need to ask the boss",
      "je dois demander à mon mari",
    ])
      assert.equal(isDontKnow(text), true, text);
    assert.equal(isDontKnow("I remember it well: 3"), false);
  });

  void it("a deferral to a conversation is a refusal, and a free text does not store it", () => {
    const notes = schemaTarget({ type: "string", maxLength: 500 });
    for (const text of ["je préfère en discuter de vive voix", "I'd rather talk about it over the phone", "on en parlera au rendez-vous"]) {
      assert.equal(isRefusal(text), true, text);
      assert.equal(extractDirect(text, notes, TODAY), null, text);
    }
    assert.equal(isRefusal("we talked about it with the doctor"), false);
  });
});
