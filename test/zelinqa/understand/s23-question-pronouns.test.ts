// The pronouns and auxiliaries of a question ("La cave est-elle aménagée ?", "Are they allowed…?") are no words of its
// target (s23): a reply that merely repeats them ("elle est humide", "they can't") does not name the thing asked, so
// it is no yes; the question's own nouns still are its words.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { targetWords } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const cave = labelledTarget({ type: "boolean" }, { label: "Cave aménagée", question: "La cave est-elle aménagée ?" });
const heated = labelledTarget({ type: "boolean" }, { label: "Piscine chauffée", question: "La piscine est-elle chauffée ?" });
const pets = labelledTarget({ type: "boolean" }, { label: "Pets allowed", question: "Are they allowed to bring pets?" });

void describe("a question's pronouns and auxiliaries", () => {
  void it("are not among the target's words", () => {
    assert.deepEqual([...targetWords("Cave aménagée", "La cave est-elle aménagée ?").own].sort(), ["amenagee", "cave"]);
    const words = targetWords("Rooms", "How many rooms were there? Could they be bigger?").own;
    for (const w of ["were", "there", "could", "they"]) assert.equal(words.has(w), false, w);
    assert.equal(targetWords("Livraison", "Seront-elles livrées ? Faut-il un permis ?").own.has("elle"), false);
  });

  void it("make no yes of a reply that only repeats them", () => {
    assert.equal(read("elle est humide", cave), null);
    assert.equal(read("elle est solaire", heated), null);
    assert.notDeepEqual(read("elle l'est pas", heated)?.[0], true);
    assert.equal(read("they can't", pets), null);
    assert.deepEqual(read("no, they are not", pets), [false, "exact"]);
  });

  void it("leave a plain yes or no with the pronoun as it was", () => {
    assert.deepEqual(read("oui elle l'est", cave), [true, "exact"]);
    assert.deepEqual(read("non, elle est brute", cave), [false, "exact"]);
    assert.deepEqual(read("they are, yes", pets), [true, "exact"]);
  });
});
