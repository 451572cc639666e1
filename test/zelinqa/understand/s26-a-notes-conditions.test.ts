// s26 fixer a: a note after saying there is none is held loosely; a condition not met today, knowing nothing of the
// matter and no memory of it are don't-knows; wishing to talk it over instead is a refusal. Reference day: 2026-12-01.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { isDontKnow, isRefusal } from "../../../src/zelinqa/understand/index.js";
import { withoutHesitation } from "../../../src/zelinqa/understand/lexicons.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const remarks = labelledTarget({ type: "string" }, { label: "Remarks", question: "Anything else the groomer should know?" });
const infos = labelledTarget({ type: "string" }, { label: "Informations", question: "Autre chose à signaler au chauffeur ?" });

void describe("a reply to 'anything else?' that opens by saying there is nothing (s26)", () => {
  void it("records no note for 'that's all' typed without its apostrophe", () => {
    assert.equal(read("no thats all", remarks), null);
    assert.equal(read("nope, thats it", remarks), null);
    assert.equal(read("non cest tout", infos), null);
  });
  void it("records no note when the next clause denies one more thing ('either', 'non plus')", () => {
    assert.equal(read("nothing else, no stairs either", remarks), null);
    assert.equal(read("rien d'autre, pas de bagages non plus", infos), null);
  });
  void it("holds the note loosely when content follows the denial", () => {
    for (const text of ["no, except the cat hides under the bed", "nope only he bites when nervous", "no just call from the gate"])
      assert.deepEqual(read(text, remarks), [text, "fuzzy"], text);
    for (const text of ["non, juste qu'on a un gros sac", "non sauf qu'on part tôt"])
      assert.deepEqual(read(text, infos), [text, "fuzzy"], text);
    // After "but"/"mais" the note is said in full, as earlier rounds' testers stored it (blind5, s17).
    for (const text of ["nope but he bites when nervous", "no, but the gate sticks"])
      assert.deepEqual(read(text, remarks), [text, "exact"], text);
    assert.deepEqual(read("non mais on part tôt", infos), ["non mais on part tôt", "exact"]);
  });
  void it("keeps a confirmed note when the reply denies a thing, not the question", () => {
    for (const text of ["no stairs, it's a ground floor flat"]) assert.deepEqual(read(text, remarks), [text, "exact"], text);
    assert.deepEqual(read("pas de valise, juste un sac à dos", infos), ["pas de valise, juste un sac à dos", "exact"]);
    assert.deepEqual(read("the dog is deaf", remarks), ["the dog is deaf", "exact"]);
    // A request after the denial is a note as said (s21).
    assert.deepEqual(read("no. could you text when you arrive?", remarks), ["no. could you text when you arrive?", "exact"]);
    // A denied thing in a later clause without "either" stays content.
    assert.deepEqual(read("nothing else, no parking outside", remarks), ["nothing else, no parking outside", "fuzzy"]);
  });
});

void describe("a condition not met today (s26)", () => {
  void it("is a don't-know, in English and French", () => {
    for (const text of ["depends on my boss", "it depends whether the loan goes through", "possibly, depends what the vet says"])
      assert.equal(isDontKnow(text), true, text);
    for (const text of ["ça dépend de la météo", "ca dependra du devis", "ça dépend si mon frère vient"])
      assert.equal(isDontKnow(text), true, text);
  });
  void it("drops the condition's clause before a value is looked for in the rest", () => {
    assert.doesNotMatch(withoutHesitation("it depends on my sister"), /sister/);
    assert.match(withoutHesitation("depends on the month, 3 or 4"), /3 or 4/);
    assert.match(withoutHesitation("ça dépend des semaines, 2 ou 3"), /2 ou 3/);
  });
  void it("leaves 'independent', 'dépendant' and a bare 'ça dépend' as they were", () => {
    for (const text of ["independent of the grid", "ça dépend", "it depends", "dépendant de l'insuline"])
      assert.equal(isDontKnow(text), false, text);
  });
});

void describe("knowing nothing of the matter, no memory of it (s26)", () => {
  void it("is a don't-know", () => {
    for (const text of [
      "je connais rien aux voitures",
      "je n'y connais rien",
      "I know nothing about boilers",
      "aucun souvenir",
      "no recollection at all",
    ])
      assert.equal(isDontKnow(text), true, text);
  });
  void it("not when something is known ('je connais bien', 'I know about it')", () => {
    for (const text of ["je connais bien le quartier", "I know about the leak", "souvenir de vacances"])
      assert.equal(isDontKnow(text), false, text);
  });
});

void describe("wishing to talk it over instead (s26)", () => {
  void it("is a refusal when the reply opens on it", () => {
    for (const text of [
      "would prefer to discuss in person",
      "I'd rather talk about it on the phone",
      "je préférerais en parler",
      "je préfère en discuter au cabinet",
    ])
      assert.equal(isRefusal(text), true, text);
  });
  void it("not a preference for something else, nor a wish said later in the reply", () => {
    for (const text of [
      "I'd rather say yes",
      "would prefer to come in the morning",
      "je préfère le matin",
      "yes, and I'd rather talk to the manager",
    ])
      assert.equal(isRefusal(text), false, text);
  });
});
