// s27 fixer r (UND-S27-R-3): an option whose label is itself a denial ("Not delivered yet", "Pas encore commandé") is
// named by the reply denying the same words its own way ("hasn't been delivered yet", "je l'ai pas encore commandé");
// words denied that are not the label's, or a don't-know, name nothing.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, readDirect, singleChoice } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const kitchen = choiceTarget(
  "Worktop status",
  singleChoice(["fitted", "on_site", "pending"]),
  [
    ["Already fitted", "fitted"],
    ["On site, waiting", "on_site"],
    ["Not delivered yet", "pending"],
  ],
  "Where are you with the worktop?",
);
const velo = choiceTarget(
  "Vélo",
  singleChoice(["route", "ville", "attente"]),
  [
    ["Vélo de route", "route"],
    ["Vélo de ville", "ville"],
    ["Pas encore commandé", "attente"],
  ],
  "Quel vélo faut-il régler ?",
);

void describe("a label that is itself a denial", () => {
  void it("is named by the reply denying its words its own way, loosely", () => {
    assert.deepEqual(read("it hasn't been delivered yet, due next month", kitchen), ["pending", "fuzzy"]);
    assert.deepEqual(read("they haven't delivered it", kitchen), ["pending", "fuzzy"]);
    assert.deepEqual(read("on l'a toujours pas commandé, on hésite", velo), ["attente", "fuzzy"]);
    assert.deepEqual(read("je ne l'ai pas commandé", velo), ["attente", "fuzzy"]);
  });
  void it("is not named by other words denied, or by a don't-know", () => {
    assert.equal(read("haven't decided yet", kitchen), null);
    assert.equal(read("je sais pas encore", velo), null);
  });
});
