// s27 fixer p: dates said beside an answer. In passing, a day of the month said as one ("on the 12th", "le 9") and a
// day asked for in a request ("can we come friday?") are dates; a rank ("my 4th", "the 3rd one") and a question that
// asks nothing of us are not. Answering a date question, what follows "since"/"depuis" dates something else.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractIndirect, indirectText } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget, readDirect } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const inPassing = (text: string, t: ExtractionTarget) => extractIndirect(indirectText(text, TODAY, true), t)?.value ?? null;

const delivery = labelledTarget({ type: "string", format: "date" }, { label: "Delivery date", question: "When should we deliver?" });
const pose = labelledTarget({ type: "string", format: "date" }, { label: "Date de pose", question: "Quand souhaitez-vous la pose ?" });

void describe("a day of the month said in passing (SPD-01)", () => {
  void it("is a date when said as one", () => {
    assert.equal(inPassing("the oak one, delivered on the 18th ideally", delivery), "2026-12-18");
    assert.equal(inPassing("oak, from the 9th", delivery), "2026-12-09");
    assert.equal(inPassing("du carrelage, le 9 si possible", pose), "2026-12-09");
    assert.equal(inPassing("du parquet, plutôt le 1er", pose), "2027-01-01");
  });
  void it("is no date as a rank or beside a noun", () => {
    assert.equal(inPassing("oak, it's my 4th table", delivery), null);
    assert.equal(inPassing("the 3rd one, in oak", delivery), null);
    assert.equal(inPassing("oak, we live on the 5th floor", delivery), null);
    assert.equal(inPassing("du parquet, on est au 12", pose), null);
    // The whole reply answers the question asked (a table, a line), it dates nothing else.
    assert.equal(inPassing("le 9", pose), null);
    assert.equal(inPassing("on the 18th", delivery), null);
  });
});

void describe("a day asked for in a request, in passing (SPD-02)", () => {
  void it("is the day proposed", () => {
    assert.equal(inPassing("oak please, could you come friday?", delivery), "2026-12-04");
    assert.equal(inPassing("du carrelage. Vous pourriez venir jeudi ?", pose), "2026-12-03");
  });
  void it("is not read from a question that asks nothing of us", () => {
    assert.equal(inPassing("oak please, are you open on friday?", delivery), null);
    assert.equal(inPassing("du carrelage. Vous êtes fermés mardi ?", pose), null);
  });
});

void describe("a date question answered with a since-clause (SPD-03)", () => {
  void it("keeps the day said before 'since'/'depuis'", () => {
    assert.deepEqual(readDirect("thursday, the sink has been blocked since yesterday", delivery, TODAY), ["2026-12-03", "fuzzy"]);
    assert.deepEqual(readDirect("demain, ça fuit depuis hier", pose, TODAY), ["2026-12-02", "exact"]);
    assert.deepEqual(readDirect("le 9 si possible, le carrelage se décolle depuis le 20 novembre", pose, TODAY), ["2026-12-09", "exact"]);
  });
  void it("reads the whole reply when 'since' opens it", () => {
    assert.deepEqual(readDirect("since you ask, friday", delivery, TODAY), ["2026-12-04", "fuzzy"]);
  });
});
