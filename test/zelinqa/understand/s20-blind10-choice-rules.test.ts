// Choices read with general rules after the tenth blind round (s20 fix10c): options named but not held now (expired,
// pending, in the past), the complement of an option set aside before "the rest", options named by the capital
// initials of their label, a yes said with a lean. Cases written for these rules, in both languages, with their own
// labels, and what must not be read.
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
const sorted = (v: unknown) => (Array.isArray(v) ? [...(v as string[])].sort() : v);
const valueOf = (t: ExtractionTarget, text: string) => sorted(read(t, text)?.[0] ?? null);

const papers = target(
  "Documents held",
  multi(["passport", "visa", "insurance", "vaccination", "none"]),
  [
    ["Valid passport", "passport"],
    ["Work visa", "visa"],
    ["Travel insurance", "insurance"],
    ["Vaccination record", "vaccination"],
    ["None of these", "none"],
  ],
  "Which of these documents do you have?",
);
const diplomes = target(
  "Diplômes",
  multi(["bafa", "secourisme", "permis", "langue", "aucun"]),
  [
    ["BAFA", "bafa"],
    ["Brevet de secourisme", "secourisme"],
    ["Permis de conduire", "permis"],
    ["Langue étrangère", "langue"],
    ["Aucun", "aucun"],
  ],
  "Lesquels de ces diplômes avez-vous ?",
);
const salle = target(
  "Équipements",
  multi(["videoprojecteur", "sono", "cuisine", "vestiaire", "parking"]),
  [
    ["Vidéoprojecteur", "videoprojecteur"],
    ["Sonorisation", "sono"],
    ["Cuisine équipée", "cuisine"],
    ["Vestiaire", "vestiaire"],
    ["Parking", "parking"],
  ],
  "Quels équipements voulez-vous dans la salle ?",
);
const extras = target(
  "Extras",
  multi(["breakfast", "parking", "late_checkout", "airport_shuttle"]),
  [
    ["Breakfast", "breakfast"],
    ["Parking", "parking"],
    ["Late check-out", "late_checkout"],
    ["Airport shuttle", "airport_shuttle"],
  ],
  "Which extras would you like?",
);
const cleaning = target(
  "Rooms",
  multi(["living_room", "kitchen", "bathroom", "bedroom"]),
  [
    ["Living room", "living_room"],
    ["Kitchen", "kitchen"],
    ["Bathroom", "bathroom"],
    ["Bedroom", "bedroom"],
  ],
  "Which rooms should we clean?",
);
const parking = target("Parking", { type: "boolean" }, [], "Avez-vous besoin d'une place de parking ?");
const garden = target("Garden", { type: "boolean" }, [], "Do you have a garden?");

describe("s20 fix10c: options named but not held now", () => {
  it("drops an option said to have expired, lapsed or to be pending, and keeps the rest", () => {
    assert.deepEqual(valueOf(papers, "travel insurance yes, the passport expired in march"), ["insurance"]);
    assert.deepEqual(valueOf(papers, "my visa is still pending, insurance sorted"), ["insurance"]);
    assert.deepEqual(valueOf(diplomes, "le permis oui, le brevet de secourisme est périmé"), ["permis"]);
    assert.deepEqual(valueOf(diplomes, "BAFA en cours, permis de conduire ok"), ["permis"]);
  });
  it("stores nothing when the only option named is not held yet", () => {
    assert.equal(read(papers, "the work visa is being processed"), null);
    assert.equal(read(diplomes, "je suis en attente du BAFA"), null);
  });
  it("drops an option said to belong to the past", () => {
    assert.equal(read(papers, "I used to have a work visa"), null);
    assert.deepEqual(valueOf(diplomes, "permis de conduire, et le BAFA quand j'étais petit"), ["permis"]);
    assert.equal(read(diplomes, "le BAFA mais plus maintenant"), null);
  });
  it("still reads options held now, with no such mark", () => {
    assert.deepEqual(valueOf(papers, "passport and travel insurance"), ["insurance", "passport"]);
    assert.deepEqual(valueOf(diplomes, "le BAFA et le permis"), ["bafa", "permis"]);
  });
});

describe("s20 fix10c: the complement of options set aside", () => {
  it("an option set aside before 'the rest' gives every other option", () => {
    assert.deepEqual(valueOf(salle, "la sono à part, le reste oui"), ["cuisine", "parking", "vestiaire", "videoprojecteur"]);
    assert.deepEqual(valueOf(extras, "apart from the shuttle, the rest please"), ["breakfast", "late_checkout", "parking"]);
  });
  it("'and the rest' adds every other option, but not 'the rest we will see'", () => {
    assert.deepEqual(valueOf(extras, "breakfast and the rest"), ["airport_shuttle", "breakfast", "late_checkout", "parking"]);
    assert.deepEqual(valueOf(salle, "le parking, le reste on verra plus tard"), ["parking"]);
    assert.notEqual(read(salle, "le parking, le reste on verra plus tard")?.[1], "exact");
  });
});

describe("s20 fix10c: options named by the capital initials of their label", () => {
  it("reads capital initials of a label of two words or more", () => {
    assert.deepEqual(valueOf(cleaning, "LR and kitchen"), ["kitchen", "living_room"]);
    assert.deepEqual(read(diplomes, "PC et BAFA")?.[1], "exact");
    assert.deepEqual(valueOf(diplomes, "PC et BAFA"), ["bafa", "permis"]);
  });
  it("never reads lowercase words, nor initials two options share", () => {
    assert.notDeepEqual(valueOf(cleaning, "lr and kitchen"), ["kitchen", "living_room"]);
    // "Breakfast" and "Bathroom"... one word each; "LC" is "Late check-out" only, "AS" is the shuttle only:
    assert.deepEqual(valueOf(extras, "AS only"), ["airport_shuttle"]);
    const twins = target("Rooms", multi(["bed_room", "bath_room"]), [
      ["Bed room", "bed_room"],
      ["Bath room", "bath_room"],
    ]);
    assert.equal(read(twins, "BR"), null);
  });
});

describe("s20 fix10c: yes/no said with a lean or texted", () => {
  it("'plutôt oui', 'rather yes' are a yes held loosely", () => {
    assert.deepEqual(read(parking, "plutôt oui"), [true, "fuzzy"]);
    assert.deepEqual(read(garden, "mostly yes, a small one"), [true, "fuzzy"]);
    assert.deepEqual(read(parking, "oui"), [true, "exact"]);
  });
  it("'ya', 'yea' alone are a yes; 'ya' inside a French reply is not", () => {
    assert.deepEqual(read(garden, "ya"), [true, "exact"]);
    assert.deepEqual(read(garden, "yea"), [true, "exact"]);
    assert.equal(read(parking, "ya personne pour garer"), null);
  });
});

const sport = target(
  "Fréquence de sport",
  single(["f1", "f2", "f3", "f4"]),
  [
    ["Rarement", "f1"],
    ["Une ou deux fois par semaine", "f2"],
    ["Presque tous les jours", "f3"],
    ["Tous les jours, matin et soir", "f4"],
  ],
  "À quelle fréquence faites-vous du sport ?",
);
const walks = target(
  "Dog walks",
  single(["w1", "w2", "w3", "w4"]),
  [
    ["Rarely", "w1"],
    ["A few times a week", "w2"],
    ["Almost every day", "w3"],
    ["Every day, morning and evening", "w4"],
  ],
  "How often do you walk the dog?",
);
const repair = target(
  "Urgency",
  single(["u1", "u2", "u3", "u4"]),
  [
    ["No rush", "u1"],
    ["This week", "u2"],
    ["Within 48 hours", "u3"],
    ["Today, it's an emergency", "u4"],
  ],
  "How urgent is the repair?",
);
const livraison = target(
  "Urgence",
  single(["l1", "l2", "l3"]),
  [
    ["Pas urgent", "l1"],
    ["Dans la semaine", "l2"],
    ["Aujourd'hui, j'ai tout utilisé", "l3"],
  ],
  "C'est urgent ?",
);

describe("s20 fix10c: frequency scales said in other words", () => {
  it("'presque jamais', 'almost never' are the bottom, not the option whose label says 'presque'/'almost'", () => {
    assert.deepEqual(read(sport, "presque jamais, je n'ai pas le temps"), ["f1", "fuzzy"]);
    assert.deepEqual(read(walks, "almost never, my son does it"), ["w1", "fuzzy"]);
  });
  it("'never' alone is the bottom when the scale starts at 'rarely'; not when someone else is said to do it", () => {
    assert.deepEqual(read(walks, "never"), ["w1", "fuzzy"]);
    assert.deepEqual(read(sport, "jamais"), ["f1", "fuzzy"]);
    assert.equal(read(walks, "me never, my husband does it"), null);
  });
  it("a share of the days and the weekend are placed on the scale; 'almost every day' sits under 'every day'", () => {
    assert.deepEqual(read(sport, "6 jours sur 7"), ["f3", "fuzzy"]);
    assert.deepEqual(read(walks, "weekends mostly"), ["w2", "fuzzy"]);
    assert.equal(valueOf(walks, "twice a day"), "w4");
    assert.deepEqual(read(sport, "matin et soir"), ["f4", "exact"]);
  });
  it("what the answer depends on names no option", () => {
    assert.equal(read(sport, "ça dépend des semaines"), null);
    assert.equal(read(walks, "depends on the week"), null);
  });
});

describe("s20 fix10c: urgency said in other words", () => {
  it("'now' alone and an intensified 'urgent' are the top", () => {
    assert.deepEqual(read(repair, "NOW"), ["u4", "fuzzy"]);
    assert.deepEqual(read(livraison, "maintenant !"), ["l3", "fuzzy"]);
    assert.deepEqual(read(repair, "really urgent, water everywhere"), ["u4", "fuzzy"]);
  });
  it("a deadline beside an unhurried tone is the deadline", () => {
    assert.deepEqual(read(repair, "not really urgent but before friday please"), ["u2", "fuzzy"]);
    assert.deepEqual(read(livraison, "pas vraiment urgent mais avant vendredi"), ["l2", "fuzzy"]);
    assert.deepEqual(read(repair, "no rush"), ["u1", "exact"]);
  });
  it("an auxiliary 'have' names no option ('I have some left' is no 'I have run out')", () => {
    assert.equal(read(livraison, "j'en ai encore un peu"), null);
    const stock = target("Urgency", single(["s1", "s2", "s3"]), [
      ["Not urgent", "s1"],
      ["Within the week", "s2"],
      ["Today, I have run out", "s3"],
    ]);
    assert.equal(read(stock, "I have a few left"), null);
    assert.deepEqual(read(stock, "now is fine, whenever you pass by"), read(stock, "whenever you pass by"));
  });
});

const cooking = target(
  "Cooking experience",
  single(["c0", "c1", "c2", "c3"]),
  [
    ["None at all", "c0"],
    ["A little", "c1"],
    ["Quite a lot", "c2"],
    ["Very experienced", "c3"],
  ],
  "How much cooking experience do you have?",
);
const anglais = target(
  "Pratique de l'anglais",
  single(["a0", "a1", "a2", "a3"]),
  [
    ["Pas du tout", "a0"],
    ["Un peu", "a1"],
    ["Beaucoup", "a2"],
    ["Énormément", "a3"],
  ],
  "Pratiquez-vous l'anglais ?",
);
const hotel = target(
  "Hotel standard",
  single(["h0", "h1", "h2", "h3"]),
  [
    ["Basic", "h0"],
    ["Standard", "h1"],
    ["Premium", "h2"],
    ["Luxury", "h3"],
  ],
  "Which standard of hotel do you want?",
);
const canape = target(
  "Gamme de canapé",
  single(["g0", "g1", "g2", "g3"]),
  [
    ["Entrée de gamme", "g0"],
    ["Milieu de gamme", "g1"],
    ["Haut de gamme", "g2"],
    ["Sur mesure", "g3"],
  ],
  "Quelle gamme de canapé ?",
);

describe("s20 fix10c: amount scales said in other words", () => {
  it("'never done any', 'first time', 'not much', 'loads' take their place on the amount", () => {
    assert.deepEqual(read(cooking, "never done any really"), ["c0", "fuzzy"]);
    assert.deepEqual(read(cooking, "first time!"), ["c0", "fuzzy"]);
    assert.deepEqual(read(cooking, "not much, just pasta"), ["c1", "fuzzy"]);
    assert.deepEqual(read(cooking, "loads, I ran a cafe for years"), ["c2", "fuzzy"]);
    assert.deepEqual(read(anglais, "jamais"), ["a0", "fuzzy"]);
    assert.deepEqual(read(anglais, "pas beaucoup"), ["a1", "fuzzy"]);
  });
  it("a number alone is no amount", () => {
    assert.equal(read(cooking, "3"), null);
  });
});

describe("s20 fix10c: tiers of price or quality said in other words", () => {
  it("'premier prix', 'the cheapest', 'mid range', 'top du top' take their tier", () => {
    assert.deepEqual(read(canape, "premier prix, c'est pour un studio"), ["g0", "fuzzy"]);
    assert.deepEqual(read(hotel, "the cheapest you have"), ["h0", "fuzzy"]);
    assert.deepEqual(read(hotel, "something mid range"), ["h1", "fuzzy"]);
    assert.deepEqual(read(canape, "moyen de gamme"), ["g1", "fuzzy"]);
    assert.deepEqual(read(hotel, "bespoke honeymoon suite, no budget"), ["h3", "fuzzy"]);
  });
  it("two tiers said name none", () => {
    assert.equal(read(canape, "entre milieu et haut de gamme"), null);
    assert.equal(read(canape, "bon marché ou luxueux, je ne sais pas"), null);
  });
});

const menu = target(
  "Menu",
  single(["poisson", "viande", "mixte", "soeur", "autre"]),
  [
    ["Poisson seul", "poisson"],
    ["Viande seule", "viande"],
    ["Poisson et viande", "mixte"],
    ["Viande et œufs", "soeur"],
    ["Autre", "autre"],
  ],
  "Quel menu voulez-vous ?",
);
const lunch = target(
  "Lunch",
  single(["soup", "salad", "both"]),
  [
    ["Soup only", "soup"],
    ["Salad only", "salad"],
    ["Soup and salad", "both"],
  ],
  "Which lunch would you like?",
);
const health = target(
  "Health",
  multi(["sugar", "lungs", "pressure", "none"]),
  [
    ["Diabetes", "sugar"],
    ["Asthma", "lungs"],
    ["High blood pressure", "pressure"],
    ["None of these", "none"],
  ],
  "Any of these conditions?",
);
const regime = target(
  "Régime",
  multi(["gluten", "lait", "aucun"]),
  [
    ["Gluten", "gluten"],
    ["Produits laitiers", "lait"],
    ["Aucun", "aucun"],
  ],
  "Des intolérances alimentaires ?",
);
const team = target(
  "Team",
  single(["sales", "orga", "other"]),
  [
    ["Sales and marketing", "sales"],
    ["Event organising", "orga"],
    ["Something else", "other"],
  ],
  "Which team?",
);

describe("s20 fix10c: a label joining two things, said in another order or joined another way", () => {
  it("names the compound option when both parts are said joined", () => {
    assert.deepEqual(read(menu, "viande et poisson"), ["mixte", "fuzzy"]);
    assert.deepEqual(read(menu, "oeufs + viande"), ["soeur", "fuzzy"]);
    assert.deepEqual(read(lunch, "salad with the soup please"), ["both", "fuzzy"]);
  });
  it("never for an alternative, a restriction, or parts said apart", () => {
    assert.equal(read(menu, "viande ou poisson"), null);
    assert.notEqual(valueOf(menu, "surtout du poisson, la viande on l'achète ailleurs"), "mixte");
    assert.notEqual(valueOf(lunch, "just the salad, soup is too much"), "both");
  });
  it("reads the ligature œ as 'oe' both ways", () => {
    assert.deepEqual(read(menu, "viande et oeufs"), ["soeur", "exact"]);
  });
});

describe("s20 fix10c: options of a multiple choice said by their medical or inflected name", () => {
  it("'hypertension', 'asthmatic', 'coeliaque' name their condition", () => {
    assert.deepEqual(valueOf(health, "hypertension"), ["pressure"]);
    assert.deepEqual(valueOf(health, "diabetic"), ["sugar"]);
    assert.deepEqual(valueOf(health, "asthmatic"), ["lungs"]);
    assert.deepEqual(valueOf(regime, "je suis coeliaque"), ["gluten"]);
  });
  it("a noun in -ers names the label's -ing word ('organisers' for 'organising')", () => {
    assert.equal(valueOf(team, "helping the organisers"), "orga");
  });
});

describe("s20 fix10c: 'none' said indirectly", () => {
  it("'rien à signaler', 'nothing to report' are the none option, loosely", () => {
    assert.deepEqual(read(regime, "rien à signaler"), [["aucun"], "fuzzy"]);
    assert.deepEqual(read(health, "nothing to report"), [["none"], "fuzzy"]);
  });
  it("'pas d'intolérance mais …' is the none option", () => {
    assert.deepEqual(valueOf(regime, "pas d'intolérance mais je n'aime pas le chou"), ["aucun"]);
  });
  it("'none of those' beside a condition read only loosely is none; beside one named exactly it is not", () => {
    assert.deepEqual(read(health, "high cholesterol but none of those"), [["none"], "fuzzy"]);
    assert.notDeepEqual(valueOf(health, "asthma, none of the others"), ["none"]);
  });
});

const anyoneHome = target("Someone at home", { type: "boolean" }, [], "Will someone be at home for the visit?");
const quelquun = target("Présence", { type: "boolean" }, [], "Y aura-t-il quelqu'un pour ouvrir au technicien ?");
const ownerHome = target("Owner", { type: "boolean" }, [], "Are you the owner of the home?");

describe("s20 fix10c: a yes/no to 'will someone be …?' said through a person's presence", () => {
  it("another person present or holding the fact is a yes, loosely; negated, a no", () => {
    assert.deepEqual(read(anyoneHome, "my daughter will be in"), [true, "fuzzy"]);
    assert.deepEqual(read(anyoneHome, "my partner is home all day"), [true, "fuzzy"]);
    assert.deepEqual(read(quelquun, "mon fils sera là"), [true, "fuzzy"]);
    assert.deepEqual(read(anyoneHome, "my son won't be in"), [false, "fuzzy"]);
  });
  it("not when the question is about the person themself", () => {
    assert.deepEqual(read(ownerHome, "my parents own it"), [false, "fuzzy"]);
  });
});
