// Refusals and don't-knows said in other words (s19): a question back that disputes the asking ("en quoi ça vous
// regarde ?", "what's it to you?"), a clipped "mind your own", a deferral to a call, a "prefer not" before giving the
// thing asked; "how would I know?", "you tell me", "let me ask my wife first". A real question back ("is there a
// call-out fee?") is neither, and states no number.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractDirect, isDontKnow, isRefusal } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";

void describe("a refusal said in other words", () => {
  void it("is a question back that disputes the asking, FR and EN", () => {
    for (const text of [
      "en quoi ça vous regarde ?",
      "ça te regarde ?",
      "et ça vous concerne ?",
      "what's it to you?",
      "is that any of your business?",
      "how is that relevant??",
      "de quoi je me mêle",
    ])
      assert.equal(isRefusal(text), true, text);
  });

  void it("is a clipped 'mind your own', 'too personal', or a deferral to a call", () => {
    for (const text of [
      "mind your own lol",
      "bit too personal that",
      "c'est trop personnel",
      "je préfère vous expliquer par téléphone",
      "easier if I explain over the phone",
      "I'd rather not give my salary",
      "je préfère ne pas donner mon numéro",
    ])
      assert.equal(isRefusal(text), true, text);
  });

  void it("is not a genuine question about the service, nor a plain answer that names someone's concern", () => {
    for (const text of [
      "is there a call-out fee?",
      "why do you need to know?",
      "do you work on saturdays?",
      "ma femme s'occupe des affaires",
      "5 personnes",
      "I'd rather have it on a Monday",
    ])
      assert.equal(isRefusal(text), false, text);
  });
});

void describe("a don't-know said in other words", () => {
  void it("is a question back saying the person cannot know, or a value left to someone else", () => {
    for (const text of [
      "how should I know",
      "comment voulez-vous que je sache ?",
      "you tell me, you're the pro",
      "c'est vous le pro",
      "let me ask my husband",
      "je dois voir avec ma femme",
      "I'll get back to you on that",
      "idk what's usual?",
    ])
      assert.equal(isDontKnow(text), true, text);
  });

  void it("is not a plain value", () => {
    for (const text of ["around 3", "je vois", "my husband and me", "ask for Tom at the door"]) assert.equal(isDontKnow(text), false, text);
  });
});

void describe("a question back to a number question", () => {
  const budget = labelledTarget(
    { type: "number", minimum: 0 },
    { label: "Most you'd spend on the visit", question: "Budget for the visit?" },
  );
  const trip = labelledTarget(
    { type: "number", minimum: 0 },
    { label: "Budget déplacement (€)", question: "Budget pour le déplacement ?" },
  );
  void it("states no number from its article", () => {
    assert.equal(extractDirect("is there a visit fee?", budget, TODAY), null);
    assert.equal(extractDirect("do you charge for a visit?", budget, TODAY), null);
    assert.equal(extractDirect("c'est quoi le prix d'un déplacement ?", trip, TODAY), null);
  });

  void it("keeps a number it proposes, loosely", () => {
    assert.deepEqual(extractDirect("is 300 enough?", budget, TODAY), { value: 300, certainty: "fuzzy" });
  });
});
