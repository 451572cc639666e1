// A count of seats asked about persons (s19): the label says seats ("Nombre de places", "Seats"), the question asks how
// many people; "on est 6" or "a table for 6" said in passing in a reply to another question fills it. A count of other
// things, or a seat count asked about no persons, does not.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractIndirect, indirectText } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const inPassing = (text: string, t: ExtractionTarget) => extractIndirect(indirectText(text, TODAY, false), t)?.value ?? null;

const places = labelledTarget(
  { type: "integer", minimum: 1, maximum: 12 },
  { label: "Nombre de places", question: "Combien de personnes doivent pouvoir s'asseoir autour ?" },
);
const seats = labelledTarget({ type: "integer", minimum: 1, maximum: 12 }, { label: "Seats", question: "How many people will sit at it?" });
const carSeats = labelledTarget(
  { type: "integer", minimum: 2, maximum: 9 },
  { label: "Nombre de places", question: "Combien de places ?" },
);

void describe("a seat count asked about persons", () => {
  void it("takes how many they are, said in passing", () => {
    assert.equal(inPassing("une banquette, nous sommes 5", places), 5);
    assert.equal(inPassing("a bench, we're 4 at home", seats), 4);
  });
  void it("takes a small count for whom the thing is", () => {
    assert.equal(inPassing("un bureau pour 2", places), 2);
    assert.equal(inPassing("a table for 8", seats), 8);
  });
  void it("does not take a count of other things, an amount, or a head count for a seat question about no persons", () => {
    assert.equal(inPassing("une table pour 6 chaises", places), null);
    assert.equal(inPassing("a table for 900", seats), null);
    assert.equal(inPassing("une voiture, nous sommes 3 à conduire", carSeats), null);
  });
});
