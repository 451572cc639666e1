// General rules for answers left unread after the fourth blind round (s16 resid4): a rate times a number of its
// periods, an amount per head said another way or as a total shared by the people, the words of a bound marker.
// Each `it` holds what must be read and what must not.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractDirect } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { stem, targetWords } from "../../../src/zelinqa/understand/target-words.js";
import { describesAnotherThing } from "../../../src/zelinqa/understand/extract-value.js";
import { withoutHesitation } from "../../../src/zelinqa/understand/lexicons.js";
import { labelledTarget } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const read = (text: string, t: ExtractionTarget) => extractDirect(text, t, TODAY);
const value = (text: string, t: ExtractionTarget) => read(text, t)?.value;

void describe("a rate times a number of its periods", () => {
  const weeklyHours = labelledTarget({ type: "number", minimum: 1, maximum: 60 }, { label: "Heures de ménage par semaine" });
  const monthlyVisits = labelledTarget({ type: "integer", minimum: 0, maximum: 40 }, { label: "Visits per month" });
  const wholeCost = labelledTarget({ type: "number", minimum: 0 }, { label: "Coût total (€)" });

  void it("multiplies a rate by a count of its periods that fits the target's period, in French and English", () => {
    assert.deepEqual(read("3h par jour, 5 jours", weeklyHours), { value: 15, certainty: "exact" });
    assert.deepEqual(read("5 days, 3 hours a day", weeklyHours), { value: 15, certainty: "exact" });
    assert.equal(value("45 min par jour, 4 jours par semaine", weeklyHours), 3, "minutes in the target's hours");
    assert.equal(value("twice a week, 4 weeks", monthlyVisits), 8);
    assert.equal(value("80 € par mois pendant 9 mois", wholeCost), 720, "a total: no period to fit");
    assert.deepEqual(read("à peu près 3h par jour, 2 jours", weeklyHours), { value: 6, certainty: "fuzzy" });
  });

  void it("reads neither number alone when the two do not combine, and leaves other replies alone", () => {
    assert.equal(read("3h par jour, 5 jours par mois", weeklyHours), null, "days of another period");
    assert.equal(read("3h par jour, 9 jours", weeklyHours), null, "more days than a week holds");
    assert.equal(read("3 per day, 5 days", labelledTarget({ type: "integer", minimum: 0 }, { label: "Number of pets" })), null);
    assert.equal(value("6 heures par semaine", weeklyHours), 6, "a rate of the target's own period");
    assert.equal(value("10 h", weeklyHours), 10);
  });
});

void describe("an amount per head", () => {
  const perHead = labelledTarget({ type: "number", minimum: 5, maximum: 500 }, { label: "Spend per head (€)" });
  const parTete = labelledTarget({ type: "number", minimum: 5, maximum: 500 }, { label: "Prix par tête" });
  const total = labelledTarget({ type: "number", minimum: 0 }, { label: "Total spend (€)" });

  void it("is said per person, per guest, par personne or par couvert", () => {
    assert.equal(value("55€ per guest", perHead), 55);
    assert.equal(value("about 30 per person", perHead), 30);
    assert.equal(value("45 € par personne", parTete), 45);
    assert.equal(value("28 euros par couvert", parTete), 28);
  });

  void it("is a total shared by the people, held loosely, when the total is said for all of them", () => {
    assert.deepEqual(read("600 for the whole group, we're 12", perHead), { value: 50, certainty: "fuzzy" });
    assert.deepEqual(read("on sera 15, 900 € en tout", parTete), { value: 60, certainty: "fuzzy" });
    assert.equal(value("2400 total for 40 people", perHead), 60);
  });

  void it("is never a per-person amount for a total, a per-kid amount, a bare pair of numbers or a head count", () => {
    assert.equal(read("55 € per person", total), null);
    assert.equal(read("30 per kid", perHead), null, "a child is no head of the bill");
    assert.equal(read("600 pour 12 personnes", parTete), null, "nothing says 600 is for all of them");
    assert.equal(read("600 max for everyone, we're 12", perHead), null, "a bound is no total to share");
    assert.equal(read("we're 12", perHead), null, "how many they are is no amount");
    assert.equal(read("on est 12", total), null);
  });
});

void describe("the words of a bound marker", () => {
  // Another target's label holds "plus" (Âge du plus jeune): the marker's "plus" is not that label's word.
  const rate = {
    ...labelledTarget({ type: "number", minimum: 8, maximum: 40 }, { label: "Prix de l'heure (€)" }),
    otherStems: new Set(["plus", "jeune", "moins", "more", "less"].map(stem)),
  };

  void it("bind the number to the asked target, not to a label sharing the marker's words", () => {
    assert.equal(value("pas plus de 15", rate), 15);
    assert.equal(value("no more than 15", rate), 15);
    assert.equal(value("moins de 14", rate), 14);
    assert.equal(read("le plus jeune a 9", rate), null, "only the marker's words: another label's words still bind");
  });
});

void describe("a whole-reply denial to a multiple choice without a none option", () => {
  const extras = labelledTarget(
    { type: "array", items: { type: "string", enum: ["wifi", "parking", "breakfast"] }, uniqueItems: true },
    { label: "Extras" },
    [
      ["Wi-Fi", "wifi"],
      ["Parking", "parking"],
      ["Petit-déjeuner", "breakfast"],
    ],
  );
  const atLeastOne = labelledTarget(
    { type: "array", items: { type: "string", enum: ["wifi", "parking"] }, uniqueItems: true, minItems: 1 },
    { label: "Extras" },
    [
      ["Wi-Fi", "wifi"],
      ["Parking", "parking"],
    ],
  );

  const withNone = labelledTarget(
    { type: "array", items: { type: "string", enum: ["wifi", "parking", "none"] }, uniqueItems: true },
    { label: "Extras" },
    [
      ["Wi-Fi", "wifi"],
      ["Parking", "parking"],
      ["Aucun", "none"],
    ],
  );

  void it("is the empty selection, in French and English", () => {
    assert.deepEqual(read("aucune", extras), { value: [], certainty: "exact" });
    assert.deepEqual(read("nothing else", extras), { value: [], certainty: "exact" });
    assert.deepEqual(read("rien du tout", extras), { value: [], certainty: "exact" });
    assert.deepEqual(read("none of them", extras), { value: [], certainty: "exact" });
  });

  void it("is nothing when more is said, when an option is named, or when the schema needs an option", () => {
    assert.deepEqual(read("rien de plus", withNone), { value: ["none"], certainty: "exact" }, "the none option when there is one");
    assert.equal(read("non, je verrai sur place", extras), null, "a denial followed by more");
    assert.equal(read("aucune idée", extras), null, "a don't-know");
    assert.deepEqual(value("rien, juste le parking", extras), ["parking"]);
    assert.equal(read("aucune", atLeastOne), null, "minItems 1: [] is no answer");
  });
});

void describe("a conclusion after a single number", () => {
  const kids = labelledTarget({ type: "integer", minimum: 0, maximum: 10 }, { label: "Nombre d'enfants à garder" });
  const rooms = labelledTarget({ type: "integer", minimum: 1, maximum: 10 }, { label: "Bedrooms" });

  void it("gives the number concluded, loosely, in French and English, and nothing else", () => {
    assert.deepEqual(read("4, mais l'aînée est en internat, du coup 3", kids), { value: 3, certainty: "fuzzy" });
    assert.deepEqual(read("five, but the eldest has left home so four", kids), { value: 4, certainty: "fuzzy" });
    assert.deepEqual(read("3 au départ, ça fait 2 maintenant", kids), { value: 2, certainty: "fuzzy" });
    // It corrects nothing after several numbers, the same number, or a number of something else.
    assert.equal(value("un adulte et trois enfants, donc 4", kids), 3, "a sum concluded is no correction");
    assert.equal(value("3, donc 3 lits", kids), 3);
    assert.equal(value("3 bedrooms so 2 bathrooms", rooms), 3, "the conclusion names another thing");
    assert.deepEqual(read("4 mais un seul le mercredi donc on verra", kids), read("4 mais un seul le mercredi", kids));
  });
});

void describe("a group of days for one choice", () => {
  const slot = labelledTarget({ type: "string", enum: ["morning", "evening", "sunday"] }, { label: "Créneau" }, [
    ["Matin en semaine", "morning"],
    ["Soir en semaine", "evening"],
    ["Dimanche matin", "sunday"],
  ]);
  const both = labelledTarget({ type: "string", enum: ["sat", "sun", "mon"] }, { label: "Day" }, [
    ["Saturday", "sat"],
    ["Sunday", "sun"],
    ["Monday", "mon"],
  ]);

  void it("names the only choice holding one of its days, loosely, and nothing otherwise", () => {
    assert.deepEqual(read("plutôt le week-end", slot), { value: "sunday", certainty: "fuzzy" });
    assert.deepEqual(read("weekends work best", slot), { value: "sunday", certainty: "fuzzy" });
    assert.equal(read("pas le week-end", slot), null, "refused");
    assert.equal(read("weekends", both), null, "two choices hold a weekend day");
    assert.equal(read("en semaine", labelledTarget({ type: "string", enum: ["sun"] }, { label: "Jour" }, [["Dimanche", "sun"]])), null);
  });
});

void describe("a reply opening on a don't-know that describes another thing", () => {
  const roof = targetWords("Surface du jardin (m²)");
  const area = targetWords("Garden size (sq m)");
  const describes = (text: string, words = roof) => describesAnotherThing(withoutHesitation(text), words);

  void it("measures that thing, not the value asked; a value said for the target stays", () => {
    assert.equal(describes("aucune idée, c'est un appartement de 70 m2"), true);
    assert.equal(describes("no idea, it's a 90 m2 flat", area), false, "a number after the article, not a noun");
    assert.equal(describes("not sure, it's a townhouse of 90 m2", area), true);
    assert.equal(describes("je sais pas, c'est un jardin de 70 m2"), false, "the target's own thing");
    assert.equal(describes("je sais pas, peut-être 70 m2"), false, "no description");
    assert.equal(describes("c'est un appartement de 70 m2, je sais pas"), false, "the don't-know does not open the reply");
  });
});
