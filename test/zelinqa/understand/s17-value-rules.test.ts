// Values said the way people say them (s17): slang and word magnitudes, a year in two pairs, zero in words, a half
// year on a whole age, decimal scores, sums by source, alternatives ("10 ou 11": the first for a measure, none for a
// count; two days in a row: the first), counts composed or named ("a studio", "one each for our 3", "Emma et Hugo"),
// a yes/no implied by the label's premise, and a year beside the thing it dates, in passing.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractIndirect, indirectText } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget as target, readDirect } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const read = (text: string, t: ExtractionTarget) => readDirect(text, t, TODAY);
/** In passing, only the value: the engine holds every value read in passing loosely. */
const inPassing = (text: string, t: ExtractionTarget) => extractIndirect(indirectText(text, TODAY, false), t)?.value ?? null;

void describe("amounts in slang and in words", () => {
  const budget = target({ type: "number", minimum: 0 }, { label: "Budget for the repairs (€)" });
  const price = target({ type: "number", minimum: 0 }, { label: "Prix maximum (€)" });

  void it("reads 'a grand' and half of a multiplier", () => {
    assert.deepEqual(read("below a grand if possible", budget), [1000, "exact"]);
    assert.deepEqual(read("half a million tops", price), [500000, "exact"]);
    assert.deepEqual(read("un demi-million", price), [500000, "exact"]);
    // Not read this way: "grand" as an adjective, "half" of a thing.
    assert.equal(read("a grand old car", budget), null);
    assert.deepEqual(read("half a day of work, 300", budget), [300, "fuzzy"]);
  });

  void it("adds amounts named by where they come from", () => {
    assert.deepEqual(read("30k from my savings + 10k from a bank loan", price), [40000, "fuzzy"]);
    // Not read this way: alternatives never add up.
    assert.equal(read("30k from savings or 40k from the bank", price), null);
  });
});

void describe("a calendar year said in two pairs of words", () => {
  const built = target({ type: "integer", minimum: 1900, maximum: 2030 }, { label: "Year the boiler was installed" });

  void it("reads the two pairs as one year", () => {
    assert.deepEqual(read("twenty nineteen", built), [2019, "exact"]);
    assert.deepEqual(read("nineteen ninety-eight", built), [1998, "exact"]);
    assert.deepEqual(read("installed in june 2021", built), [2021, "exact"]);
    // Not read this way: a lone number word, or pairs for a target that counts no years.
    const guests = target({ type: "integer", minimum: 0, maximum: 5000 }, { label: "Number of guests" });
    assert.equal(read("twenty nineteen", guests), null);
    assert.equal(read("nineteen", built), null);
  });
});

void describe("zero, halves and scores", () => {
  // The engine hands the schema's bounds with the target (0 is a value of an amount only when its minimum allows it).
  const leftover = { ...target({ type: "number", minimum: 0, maximum: 50 }, { label: "Tickets restants" }), minimum: 0, maximum: 50 };
  const deposit = { ...target({ type: "number", minimum: 0 }, { label: "Apport (€)" }), minimum: 0 };
  const age = target({ type: "integer", minimum: 0, maximum: 120 }, { label: "Age of the driver" });
  const mark = {
    ...target({ type: "number", minimum: 0, maximum: 20 }, { label: "Note au dernier examen (/20)" }),
    minimum: 0,
    maximum: 20,
  };

  void it("reads zero said in words, a half year on a whole age, and a score with two decimals", () => {
    assert.deepEqual(read("plus aucun", leftover), [0, "exact"]);
    assert.deepEqual(read("none left", leftover), [0, "exact"]);
    assert.deepEqual(read("rien, prêt à 110%", deposit), [0, "fuzzy"]);
    assert.deepEqual(read("forty-two and a half years", age), [42, "exact"]);
    assert.deepEqual(read("vingt-deux ans et demi", age), [22, "exact"]);
    assert.deepEqual(read("11,25/20", mark), [11.25, "exact"]);
    // Not read this way: a half on something other than years, a score on another scale.
    assert.equal(read("2 and a half", age), null);
    assert.equal(read("7.5/10", mark), null);
  });
});

void describe("two alternatives for one value", () => {
  const year = target({ type: "integer", minimum: 1950, maximum: 2027 }, { label: "Year of first registration" });
  const left = target({ type: "number", minimum: 0, maximum: 60 }, { label: "Days of leave left" });
  const seats = target({ type: "integer", minimum: 1, maximum: 12 }, { label: "Nombre de places" });
  const visit = target({ type: "string", format: "date" }, { label: "Date de la visite" });

  void it("gives the first of a measured value, held loosely", () => {
    assert.deepEqual(read("2009 or 2010, not sure", year), [2009, "fuzzy"]);
    assert.deepEqual(read("7 ou 8", left), [7, "fuzzy"]);
    assert.deepEqual(read("12 or maybe 13 days", left), [12, "fuzzy"]);
    // (s25) A count of things too, loosely (it gave none before); a range is no alternative.
    assert.deepEqual(read("4 ou 5", seats), [4, "fuzzy"]);
    assert.deepEqual(read("between 10 and 14 days", left), [12, "fuzzy"]);
  });

  void it("gives the first of two days in a row, held loosely, and none of days further apart", () => {
    assert.deepEqual(read("jeudi ou vendredi", visit), ["2026-12-03", "fuzzy"]);
    assert.deepEqual(read("le 9 ou le 10", visit), ["2026-12-09", "fuzzy"]);
    assert.equal(read("le 9 ou le 16", visit), null);
    assert.equal(read("the 3rd or 4th of february", visit), null);
  });
});

void describe("counts composed or named", () => {
  const bedrooms = target({ type: "integer", minimum: 0, maximum: 8 }, { label: "Nombre de chambres" });
  const beds = target({ type: "integer", minimum: 0, maximum: 10 }, { label: "Beds needed" });
  const kids = target({ type: "integer", minimum: 0, maximum: 10 }, { label: "Number of children", question: "How many children?" });

  void it("reads a home with no bedroom, one thing for each of N, and first names as people", () => {
    assert.deepEqual(read("un studio nous suffit", bedrooms), [0, "exact"]);
    assert.deepEqual(read("one for me and one for each of my 3 nephews", beds), [4, "fuzzy"]);
    assert.deepEqual(read("une pour nous et une pour chacun de nos 2 enfants", beds), [3, "fuzzy"]);
    assert.deepEqual(read("Emma, Hugo et Lina", kids), [3, "fuzzy"]);
    // Not read this way: a studio with a number said, one name alone, names for a count of things.
    assert.deepEqual(read("a studio or 1", bedrooms), [1, "exact"]);
    assert.equal(read("Emma", kids), null);
    assert.equal(read("Emma et Hugo", beds), null);
  });
});

void describe("a yes/no implied by the label's premise", () => {
  const firstCar = target({ type: "boolean" }, { label: "First car purchase", question: "Is this your first car?" });
  const parking = target({ type: "boolean" }, { label: "Besoin d'une place de parking", question: "Avez-vous besoin d'une place ?" });
  const shuttle = target({ type: "boolean" }, { label: "Airport shuttle needed", question: "Do you need a shuttle?" });
  const permit = target({ type: "boolean" }, { label: "Building permit", question: "Do you have the permit?" });
  const onCall = target({ type: "boolean" }, { label: "Disponible pendant les vacances" });

  void it("reads a later time or a past purchase as not a first one, and never as a first one", () => {
    assert.deepEqual(read("third time actually", firstCar), [false, "fuzzy"]);
    assert.deepEqual(read("I had a Golf years ago", firstCar), [false, "fuzzy"]);
    assert.deepEqual(read("non, c'est la deuxième", firstCar), [false, "exact"]);
    assert.deepEqual(read("yes, never bought one", firstCar), [true, "fuzzy"]);
    // Not read this way: a first time said.
    assert.deepEqual(read("my first one", firstCar), [true, "fuzzy"]);
  });

  void it("reads having it already, or another means, as no need", () => {
    assert.deepEqual(read("on a déjà un garage", parking), [false, "fuzzy"]);
    assert.deepEqual(read("we'll take a taxi", shuttle), [false, "fuzzy"]);
    assert.deepEqual(read("that'd be lovely", shuttle), [true, "fuzzy"]);
    // Not read this way: the thing asked about taken, or "déjà" with something done.
    assert.deepEqual(read("I'll take the shuttle", shuttle), [true, "fuzzy"]);
    assert.equal(read("j'ai déjà demandé", parking), null);
  });

  void it("reads something obtained, a step to come and a yes limited to some cases", () => {
    assert.deepEqual(read("I believe our architect has it", permit), [true, "fuzzy"]);
    assert.deepEqual(read("we have a meeting at the town hall next month", permit), [false, "fuzzy"]);
    assert.deepEqual(read("uniquement en cas de problème grave", onCall), [true, "fuzzy"]);
    // Not read this way: a condition that may not hold, an acknowledgement.
    assert.equal(read("only if it's paid", onCall), null);
    assert.equal(read("got it", permit), null);
  });
});

void describe("a year beside the thing it dates, in passing", () => {
  const year = target({ type: "integer", minimum: 1950, maximum: 2027 }, { label: "Year of the bike" });

  void it("is read from 'a 2016 Yamaha' or 'a Honda from 2014'", () => {
    assert.equal(inPassing("60 000 km, it's a 2016 yamaha", year), 2016);
    assert.equal(inPassing("a Honda CB from 2014", year), 2014);
    // Not read this way: a year when something happens, or a plain number.
    assert.equal(inPassing("I'd like it done in 2027", year), null);
    assert.equal(inPassing("since 2019", year), null);
    assert.equal(inPassing("une enveloppe de 2000", year), null);
  });
});

void describe("said in passing after the answer", () => {
  const cover = target({ type: "boolean" }, { label: "Remplaçant trouvé", question: "Avez-vous trouvé un remplaçant ?" });
  const score = target({ type: "number", minimum: 0, maximum: 20 }, { label: "Moyenne au bac" });

  void it("reads something done to them in French word order, and a number before 'de' + the label's word", () => {
    assert.equal(inPassing("trois jours, Karim me remplace", cover), true);
    assert.equal(inPassing("une semaine, ma collègue m'a remplacée", cover), true);
    assert.equal(inPassing("trois jours, il me remplace pas", cover), false);
    assert.equal(inPassing("20h, et 14 de moyenne", score), 14);
    // Not read this way: a number of something else, or nothing done to them.
    assert.equal(inPassing("20h, et 14 de retard", score), null);
    assert.equal(inPassing("trois jours, je remplace Karim", cover), null);
  });
});

void describe("years back, every day, someone else and owning", () => {
  const built = target({ type: "integer", minimum: 1800, maximum: 2026 }, { label: "Année de construction" });
  const visits = target({ type: "integer", minimum: 1, maximum: 7 }, { label: "Visits per week" });
  const joint = target({ type: "boolean" }, { label: "Joint application", question: "Are you applying with someone else?" });
  const owner = target({ type: "boolean" }, { label: "Propriétaire du logement" });

  void it("reads a year from an age or a time back, and 'every day' for a count per week", () => {
    assert.deepEqual(read("elle a environ 30 ans", built), [1996, "fuzzy"]);
    assert.deepEqual(read("built about 120 years ago", built), [1906, "fuzzy"]);
    assert.deepEqual(read("every day if I can", visits), [7, "exact"]);
    // Not read this way: a plain year, and "every day" for a target counted over no period.
    assert.deepEqual(read("1996", built), [1996, "exact"]);
    const total = target({ type: "integer", minimum: 1, maximum: 50 }, { label: "Number of visits" });
    assert.equal(read("every day", total), null);
  });

  void it("reads alone or together for someone else, and whose property it is for owning", () => {
    assert.deepEqual(read("only me", joint), [false, "fuzzy"]);
    assert.deepEqual(read("with my partner", joint), [true, "fuzzy"]);
    assert.deepEqual(read("c'est à ma grand-mère", owner), [false, "fuzzy"]);
    assert.deepEqual(read("we own it with my sister, en indivision", owner), [true, "fuzzy"]);
    // Not read this way: "just me" for a label about no one else.
    const smoker = target({ type: "boolean" }, { label: "Smoker" });
    assert.equal(read("just me", smoker), null);
  });
});

void describe("what a number or a day is not", () => {
  const odometer = target({ type: "integer", minimum: 0, maximum: 900000 }, { label: "Odometer (km)" });
  const rent = target({ type: "number", minimum: 0 }, { label: "Loyer maximum (€)" });
  const lastDay = target({ type: "string", format: "date" }, { label: "Last day of the trip" });
  const lessons = target({ type: "integer", minimum: 0, maximum: 100 }, { label: "Lessons already taken" });

  void it("sets aside a year beside a thing, holds a part loosely, and a day of return loosely", () => {
    assert.deepEqual(read("120000, it's a 2009 fiat", odometer), [120000, "fuzzy"]);
    assert.deepEqual(read("650 + les aides", rent), [650, "fuzzy"]);
    assert.deepEqual(read("we're back on the 12th of january", lastDay), ["2027-01-12", "fuzzy"]);
    assert.deepEqual(read("it's my first time", lessons), [0, "fuzzy"]);
    // Not read this way: a plain amount, a plain last day, a year as the thing's own word, not a first time.
    assert.deepEqual(read("650", rent), [650, "exact"]);
    assert.deepEqual(read("une enveloppe de 2000", rent), [2000, "exact"]);
    assert.deepEqual(read("the 12th of january", lastDay), ["2027-01-12", "exact"]);
    assert.equal(read("not my first time", lessons), null);
  });
});
