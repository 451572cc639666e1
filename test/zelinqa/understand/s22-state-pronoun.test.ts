// A yes/no whose label is a thing and its state ("Jardin clôturé", "Heated pool") answered with a pronoun standing for
// the thing (s22): "il est clôturé", "elle est chauffée", "they're insured" state the thing's state, a yes (held loosely
// as no yes word is said); a pronoun is still someone else when the label names no thing beside the fact
// ("Propriétaire") or when it does something ("mon voisin l'a clôturé" is left to the other rules).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");
const BOOL = { type: "boolean" };

void describe("a pronoun and a state for a label naming a thing and its state", () => {
  const cour = labelledTarget(BOOL, { label: "Cour clôturée" });
  const grenier = labelledTarget(BOOL, { label: "Grenier isolé", question: "Le grenier est-il isolé ?" });
  const shed = labelledTarget(BOOL, { label: "Insulated shed", question: "Is the shed insulated?" });
  const bikes = labelledTarget(BOOL, { label: "Bikes insured", question: "Are the bikes insured?" });

  void it("is the thing's state: a yes, loosely, or a no when negated", () => {
    assert.deepEqual(read("elle est clôturée", cour), [true, "fuzzy"]);
    assert.deepEqual(read("il est bien isolé", grenier), [true, "fuzzy"]);
    assert.deepEqual(read("il est isolé", grenier), [true, "fuzzy"]);
    assert.deepEqual(read("oui, il est isolé", grenier), [true, "exact"]);
    assert.deepEqual(read("il n'est pas isolé", grenier), [false, "fuzzy"]);
    assert.deepEqual(read("it's fully insulated", shed), [true, "fuzzy"]);
    assert.deepEqual(read("yes it's insulated", shed), [true, "exact"]);
    assert.deepEqual(read("they're insured", bikes), [true, "fuzzy"]);
  });

  void it("keeps a pronoun as someone else when the label names no thing beside the fact", () => {
    const owner = labelledTarget(BOOL, { label: "Propriétaire", question: "Êtes-vous propriétaire ?" });
    assert.deepEqual(read("c'est mon frère, il est propriétaire", owner), [false, "fuzzy"]);
    assert.deepEqual(read("il est propriétaire", owner), [false, "fuzzy"]);
  });
});
