// Two alternatives for a count follow one rule however they are said (s22, docs "Two alternatives"): "soit 3 soit 4",
// "either 3 or 4", and two alternatives inside a sum of people ("2 adultes et un ou deux enfants") give no value, as "3
// ou 4 personnes" does; a measured value keeps the first, loosely; a single "soit" still concludes ("2 + 1, soit 3");
// ranges ("3 à 4", "3-4") keep their documented reading (the larger, loosely).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget as target, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const convives = target("integer", 1, 30, "Nombre de convives", "Combien de convives ?");
const riders = target("integer", 1, 12, "Riders", "How many riders will there be?");
const enfants = target("integer", 0, 10, "Nombre d'enfants", "Combien d'enfants ?");
const cours = target("number", 0, 40, "Heures de cours", "Combien d'heures de cours ?");

void describe("two alternatives for a count, however said", () => {
  // (s25) Alone, they give the first, loosely, as "5 ou 6" does now.
  void it("give the first with soit…soit, as with ou", () => {
    assert.deepEqual(read("soit 5 soit 6", convives), [5, "fuzzy"]);
    assert.deepEqual(read("soit 5 personnes soit 6", convives), [5, "fuzzy"]);
    assert.deepEqual(read("soit 5, soit 6", convives), [5, "fuzzy"]);
    assert.deepEqual(read("either 5 or 6", riders), [5, "fuzzy"]);
  });

  void it("give no value inside a sum of people, never the sum of all three numbers", () => {
    assert.equal(read("3 adultes et un ou deux enfants", convives), null);
    assert.equal(read("3 adults and 1 or 2 kids", riders), null);
    assert.equal(read("2 adults and one or two children", riders), null);
    assert.equal(read("un adulte et 2 ou 3 enfants", enfants), null);
  });

  void it("keep the other readings: a concluding soit, a measure, a range, alternatives of another thing", () => {
    assert.deepEqual(read("3 adultes + 2 enfants, soit 5", convives), [5, "fuzzy"]);
    assert.deepEqual(read("soit 2 soit 3 heures", cours), [2, "fuzzy"]);
    assert.deepEqual(read("5 à 6 personnes", convives), [6, "fuzzy"]);
    assert.deepEqual(read("5 personnes, 2 ou 3 voitures", convives)?.[0], 5);
  });
});

void describe("a range with a bound word after its unit", () => {
  const distance = target("number", 0, 100, "Distance maximale (km)", "How far would you travel?");
  const trajet = target("number", 0, 300, "Temps de trajet (minutes)", "Combien de temps de trajet au plus ?");

  void it("is the end the bound word names, loosely, wherever the word stands", () => {
    assert.deepEqual(read("2-3 km max", distance), [3, "fuzzy"]);
    assert.deepEqual(read("2 à 3 km maximum", distance), [3, "fuzzy"]);
    assert.deepEqual(read("20 à 30 minutes maxi", trajet), [30, "fuzzy"]);
    assert.deepEqual(read("at least 2 to 3 km", distance), [2, "fuzzy"]);
    assert.deepEqual(read("10-15 km minimum", distance), [10, "fuzzy"]);
  });

  void it("leaves a range without one at its middle, and a single number with one exact", () => {
    assert.deepEqual(read("2-3 km", distance), [2.5, "fuzzy"]);
    assert.deepEqual(read("3 km max", distance), [3, "exact"]);
    assert.deepEqual(read("30 minutes maxi", trajet), [30, "exact"]);
  });
});
