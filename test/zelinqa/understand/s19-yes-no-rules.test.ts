// Yes/no said indirectly (s19): the fact held by someone else ("my dad owns it") is a no to a question about the
// person; another way preferred ("plutôt au bureau") is a no; a consent under a condition on the asker ("only if you
// blur the faces") a yes; "en partie" a yes; "I'd rather you didn't" a no; the status named in other words ("my
// landlord's", "logement social", "a mortgage"), in passing too. All held loosely.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractIndirect, indirectText } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget, readDirect } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const read = (text: string, t: ExtractionTarget) => readDirect(text, t, TODAY);
const inPassing = (text: string, t: ExtractionTarget) => extractIndirect(indirectText(text, TODAY, false), t)?.value ?? null;

const owner = labelledTarget({ type: "boolean" }, { label: "Owner", question: "Are you the owner of the flat?" });
const proprio = labelledTarget({ type: "boolean" }, { label: "Propriétaire", question: "Êtes-vous propriétaire du logement ?" });
const funded = labelledTarget(
  { type: "boolean" },
  { label: "Financement par l'entreprise", question: "Financez-vous la formation vous-même ?" },
);
const atHome = labelledTarget({ type: "boolean" }, { label: "Visit at home", question: "Can the nurse come to your home?" });
const mailing = labelledTarget({ type: "boolean" }, { label: "Newsletter", question: "May we send you our newsletter?" });
const insured = labelledTarget({ type: "boolean" }, { label: "Assurance", question: "Avez-vous une assurance ?" });

void describe("a fact held by someone else", () => {
  void it("is a no to a question about the person, held loosely", () => {
    assert.deepEqual(read("my dad owns it, I rent a room from him", owner), [false, "fuzzy"]);
    assert.deepEqual(read("I look after it for the owner", owner), [false, "fuzzy"]);
    assert.deepEqual(read("the owner is my sister", owner), [false, "fuzzy"]);
    assert.deepEqual(read("c'est ma belle-mère la propriétaire", proprio), [false, "fuzzy"]);
    assert.deepEqual(read("c'est mon employeur qui finance", funded), [false, "fuzzy"]);
    assert.deepEqual(read("mes parents paient tout", funded), [false, "fuzzy"]);
  });

  void it("is not read when the person holds it too, or says yes", () => {
    assert.deepEqual(read("my husband and I own it", owner), [true, "fuzzy"]);
    assert.deepEqual(read("yes, I'm the owner", owner)?.[0], true);
    assert.notDeepEqual(read("je finance moi-même", funded)?.[0], false);
  });
});

void describe("the status named in other words", () => {
  void it("is a no for a tenancy or a social landlord, a yes for a mortgage", () => {
    assert.deepEqual(read("it belongs to my landlord", owner), [false, "fuzzy"]);
    assert.deepEqual(read("logement social", proprio), [false, "fuzzy"]);
    assert.deepEqual(read("still paying the mortgage", owner), [true, "fuzzy"]);
    assert.deepEqual(read("on a un crédit immobilier", proprio), [true, "fuzzy"]);
  });

  void it("is read in passing by its distinctive words only", () => {
    assert.equal(inPassing("300 max, the landlord covers the rest", owner), false);
    assert.equal(inPassing("3e étage, c'est un logement social", proprio), false);
    assert.equal(inPassing("we used the lift", owner), null);
  });
});

void describe("another way preferred, or a condition on the asker", () => {
  void it("is a no when another way is preferred and the target's words are not said", () => {
    assert.deepEqual(read("rather at the clinic", atHome), [false, "fuzzy"]);
    assert.deepEqual(read("on préfère par téléphone", atHome), [false, "fuzzy"]);
    assert.deepEqual(read("I'd prefer you didn't", mailing), [false, "fuzzy"]);
    // Not read this way: the target's own words preferred.
    assert.notDeepEqual(read("rather at home, yes", atHome)?.[0], false);
  });

  void it("is a yes under a condition on what the asker does", () => {
    assert.deepEqual(read("only if you don't send more than one a month", mailing), [true, "fuzzy"]);
    assert.deepEqual(read("tant que vous ne partagez pas mon adresse", mailing), [true, "fuzzy"]);
    // Not read this way: a condition on the thing itself.
    assert.equal(read("only if it's free", mailing), null);
  });

  void it("is a yes, loosely, for a part", () => {
    assert.deepEqual(read("en partie", insured), [true, "fuzzy"]);
    assert.deepEqual(read("partly", owner), [true, "fuzzy"]);
  });
});
