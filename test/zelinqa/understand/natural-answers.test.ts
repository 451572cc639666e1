// Natural French and English answers → the value each [ext] rule of issue 10 yields; ids in
// test/zelinqa/understand/REQUIREMENTS.md. Reference day: Tuesday 2026-12-01 (UTC).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  compileSchemaValidator,
  extractDirect,
  extractIndirect,
  extractorKindOf,
  indirectText,
  isDontKnow,
  isRefusal,
  phraseTokens,
  targetWords,
} from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget, Phrase } from "../../../src/zelinqa/understand/index.js";

const TODAY = "2026-12-01";

function target(label: string, schema: Record<string, unknown>, labels: Array<[string, unknown]> = [], question = ""): ExtractionTarget {
  const enumValues = (schema.enum ?? (schema.items as { enum?: unknown[] } | undefined)?.enum ?? []) as unknown[];
  const phrases: Phrase[] = [
    ...labels.map(([text, value]) => ({ tokens: phraseTokens(text), value, order: Math.max(0, enumValues.indexOf(value)) })),
    ...enumValues.map((v, order) => ({ tokens: phraseTokens(String(v)), value: v, order })),
  ];
  return {
    kind: extractorKindOf(schema),
    phrases,
    validate: compileSchemaValidator(schema),
    words: targetWords(label, question),
    otherStems: new Set(["place", "personne", "chambre", "bedroom"]),
    ...(typeof schema.minimum === "number" ? { minimum: schema.minimum } : {}),
    ...(typeof schema.maximum === "number" ? { maximum: schema.maximum } : {}),
  };
}

const budget = target("Budget (euros)", { type: "number", minimum: 0 });
const rent = target("Monthly rent (EUR)", { type: "number", minimum: 200, maximum: 10000 });
const seats = target("Nombre de places", { type: "integer", minimum: 1, maximum: 12 }, [], "Combien de personnes ?");
const bedrooms = target("Bedrooms", { type: "integer", minimum: 0, maximum: 8 });
const moveIn = target("Move-in date", { type: "string", format: "date" });
const pets = target("Pets", { type: "boolean" }, [
  ["Yes", true],
  ["No", false],
]);
const smoker = target("Fumeur", { type: "boolean" }, [
  ["Oui", true],
  ["Non", false],
]);
const piece = target("Meuble", { type: "string", enum: ["canape", "table", "lit"] }, [
  ["Un canapé", "canape"],
  ["sofa", "canape"],
  ["Une table", "table"],
  ["Un lit", "lit"],
]);
const employment = target("Employment", { type: "string", enum: ["employed", "unemployed", "student"] }, [
  ["Employed", "employed"],
  ["Sans emploi", "unemployed"],
  ["Student", "student"],
]);
const furnished = target("Furnished", { type: "string", enum: ["furnished", "unfurnished"] });
const amenities = target("Amenities", { type: "array", items: { type: "string", enum: ["parking", "balcony", "garden"] } }, [
  ["Parking", "parking"],
  ["Balcony", "balcony"],
  ["Garden", "garden"],
]);
const neighbourhood = target("Neighbourhood", { type: "string" });

type Case = [string, ExtractionTarget, string, unknown, ("exact" | "fuzzy" | null)?];

function run(title: string, cases: Case[]): void {
  void describe(title, () => {
    for (const [id, t, text, value, certainty] of cases) {
      void it(`${id}: reads "${text}" as ${JSON.stringify(value)}${certainty ? ` (${certainty})` : ""}`, () => {
        const result = extractDirect(text, t, TODAY);
        assert.deepEqual(result === null ? null : result.value, value);
        if (certainty) assert.equal(result?.certainty, certainty);
      });
    }
  });
}

run("numbers", [
  ["U1", budget, "mille cinq cents euros", 1500, "exact"],
  ["U1", budget, "deux mille cinq cents", 2500],
  ["U1", budget, "quinze cents", 1500],
  ["U1", rent, "no more than twelve hundred", 1200, "exact"],
  ["U1", budget, "two thousand five hundred euros", 2500],
  ["U1", seats, "une dizaine", 10, "fuzzy"],
  ["U1", seats, "a dozen", 12, "fuzzy"],
  ["U2", budget, "1,5k", 1500],
  ["U2", budget, "2k€", 2000],
  ["U2", budget, "1.5 million", 1500000],
  ["U3", budget, "max 1500", 1500, "exact"],
  ["U3", budget, "1500 max", 1500],
  ["U3", budget, "pas plus de 2000", 2000],
  ["U3", rent, "at least 700", 700],
  ["U3", budget, "autour de 1200 €, max 1500", 1500, "exact"],
  ["U3", budget, "1200 €, max 1500", 1500, "fuzzy"],
  ["U4", budget, "canapé 4 places, budget 1500", 1500],
  ["U4", budget, "4 places", null],
  ["U4", rent, "1500 euros for a 2 bedroom", 1500],
  ["U4", rent, "my salary is 3000", null],
  ["U5", bedrooms, "we need 2 bedrooms for 4 people", 2],
  ["U3", bedrooms, "at least two, ideally three", 2],
  ["U6", rent, "2 enfants, donc 1300", 1300],
  ["U7", seats, "deux adultes et deux enfants", 4, "fuzzy"],
  ["U7", seats, "moi et mes 2 enfants", 3, "fuzzy"],
  ["U7", seats, "just me", 1],
  ["U7", seats, "we are a family of five", 5],
  ["U7", seats, "it depends on my sister", null],
  // (s25) two alternatives for a count give the first, loosely (s25-b-two-alternatives.test.ts).
  ["U1", bedrooms, "2 or 3", 2, "fuzzy"],
  ["U1", seats, "3 ou 4 places", 3, "fuzzy"],
  ["U7", seats, "we have 2 kids and a dog", 2, "fuzzy"],
  ["U1", bedrooms, "one bedroom is enough", 1],
]);

run("dates", [
  ["U8", moveIn, "15 janvier", "2027-01-15", "exact"],
  ["U8", moveIn, "à partir du 15 janvier", "2027-01-15"],
  ["U8", moveIn, "1er février", "2027-02-01"],
  ["U8", moveIn, "January 15th", "2027-01-15"],
  ["U8", moveIn, "dec 15", "2026-12-15"],
  ["U8", moveIn, "le 20/12", "2026-12-20"],
  ["U8", moveIn, "2027-01-10", "2027-01-10"],
  ["U8", moveIn, "15 janvier ou 1er février", null],
  ["U9", moveIn, "début mars", "2027-03-01", "fuzzy"],
  ["U9", moveIn, "mi-janvier", "2027-01-15", "fuzzy"],
  ["U9", moveIn, "fin janvier", "2027-01-31", "fuzzy"],
  ["U9", moveIn, "end of january", "2027-01-31", "fuzzy"],
  ["U10", moveIn, "dans deux semaines", "2026-12-15", "exact"],
  ["U10", moveIn, "in two weeks", "2026-12-15"],
  ["U10", moveIn, "vendredi prochain", "2026-12-11", "fuzzy"],
  ["U10", moveIn, "next friday", "2026-12-11", "fuzzy"],
  ["U10", moveIn, "demain", "2026-12-02", "exact"],
  ["U10", moveIn, "la semaine prochaine", "2026-12-07", "fuzzy"],
  ["U10", moveIn, "next week", "2026-12-07", "fuzzy"],
  ["U10", moveIn, "asap", null],
]);

run("booleans", [
  ["U12", pets, "of course not", false, "exact"],
  ["U12", pets, "bien sûr que non", false],
  ["U12", pets, "oui et non", null],
  ["U12", pets, "I don't think so", false],
  ["U12", pets, "yes if no fees", true],
  ["U13", pets, "we have a cat", true, "fuzzy"],
  ["U13", pets, "no pets", false],
  ["U13", pets, "pas de chat mais un chien", true],
  ["U13", smoker, "je fume", true, "fuzzy"],
  ["U13", smoker, "non-fumeur", false],
  ["U13", smoker, "I don't smoke", false],
  ["U13", smoker, "je ne fume pas", false],
]);

run("choices", [
  ["U14", piece, "sofa", "canape", "exact"],
  ["U15", piece, "pas un canapé, plutôt une table", "table"],
  ["U15", piece, "not a bed, a sofa", "canape"],
  ["U15", amenities, "parking, but no need for a balcony", ["parking"]],
  ["U16", employment, "unemployed", "unemployed"],
  ["U16", employment, "unemplyed", "unemployed", "fuzzy"],
  ["U16", employment, "I'm unemplyed", "unemployed"],
  ["U16", employment, "employd", "employed", "fuzzy"],
  ["U16", furnished, "unfurnished", "unfurnished"],
  ["U16", furnished, "unfurnised", "unfurnished", "fuzzy"],
  ["U16", furnished, "furnshed", "furnished", "fuzzy"],
  ["U17", amenities, "all of them", ["parking", "balcony", "garden"]],
  ["U17", amenities, "tout sauf le garden", ["parking", "balcony"]],
  ["U17", amenities, "all except the cellar", null],
  ["U17", amenities, "parking, that's all", ["parking"]],
  ["U17", amenities, "everywhere except the garden", ["parking", "balcony"]],
]);

run("refusals and don't-know on free text", [
  ["U18", neighbourhood, "I don't want to answer that", null],
  ["U18", neighbourhood, "j'en sais rien", null],
  ["U18", neighbourhood, "Montmartre", "Montmartre"],
  ["U18", neighbourhood, "peu importe", null],
  ["U18", neighbourhood, "no preference", null],
  ["U18", neighbourhood, "anywhere near the center", "anywhere near the center"],
]);

void describe("refusal and don't-know lexicons", () => {
  const refusals = [
    "je préfère ne pas le dire",
    "I don't want to answer that",
    "pass",
    "c'est personnel",
    "next question",
    "I'd rather not say",
  ];
  const dontKnow = ["j'en sais rien", "no clue", "idk", "aucune idée franchement", "not sure yet", "on verra"];
  for (const text of refusals) void it(`U18: "${text}" is a refusal`, () => assert.ok(isRefusal(text)));
  for (const text of dontKnow) void it(`U18: "${text}" is a don't-know`, () => assert.ok(isDontKnow(text) && !isRefusal(text)));
  for (const text of ["I'll pass on the balcony, parking only", "un passe-partout", "Montmartre"]) {
    void it(`U18: "${text}" is neither`, () => assert.ok(!isRefusal(text) && !isDontKnow(text)));
  }
});

void describe("values stated in passing", () => {
  const cases: Array<[ExtractionTarget, string, unknown]> = [
    [seats, "un canapé 4 places pour le salon", 4],
    [budget, "un canapé, budget 1500", 1500],
    [budget, "un canapé 4 places", null],
    [pets, "1500 max, on a un chat", true],
    [smoker, "je suis étudiant et je ne fume pas", false],
    [moveIn, "march 1st, we need parking", "2027-03-01"],
  ];
  for (const [t, text, value] of cases) {
    void it(`U19: "${text}" states ${JSON.stringify(value)} in passing`, () => {
      const result = extractIndirect(indirectText(text, TODAY, true), t);
      assert.deepEqual(result === null ? null : result.value, value);
    });
  }
  void it("U19: a stated bound without a unit is never taken in passing", () => {
    assert.equal(extractIndirect(indirectText("at least two, ideally three", TODAY, true), seats), null);
  });
  void it("U19: a date is not taken in passing when the reply may not give one", () => {
    assert.equal(extractIndirect(indirectText("march 1st", TODAY, false), moveIn), null);
  });
});

void describe("reference day", () => {
  const cases: Array<[string, string, string]> = [
    ["next month", "2030-06-15", "2030-07-01"],
    ["dans deux semaines", "2030-06-15", "2030-06-29"],
    ["vendredi prochain", "2030-06-15", "2030-06-21"],
    ["15 janvier", "2030-06-15", "2031-01-15"],
    ["15 janvier", "2031-01-15", "2031-01-15"],
  ];
  for (const [text, today, value] of cases) {
    void it(`U10: "${text}" on ${today} is ${value}, whatever the machine's clock`, () => {
      assert.equal(extractDirect(text, moveIn, today)?.value, value);
    });
  }
});
