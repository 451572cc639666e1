// Choices the option labels order without a number (s19): frequencies said as a working week, a range of days, a few
// days or a range of counts; a vague word at an end of a scale of stated rates. Cases written for these rules, in both
// languages, with their own labels, and what must not be read.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractDirect } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget as target, singleChoice as single } from "../../support/extraction-target.js";

const TODAY = "2026-12-01"; // a Tuesday

/** The value and whether it is certain ("exact") or held loosely ("fuzzy"); null when nothing is read. */
function read(t: ExtractionTarget, text: string): [unknown, string] | null {
  const r = extractDirect(text, t, TODAY);
  return r === null ? null : [r.value, r.certainty];
}
const valueOf = (t: ExtractionTarget, text: string) => read(t, text)?.[0] ?? null;

const visits = target(
  "How often the pool is used",
  single(["rare", "twice_month", "weekly", "several", "working_days"]),
  [
    ["Rarely", "rare"],
    ["A couple of times a month", "twice_month"],
    ["About once a week", "weekly"],
    ["Several days a week", "several"],
    ["Every working day", "working_days"],
  ],
  "How often will you swim?",
);
const entretien = target(
  "Fréquence d'entretien",
  single(["f1", "f2", "f3", "f4"]),
  [
    ["Toutes les 2 à 4 semaines", "f1"],
    ["Tous les 3 ou 4 mois", "f2"],
    ["Une fois par an", "f3"],
    ["Rarement", "f4"],
  ],
  "À quelle fréquence faites-vous réviser la chaudière ?",
);

void describe("a frequency said as days of the working week", () => {
  void it("reads a range of weekdays, short or whole, as that many days a week", () => {
    assert.equal(valueOf(visits, "tue-thu"), "several");
    assert.equal(valueOf(visits, "Monday through Friday"), "working_days");
    assert.equal(valueOf(visits, "mon to fri"), "working_days");
  });
  void it("reads the working week and full time as every weekday", () => {
    assert.equal(valueOf(visits, "weekdays"), "working_days");
    assert.equal(valueOf(visits, "full-time, I'm retired"), "working_days");
  });
  void it("does not read two days named apart as a range", () => {
    assert.notEqual(valueOf(visits, "monday and friday"), "working_days");
  });
});

void describe("a frequency said as a few days or a range of counts", () => {
  void it("places a range of counts at its middle and a few days near three", () => {
    assert.deepEqual(read(visits, "2 or 3 days a week"), ["several", "fuzzy"]);
    assert.equal(valueOf(visits, "twice a week"), "several");
    assert.equal(valueOf(visits, "a few days a week"), "several");
  });
  void it("reads a label stating how often as no deadline", () => {
    assert.notEqual(valueOf(visits, "twice a week"), "weekly");
  });
  void it("reads a French range of weeks or months in a label, and a count glued to x", () => {
    assert.equal(valueOf(entretien, "tous les quatre mois"), "f2");
    assert.equal(valueOf(entretien, "2x par mois"), "f1");
    assert.deepEqual(read(entretien, "toutes les 3 semaines"), ["f1", "exact"]);
    assert.deepEqual(read(entretien, "toutes les 3 semaines à peu près"), ["f1", "fuzzy"]);
  });
});

void describe("a vague word at an end of stated rates", () => {
  void it("is beyond its neighbour, not its own number", () => {
    assert.equal(valueOf(entretien, "une fois tous les deux ans"), "f4");
    assert.equal(valueOf(entretien, "une fois par an"), "f3");
    assert.equal(valueOf(visits, "once every two months"), "rare");
  });
});

void describe("a judgement of hatred", () => {
  const satisfaction = target(
    "Satisfaction",
    single(["tres_mecontent", "mecontent", "neutre", "content", "tres_content"]),
    [
      ["Très mécontent", "tres_mecontent"],
      ["Mécontent", "mecontent"],
      ["Neutre", "neutre"],
      ["Content", "content"],
      ["Très content", "tres_content"],
    ],
    "Êtes-vous satisfait de votre salle actuelle ?",
  );
  void it("is the bottom of the scale", () => {
    assert.deepEqual(read(satisfaction, "je la déteste"), ["tres_mecontent", "fuzzy"]);
    assert.equal(valueOf(satisfaction, "I hate it, way too crowded"), "tres_mecontent");
  });
});

void describe("an end of a range of offers said without its label", () => {
  const formule = target("Formule choisie", single(["f_eco", "f_confort", "f_luxe"]), [
    ["Éco", "f_eco"],
    ["Confort", "f_confort"],
    ["Luxe", "f_luxe"],
  ]);
  const plan = target("Hosting plan", single(["p_starter", "p_business", "p_pro", "p_ultimate"]), [
    ["Starter", "p_starter"],
    ["Business", "p_business"],
    ["Pro", "p_pro"],
    ["Ultimate", "p_ultimate"],
  ]);
  void it("reads the cheapest or the simplest as the bottom step, loosely", () => {
    assert.deepEqual(read(formule, "la moins chère"), ["f_eco", "fuzzy"]);
    assert.deepEqual(read(plan, "the basic one please"), ["p_starter", "fuzzy"]);
    assert.equal(valueOf(plan, "entry level is enough"), "p_starter");
  });
  void it("reads the best or the top of the range as the top step, loosely", () => {
    assert.deepEqual(read(formule, "le haut de gamme"), ["f_luxe", "fuzzy"]);
    assert.deepEqual(read(plan, "the best you have"), ["p_ultimate", "fuzzy"]);
    assert.equal(valueOf(plan, "most expensive, money is no issue"), "p_ultimate");
  });
  void it("reads nothing when the reply defers to the asker or the options are no range of offers", () => {
    assert.equal(read(plan, "whatever you think is best"), null);
    const colours = target("Colour", single(["red", "blue", "green"]), [
      ["Red", "red"],
      ["Blue", "blue"],
      ["Green", "green"],
    ]);
    assert.equal(read(colours, "the cheapest one"), null);
  });
});

void describe("a count of people to ranges of people", () => {
  const crew = target("Taille de l'équipe", single(["seul", "petite", "moyenne", "grande"]), [
    ["Seul", "seul"],
    ["De 2 à 4 personnes", "petite"],
    ["De 5 à 10 personnes", "moyenne"],
    ["Plus de 10 personnes", "grande"],
  ]);
  const party = target("Group size", single(["g1", "g2", "g3"]), [
    ["1 to 3 people", "g1"],
    ["4 to 8 people", "g2"],
    ["More than 8 people", "g3"],
  ]);
  void it("reads the people a reply counts without one plain number", () => {
    assert.deepEqual(read(crew, "ma femme et moi"), ["petite", "fuzzy"]);
    assert.deepEqual(read(party, "12 of us"), ["g3", "exact"]);
    assert.equal(valueOf(party, "me, my wife and our 3 kids"), "g2");
  });
  void it("leaves a bound said with more than / plus de outside the range", () => {
    assert.equal(valueOf(crew, "10"), "moyenne");
    assert.equal(valueOf(party, "8"), "g2");
    assert.equal(valueOf(party, "9 people"), "g3");
  });
  void it("counts no people for ranges of another unit", () => {
    const seniority = target("Ancienneté", single(["a1", "a2", "a3"]), [
      ["Moins de 2 ans", "a1"],
      ["2 à 5 ans", "a2"],
      ["Plus de 5 ans", "a3"],
    ]);
    assert.equal(read(seniority, "ma femme et moi"), null);
  });
});

void describe("a yes/no said to a choice asked as a yes/no question", () => {
  const fragile = target(
    "Fragilité",
    single(["pas_fragile", "un_peu", "tres"]),
    [
      ["Pas fragile", "pas_fragile"],
      ["Un peu fragile", "un_peu"],
      ["Très fragile", "tres"],
    ],
    "Le colis est-il fragile ?",
  );
  const loud = target(
    "Noise level",
    single(["quiet", "some", "loud"]),
    [
      ["Not noisy", "quiet"],
      ["A bit noisy", "some"],
      ["Very noisy", "loud"],
    ],
    "Is the work noisy?",
  );
  void it("gives the option denying the question's word for a bare no, loosely", () => {
    assert.deepEqual(read(fragile, "non"), ["pas_fragile", "fuzzy"]);
    assert.deepEqual(read(loud, "nope, not really"), ["quiet", "fuzzy"]);
  });
  void it("gives nothing for a bare yes, nor for a no followed by more", () => {
    assert.equal(read(fragile, "oui"), null);
    assert.equal(read(loud, "no idea"), null);
  });
});

void describe("urgency said with emphasis", () => {
  const delay = target(
    "Urgence",
    single(["later", "week", "tomorrow", "now"]),
    [
      ["Peut attendre", "later"],
      ["Cette semaine", "week"],
      ["Sous 24 heures", "tomorrow"],
      ["Urgence absolue, aujourd'hui", "now"],
    ],
    "Est-ce urgent ?",
  );
  void it("is the top of the scale with several exclamation marks or in capitals", () => {
    assert.equal(valueOf(delay, "urgent !!! la fuite inonde la cuisine"), "now");
    assert.equal(valueOf(delay, "URGENT"), "now");
  });
  void it("stays below the top said plainly", () => {
    assert.equal(valueOf(delay, "urgent"), "tomorrow");
  });
});

void describe("the none option said as a belief or as all being fine", () => {
  const allergies = target(
    "Allergies",
    { type: "array", items: { type: "string", enum: ["pollen", "lactose", "aucune"] }, uniqueItems: true },
    [
      ["Pollen", "pollen"],
      ["Lactose", "lactose"],
      ["Aucune", "aucune"],
    ],
    "Avez-vous des allergies ?",
  );
  const issues = target(
    "Known issues",
    { type: "array", items: { type: "string", enum: ["rust", "dents", "none"] }, uniqueItems: true },
    [
      ["Rust", "rust"],
      ["Dents", "dents"],
      ["None", "none"],
    ],
    "Any known issues with the car?",
  );
  void it("gives the none option, loosely", () => {
    assert.deepEqual(read(allergies, "pas à ma connaissance"), [["aucune"], "fuzzy"]);
    assert.deepEqual(read(allergies, "non, tout va bien"), [["aucune"], "fuzzy"]);
    assert.deepEqual(read(issues, "not that I'm aware of"), [["none"], "fuzzy"]);
    assert.deepEqual(read(issues, "nah all good mechanically"), null);
    assert.deepEqual(read(issues, "nah all good enginewise"), [["none"], "fuzzy"]);
  });
  void it("keeps an option named beside it", () => {
    assert.deepEqual(read(issues, "a bit of rust, otherwise all good"), [["rust"], "fuzzy"]);
  });
});

void describe("the Other option for a thing none of the options names", () => {
  const venue = target(
    "Type de salle",
    single(["restaurant", "salle_des_fetes", "domicile", "autre"]),
    [
      ["Restaurant", "restaurant"],
      ["Salle des fêtes", "salle_des_fetes"],
      ["À domicile", "domicile"],
      ["Autre", "autre"],
    ],
    "Où aura lieu la soirée ?",
  );
  const pet = target(
    "Pet",
    single(["dog", "cat", "other"]),
    [
      ["Dog", "dog"],
      ["Cat", "cat"],
      ["Other pet", "other"],
    ],
    "Which animal is it for?",
  );
  void it("takes a plain noun phrase opening on an article, loosely, for a bare Other", () => {
    assert.deepEqual(read(venue, "une péniche"), ["autre", "fuzzy"]);
    assert.deepEqual(read(venue, "un rooftop en ville"), ["autre", "fuzzy"]);
  });
  void it("takes a kind of the question's own concept for 'Other <kind>'", () => {
    assert.deepEqual(read(pet, "a hamster"), ["other", "fuzzy"]);
  });
  void it("takes no bare word, doubt, question or description of what someone does", () => {
    // [ext] s21: a bare noun is now read as Other, loosely (s21-c-choice-states.test.ts); a bare word of answering is not.
    assert.equal(read(venue, "whatever"), null);
    assert.notEqual(valueOf(venue, "un restaurant ou une péniche, je sais pas"), "autre");
    assert.equal(read(venue, "une péniche ?"), null);
    assert.equal(read(pet, "she scratches all the time"), null);
    assert.equal(read(pet, "il mord"), null);
  });
  void it("gives the option a reply names, not Other", () => {
    assert.deepEqual(read(venue, "un restaurant"), ["restaurant", "exact"]);
  });
});
