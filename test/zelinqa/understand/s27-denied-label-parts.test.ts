// s27: a label opening by denying a verb or a state ("Not bought yet", "Pas pressé", "Never tried") is not named by its
// own words said without the denial: "bought it last week" says the opposite. Said denied, negated-label.ts reads them
// (s27-r-denied-label.test.ts); a label denying a thing ("No off-street parking") keeps being named by its words.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { choiceTarget, readDirect, singleChoice } from "../../support/extraction-target.js";

const read = (text: string, t: ReturnType<typeof choiceTarget>) => readDirect(text, t, "2026-12-01");

const phone = choiceTarget(
  "Phone",
  singleChoice(["android", "iphone", "pending"]),
  [
    ["Android", "android"],
    ["iPhone", "iphone"],
    ["Not ordered yet", "pending"],
  ],
  "Which phone should we set up?",
);
const planche = choiceTarget(
  "Planche",
  singleChoice(["courte", "longue", "jamais"]),
  [
    ["Planche courte", "courte"],
    ["Planche longue", "longue"],
    ["Jamais essayé", "jamais"],
  ],
  "Quelle planche utilisez-vous ?",
);
const repas = choiceTarget(
  "Repas",
  singleChoice(["vegetarien", "halal", "sans_gluten"]),
  [
    ["Végétarien", "vegetarien"],
    ["Halal", "halal"],
    ["Sans gluten", "sans_gluten"],
  ],
  "Quel repas pour votre enfant ?",
);

void describe("a label denying a verb or a state, its words said plainly", () => {
  void it("names nothing: the reply says the opposite of the label", () => {
    assert.equal(read("ordered it on friday", phone), null);
    assert.equal(read("already ordered", phone), null);
    assert.equal(read("j'ai essayé une fois l'an dernier", planche), null);
  });
  void it("still names the label said whole, or denied in the reply's own way", () => {
    assert.deepEqual(read("not ordered yet", phone), ["pending", "exact"]);
    assert.deepEqual(read("haven't ordered it yet", phone), ["pending", "fuzzy"]);
    assert.deepEqual(read("jamais essayé", planche), ["jamais", "exact"]);
  });
  void it("keeps the words of a label denying a thing", () => {
    assert.deepEqual(read("il est intolérant au gluten", repas), ["sans_gluten", "fuzzy"]);
  });
});
