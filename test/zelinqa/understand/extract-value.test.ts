// Real-looking French and English answers → the value each deterministic extractor yields (docs/zelinqa-api.md §10.5).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractDirect, extractIndirect, indirectText, targetWords } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { schemaTarget as target } from "../../support/extraction-target.js";

const budget = target({ type: "number", minimum: 0 });
const people = target({ type: "integer", minimum: 0 });
const style = target({ type: "string", enum: ["contemporain", "scandinave", "classique"] });
const delay = target({ type: "string", enum: ["dans_le_mois", "trois_mois", "plus_tard"] }, [
  ["Dans le mois", "dans_le_mois"],
  ["D'ici trois mois", "trois_mois"],
  ["Plus tard", "plus_tard"],
]);
const pets = target({ type: "boolean" }, [
  ["Oui", true],
  ["Non", false],
]);
const rooms = target({ type: "array", items: { type: "string", enum: ["salon", "chambre", "bureau"] } });
const moving = target({ type: "string", format: "date" });
const movingAt = target({ type: "string", format: "date-time" });
const email = target({ type: "string", format: "email" });
const note = target({ type: "string", maxLength: 20 });

const TODAY = "2026-11-30";

void describe("direct extraction of answers", () => {
  const cases: Array<[string, ExtractionTarget, string, unknown, "exact" | "fuzzy" | null]> = [
    ["approximate euros", budget, "environ 2 500 €", 2500, "fuzzy"],
    ["French decimal with thousands dot", budget, "1.500,50", 1500.5, "exact"],
    ["French range", budget, "entre 1000 et 2000 euros", 1500, "fuzzy"],
    ["k multiplier", budget, "3k", 3000, "exact"],
    ["uppercase K multiplier", budget, "3 K€", 3000, "exact"],
    ["uppercase M multiplier", budget, "1,2 M€", 1200000, "exact"],
    ["lowercase m is not a multiplier", { ...budget, words: targetWords("Longueur (m)") }, "2 m de long", 2, "exact"],
    ["number word with mille", budget, "deux mille euros", 2000, "exact"],
    ["thousand word", budget, "about 3 thousand dollars", 3000, "fuzzy"],
    ["comma thousands", budget, "2,500 dollars", 2500, "exact"],
    ["dot thousands", budget, "2.500", 2500, "exact"],
    ["comma decimal", budget, "2,5 millions", 2500000, "exact"],
    ["English range", budget, "between 800 and 1200", 1000, "fuzzy"],
    ["dash range with shared multiplier", budget, "2-3k€", 2500, "fuzzy"],
    ["about marker", budget, "about $1,200", 1200, "fuzzy"],
    ["tilde marker", budget, "~ 900", 900, "fuzzy"],
    ["two distinct numbers", budget, "1000 ou 2000", null, null],
    ["article is not a number", budget, "un canapé", null, null],
    ["French number word", people, "nous sommes trois", 3, "exact"],
    ["English number word", people, "two adults", 2, "exact"],
    ["integer schema refuses a decimal", people, "2,5", null, null],
    ["minimum 0 drops nothing valid", budget, "0 €", 0, "exact"],
    ["oui bien sûr", pets, "oui bien sûr", true, "exact"],
    ["pas du tout", pets, "pas du tout", false, "exact"],
    ["English yes", pets, "Yes, of course", true, "exact"],
    ["mixed yes and no", pets, "oui et non", null, null],
    ["absolument pas is false", pets, "absolument pas", false, "exact"],
    ["no boolean in text", pets, "nous avons un chat", null, null],
    ["exact enum", style, "plutôt scandinave", "scandinave", "exact"],
    ["negated enum does not match", style, "pas scandinave", null, null],
    ["fuzzy enum with a typo", style, "contemporin", "contemporain", "fuzzy"],
    ["two exact enums is ambiguous", style, "classique ou scandinave", null, null],
    ["enum underscore value read with spaces", delay, "dans le mois si possible", "dans_le_mois", "exact"],
    ["choice label with apostrophe", delay, "d'ici trois mois", "trois_mois", "exact"],
    ["array enum keeps enum order", rooms, "le bureau et le salon", ["salon", "bureau"], "exact"],
    ["French long date", moving, "le 3 mars 2027", "2027-03-03", "exact"],
    ["ISO date", moving, "2027-03-03", "2027-03-03", "exact"],
    ["day-first date", moving, "03/04/2027", "2027-04-03", "exact"],
    ["English month-first", moving, "March 3, 2027", "2027-03-03", "exact"],
    ["month and year is fuzzy", moving, "en juin 2027", "2027-06-01", "fuzzy"],
    ["tomorrow", moving, "demain", "2026-12-01", "exact"],
    ["today in French", moving, "aujourd'hui", "2026-11-30", "exact"],
    ["English abbreviation", moving, "3 Mar 2027", "2027-03-03", "exact"],
    ["first of the month", moving, "le 1er avril 2027", "2027-04-01", "exact"],
    ["dotted day-first date", moving, "15.08.2027", "2027-08-15", "exact"],
    ["English month and year", moving, "around June 2027", "2027-06-01", "fuzzy"],
    ["date-time output", movingAt, "le 3 mars 2027", "2027-03-03T00:00:00Z", "exact"],
    ["invalid date", moving, "31/02/2027", null, null],
    ["two-digit year", moving, "03/03/27", null, null],
    ["two distinct dates", moving, "le 3 mars 2027 ou le 4 mars 2027", null, null],
    ["plain string is the trimmed reply", note, "  bleu  ", "bleu", "exact"],
    ["plain string failing its schema is dropped", note, "un texte beaucoup trop long pour ce champ", null, null],
    ["email format", email, "jane@example.com", "jane@example.com", "exact"],
    ["email format refuses garbage", email, "pas de mail", null, null],
  ];
  for (const [title, t, text, value, certainty] of cases) {
    void it(`reads "${text}" (${title})`, () => {
      const result = extractDirect(text, t, TODAY);
      assert.deepEqual(result === null ? null : result.value, value);
      assert.equal(result === null ? null : result.certainty, certainty);
    });
  }
});

void describe("indirect extraction", () => {
  const cases: Array<[string, ExtractionTarget, string, unknown]> = [
    ["an enum of ≥ 4 characters in free text", style, "Un canapé contemporain pour le salon, nous avons un chat.", "contemporain"],
    ["no fuzzy match indirectly", style, "un canapé contemporin", null],
    ["a 3-character label never matches indirectly", pets, "oui", null],
    ["a number is not extracted indirectly for a target without words", budget, "2500 euros", null],
    ["a bare number is not extracted indirectly", { ...budget, words: targetWords("Budget (euros)") }, "2500", null],
    [
      "a number bound to the target's currency is extracted indirectly (ext)",
      { ...budget, words: targetWords("Budget (euros)") },
      "un canapé, 2500 euros",
      2500,
    ],
  ];
  for (const [title, t, text, value] of cases) {
    void it(`${title}`, () => {
      const result = extractIndirect(indirectText(text, TODAY, false), t);
      assert.deepEqual(result === null ? null : result.value, value);
    });
  }
});
