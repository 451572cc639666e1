// Someone else doing the fact to the thing asked about (s23): "mon voisin l'a clôturé" to "Jardin clôturé" says the
// garden is fenced, whoever fenced it (a loose yes); the thing being someone else's, or someone else holding a fact of
// their own, is still no yes.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const fenced = labelledTarget({ type: "boolean" }, { label: "Jardin clôturé", question: "Le jardin est-il clôturé ?" });
const garden = labelledTarget({ type: "boolean" }, { label: "Garden fenced", question: "Is the garden fenced?" });
const roof = labelledTarget({ type: "boolean" }, { label: "Toiture refaite", question: "La toiture a-t-elle été refaite ?" });
const walls = labelledTarget({ type: "boolean" }, { label: "Walls painted", question: "Have the walls been painted?" });
const owner = labelledTarget({ type: "boolean" }, { label: "Propriétaire", question: "Êtes-vous propriétaire ?" });

void describe("someone else acting on the thing", () => {
  void it("is the thing's state, a loose yes, in either language", () => {
    assert.deepEqual(read("mon voisin l'a clôturé", fenced), [true, "fuzzy"]);
    assert.deepEqual(read("mon père l'a refaite en 2019", roof), [true, "fuzzy"]);
    assert.deepEqual(read("my neighbour fenced it", garden), [true, "fuzzy"]);
    assert.deepEqual(read("my dad painted them last year", walls), [true, "fuzzy"]);
  });

  void it("keeps someone else's own thing or fact as it was", () => {
    assert.deepEqual(read("my neighbour fenced his", garden), [false, "fuzzy"]);
    assert.deepEqual(read("c'est mes parents qui sont propriétaires", owner), [false, "fuzzy"]);
    assert.deepEqual(read("non, mon voisin ne l'a pas clôturé", fenced)?.[0], false);
  });
});
