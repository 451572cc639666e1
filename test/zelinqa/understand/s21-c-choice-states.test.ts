// Choices read with general rules after the eleventh blind round (s21 fix11c): an option closed by a bare "no" is
// refused, a fraction before a label word ("half", "demi") names another thing, a past state beside a present one keeps
// the present, and one value per season gives no single value. Cases written for these rules, in both languages, with
// their own labels, and what must not be read.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractDirect } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget as target, multiChoice as multi, singleChoice as single } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";

function read(t: ExtractionTarget, text: string): [unknown, string] | null {
  const r = extractDirect(text, t, TODAY);
  return r === null ? null : [r.value, r.certainty];
}
const sorted = (v: unknown) => (Array.isArray(v) ? [...(v as string[])].sort() : v);
const valueOf = (t: ExtractionTarget, text: string) => sorted(read(t, text)?.[0] ?? null);

const luggage = target(
  "Luggage",
  multi(["bikes", "skis", "pets", "pram"]),
  [
    ["Bicycles", "bikes"],
    ["Skis or snowboards", "skis"],
    ["Pets in a carrier", "pets"],
    ["A pram", "pram"],
  ],
  "Will you travel with any of these?",
);
const options = target(
  "Options",
  multi(["jacuzzi", "sauna", "barbecue", "ping"]),
  [
    ["Jacuzzi", "jacuzzi"],
    ["Sauna", "sauna"],
    ["Barbecue", "barbecue"],
    ["Table de ping-pong", "ping"],
  ],
  "Quelles options voulez-vous ?",
);
const cycling = target(
  "Cycling event",
  single(["century", "gran_fondo", "stage", "other"]),
  [
    ["Ride a century", "century"],
    ["Gran fondo", "gran_fondo"],
    ["Stage race", "stage"],
    ["Other", "other"],
  ],
  "Which event are you training for?",
);
const sejour = target(
  "Durée",
  single(["journee", "weekend", "semaine"]),
  [
    ["Une journée", "journee"],
    ["Un week-end", "weekend"],
    ["Une semaine", "semaine"],
  ],
  "Combien de temps restez-vous ?",
);
const swimmer = target(
  "Swimming level",
  single(["learner", "casual", "club", "elite"]),
  [
    ["Learner", "learner"],
    ["Casual swimmer", "casual"],
    ["Club swimmer", "club"],
    ["Elite", "elite"],
  ],
  "How would you describe your swimming?",
);
const cuisine = target(
  "Niveau en cuisine",
  single(["debutant", "amateur", "confirme", "chef"]),
  [
    ["Débutant", "debutant"],
    ["Amateur", "amateur"],
    ["Confirmé", "confirme"],
    ["Chef", "chef"],
  ],
  "Quel est votre niveau en cuisine ?",
);
const mowing = target(
  "Mowing frequency",
  single(["weekly", "fortnightly", "monthly"]),
  [
    ["Every week", "weekly"],
    ["Every two weeks", "fortnightly"],
    ["Once a month", "monthly"],
  ],
  "How often should we mow?",
);
const menage = target(
  "Fréquence du ménage",
  single(["hebdo", "quinzaine", "mensuel"]),
  [
    ["Chaque semaine", "hebdo"],
    ["Tous les quinze jours", "quinzaine"],
    ["Une fois par mois", "mensuel"],
  ],
  "À quelle fréquence voulez-vous le ménage ?",
);

void describe("s21 fix11c: an option closed by a bare no is refused", () => {
  void it("keeps the options said yes and drops the one closed by no, in English and French", () => {
    assert.deepEqual(valueOf(luggage, "skis yes, bicycles no"), ["skis"]);
    assert.deepEqual(valueOf(luggage, "bicycles no, skis yes"), ["skis"]);
    assert.deepEqual(valueOf(options, "sauna oui, jacuzzi non"), ["sauna"]);
  });
  void it("still reads a no that answers by itself and a no after a hedge or 'why'", () => {
    assert.deepEqual(valueOf(luggage, "skis and bicycles"), ["bikes", "skis"]);
    assert.deepEqual(valueOf(options, "le sauna, pourquoi pas"), ["sauna"]);
  });
});

void describe("s21 fix11c: a fraction before a label word names another thing", () => {
  void it("reads 'half'/'semi' before a label word as an unlisted thing (Other, loosely), not the labelled one", () => {
    assert.deepEqual(read(cycling, "half century"), ["other", "fuzzy"]);
    assert.deepEqual(read(cycling, "a semi century"), ["other", "fuzzy"]);
  });
  void it("gives nothing without an Other option: a half day is no day", () => {
    assert.equal(read(sejour, "une demi-journée"), null);
  });
  void it("keeps the label when it is said plainly, and a fraction elsewhere does not matter", () => {
    assert.deepEqual(read(cycling, "ride a century"), ["century", "exact"]);
    assert.equal(valueOf(sejour, "une journée"), "journee");
  });
});

void describe("s21 fix11c: a past state beside a present one keeps the present", () => {
  void it("never confirms the past level", () => {
    assert.equal(read(swimmer, "used to be elite, now I just paddle about"), null);
    assert.equal(read(cuisine, "avant j'étais chef, maintenant je cuisine à peine"), null);
  });
  void it("takes the present level, loosely", () => {
    assert.deepEqual(read(swimmer, "I used to be a learner, now I'm a club swimmer"), ["club", "fuzzy"]);
    assert.deepEqual(read(cuisine, "avant débutant, maintenant amateur"), ["amateur", "fuzzy"]);
  });
  void it("leaves a reply with no past state alone", () => {
    assert.deepEqual(read(swimmer, "club swimmer now"), ["club", "exact"]);
    assert.deepEqual(read(swimmer, "elite"), ["elite", "exact"]);
  });
});

void describe("s21 fix11c: one value per season is no single value", () => {
  void it("gives nothing for two rates said for two seasons", () => {
    assert.equal(read(mowing, "every week in summer, once a month in winter"), null);
    assert.equal(read(menage, "chaque semaine l'été, une fois par mois l'hiver"), null);
  });
  void it("keeps one rate said for one season, and a rate said alone", () => {
    assert.equal(valueOf(mowing, "every week in summer"), "weekly");
    assert.deepEqual(read(menage, "une fois par mois"), ["mensuel", "exact"]);
  });
});

const visits = target(
  "Visit frequency",
  single(["rare", "monthly", "weekly", "daily"]),
  [
    ["Rarely (a couple of times a year)", "rare"],
    ["About once a month", "monthly"],
    ["About once a week", "weekly"],
    ["Every day", "daily"],
  ],
  "How often will you visit?",
);
const arrosage = target(
  "Fréquence d'arrosage",
  single(["mensuel", "hebdo", "bihebdo", "quotidien"]),
  [
    ["Une fois par mois", "mensuel"],
    ["Une fois par semaine", "hebdo"],
    ["Deux fois par semaine", "bihebdo"],
    ["Tous les jours", "quotidien"],
  ],
  "À quelle fréquence faut-il arroser ?",
);
const climber = target(
  "Climbing level",
  single(["new", "occasional", "regular", "competitor"]),
  [
    ["New to climbing", "new"],
    ["Occasional climber", "occasional"],
    ["Regular climber", "regular"],
    ["Competitor", "competitor"],
  ],
  "How would you describe your climbing?",
);

void describe("s21 fix11c: everyday words on a scale of how often", () => {
  void it("reads 'as little as possible' and 'le moins souvent possible' at the low end, never the high one", () => {
    assert.deepEqual(read(arrosage, "le moins souvent possible"), ["mensuel", "fuzzy"]);
    assert.deepEqual(read(visits, "as little as possible"), ["rare", "fuzzy"]);
  });
  void it("meets an option saying the same rate word, whatever number its other words state", () => {
    assert.deepEqual(read(visits, "hardly ever, it's for old stuff"), ["rare", "fuzzy"]);
    assert.deepEqual(read(climber, "I climb now and then"), ["occasional", "fuzzy"]);
  });
  void it("keeps 'as often as possible' naming nothing, and plain rates their option", () => {
    assert.equal(read(arrosage, "le plus souvent possible"), null);
    assert.equal(valueOf(arrosage, "une fois par semaine"), "hebdo");
    assert.equal(read(climber, "now and then?"), null);
  });
});

const kit = target(
  "Kit to bring",
  multi(["tent", "stove", "bike", "none"]),
  [
    ["A tent", "tent"],
    ["A camping stove", "stove"],
    ["A bicycle", "bike"],
    ["None of these", "none"],
  ],
  "Will you bring any of these?",
);
const allergies = target(
  "Allergies",
  multi(["gluten", "lactose", "arachide", "aucune"]),
  [
    ["Gluten", "gluten"],
    ["Lactose", "lactose"],
    ["Arachide", "arachide"],
    ["Aucune de celles-ci", "aucune"],
  ],
  "Avez-vous une de ces allergies ?",
);

void describe("s21 fix11c: the none option said without naming it", () => {
  void it("reads a restriction to unlisted things as none, loosely", () => {
    assert.deepEqual(read(kit, "just a rucksack and a sleeping bag"), [["none"], "fuzzy"]);
    assert.deepEqual(read(allergies, "juste le rhume des foins"), [["aucune"], "fuzzy"]);
  });
  void it("reads a denial with one word of degree as none, loosely", () => {
    assert.deepEqual(read(kit, "nothing fancy"), [["none"], "fuzzy"]);
    assert.deepEqual(read(allergies, "rien de grave"), [["aucune"], "fuzzy"]);
  });
  void it("keeps a named option, and reads no none from a doubt, a question or a long story", () => {
    assert.deepEqual(valueOf(kit, "just the tent"), ["tent"]);
    assert.equal(read(kit, "just a rucksack, maybe"), null);
    assert.equal(read(kit, "just a rucksack?"), null);
    assert.notDeepEqual(valueOf(allergies, "rien de grave mais le médecin a parlé de lactose"), ["aucune"]);
  });
});

const parking = target(
  "What to park",
  single(["bike", "vehicle", "boxes", "other"]),
  [
    ["Bicycles", "bike"],
    ["A vehicle", "vehicle"],
    ["Moving boxes", "boxes"],
    ["Other", "other"],
  ],
  "What will you keep in the space?",
);
const sport = target(
  "Sport pratiqué",
  single(["tennis", "natation", "course", "autre"]),
  [
    ["Tennis", "tennis"],
    ["Natation", "natation"],
    ["Course à pied", "course"],
    ["Autre", "autre"],
  ],
  "Quel sport pratiquez-vous ?",
);

void describe("s21 fix11c: a thing named without an article, for a bare Other option", () => {
  void it("reads a noun phrase on a possessive or a bare short one as Other, loosely", () => {
    assert.deepEqual(read(parking, "my stamp collection"), ["other", "fuzzy"]);
    assert.deepEqual(read(sport, "escalade"), ["autre", "fuzzy"]);
    assert.deepEqual(read(sport, "aviron en club"), ["autre", "fuzzy"]);
  });
  void it("not for words of answering, a listed option, a question or a long reply", () => {
    assert.equal(read(sport, "pareil"), null);
    assert.equal(read(parking, "dunno"), null);
    assert.equal(read(sport, "escalade ?"), null);
    assert.equal(valueOf(sport, "natation"), "natation");
  });
});

void describe("s21 fix11c: a road vehicle for 'A vehicle' (choice-kinds.ts, reviewed general list)", () => {
  void it("reads a motorbike, a caravan or a car as a vehicle, loosely", () => {
    assert.deepEqual(read(parking, "a motorbike for the winter"), ["vehicle", "fuzzy"]);
    assert.deepEqual(read(parking, "our old caravan"), ["vehicle", "fuzzy"]);
    assert.deepEqual(read(parking, "my vintage car"), ["vehicle", "fuzzy"]);
  });
  void it("keeps a bicycle its own option", () => {
    assert.equal(valueOf(parking, "two bicycles"), "bike");
  });
});
