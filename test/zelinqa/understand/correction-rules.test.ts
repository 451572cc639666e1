// Self-corrections in a reply (src/zelinqa/understand/corrections.ts): the value said last is the one meant, and a
// correction word that corrects nothing changes nothing.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractDirect } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { correctionSplits } from "../../../src/zelinqa/understand/corrections.js";
import { schemaTarget as target } from "../../support/extraction-target.js";

const count = target({ type: "integer", minimum: 0 });
const amount = target({ type: "number", minimum: 0 });
const colour = target({ type: "string", enum: ["red", "blue", "green"] }, [
  ["Rouge", "red"],
  ["Bleu", "blue"],
  ["Vert", "green"],
]);
const yesNo = target({ type: "boolean" }, [
  ["Oui", true],
  ["Non", false],
]);
const day = target({ type: "string", format: "date" });
const TODAY = "2026-12-01";

const value = (text: string, t: ExtractionTarget) => extractDirect(text, t, TODAY)?.value;

void describe("self-corrections", () => {
  void it("takes the value said after a correction, in French and English", () => {
    assert.equal(value("deux, non trois", count), 3);
    assert.equal(value("5 people, no wait, 6", count), 6);
    assert.equal(value("12, sorry 14", count), 14);
    assert.equal(value("800 euros, enfin plutôt 950", amount), 950);
    assert.equal(value("1500... non 1800 en fait", amount), 1800);
    assert.equal(value("make it 40, I mean 45", amount), 45);
    assert.equal(value("du rouge, non attendez, du vert", colour), "green");
    assert.equal(value("blue - no, red", colour), "red");
    assert.equal(value("oui, enfin non", yesNo), false);
    assert.equal(value("no... actually yes", yesNo), true);
    assert.equal(value("le 12 janvier, pardon le 13 janvier", day), "2027-01-13");
    assert.equal(value("Friday, oops I mean Saturday", day), "2026-12-05");
  });

  void it("changes nothing when the correction word corrects nothing", () => {
    assert.equal(value("actually I need 3", count), 3, "nothing before the word");
    assert.equal(value("3 enfants, en fait c'est pour ma fille", count), 3, "nothing after it");
    assert.equal(value("2 chambres, enfin je crois", count), 2);
    assert.equal(value("red, actually red is best", colour), "red", "the same value twice");
    assert.equal(value("red, no blue", colour), "red", "'no' before a word negates it: blue is refused");
    assert.equal(value("rouge, non-négociable", colour), "red", "non- starts a compound word");
    assert.equal(value("yes, none of them are pets", yesNo), true);
  });

  void it("splits at every correction word, the last first, and not in long messages", () => {
    assert.deepEqual(
      correctionSplits("a, no, b, wait, c").map((s) => s.after.replace(/^[\s,]+/, "")),
      ["c", "b, wait, c"],
    );
    assert.deepEqual(correctionSplits("no wait"), [], "nothing before the word");
    assert.deepEqual(correctionSplits(`${"word ".repeat(120)}3, no 4`), []);
  });
});
