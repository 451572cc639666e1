// How people state a choice (s18, eighth blind round): "tout le temps" is a frequency, no "all of them"; a word said in
// the other number names the compound label that holds it whole before the option of its last part. Cases written for
// these rules, in both languages, with their own labels, and what must not be read.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractDirect } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget as target, multiChoice as multi, singleChoice as single } from "../../support/extraction-target.js";

const TODAY = "2026-12-01"; // a Tuesday

/** The value and whether it is certain ("exact") or held loosely ("fuzzy"); null when nothing is read. */
function read(t: ExtractionTarget, text: string): [unknown, string] | null {
  const r = extractDirect(text, t, TODAY);
  return r === null ? null : [r.value, r.certainty];
}

const complaints = target("Problèmes constatés", multi(["bruit", "odeur", "fuite", "aucun"]), [
  ["Bruit", "bruit"],
  ["Odeur", "odeur"],
  ["Fuite", "fuite"],
  ["Aucun", "aucun"],
]);
const issues = target("Issues noticed", multi(["noise", "smell", "leak", "none"]), [
  ["Noise", "noise"],
  ["Smell", "smell"],
  ["Leak", "leak"],
  ["None", "none"],
]);

void describe("a quantifier with a singular article", () => {
  void it("is a frequency or a whole thing, not every option", () => {
    assert.equal(read(complaints, "il se plaint tout le temps"), null);
    assert.equal(read(complaints, "elle soupire toute la journée"), null);
    assert.equal(read(issues, "it rattles all the time"), null);
    assert.deepEqual(read(complaints, "une odeur tout le temps"), [["odeur"], "exact"]);
    assert.deepEqual(read(issues, "a leak all the way down"), [["leak"], "exact"]);
  });
  void it("still selects every option when it counts them", () => {
    assert.deepEqual(read(complaints, "tous"), [["bruit", "odeur", "fuite"], "exact"]);
    assert.deepEqual(read(issues, "all of them"), [["noise", "smell", "leak"], "exact"]);
    assert.deepEqual(read(issues, "all the above"), [["noise", "smell", "leak"], "exact"]);
  });
});

void describe("a word in the other number inside a compound label", () => {
  const grind = target("Taille des pots", single(["g1", "g2", "g3"]), [
    ["Petits", "g1"],
    ["Mi-grands", "g2"],
    ["Grands", "g3"],
  ]);
  const sizes = target("Speaker range", single(["b1", "b2", "b3"]), [
    ["Lows", "b1"],
    ["Mid-highs", "b2"],
    ["Highs", "b3"],
  ]);
  void it("names the compound option, loosely, not the option of its last word", () => {
    assert.deepEqual(read(grind, "mi-grand"), ["g2", "fuzzy"]);
    assert.deepEqual(read(sizes, "a mid-high"), ["b2", "fuzzy"]);
  });
  void it("keeps the option said as written", () => {
    assert.deepEqual(read(grind, "grands"), ["g3", "exact"]);
    assert.deepEqual(read(sizes, "highs"), ["b3", "exact"]);
  });
});

void describe("an option's word that only qualifies another thing", () => {
  const trip = target("Kind of trip", single(["holiday", "business", "study", "other"]), [
    ["Holiday", "holiday"],
    ["Business", "business"],
    ["Study", "study"],
    ["Other", "other"],
  ]);
  const salle = target("Pièce à rénover", single(["cuisine", "salon", "chambre", "autre"]), [
    ["Cuisine", "cuisine"],
    ["Salon", "salon"],
    ["Chambre", "chambre"],
    ["Autre", "autre"],
  ]);
  void it("holds the option loosely when the reply names the thing it qualifies", () => {
    assert.deepEqual(read(trip, "my holiday photos exhibition"), ["holiday", "fuzzy"]);
    assert.deepEqual(read(trip, "a business lunch with a client"), ["business", "fuzzy"]);
    assert.deepEqual(read(salle, "le meuble de cuisine seulement"), ["cuisine", "fuzzy"]);
  });
  void it("keeps the option when the reply names it alone", () => {
    assert.deepEqual(read(trip, "a holiday with my kids"), ["holiday", "exact"]);
    assert.deepEqual(read(trip, "business, in march"), ["business", "exact"]);
    assert.deepEqual(read(salle, "la cuisine, elle est vieille"), ["cuisine", "exact"]);
  });
});
