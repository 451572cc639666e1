// An option named only as what the answer is compared with, set against or denied is not the answer (s23): "bigger
// than medium", "plus grand que le moyen", "anything but red", "not small"; nor is a letter value read inside a word
// ("I'm a 40 chest" was "M", exactly).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, readDirect, singleChoice } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const size = choiceTarget(
  "Size",
  singleChoice(["s", "m", "l"]),
  [
    ["Small", "s"],
    ["Medium", "m"],
    ["Large", "l"],
  ],
  "Which size?",
);
const taille = choiceTarget(
  "Taille",
  singleChoice(["petit", "moyen", "grand"]),
  [
    ["Petit", "petit"],
    ["Moyen", "moyen"],
    ["Grand", "grand"],
  ],
  "Quelle taille ?",
);
const colour = choiceTarget(
  "Colour",
  singleChoice(["red", "blue", "green"]),
  [
    ["Red", "red"],
    ["Blue", "blue"],
    ["Green", "green"],
  ],
  "Which colour?",
);
const canal = choiceTarget(
  "Canal",
  singleChoice(["email", "telephone", "courrier"]),
  [
    ["Email", "email"],
    ["Téléphone", "telephone"],
    ["Courrier", "courrier"],
  ],
  "Comment vous joindre ?",
);

void describe("an option compared with, set against or denied", () => {
  void it("is no answer", () => {
    assert.equal(read("bigger than medium", size), null);
    assert.equal(read("un autre que le moyen", taille), null);
    assert.equal(read("anything but red", colour), null);
    assert.equal(read("tout sauf le téléphone", canal), null);
    assert.equal(read("not small", size), null);
    assert.equal(read("pas le petit", taille), null);
  });
  void it("reads no letter value inside a word", () => {
    assert.equal(read("I'm a 40 chest", size), null);
  });
  void it("leaves an option said plainly as it was", () => {
    assert.deepEqual(read("medium please", size), ["m", "exact"]);
    assert.deepEqual(read("M", size), ["m", "exact"]);
    assert.deepEqual(read("le grand", taille), ["grand", "exact"]);
    assert.deepEqual(read("par courrier", canal)?.[0], "courrier");
  });
});
