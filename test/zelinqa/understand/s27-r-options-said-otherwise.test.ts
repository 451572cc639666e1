// s27 fixer r (UND-S27-R-1): an option named whole beside words that only look like another option's: "le plus X" is a
// superlative comment, never "plus" = "and"; a label word after "every"/"most"/"chaque"/"tous les" says how often, it
// names no option; a label word said as the verb of "we"/"I" beside another option named whole is that verb; a reply
// ending with "?" that asks about an option ("c'est …?", "is it …?") picks nothing.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, labelledTarget, multiChoice, readDirect, singleChoice } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const fromage = choiceTarget(
  "Fromage",
  singleChoice(["comte", "brie", "tomme", "autre"]),
  [
    ["Comté", "comte"],
    ["Brie", "brie"],
    ["Tomme de montagne", "tomme"],
    ["Autre", "autre"],
  ],
  "Quel fromage voulez-vous ?",
);

void describe("an option named whole with a superlative comment", () => {
  void it("keeps the option: 'le plus …' is no 'plus' joining a second option", () => {
    assert.deepEqual(read("comté, le plus tome", fromage), ["comte", "exact"]);
  });
  void it("still reads 'X plus Y' as two options, so none", () => {
    assert.equal(read("comté plus tome", fromage), null);
  });
});

const gym = choiceTarget(
  "Habits",
  multiChoice(["workouts", "shakes", "stretching", "none"]),
  [
    ["Morning or lunchtime workouts", "workouts"],
    ["Protein shakes", "shakes"],
    ["Stretching", "stretching"],
    ["None of these", "none"],
  ],
  "Which of these do you do?",
);
const soins = choiceTarget(
  "Habitudes",
  multiChoice(["matin_we", "ecrans", "aucun"]),
  [
    ["Matin ou week-end travaillé", "matin_we"],
    ["Écrans au lit", "ecrans"],
    ["Aucun de ceux-ci", "aucun"],
  ],
  "Lesquelles vous concernent ?",
);

void describe("a label word saying how often", () => {
  void it("adds no option after 'every', 'most', 'chaque', 'tous les'", () => {
    assert.deepEqual(read("a protein shake every morning", gym)?.[0], ["shakes"]);
    assert.deepEqual(read("protein shakes most mornings", gym)?.[0], ["shakes"]);
    assert.deepEqual(read("des écrans au lit chaque matin", soins)?.[0], ["ecrans"]);
    assert.deepEqual(read("écrans au lit tous les matins", soins)?.[0], ["ecrans"]);
  });
  void it("still adds it when said as a thing of its own", () => {
    assert.deepEqual(read("mornings, and protein shakes", gym)?.[0], ["workouts", "shakes"]);
  });
});

const bikeStore = choiceTarget(
  "Bike storage",
  singleChoice(["bike_room", "hallway", "shed", "balcony"]),
  [
    ["Shared bike store", "bike_room"],
    ["Hallway", "hallway"],
    ["Garden shed", "shed"],
    ["Balcony", "balcony"],
  ],
  "Where is the bike kept?",
);

void describe("a label word said as a verb beside another option named whole", () => {
  void it("is that verb, not the option", () => {
    assert.deepEqual(read("we store it in the hallway", bikeStore)?.[0], "hallway");
    assert.deepEqual(read("I store it on the balcony", bikeStore)?.[0], "balcony");
  });
  void it("still names the option when it is the noun", () => {
    assert.deepEqual(read("the shared store", bikeStore)?.[0], "bike_room");
  });
});

const extras = choiceTarget(
  "Extras",
  multiChoice(["wrap", "card", "none"]),
  [
    ["Gift wrap", "wrap"],
    ["Greeting card", "card"],
    ["None of these", "none"],
  ],
  "Any extras?",
);
const options = choiceTarget(
  "Options",
  multiChoice(["emballage", "carte", "aucun"]),
  [
    ["Emballage cadeau", "emballage"],
    ["Carte de vœux", "carte"],
    ["Aucun", "aucun"],
  ],
  "Des options ?",
);
const remarques = labelledTarget({ type: "string" }, { label: "Remarques", question: "Autre chose ?" });

void describe("a question about an option", () => {
  void it("picks nothing", () => {
    assert.equal(read("the greeting card, is it free?", extras), null);
    assert.equal(read("la carte de vœux c'est pour un anniversaire ?", options), null);
  });
  void it("keeps a pick said with a rising '?', and a note asking the same", () => {
    assert.deepEqual(read("gift wrap and a card?", extras)?.[0], ["wrap", "card"]);
    const note = "le paquet est fragile, c'est possible ?";
    assert.deepEqual(read(note, remarques), [note, "exact"]);
  });
});
