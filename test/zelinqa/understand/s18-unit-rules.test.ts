// Lengths, areas and weights said in another unit than the target's (s18, unit-conversion.ts): converted by their fixed
// factor, held loosely when the result had to be rounded; a unit of another kind converts nothing.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget, readDirect } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const read = (text: string, t: ExtractionTarget) => readDirect(text, t, TODAY);
const commute = labelledTarget({ type: "number" }, { label: "Trajet (km)", question: "Quelle distance parcourez-vous ?" });
const yearly = labelledTarget({ type: "integer" }, { label: "Yearly distance (miles)", question: "How far do you drive each year?" });
const height = labelledTarget({ type: "number" }, { label: "Height (cm)", question: "How tall are you?" });
const tall = labelledTarget({ type: "number" }, { label: "Taille en mètres", question: "Vous mesurez combien ?" });
const weight = labelledTarget({ type: "number" }, { label: "Poids (kg)", question: "Combien pesez-vous ?" });

const plot = labelledTarget({ type: "number" }, { label: "Terrain (m²)", question: "Quelle est la surface du terrain ?" });
const farm = labelledTarget({ type: "number" }, { label: "Farm size (acres)", question: "How big is the farm?" });

void describe("an area in another unit", () => {
  void it("is converted: hectares, ares and acres to square metres and back", () => {
    assert.deepEqual(read("2 hectares", plot), [20000, "exact"]);
    assert.deepEqual(read("environ 3 ha", plot)?.[0], 30000);
    assert.deepEqual(read("12 ares", plot), [1200, "exact"]);
    assert.deepEqual(read("half an acre", plot), [2023.43, "fuzzy"]);
    assert.deepEqual(read("40 hectares", farm), [98.84, "fuzzy"]);
  });

  void it("keeps square metres as said, and 'are' the verb is no unit", () => {
    assert.deepEqual(read("850 m²", plot), [850, "exact"]);
    assert.notEqual(read("the 2 are about the same", plot)?.[0], 200);
    assert.equal(read("3 km", plot), null);
  });
});

void describe("a length or a weight in another unit", () => {
  void it("is converted, loosely when rounded", () => {
    assert.deepEqual(read("7 miles", commute), [11.27, "fuzzy"]);
    assert.deepEqual(read("1200 m", commute), [1.2, "exact"]);
    assert.deepEqual(read("20 000 km", yearly), [12427, "fuzzy"]);
    assert.deepEqual(read("154 lbs", weight), [69.85, "fuzzy"]);
    assert.deepEqual(read("72000 g", weight), [72, "exact"]);
  });

  void it("reads metres with centimetres and feet with inches as one height", () => {
    assert.deepEqual(read("1m62", height), [162, "exact"]);
    assert.deepEqual(read("un mètre 62", height), [162, "exact"]);
    assert.deepEqual(read("5'4", height), [162.56, "exact"]);
    assert.deepEqual(read("5 ft 4", height), [162.56, "exact"]);
    assert.deepEqual(read("1m62", tall), [1.62, "exact"]);
    assert.deepEqual(read("162 cm", tall), [1.62, "exact"]);
  });

  void it("converts nothing of another kind or in the target's own unit", () => {
    assert.equal(read("7 kg", commute), null);
    assert.equal(read("70 km", weight), null);
    assert.deepEqual(read("12 km", commute), [12, "exact"]);
    assert.deepEqual(read("162", height), [162, "exact"]);
  });
});
