// s25 fixer c: "not urgent", "whenever really" to options ordered from routine to an emergency, none of which says it
// can wait: the end opposite the urgent one, loosely. Nothing when no end says it is urgent, or "whenever you can".
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, readDirect, singleChoice } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const repair = choiceTarget(
  "Priority",
  singleChoice(["planned", "soon", "urgent"]),
  [
    ["Planned maintenance", "planned"],
    ["In the coming days", "soon"],
    ["Urgent (water everywhere)", "urgent"],
  ],
  "How quickly do you need the plumber?",
);
const depannage = choiceTarget(
  "Délai",
  singleChoice(["urgence", "semaine", "mois"]),
  [
    ["Urgence, tout de suite", "urgence"],
    ["Dans la semaine", "semaine"],
    ["Dans le mois", "mois"],
  ],
  "Pour quand ?",
);
const sizes = choiceTarget("Size", singleChoice(["s", "m", "l"]), [
  ["Small", "s"],
  ["Medium", "m"],
  ["Large", "l"],
]);

void describe("an unhurried reply to options with an urgent end", () => {
  void it("is the other end, loosely", () => {
    assert.deepEqual(read("not urgent at all", repair), ["planned", "fuzzy"]);
    assert.deepEqual(read("whenever, honestly", repair), ["planned", "fuzzy"]);
    assert.deepEqual(read("pas urgent", depannage), ["mois", "fuzzy"]);
    assert.deepEqual(read("n'importe quand", depannage), ["mois", "fuzzy"]);
  });
  void it("is nothing without an urgent end, nor 'whenever you can'", () => {
    assert.equal(read("not urgent", sizes), null);
    assert.equal(read("whenever you can", repair), null);
  });
});
