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

const delivery = labelledTarget(
  { type: "string", format: "date" },
  { label: "Delivery date", question: "When should we deliver the sofa?" },
);
const rdv = labelledTarget({ type: "string", format: "date" }, { label: "Date du rendez-vous", question: "Quand voulez-vous passer ?" });
const lastRepair = labelledTarget(
  { type: "string", format: "date" },
  { label: "Date of the last repair", question: "When was the roof last repaired?" },
);
const achat = labelledTarget({ type: "string", format: "date" }, { label: "Date d'achat", question: "Quand avez-vous acheté la maison ?" });

void describe("days counted a week on (British)", () => {
  void it("'a week on friday' is the Friday after the coming one; 'a week today'/'tomorrow' seven days on", () => {
    assert.deepEqual(read("a week on friday", delivery), ["2026-12-11", "fuzzy"]);
    assert.deepEqual(read("one week on thursday would suit", delivery), ["2026-12-10", "fuzzy"]);
    assert.deepEqual(read("a week today", delivery), ["2026-12-08", "fuzzy"]);
    assert.deepEqual(read("a week tomorrow please", delivery), ["2026-12-09", "fuzzy"]);
  });
  void it("leaves a weekday said alone, or said every week, as the coming one", () => {
    assert.deepEqual(read("friday", delivery), ["2026-12-04", "fuzzy"]);
    assert.notDeepEqual(read("every week on friday", delivery), ["2026-12-11", "fuzzy"]);
  });
});

void describe("a date already past named by a week, a feast or a decade", () => {
  void it("'the week before last' is the Monday two weeks back, loosely", () => {
    assert.deepEqual(read("the week before last", lastRepair), ["2026-11-16", "fuzzy"]);
    assert.deepEqual(read("la semaine avant la dernière", achat), ["2026-11-16", "fuzzy"]);
    assert.deepEqual(read("last week", lastRepair), ["2026-11-23", "fuzzy"]);
  });
  void it("a feast is its last occurrence on or before today, loosely; a year said after it is its own", () => {
    assert.deepEqual(read("around halloween", lastRepair), ["2026-10-31", "fuzzy"]);
    assert.deepEqual(read("at easter", lastRepair), ["2026-04-05", "fuzzy"]);
    assert.deepEqual(read("à l'épiphanie", achat), ["2026-01-06", "fuzzy"]);
    assert.deepEqual(read("à la saint-valentin 2018", achat), ["2018-02-14", "fuzzy"]);
  });
  void it("a decade is its middle year, loosely, only for a date already past", () => {
    assert.deepEqual(read("back in the seventies", lastRepair), ["1975-01-01", "fuzzy"]);
    assert.deepEqual(read("dans les années 80", achat), ["1985-01-01", "fuzzy"]);
    assert.equal(read("dans les années 80", rdv), null);
  });
});

void describe("a deadline before a named day", () => {
  void it("'before'/'avant' is the day before it; 'by'/'pour' the day itself", () => {
    assert.deepEqual(read("before halloween", delivery), ["2027-10-30", "fuzzy"]);
    assert.deepEqual(read("avant la saint-sylvestre", rdv), ["2026-12-30", "fuzzy"]);
    assert.deepEqual(read("by new year's eve", delivery), ["2026-12-31", "fuzzy"]);
    assert.deepEqual(read("pour le réveillon", rdv), ["2026-12-31", "fuzzy"]);
  });
});
