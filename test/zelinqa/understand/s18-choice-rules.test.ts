// How people state a choice (s18): a question back chooses nothing, "only" restricts a list, "everything is …" describes
// the situation, "un peu de tout" is held loosely, a number in digits names a label's number word, a unit of time
// counted several times is no label's "a week". Cases written for these rules, in both languages, with their own labels,
// and what must not be read.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractDirect } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget as target, multiChoice as multi, singleChoice as single } from "../../support/extraction-target.js";

const TODAY = "2026-12-01"; // a Tuesday

/** The value and whether it is certain ("exact") or held loosely ("fuzzy"); null when nothing is read. */
function read(t: ExtractionTarget, text: string): [unknown, string] | null {
  const r = extractDirect(text, t, TODAY);
  return r === null ? null : [r.value, r.certainty];
}

const rooms = target("Rooms to paint", multi(["kitchen", "bedroom", "bathroom", "hall"]), [
  ["Kitchen", "kitchen"],
  ["Bedroom", "bedroom"],
  ["Bathroom", "bathroom"],
  ["Hall", "hall"],
]);
const pieces = target("Pièces à peindre", multi(["cuisine", "chambre", "salon", "entree"]), [
  ["Cuisine", "cuisine"],
  ["Chambre", "chambre"],
  ["Salon", "salon"],
  ["Entrée", "entree"],
]);

void describe("a question back", () => {
  const colour = target("Colour", single(["white", "grey", "sage"]), [
    ["White", "white"],
    ["Grey", "grey"],
    ["Sage green", "sage"],
  ]);
  void it("chooses nothing, single or multiple", () => {
    assert.equal(read(colour, "what is sage green exactly?"), null);
    assert.equal(read(pieces, "c'est quoi l'entrée ?"), null);
    assert.equal(read(pieces, "qu'est-ce que vous appelez le salon ?"), null);
  });
  void it("still reads an answer that ends with a question", () => {
    // Held loosely: a reply that asks something back leaves room for doubt (the doubt guard, guards-values.ts).
    assert.deepEqual(read(colour, "sage green, is that ok?"), ["sage", "fuzzy"]);
  });
});

void describe("a list restricted by only", () => {
  void it("keeps the options only marks, loosely, and drops those said to be fine", () => {
    assert.deepEqual(read(rooms, "bathroom only, the kitchen is fine"), [["bathroom"], "fuzzy"]);
    assert.deepEqual(read(rooms, "the kitchen was done last year, only the hall"), [["hall"], "fuzzy"]);
    assert.deepEqual(read(pieces, "la cuisine est refaite, seulement la chambre"), [["chambre"], "fuzzy"]);
  });
  void it("keeps options joined by and to the restricted one", () => {
    assert.deepEqual(read(rooms, "only the bedroom and the hall"), [["bedroom", "hall"], "exact"]);
  });
});

void describe("everything and tout", () => {
  void it("describing the situation selects nothing", () => {
    assert.equal(read(rooms, "everything is so dark and dated"), null);
    assert.equal(read(pieces, "tout est vieux"), null);
  });
  void it("a bit of everything is every option, loosely", () => {
    assert.deepEqual(read(pieces, "un peu de tout"), [["cuisine", "chambre", "salon", "entree"], "fuzzy"]);
    assert.deepEqual(read(rooms, "a bit of everything"), [["kitchen", "bedroom", "bathroom", "hall"], "fuzzy"]);
  });
  void it("everything and all of them still select every option", () => {
    assert.deepEqual(read(rooms, "everything"), [["kitchen", "bedroom", "bathroom", "hall"], "exact"]);
    assert.deepEqual(read(rooms, "all of them"), [["kitchen", "bedroom", "bathroom", "hall"], "exact"]);
    assert.deepEqual(read(pieces, "tout sauf le salon"), [["cuisine", "chambre", "entree"], "exact"]);
  });
  void it("all is never a typo of a label word", () => {
    const contact = target("Contact", multi(["call", "mail"]), [
      ["Call", "call"],
      ["Mail", "mail"],
    ]);
    assert.deepEqual(read(contact, "all of them"), [["call", "mail"], "exact"]);
  });
});

void describe("numbers and units of time in labels", () => {
  const visits = target("Visits", single(["one", "two", "three"]), [
    ["Un passage par mois", "one"],
    ["Deux passages par mois", "two"],
    ["Trois passages par mois", "three"],
  ]);
  void it("a number in digits names the label's number word", () => {
    assert.deepEqual(read(visits, "2 passages par mois"), ["two", "exact"]);
    assert.deepEqual(read(visits, "3 passages par mois"), ["three", "exact"]);
  });
  void it("the article of a label that differs from another only by its number is that number", () => {
    const times = target("Fréquence", single(["f1", "f2", "f3"]), [
      ["Une fois par mois", "f1"],
      ["Deux fois par mois", "f2"],
      ["Trois fois par mois", "f3"],
    ]);
    assert.notDeepEqual(read(times, "4 fois par mois"), ["f1", "exact"]);
    assert.deepEqual(read(times, "une fois par mois"), ["f1", "exact"]);
  });
  const delivery = target("Delivery", single(["day", "week", "month"]), [
    ["Within a day", "day"],
    ["Within a week", "week"],
    ["Within a month", "month"],
  ]);
  void it("a unit of time counted several times is not the label's single one", () => {
    assert.notDeepEqual(read(delivery, "in the next few weeks")?.[0], "week");
    assert.notDeepEqual(read(delivery, "dans 3 semaines")?.[0], "week");
    assert.deepEqual(read(delivery, "within a week"), ["week", "exact"]);
  });
});

void describe("a place on an ordered scale said in other words", () => {
  const outages = target("How often the power cuts", single(["once", "rarely", "often", "constant"]), [
    ["Only once so far", "once"],
    ["Rarely", "rarely"],
    ["Often", "often"],
    ["Constantly", "constant"],
  ]);
  const visits = target("Fréquence des visites", single(["once", "monthly", "fortnight", "weekly"]), [
    ["Une seule fois", "once"],
    ["Une fois par mois", "monthly"],
    ["Toutes les deux semaines", "fortnight"],
    ["Chaque semaine", "weekly"],
  ]);
  void it("reads all the time, a lot and a first time at their rungs", () => {
    assert.deepEqual(read(outages, "pretty much 24/7"), ["constant", "fuzzy"]);
    assert.deepEqual(read(outages, "every time it rains"), ["constant", "fuzzy"]);
    assert.deepEqual(read(outages, "it cuts a lot"), ["often", "fuzzy"]);
    assert.deepEqual(read(outages, "this was the first time"), ["once", "fuzzy"]);
    assert.deepEqual(read(visits, "c'est la première fois qu'on fait appel à vous"), ["once", "fuzzy"]);
  });
  void it("reads a share of a period, N out of M", () => {
    assert.deepEqual(read(visits, "1 semaine sur 2"), ["fortnight", "exact"]);
    assert.deepEqual(read(visits, "deux semaines sur quatre"), ["fortnight", "exact"]);
  });
  const mood = target("Satisfaction", single(["s0", "s1", "s2", "s3"]), [
    ["Pas du tout satisfait", "s0"],
    ["Peu satisfait", "s1"],
    ["Plutôt satisfait", "s2"],
    ["Très satisfait", "s3"],
  ]);
  const rating = target("Rating", single(["r1", "r2", "r3", "r4", "r5"]), [
    ["Very unhappy", "r1"],
    ["Unhappy", "r2"],
    ["Neutral", "r3"],
    ["Happy", "r4"],
    ["Very happy", "r5"],
  ]);
  void it("a lukewarm or acceptable middle leans to its side where there is no middle", () => {
    assert.deepEqual(read(mood, "bof bof"), ["s1", "fuzzy"]);
    assert.deepEqual(read(mood, "c'est correct"), ["s2", "fuzzy"]);
    assert.deepEqual(read(rating, "meh"), ["r3", "fuzzy"]);
    assert.deepEqual(read(rating, "it was ok i guess"), ["r3", "fuzzy"]);
  });
  void it("not … at all is the far end", () => {
    assert.deepEqual(read(rating, "not happy at all"), ["r1", "fuzzy"]);
    assert.deepEqual(read(mood, "pas satisfait du tout"), ["s0", "fuzzy"]);
  });
});

void describe("the end of options that are quantities, said with a superlative", () => {
  const session = target("Session length", single(["s20", "s40", "s90"]), [
    ["20 minutes", "s20"],
    ["40 minutes", "s40"],
    ["1 h 30", "s90"],
  ]);
  const visits = target("Passages", single(["monthly", "fortnight", "weekly"]), [
    ["Une fois par mois", "monthly"],
    ["Deux fois par mois", "fortnight"],
    ["Toutes les semaines", "weekly"],
  ]);
  void it("the shortest or the longest option, loosely", () => {
    assert.deepEqual(read(session, "the shortest one"), ["s20", "fuzzy"]);
    assert.deepEqual(read(session, "la plus longue possible"), ["s90", "fuzzy"]);
  });
  void it("as often as possible names no option of a frequency", () => {
    assert.equal(read(visits, "le plus souvent possible"), null);
    assert.equal(read(visits, "as often as possible"), null);
  });
  void it("quarters of an hour are minutes", () => {
    const lesson = target("Durée", single(["d15", "d45", "d60"]), [
      ["15 minutes", "d15"],
      ["45 minutes", "d45"],
      ["1 heure", "d60"],
    ]);
    assert.deepEqual(read(lesson, "trois quarts d'heure"), ["d45", "exact"]);
    assert.deepEqual(read(lesson, "a quarter of an hour"), ["d15", "exact"]);
  });
});

void describe("the none option and the Other option said in other words", () => {
  const allergies = target(
    "Allergies",
    multi(["nuts", "milk", "eggs", "none"]),
    [
      ["Nuts", "nuts"],
      ["Milk", "milk"],
      ["Eggs", "eggs"],
      ["None of these", "none"],
    ],
    "Does your child have any of these allergies?",
  );
  void it("a denial of the options' kind, or of the question's own word, is the none option", () => {
    assert.deepEqual(read(allergies, "no, nothing of that sort"), [["none"], "exact"]);
    assert.deepEqual(read(allergies, "no allergies, he eats everything"), [["none"], "exact"]);
    // Not read this way: a denial naming an option refuses that option only.
    assert.deepEqual(read(allergies, "no nuts but milk"), [["milk"], "exact"]);
  });
  const request = target("Request", single(["quote", "visit", "other"]), [
    ["A quote", "quote"],
    ["A site visit", "visit"],
    ["Other", "other"],
  ]);
  void it("something else opening the reply is the bare Other option, loosely", () => {
    assert.deepEqual(read(request, "something else: I want to cancel my booking"), ["other", "fuzzy"]);
    assert.deepEqual(read(request, "quelque chose d'autre, une réclamation"), ["other", "fuzzy"]);
  });
});

void describe("a choice said in other words", () => {
  const gear = target("Devices", multi(["phone", "tablet", "laptop"]), [
    ["Phone", "phone"],
    ["Tablet", "tablet"],
    ["Laptop", "laptop"],
  ]);
  void it("everyday devices by the names people give them, loosely", () => {
    assert.deepEqual(read(gear, "an iphone and a macbook"), [["phone", "laptop"], "fuzzy"]);
    assert.deepEqual(read(gear, "l'ipad de ma fille"), [["tablet"], "fuzzy"]);
  });
  const works = target("Travaux", single(["nettoyage", "taille", "autre"]), [
    ["Nettoyage des vitres", "nettoyage"],
    ["Taille de haies", "taille"],
    ["Autre", "autre"],
  ]);
  void it("a French verb names the noun of its action in -age", () => {
    assert.deepEqual(read(works, "nettoyer les fenêtres du salon"), ["nettoyage", "fuzzy"]);
  });
  const level = target("Niveau", single(["debutant", "moyen", "avance"]), [
    ["Débutant", "debutant"],
    ["Moyen", "moyen"],
    ["Avancé", "avance"],
  ]);
  void it("never played is the lowest level", () => {
    assert.deepEqual(read(level, "elle n'a jamais joué"), ["debutant", "fuzzy"]);
  });
  const urgency = target("Urgency", single(["low", "high", "critical"]), [
    ["Low", "low"],
    ["High – I can't work", "high"],
    ["Critical", "critical"],
  ]);
  void it("nobody negates what follows it", () => {
    assert.deepEqual(read(urgency, "critical, nobody can work"), ["critical", "exact"]);
  });
  const glasses = target(
    "Wear",
    single(["never", "sometimes", "often", "always"]),
    [
      ["Never", "never"],
      ["Sometimes", "sometimes"],
      ["Often", "often"],
      ["Always", "always"],
    ],
    "How often do you drive?",
  );
  void it("denying the habit itself is never; a negated often is less than often", () => {
    assert.deepEqual(read(glasses, "I don't drive"), ["never", "fuzzy"]);
    assert.deepEqual(read(glasses, "je conduis pas"), ["never", "fuzzy"]);
    assert.deepEqual(read(glasses, "not that often"), ["sometimes", "fuzzy"]);
    // Not read this way: a doubt is no habit.
    assert.equal(read(glasses, "I don't know"), null);
  });
});

void describe("urgency tones and the whole option", () => {
  const priority = target("Priority", single(["low", "medium", "high", "critical"]), [
    ["Low – can wait", "low"],
    ["Medium", "medium"],
    ["High", "high"],
    ["Critical", "critical"],
  ]);
  void it("critical is above high, so urgent meets high and an emergency critical", () => {
    assert.deepEqual(read(priority, "fairly urgent, the shop opens at 2"), ["high", "fuzzy"]);
    assert.deepEqual(read(priority, "it's an emergency"), ["critical", "fuzzy"]);
    assert.deepEqual(read(priority, "normal"), ["medium", "fuzzy"]);
    assert.deepEqual(read(priority, "whenever suits you"), ["low", "fuzzy"]);
  });
  const service = target("Prestation", single(["vitres", "sols", "complet"]), [
    ["Vitres", "vitres"],
    ["Sols", "sols"],
    ["Ménage complet", "complet"],
  ]);
  void it("everything opening a reply to a single choice is the complete option, loosely", () => {
    assert.deepEqual(read(service, "tout : les vitres, les sols, la cuisine"), ["complet", "fuzzy"]);
    assert.deepEqual(read(service, "everything please"), ["complet", "fuzzy"]);
    // Not read this way: "tout va bien" is a state.
    assert.equal(read(service, "tout va bien"), null);
  });
  const boat = target("Boat", single(["b1", "b2", "b3"]), [
    ["Sailing boat", "b1"],
    ["Motor boat", "b2"],
    ["Fishing boat", "b3"],
  ]);
  void it("another option's word right before a whole label qualifies it: that label, loosely", () => {
    assert.deepEqual(read(boat, "a motor fishing boat"), ["b3", "fuzzy"]);
  });
  const chores = target("Tasks", multi(["repassage", "vitres"]), [
    ["Repassage", "repassage"],
    ["Vitres", "vitres"],
  ]);
  const contact = target("Contact", single(["tel", "visio"]), [
    ["Téléphone", "tel"],
    ["Visioconférence", "visio"],
  ]);
  void it("everyday words in the other language", () => {
    assert.deepEqual(read(chores, "ironing"), [["repassage"], "exact"]);
    assert.deepEqual(read(contact, "on Zoom"), ["visio", "exact"]);
  });
});
