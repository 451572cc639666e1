// s27 fixer q (UND-S27-Q-2): a yes/no answered by a fact (a leasehold is owned, "rien à signaler" is a no, coming to
// collect is no delivery), a corrected date with an apology or "plutôt" after it, and a note that doubts its own use
// ("not sure if that matters") kept as a note. Reference day: Tuesday 2026-12-01.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { isDontKnow } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const ownsFlat = labelledTarget({ type: "boolean" }, { label: "Owns the flat", question: "Do you own the flat?" });
const incident = labelledTarget({ type: "boolean" }, { label: "Incident signalé", question: "Un incident à signaler pendant le séjour ?" });
const shipped = labelledTarget({ type: "boolean" }, { label: "Livraison", question: "Voulez-vous être livré ?" });
const shippedEn = labelledTarget({ type: "boolean" }, { label: "Delivery", question: "Would you like it delivered?" });

void describe("a yes/no answered by a fact", () => {
  void it("a leasehold or a freehold is owned, loosely", () => {
    assert.deepEqual(read("it's a leasehold", ownsFlat), [true, "fuzzy"]);
    assert.deepEqual(read("freehold", ownsFlat), [true, "fuzzy"]);
  });
  void it("'rien à signaler', 'RAS', 'nothing to report' is a no, even beside the label's own word", () => {
    for (const text of ["rien à signaler", "RAS", "non, rien a signaler merci"])
      assert.deepEqual(read(text, incident), [false, "exact"], text);
    assert.deepEqual(read("oui, une fuite à signaler", incident)?.[0], true);
  });
  void it("coming to collect is no delivery; not coming is", () => {
    assert.deepEqual(read("je viendrai le chercher", shipped), [false, "fuzzy"]);
    assert.deepEqual(read("non je passe la chercher", shipped), [false, "exact"]);
    assert.deepEqual(read("I'll pick it up", shippedEn), [false, "fuzzy"]);
    assert.deepEqual(read("je viendrai pas, livrez-moi", shipped)?.[0], true);
  });
});

const visit = labelledTarget({ type: "string", format: "date" }, { label: "Visit date", question: "When should the surveyor come?" });
const livraison = labelledTarget(
  { type: "string", format: "date" },
  { label: "Date de livraison", question: "Quel jour pour la livraison ?" },
);

void describe("a corrected date with an apology or a 'plutôt' after it", () => {
  void it("is the day said last", () => {
    assert.deepEqual(read("the 9th, no the 14th sorry", visit), ["2026-12-14", "exact"]);
    assert.deepEqual(read("le 3, non le 4 plutôt", livraison), ["2026-12-04", "exact"]);
    assert.deepEqual(read("le 10, non le 12 pardon", livraison), ["2026-12-12", "exact"]);
  });
  void it("keeps a plain correction and a single day", () => {
    assert.deepEqual(read("the 9th, no, the 14th", visit), ["2026-12-14", "exact"]);
    assert.deepEqual(read("the 9th", visit), ["2026-12-09", "exact"]);
  });
});

const notes = labelledTarget({ type: "string" }, { label: "Notes", question: "Anything else the roofer should know?" });
const mot = labelledTarget({ type: "string" }, { label: "Précisions", question: "Autre chose à préciser ?" });

void describe("a note that doubts its own use", () => {
  void it("is a note, not a don't-know", () => {
    for (const text of ["the chimney is shared with next door, not sure if that matters", "we have solar panels, dunno if it's relevant"]) {
      assert.equal(isDontKnow(text), false, text);
      assert.deepEqual(read(text, notes), [text, "exact"], text);
    }
    const fr = "il y a un puits dans le jardin, je sais pas si c'est utile";
    assert.equal(isDontKnow(fr), false);
    assert.deepEqual(read(fr, mot), [fr, "exact"]);
  });
  void it("stays a don't-know when nothing else is said, or a don't-know is said besides", () => {
    for (const text of ["not sure if that matters", "no idea, not sure if it matters", "je sais pas si c'est utile"])
      assert.equal(isDontKnow(text), true, text);
  });
});
