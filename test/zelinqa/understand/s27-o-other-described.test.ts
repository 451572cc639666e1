// A thing described in a few words for a bare "Other" option (s27, fixo): a reply of three to eight words naming
// something of the asked kind that no option holds is that option, loosely; never a question back, a pointer at a
// listed option, an indifference, a count or a near option.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, readDirect, singleChoice } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const phoneRepair = choiceTarget(
  "Repair",
  singleChoice(["screen", "battery", "data", "other"]),
  [
    ["Screen repair", "screen"],
    ["Battery replacement", "battery"],
    ["Data recovery", "data"],
    ["Other", "other"],
  ],
  "Which repair do you need?",
);
const stay = choiceTarget(
  "Séjour",
  singleChoice(["hotel", "camping", "gite", "autre"]),
  [
    ["Hôtel", "hotel"],
    ["Camping", "camping"],
    ["Gîte", "gite"],
    ["Autre", "autre"],
  ],
  "Quel type de séjour cherchez-vous ?",
);
const frames = choiceTarget(
  "Service",
  singleChoice(["frames", "mounting", "other"]),
  [
    ["Custom frames", "frames"],
    ["Mounting", "mounting"],
    ["Other", "other"],
  ],
  "What can we do for you?",
);

void describe("UND-S27-O-1 a thing described for a bare Other option", () => {
  void it("reads a description of an unlisted thing as Other, loosely (EN)", () => {
    assert.deepEqual(read("the charging port is loose", phoneRepair), ["other", "fuzzy"]);
    assert.deepEqual(read("cleaning out the dust inside", phoneRepair), ["other", "fuzzy"]);
    assert.deepEqual(read("speaker crackles during calls", phoneRepair), ["other", "fuzzy"]);
  });
  void it("reads a description of an unlisted thing as Autre, loosely (FR)", () => {
    assert.deepEqual(read("dormir dans une yourte", stay), ["autre", "fuzzy"]);
    assert.deepEqual(read("roulotte tirée par des chevaux", stay), ["autre", "fuzzy"]);
  });
  void it("keeps a listed option's word or a compound ending on it out of Other", () => {
    assert.notDeepEqual(read("my cracked screen needs fixing", phoneRepair)?.[0], "other");
    assert.equal(read("some photoframes for the hall", frames), null);
  });
  void it("reads nothing from a question back, a pointer at an option, an indifference or a count (EN)", () => {
    for (const text of [
      "why do you want to know",
      "the cheaper one probably",
      "the second one please",
      "same as last time please",
      "whatever is quickest for you",
      "it's for my son who is 12",
      "three nights next week",
      "tomorrow morning works",
      "in the south of france",
    ])
      assert.equal(read(text, phoneRepair), null, text);
  });
  void it("reads nothing from a question back, a pointer at an option, a when, a where or a count (FR)", () => {
    for (const text of [
      "je sais pas trop encore",
      "pourquoi vous demandez ça",
      "celui qui est le moins loin",
      "ce qui reste de libre",
      "pas d'hôtel, trop cher",
      "deux nuits pour quatre personnes",
      "près de la mer",
      "avec mes deux enfants",
    ])
      assert.equal(read(text, stay), null, text);
  });
  void it("leaves a short name to the bare-name rule", () => {
    assert.equal(read("pot de chambre", stay), null);
  });
});
