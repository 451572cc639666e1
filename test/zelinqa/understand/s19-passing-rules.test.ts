// Values said in passing for other questions (s19): a date whose side is fixed (its year said, or read only one way)
// goes to the one open date target of that side even beside a past-asked one; people written short ("15 ppl", "4
// pers.") are counted; a label's acronym ("Financement CPF") names its fact in a later clause. All held loosely.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractIndirect, indirectText } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget, IndirectText } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const bothSides: IndirectText["oneDateTargetBySide"] = { future: true, past: true };
const dated = (text: string, t: ExtractionTarget) =>
  extractIndirect({ ...indirectText(text, TODAY, false), oneDateTargetBySide: bothSides }, t)?.value ?? null;
const inPassing = (text: string, t: ExtractionTarget) => extractIndirect(indirectText(text, TODAY, false), t)?.value ?? null;

const gig = labelledTarget({ type: "string", format: "date" }, { label: "Date of the gig", question: "When is the gig?" });
const lastGig = labelledTarget({ type: "string", format: "date" }, { label: "Last gig", question: "When did you last play live?" });
const guests = labelledTarget({ type: "integer", minimum: 1, maximum: 300 }, { label: "Guests", question: "How many guests?" });
const loan = labelledTarget({ type: "boolean" }, { label: "Prêt PTZ", question: "Avez-vous un prêt à taux zéro ?" });

void describe("a date said in passing beside two open date targets", () => {
  void it("goes to the target of its side when its side is fixed", () => {
    assert.equal(dated("rock band!! 3 april 2027", gig), "2027-04-03");
    assert.equal(dated("jazz, last time was 14 feb 2025", lastGig), "2025-02-14");
    assert.equal(dated("un mariage le 3 avril 2027", gig), "2027-04-03");
  });

  void it("goes nowhere when it could be either side, or is on the other side", () => {
    assert.equal(dated("rock band, 3 april", gig), null);
    assert.equal(dated("rock band, 3 april", lastGig), null);
    assert.equal(dated("rock band!! 3 april 2027", lastGig), null);
    assert.equal(dated("jazz, last time was 14 feb 2025", gig), null);
  });
});

void describe("people and facts written short", () => {
  void it("counts people written 'ppl', 'pers', 'pax'", () => {
    assert.equal(inPassing("a garden party, 40 ppl", guests), 40);
    assert.equal(inPassing("buffet froid pour 25 pers", guests), 25);
  });

  void it("reads a label's acronym as its fact in a later clause", () => {
    assert.equal(inPassing("200 000 et le reste avec un PTZ", loan), true);
    assert.equal(inPassing("200 000 et pas de PTZ", loan), false);
  });
});
