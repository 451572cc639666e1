// The empty list said with more than the denial (s27, fixo): to a multiple choice without a "none" option, a denial
// that names the question's own thing, when it holds, or that the person has it all already is the empty selection,
// loosely; a denial followed by a thing, an option or a don't-know is not.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, multiChoice, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const extras = choiceTarget(
  "Extras",
  multiChoice(["wrap", "engraving", "express"]),
  [
    ["Gift wrap", "wrap"],
    ["Engraving", "engraving"],
    ["Express delivery", "express"],
  ],
  "Which extras would you like?",
);
const depenses = choiceTarget(
  "Dépenses",
  multiChoice(["garde", "transport", "dons"]),
  [
    ["Garde d'enfants", "garde"],
    ["Transport", "transport"],
    ["Dons", "dons"],
  ],
  "Quelles dépenses avez-vous eues ?",
);

void describe("UND-S27-O-3 the empty list said with more than the denial", () => {
  void it("reads a denial followed by having it all as the empty list, loosely", () => {
    assert.deepEqual(read("nothing, we have it all already", extras), [[], "fuzzy"]);
    assert.deepEqual(read("none, got everything", extras), [[], "fuzzy"]);
    assert.deepEqual(read("rien, j'ai déjà tout", depenses), [[], "fuzzy"]);
  });
  void it("reads a denial of the question's own thing, for a time, as the empty list, loosely", () => {
    assert.deepEqual(read("aucune dépense cette année", depenses), [[], "fuzzy"]);
    assert.deepEqual(read("no extras for now", extras), [[], "fuzzy"]);
  });
  void it("keeps a bare denial exact and reads nothing from a denial followed by a thing or a don't-know", () => {
    assert.deepEqual(read("none", extras), [[], "exact"]);
    assert.equal(read("nothing, I want a bell", extras), null);
    assert.equal(read("aucune idée cette année", depenses), null);
    assert.notDeepEqual(read("none, but engraving would be nice", extras)?.[0], []);
  });
});
