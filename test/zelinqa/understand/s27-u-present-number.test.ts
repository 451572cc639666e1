// s27 fixer u: among two numbers, the one said to hold today ("3 for now, maybe 5 next spring", "2 pour l'instant")
// answers the question, held loosely (UND-S27-U-3).
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
