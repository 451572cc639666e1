// s27 fixer u: among two numbers, the one said to hold today ("3 for now, maybe 5 next spring", "2 pour l'instant")
// answers the question, held loosely (UND-S27-U-3); two numbers for a worse and a better case are a range (UND-S27-U-4).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget, readDirect } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const read = (text: string, t: ExtractionTarget) => readDirect(text, t, TODAY);

const hives = boundedTarget("integer", 0, 50, "Hives kept", "How many hives do you keep?");
const chevaux = boundedTarget("integer", 0, 30, "Nombre de chevaux", "Combien de chevaux avez-vous ?");
const staff = boundedTarget("integer", 0, 500, "Employees", "How many people work for you?");

void describe("UND-S27-U-3 the number said to hold today among others", () => {
  void it("is the answer, loosely, said before or after the number", () => {
    assert.deepEqual(read("3 for now, maybe 5 next spring", hives), [3, "fuzzy"]);
    assert.deepEqual(read("2 pour l'instant, peut-être 4 l'an prochain", chevaux), [2, "fuzzy"]);
    assert.deepEqual(read("currently 12, hiring 3 more in march", staff), [12, "fuzzy"]);
    assert.deepEqual(read("actuellement 4, bientôt 6", chevaux), [4, "fuzzy"]);
  });
  void it("leaves a number alone, two alternatives and two numbers with no word of today as they were", () => {
    assert.deepEqual(read("3 for now", hives), [3, "exact"]);
    assert.deepEqual(read("3 or 4", hives), [3, "fuzzy"]);
    assert.equal(read("3 this year, 5 next year", hives), null);
  });
});

const commute = boundedTarget("number", 0, 300, "Commute (minutes)", "How long is your commute?");
const pluie = boundedTarget("number", 0, 100, "Pluie (mm)", "Combien de pluie tombe par jour ?");

void describe("UND-S27-U-4 two numbers for a worse and a better case", () => {
  void it("are a range: its middle loosely, or a whole number's lower end", () => {
    assert.deepEqual(read("50 on a bad day, 30 on a good one", commute), [40, "fuzzy"]);
    assert.deepEqual(read("10 les mauvais jours, 4 les bons", pluie), [7, "fuzzy"]);
    assert.deepEqual(read("8 in a good season, 5 in a bad one", hives), [5, "fuzzy"]);
  });
  void it("leaves two numbers of the same case, or with no case, as they were", () => {
    assert.equal(read("50 on a bad day, 60 on a worse one", commute), null);
    assert.equal(read("3 this year, 5 next year", hives), null);
  });
});
