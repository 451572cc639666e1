// s24 fixer a: a note that says nothing comes to mind, a refusal said as having no wish to go into it, and a time back
// counted in weeks (held loosely). Reference day: Tuesday 2026-12-01.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { isDontKnow, isRefusal, targetWords } from "../../../src/zelinqa/understand/index.js";
import { describesAnotherThing } from "../../../src/zelinqa/understand/extract-value.js";
import { defersToSomeoneElse } from "../../../src/zelinqa/understand/someone-else-knows.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { labelledTarget, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const comments = labelledTarget({ type: "string" }, { label: "Comments", question: "Is there anything you'd like to add?" });
const precisions = labelledTarget({ type: "string" }, { label: "Précisions", question: "Autre chose à nous dire ?" });

void describe("a note that says nothing comes to mind", () => {
  void it("records no note, with or without a sound of hesitation", () => {
    for (const text of [
      "can't think of anything",
      "umm, cannot think of anything else",
      "nothing springs to mind",
      "not that I can think of",
    ])
      assert.equal(read(text, comments), null, text);
    for (const text of ["euh, je vois rien d'autre", "bof je vois pas", "rien ne me vient à l'esprit", "hmm pas que je sache"])
      assert.equal(read(text, precisions), null, text);
  });
  void it("keeps the note when something is said besides", () => {
    assert.deepEqual(read("can't think of anything, except the side gate is stiff", comments), [
      "can't think of anything, except the side gate is stiff",
      "exact",
    ]);
    assert.deepEqual(read("je vois pas comment ouvrir le portail", precisions), ["je vois pas comment ouvrir le portail", "exact"]);
  });
});

void describe("a refusal said as having no wish to go into it", () => {
  void it("is a refusal before a word of telling more", () => {
    for (const text of [
      "pas envie de détailler",
      "pas trop envie d'expliquer, désolé",
      "je préfère ne pas rentrer dans les détails",
      "I'd prefer not to elaborate",
      "rather not go into it",
      "prefer not to get into her medical history",
      "no wish to explain, thanks",
    ])
      assert.equal(isRefusal(text), true, text);
  });
  void it("is no refusal when what is not wanted is the thing asked, not the telling", () => {
    for (const text of ["pas envie de venir le samedi", "pas trop envie de changer", "no wish to move house", "prefer not to go into town"])
      assert.equal(isRefusal(text), false, text);
  });
});

const lastCheck = labelledTarget(
  { type: "string", format: "date" },
  { label: "Date of the last check-up", question: "When was the last check-up?" },
);
const dernierPassage = labelledTarget(
  { type: "string", format: "date" },
  { label: "Date du dernier passage", question: "À quand remonte le dernier passage ?" },
);

void describe("a time back counted in weeks", () => {
  void it("is held loosely: a count of weeks is a round figure, not a day", () => {
    assert.deepEqual(read("4 weeks ago", lastCheck), ["2026-11-03", "fuzzy"]);
    assert.deepEqual(read("about six weeks ago", lastCheck), ["2026-10-20", "fuzzy"]);
    assert.deepEqual(read("il y a deux semaines", dernierPassage), ["2026-11-17", "fuzzy"]);
    assert.deepEqual(read("ça fait 3 semaines", dernierPassage), ["2026-11-10", "fuzzy"]);
  });
  void it("keeps a time back in days as the day it names", () => {
    assert.deepEqual(read("3 days ago", lastCheck), ["2026-11-28", "exact"]);
    assert.deepEqual(read("il y a 4 jours", dernierPassage), ["2026-11-27", "exact"]);
  });
});

void describe("a don't-know whose reason is that someone else deals with it", () => {
  void it("is the reason the person cannot say, no guess at the value", () => {
    for (const text of ["my wife always books them", "trop, mon mari s'en occupe", "it's my son who drives it", "c'est ma fille qui gère"])
      assert.equal(defersToSomeoneElse(text), true, text);
  });
  void it("keeps a guess, a reason about the thing itself, and the person themself", () => {
    for (const text of ["2, ma cousine hésite", "my gums bleed when I brush", "maybe my wife", "me and my husband", "mon mari"])
      assert.equal(defersToSomeoneElse(text), false, text);
  });
  void it("reads someone else to be asked as a don't-know", () => {
    for (const text of [
      "faudrait demander au maçon",
      "il faudrait voir avec le syndic",
      "you'd have to ask my partner",
      "I would have to ask the agent",
    ])
      assert.equal(isDontKnow(text), true, text);
    for (const text of ["I asked them already, 3", "on a demandé au voisin : 12 m"]) assert.equal(isDontKnow(text), false, text);
  });
});

const claim = labelledTarget({ type: "boolean" }, { label: "Warranty claim", question: "Is this covered by the warranty?" });
const rembourse = labelledTarget({ type: "boolean" }, { label: "Remboursement", question: "Êtes-vous remboursé par votre assurance ?" });

void describe("a yes or no hoped for", () => {
  void it("is that yes or no, held loosely", () => {
    assert.deepEqual(read("hopefully, still waiting for their email", claim), [true, "fuzzy"]);
    assert.deepEqual(read("I hope so!", claim), [true, "fuzzy"]);
    assert.deepEqual(read("j'espère bien, j'ai envoyé le dossier", rembourse), [true, "fuzzy"]);
    assert.deepEqual(read("hopefully not", claim), [false, "fuzzy"]);
    assert.deepEqual(read("j'espère que non", rembourse), [false, "fuzzy"]);
  });
});

void describe("a not yet that may still come", () => {
  void it("is undecided: nothing", () => {
    assert.equal(read("not yet, might be", claim), null);
    assert.equal(read("not yet, could be next month", claim), null);
    assert.equal(read("pas encore, peut-être", rembourse), null);
    assert.equal(read("pas encore, ça se peut", rembourse), null);
  });
  void it("stays a no, held loosely, without it", () => {
    assert.deepEqual(read("not yet, still waiting", claim), [false, "fuzzy"]);
    assert.deepEqual(read("pas encore, j'attends leur réponse", rembourse), [false, "fuzzy"]);
  });
});

const travaux = labelledTarget(
  { type: "string", format: "date" },
  { label: "Date des travaux", question: "Quand souhaitez-vous les travaux ?" },
);
const delivered = labelledTarget({ type: "string", format: "date" }, { label: "Delivery date", question: "When should we deliver?" });

void describe("a month with its year said in words", () => {
  void it("is that month of the year named, its first day, held loosely", () => {
    assert.deepEqual(read("april this year", lastCheck), ["2026-04-01", "fuzzy"]);
    assert.deepEqual(read("en juin de cette année", dernierPassage), ["2026-06-01", "fuzzy"]);
    assert.deepEqual(read("octobre l'an dernier", dernierPassage), ["2025-10-01", "fuzzy"]);
    assert.deepEqual(read("february next year", delivered), ["2027-02-01", "fuzzy"]);
  });
  void it("reads no year from words that name none", () => {
    assert.equal(read("this year", lastCheck), null);
    assert.equal(read("pas cette année", travaux), null);
  });
});

void describe('new year said without "the"', () => {
  void it("is the holiday, held loosely", () => {
    assert.deepEqual(read("after new year please", delivered), ["2027-01-02", "fuzzy"]);
    assert.deepEqual(read("around new year", delivered), ["2027-01-01", "fuzzy"]);
  });
  void it("keeps new year's eve and day as they were", () => {
    assert.deepEqual(read("new year's eve", delivered), ["2026-12-31", "exact"]);
    assert.deepEqual(read("new years day", delivered), ["2027-01-01", "exact"]);
  });
});

void describe("any day of next week", () => {
  void it("is the week's Monday, held loosely", () => {
    assert.deepEqual(read("any day next week works", delivered), ["2026-12-07", "fuzzy"]);
    assert.deepEqual(read("n'importe quel jour la semaine prochaine", travaux), ["2026-12-07", "fuzzy"]);
  });
  void it("is none with a day excepted, or with no week said", () => {
    assert.equal(read("any day next week except friday", delivered), null);
    assert.equal(read("la semaine prochaine, n'importe quel jour sauf lundi", travaux), null);
    assert.equal(read("any day really", delivered), null);
  });
});

void describe("a don't-know followed by a number counting something else", () => {
  const surface = targetWords("Surface du logement (m²)", "Quelle est la surface ?");
  const bedrooms = targetWords("Number of bedrooms", "How many bedrooms?");
  void it("describes another thing: its number is not the value asked", () => {
    assert.equal(describesAnotherThing(" , it's a 4 bed detached", surface), true);
    assert.equal(describesAnotherThing(" , c'est un 3 pièces", surface), true);
  });
  void it("keeps a number with a unit, and one counting the thing asked", () => {
    assert.equal(describesAnotherThing(" , it's a 90 square metre house", surface), false);
    assert.equal(describesAnotherThing(" , c'est un 70 m2", surface), false);
    assert.equal(describesAnotherThing(" , it's a 3 bedroom house", bedrooms), false);
  });
});

void describe("an answer withheld until the other side's offer is seen", () => {
  void it("is a refusal", () => {
    for (const text of [
      "I'd rather see your prices first",
      "je préfère d'abord voir votre devis",
      "I would rather hear what you offer first",
    ])
      assert.equal(isRefusal(text), true, text);
  });
  void it("is none when what is seen first is no offer of the other side's, or nothing comes first", () => {
    for (const text of [
      "I'd rather see the garden first",
      "je préfère avoir le créneau du matin d'abord",
      "I'd rather see your team on Monday",
    ])
      assert.equal(isRefusal(text), false, text);
  });
});
