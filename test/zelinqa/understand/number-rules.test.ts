// Numbers and counts in free-text answers [ext of docs/zelinqa-api.md §10.5.4]: fractions, unusual number forms,
// zero said with a word, enumerated counts, unit and period conversions, and what must NOT be read as a number.
// Cases written for these rules (not taken from the understanding corpus), French and English.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  compileSchemaValidator,
  extractDirect,
  extractIndirect,
  indirectText,
  targetWords,
} from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";

const TODAY = "2026-12-01";

function target(
  label: string,
  schema: { type: "number" | "integer"; minimum?: number; maximum?: number },
  question = "",
): ExtractionTarget {
  return {
    kind: schema.type,
    phrases: [],
    validate: compileSchemaValidator(schema),
    words: targetWords(label, question),
    ...(schema.minimum !== undefined ? { minimum: schema.minimum } : {}),
    ...(schema.maximum !== undefined ? { maximum: schema.maximum } : {}),
  };
}

/** The value and its certainty ("exact" or "fuzzy"), or null. */
function read(t: ExtractionTarget, text: string): [unknown, string] | null {
  const r = extractDirect(text, t, TODAY);
  return r === null ? null : [r.value, r.certainty];
}
const value = (t: ExtractionTarget, text: string) => read(t, text)?.[0] ?? null;

const cookingHours = target("Temps de cuisson (heures)", { type: "number", minimum: 0, maximum: 48 }, "Combien d'heures de cuisson ?");
const tripHours = target("Flight duration (hours)", { type: "number", minimum: 0, maximum: 30 }, "How long is the flight?");
const budget = target("Budget rénovation (€)", { type: "number", minimum: 0, maximum: 100000 }, "Quel est votre budget ?");
const spend = target("Spending limit", { type: "number", minimum: 0, maximum: 100000 }, "How much can you spend?");
const bikes = target("Nombre de vélos", { type: "integer", minimum: 0, maximum: 20 }, "Combien de vélos avez-vous ?");
const cups = target("Cups of coffee", { type: "number", minimum: 0, maximum: 30 }, "How many cups of coffee a day?");

describe("halves and fractions are never dropped", () => {
  it("reads hours and minutes glued to an h as decimal hours", () => {
    assert.deepEqual(read(cookingHours, "3h45"), [3.75, "exact"]);
    assert.deepEqual(read(cookingHours, "2 h 15"), [2.25, "exact"]);
    assert.deepEqual(read(tripHours, "it's 11h20min"), [11 + 20 / 60, "exact"]);
  });

  it("adds a half or a quarter said in words, after the number or after its unit", () => {
    assert.equal(value(cookingHours, "trois heures et demie"), 3.5);
    assert.equal(value(cookingHours, "deux et demi"), 2.5);
    assert.equal(value(cookingHours, "5h et quart"), 5.25);
    assert.equal(value(tripHours, "seven and a half"), 7.5);
    assert.equal(value(tripHours, "6 hours and a half"), 6.5);
    assert.equal(value(tripHours, "half an hour"), 0.5);
    assert.equal(value(cups, "one and a half"), 1.5);
    assert.equal(value(cups, "2½"), 2.5);
  });

  it("applies a multiplier after the fraction, and reads 'grand' as thousands", () => {
    assert.equal(value(spend, "three and a half grand"), 3500);
    assert.equal(value(spend, "8 grand max"), 8000);
    assert.equal(value(budget, "4,5k"), 4500);
  });

  it("stores no truncated whole number for an integer target", () => {
    assert.equal(read(bikes, "deux et demi"), null);
    assert.equal(read(bikes, "1,5"), null);
    assert.equal(read(bikes, "three and a half"), null);
  });

  it("does not read 'grand' as thousands before a noun, nor 'half of' as a number", () => {
    assert.notEqual(value(budget, "un grand salon"), 1000);
    assert.equal(read(spend, "half of my savings"), null);
  });
});

const storage = target("Stockage (Go)", { type: "number", minimum: 0, maximum: 10000 }, "Combien de stockage vous faut-il ?");
const attendees = target("Attendees", { type: "integer", minimum: 1, maximum: 500 }, "How many attendees?");
const floor = target("Étage", { type: "integer", minimum: 0, maximum: 50 }, "À quel étage ?");

describe("unusual number forms", () => {
  it("reads a unit glued to the number, in either language's spelling", () => {
    assert.deepEqual(read(storage, "256GB"), [256, "exact"]);
    assert.deepEqual(read(storage, "128go"), [128, "exact"]);
    assert.deepEqual(read(cookingHours, "6h"), [6, "exact"]);
  });

  it("reads a glued 'e' as euros unless a noun follows it as an ordinal", () => {
    assert.deepEqual(read(budget, "4500e"), [4500, "exact"]);
    assert.deepEqual(read(budget, "80e par mois"), [80, "exact"]);
    assert.deepEqual(read(floor, "au 4e étage"), [4, "exact"]);
  });

  it("holds a glued or misspelt approximation loosely", () => {
    assert.deepEqual(read(attendees, "80ish"), [80, "fuzzy"]);
    assert.deepEqual(read(attendees, "arround 80"), [80, "fuzzy"]);
    assert.deepEqual(read(budget, "aprox 3000"), [3000, "fuzzy"]);
    assert.deepEqual(read(budget, "envrion 3000"), [3000, "fuzzy"]);
  });

  it("does not take a glued name for a number, nor a plain word for a hedge", () => {
    assert.equal(read(storage, "un iPhone 15 avec 4G"), null);
    assert.deepEqual(read(attendees, "about 80"), [80, "fuzzy"]);
    assert.deepEqual(read(attendees, "80"), [80, "exact"]);
  });
});

const volunteers = target("Volunteers", { type: "integer", minimum: 0, maximum: 50 }, "How many people will volunteer?");
const invites = target("Nombre d'invités", { type: "integer", minimum: 0, maximum: 300 }, "Combien d'invités ?");
const overtime = target("Heures supplémentaires par semaine", { type: "number", minimum: 0, maximum: 40 });
const seatsFrom1 = target("Passengers", { type: "integer", minimum: 1, maximum: 9 }, "How many passengers?");

describe("zero said with a word", () => {
  it("reads nobody / personne / no one as zero people", () => {
    assert.deepEqual(read(volunteers, "nobody"), [0, "exact"]);
    assert.deepEqual(read(volunteers, "no one"), [0, "exact"]);
    assert.deepEqual(read(invites, "personne"), [0, "exact"]);
  });

  it("reads a first clause that only says zero, whatever explanation follows, loosely", () => {
    assert.deepEqual(read(overtime, "jamais, mon contrat l'interdit"), [0, "fuzzy"]);
    assert.deepEqual(read(volunteers, "no one, they are all busy"), [0, "fuzzy"]);
    assert.deepEqual(read(invites, "aucun, on se marie en secret"), [0, "fuzzy"]);
  });

  it("does not read a denial of the question, or 'personne d'autre', as zero", () => {
    assert.equal(read(overtime, "non, pourquoi ?"), null);
    assert.equal(read(seatsFrom1, "nobody"), null);
    assert.notDeepEqual(read(invites, "personne d'autre que moi"), [0, "exact"]);
  });
});

const travellers = target("Voyageurs", { type: "integer", minimum: 1, maximum: 20 }, "Combien de personnes partent ?");
const kids = target("Number of children", { type: "integer", minimum: 0, maximum: 12 }, "How many children do you have?");
const animals = target("Animaux", { type: "integer", minimum: 0, maximum: 20 }, "Combien d'animaux avez-vous ?");
const tickets = target("Tickets", { type: "integer", minimum: 1, maximum: 1000 }, "How many tickets will be sold?");

describe("counts of enumerated people and things", () => {
  it("counts me plus a numbered group of friends or colleagues", () => {
    assert.deepEqual(read(travellers, "moi + 3 amis"), [4, "fuzzy"]);
    assert.deepEqual(read(travellers, "me and two colleagues"), [3, "fuzzy"]);
    assert.deepEqual(read(travellers, "moi et ma voisine"), [2, "fuzzy"]);
  });

  it("counts twins and triplets, and 'we both'", () => {
    assert.equal(value(kids, "twins"), 2);
    assert.equal(value(kids, "des triplés"), 3);
    assert.equal(value(travellers, "nous deux"), 2);
    assert.equal(value(travellers, "we both go"), 2);
  });

  it("keeps the count, not the age, of 'one aged 7' or 'un vieux chat de 14 ans'", () => {
    assert.equal(value(kids, "one of 7 years"), 1);
    assert.equal(value(animals, "un vieux chat de 14 ans"), 1);
    assert.equal(value(animals, "2 petits chiens de 3 ans"), 2);
  });

  it("adds kinds of the target's things named together", () => {
    assert.equal(value(animals, "trois lapins et deux chats"), 5);
    assert.equal(value(animals, "un chien et deux lapins"), 3);
  });

  it("takes the likely number over a larger stated one, loosely", () => {
    assert.deepEqual(read(tickets, "500 printed, probably 350 sold"), [350, "fuzzy"]);
  });

  it("does not add numbers of other things, or alternatives", () => {
    assert.equal(read(animals, "deux chats ou trois lapins"), null);
    assert.notEqual(value(animals, "un chat de 3 ans et 2 mois"), 6);
  });
});

const leaseMonths = target("Durée du bail (mois)", { type: "integer", minimum: 1, maximum: 120 }, "Pour combien de mois ?");
const waitWeeks = target("Waiting time (weeks)", { type: "integer", minimum: 1, maximum: 104 }, "How many weeks can you wait?");
const meetingMinutes = target("Durée de la réunion (minutes)", { type: "number", minimum: 0, maximum: 600 }, "Combien de minutes ?");
const trainingHours = target(
  "Training hours per week",
  { type: "number", minimum: 0, maximum: 60 },
  "How many hours per week can you train?",
);
const shiftHours = target("Shift length (hours)", { type: "number", minimum: 0, maximum: 24 }, "How many hours is your shift?");
const monthlyRent = target("Loyer mensuel (€)", { type: "number", minimum: 0, maximum: 10000 }, "Quel loyer par mois ?");
const totalCost = target("Total cost", { type: "number", minimum: 0, maximum: 100000 }, "What is the total cost you can afford?");
const salary = target("Salaire annuel", { type: "number", minimum: 0, maximum: 500000 }, "Quel salaire annuel visez-vous ?");

describe("unit and period conversion from the question's own words", () => {
  it("converts years, semesters and halves to months, exactly", () => {
    assert.deepEqual(read(leaseMonths, "trois ans"), [36, "exact"]);
    assert.deepEqual(read(leaseMonths, "un an"), [12, "exact"]);
    assert.deepEqual(read(leaseMonths, "deux semestres"), [12, "exact"]);
    assert.deepEqual(read(leaseMonths, "two and a half years"), [30, "exact"]);
  });

  it("converts months to weeks loosely, and hours to minutes exactly", () => {
    assert.deepEqual(read(waitWeeks, "three months"), [13, "fuzzy"]);
    assert.deepEqual(read(waitWeeks, "a fortnight"), [2, "exact"]);
    assert.deepEqual(read(meetingMinutes, "1h15"), [75, "exact"]);
    assert.deepEqual(read(meetingMinutes, "une heure et demie"), [90, "exact"]);
  });

  it("converts a rate per day or per year to the target's period", () => {
    assert.deepEqual(read(trainingHours, "two hours a day"), [14, "fuzzy"]);
    assert.deepEqual(read(monthlyRent, "9600 par an"), [800, "exact"]);
  });

  it("reads a span between two times of day as hours", () => {
    assert.deepEqual(read(shiftHours, "de 8h à 16h"), [8, "fuzzy"]);
    assert.deepEqual(read(shiftHours, "from 10pm to 6am"), [8, "fuzzy"]);
    assert.deepEqual(read(shiftHours, "from 11 until 5"), [6, "fuzzy"]);
  });

  it("does not take an amount per period as a total, nor convert a salary", () => {
    assert.equal(read(totalCost, "200 per month"), null);
    assert.equal(read(salary, "2500 net par mois"), null);
    assert.equal(read(leaseMonths, "2 jours"), null);
  });
});

export { extractIndirect, indirectText };

describe("a count of things answered with the people it is for", () => {
  const tickets = target("Number of tickets", { type: "integer", minimum: 0, maximum: 20 }, "How many tickets do you need?");
  const velos = target("Nombre de vélos à louer", { type: "integer", minimum: 0, maximum: 20 }, "Combien de vélos voulez-vous louer ?");

  it("counts one per person named, held loosely", () => {
    assert.deepEqual(read(tickets, "my sister and me"), [2, "fuzzy"]);
    assert.deepEqual(read(velos, "moi, ma femme et nos trois enfants"), [5, "fuzzy"]);
    assert.deepEqual(read(tickets, "one for me, one for my son"), [2, "fuzzy"]);
    assert.equal(value(tickets, "3: me, my brother and his girlfriend"), 3);
  });

  it("keeps a number said of the things themselves, or of something else", () => {
    assert.equal(value(velos, "2 vélos pour moi, ma femme et les enfants"), 2);
    assert.equal(value(tickets, "a group of six but only 4 tickets"), 4);
  });
});

describe("an article is a count of its noun, not an amount", () => {
  const petBudget = target("Budget mensuel", { type: "number", minimum: 0 }, "Quel budget par mois pour l'animal ?");
  const hoursAlone = target("Heures seul", { type: "number", minimum: 0, maximum: 24 }, "Combien d'heures l'animal reste-t-il seul ?");
  const pets = target("Animaux à la maison", { type: "integer", minimum: 0, maximum: 20 }, "Combien d'animaux avez-vous déjà ?");
  const passing = (t: ExtractionTarget, text: string) => extractIndirect(indirectText(text, TODAY, false), t)?.value ?? null;

  it("is no budget nor duration, in the reply or in passing", () => {
    assert.equal(passing(petBudget, "un chien"), null);
    assert.equal(passing(hoursAlone, "a puppy"), null);
    assert.equal(value(petBudget, "un chat"), null);
  });

  it("counts its noun for a count of such things asked", () => {
    assert.equal(value(pets, "un chat"), 1);
    assert.equal(passing(pets, "un chien"), null, "in passing, only the target's own word counts");
  });
});

describe("one per person is for things, not time or money", () => {
  const nights = target("Nombre de nuits", { type: "integer", minimum: 0, maximum: 60 }, "Combien de nuits restez-vous ?");
  const weeks = target("Duration (weeks)", { type: "integer", minimum: 0, maximum: 52 }, "How many weeks?");
  it("reads no count of nights or weeks from the people named", () => {
    assert.equal(value(nights, "moi et ma femme"), null);
    assert.equal(value(weeks, "me and my wife"), null);
  });
});
