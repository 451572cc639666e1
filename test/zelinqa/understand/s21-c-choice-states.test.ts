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
