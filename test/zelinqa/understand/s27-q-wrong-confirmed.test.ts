// s27 fixer q (UND-S27-Q-1): what the fifteenth blind round stored wrongly as confirmed, as families. A reply to
// "anything else?" that refuses or closes ("I'd rather keep the rest private", "je préfère pas", "nothing else thx") is
// no note; someone else's "ok" is not the person's yes; a correction between two options keeps the last; a number an
// option says beats an option that says "a few"; a moment alone ("at night") does not pick an option about something else.
// Reference day: Tuesday 2026-12-01.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { isRefusal } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, labelledTarget, readDirect, singleChoice } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const remarks = labelledTarget({ type: "string" }, { label: "Remarks", question: "Anything else the vet should know?" });
const remarques = labelledTarget({ type: "string" }, { label: "Commentaire", question: "Un mot pour le traiteur ?" });

void describe("a refusal or a closing to a free-text question", () => {
  void it("is a refusal when the person keeps the rest to themselves or prefers not, and no note is kept", () => {
    for (const text of [
      "I'd rather keep the rest private",
      "prefer to keep the details to myself",
      "je préfère garder le reste pour moi",
      "je préfère pas",
      "j'aime mieux pas, merci",
      "je vous dirai pas",
      "je le dirai pas, c'est une surprise",
    ]) {
      assert.equal(isRefusal(text), true, text);
      assert.equal(read(text, /[éèàç]|je /u.test(text) ? remarques : remarks), null, text);
    }
  });
  void it("keeps a wish about a thing, and 'je passe' used as 'I come by'", () => {
    for (const text of ["please keep the kennel private", "je préfère pas le matin", "je passe vers midi", "non, je passe samedi"])
      assert.equal(isRefusal(text), false, text);
    assert.deepEqual(read("please keep the kennel private", remarks), ["please keep the kennel private", "exact"]);
    assert.deepEqual(read("je préfère pas le matin", remarques), ["je préfère pas le matin", "exact"]);
    assert.equal(isRefusal("je passe"), true);
  });
  void it("stores no note for a closing with thanks typed short, but keeps a note beside thanks", () => {
    for (const text of ["nothing else thx", "no ty", "that's all, cheers"]) assert.equal(read(text, remarks), null, text);
    assert.deepEqual(read("the cat bites, thx", remarks), ["the cat bites, thx", "exact"]);
  });
});

const ownsHouse = labelledTarget({ type: "boolean" }, { label: "Owns the house", question: "Do you own the house?" });
const wantsParking = labelledTarget({ type: "boolean" }, { label: "Needs parking", question: "Do you need a parking space?" });

void describe("a yes said by someone else", () => {
  void it("is not the person's answer", () => {
    assert.notDeepEqual(read("the council said ok", wantsParking), [true, "exact"]);
    assert.equal(read("my neighbour said yes", wantsParking), null);
    assert.equal(read("ma voisine a dit oui", wantsParking), null);
  });
  void it("keeps the person's own yes beside it", () => {
    assert.deepEqual(read("yes, the council said ok", wantsParking), [true, "exact"]);
    assert.deepEqual(read("I said yes", wantsParking), [true, "exact"]);
  });
  void it("reads renting as not owning, whatever the landlord agreed", () => {
    assert.deepEqual(read("renting, the landlord said ok", ownsHouse), [false, "fuzzy"]);
    assert.deepEqual(read("we're renting", ownsHouse), [false, "fuzzy"]);
  });
});

const room = choiceTarget(
  "Room",
  singleChoice(["kitchen", "cellar", "attic"]),
  [
    ["Kitchen", "kitchen"],
    ["Cellar", "cellar"],
    ["Attic", "attic"],
  ],
  "Which room is the boiler in?",
);

void describe("a correction between two options", () => {
  void it("keeps the option said right after the correction, even when the reason names the first", () => {
    assert.equal(read("cellar, no actually the attic, the cellar floods", room)?.[0], "attic");
    assert.equal(read("kitchen... wait, the cellar, the kitchen is too small", room)?.[0], "cellar");
  });
  void it("keeps a correction whose first word is a bare no", () => {
    assert.equal(read("attic... actually no, cellar", room)?.[0], "cellar");
  });
});

const distance = choiceTarget(
  "Longest walk",
  singleChoice(["none", "few", "5km"]),
  [
    ["Cannot walk far", "none"],
    ["Walks a few kilometres", "few"],
    ["Walks 5 km easily", "5km"],
  ],
  "How far can the dog walk?",
);
const lecture = choiceTarget(
  "Lecture",
  singleChoice(["non", "quelques", "10"]),
  [
    ["Ne lit pas encore", "non"],
    ["Lit quelques mots", "quelques"],
    ["Lit 10 pages seul", "10"],
  ],
  "Où en est l'enfant en lecture ?",
);

void describe("a number said that one option says", () => {
  void it("wins over the option that says the quantity vaguely", () => {
    assert.deepEqual(read("walks 5 kilometres no problem", distance), ["5km", "exact"]);
    assert.deepEqual(read("il lit 10 pages, il adore", lecture), ["10", "exact"]);
  });
  void it("leaves the vague option for a vague or another number", () => {
    assert.equal(read("walks a few kilometres", distance)?.[0], "few");
    assert.equal(read("lit quelques mots", lecture)?.[0], "quelques");
    assert.equal(read("il lit 3 mots", lecture)?.[0], "quelques");
  });
});

const complaint = choiceTarget(
  "Main issue",
  singleChoice(["cough", "fever", "rash", "pain", "other"]),
  [
    ["Coughing through the night", "cough"],
    ["Fever during the day", "fever"],
    ["Skin rash", "rash"],
    ["Pain", "pain"],
    ["Other", "other"],
  ],
  "What is the main issue?",
);
const slot = choiceTarget(
  "Slot",
  singleChoice(["morning", "evening", "any"]),
  [
    ["Morning", "morning"],
    ["Evening", "evening"],
    ["No preference", "any"],
  ],
  "When should we call?",
);

void describe("a moment alone to options about something else", () => {
  void it("never confirms the option that names that moment", () => {
    assert.notDeepEqual(read("he sneezes at night", complaint), ["cough", "exact"]);
    assert.notDeepEqual(read("night", complaint), ["cough", "exact"]);
  });
  void it("still picks a moment among options that are moments", () => {
    assert.deepEqual(read("in the evening", slot), ["evening", "exact"]);
    assert.deepEqual(read("coughing through the night", complaint), ["cough", "exact"]);
  });
});
