// s25 fixer a: a question back asking what is offered is no note (emoji after its "?" aside); a yes/no the person says
// does not apply to them is neither yes nor no; dates said by idioms, feasts and periods. Reference day: Tuesday 2026-12-01.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const comments = labelledTarget({ type: "string" }, { label: "Comments", question: "Anything else the driver should know?" });
const precisions = labelledTarget({ type: "string" }, { label: "Précisions", question: "Autre chose à nous dire ?" });

void describe("a question back to 'anything else?'", () => {
  void it("records no note when it asks what the other side offers, with 'do'/'faire'", () => {
    for (const text of ["can you do evenings?", "could you do bank holidays?", "Can we do cash?"])
      assert.equal(read(text, comments), null, text);
    for (const text of ["pouvez-vous faire les jours fériés ?", "peut-on faire des virements ?"])
      assert.equal(read(text, precisions), null, text);
  });
  void it("records no note for a question back followed by an emoji", () => {
    for (const text of ["do you take cards? 💳", "is there a lift? 🙂", "how long does it take? 🤔"])
      assert.equal(read(text, comments), null, text);
    assert.equal(read("vous acceptez les chiens ? 🐕", precisions), null);
  });
  void it("keeps the note of a request, also with 'do' on this job's own thing or after an emoji", () => {
    for (const text of ["could you do it before 9?", "can you do the stairs first?", "can you call when you're outside? 🙏"])
      assert.deepEqual(read(text, comments), [text, "exact"], text);
    for (const text of ["pouvez-vous faire un devis avant ?", "pouvez-vous le faire mardi ?"])
      assert.deepEqual(read(text, precisions), [text, "exact"], text);
  });
});

const hasLicence = labelledTarget(
  { type: "boolean" },
  { label: "Has had an accident with the car", question: "Have you ever had an accident with your car?" },
);
const aDejaVenu = labelledTarget({ type: "boolean" }, { label: "A déjà été opéré", question: "Avez-vous déjà été opéré du genou ?" });

void describe("a yes/no that does not apply", () => {
  void it("is neither yes nor no, whatever 'never' or 'no' says beside it", () => {
    for (const text of ["never owned a car so n/a", "N/A", "not applicable, I don't drive", "no car, n/a really"])
      assert.equal(read(text, hasLicence), null, text);
    for (const text of ["sans objet", "non applicable, jamais eu de souci au genou"]) assert.equal(read(text, aDejaVenu), null, text);
  });
  void it("keeps a plain no, also French 'n'a' (its tokens are those of n/a)", () => {
    assert.deepEqual(read("never", hasLicence), [false, "exact"]);
    assert.deepEqual(read("non, il n'a jamais été opéré", aDejaVenu), [false, "exact"]);
  });
});
