// Choices named in other words (s17): a label word in another form or followed by the noun it qualifies, modal and
// function words that name no option, the specific thing said for the option of its kind (a bungalow for "House",
// "M1" for "Postgraduate"), a deadline or a tone said to a choice ordered by time, and a group of days wider than the
// options. Cases written for these rules, in both languages, with what must not be read.
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

void describe("a label word in another form, or with the noun it qualifies", () => {
  const plumbing = target("Problems", multi(["leak", "smell", "clog"]), [
    ["Leak", "leak"],
    ["Bad smell", "smell"],
    ["Blocked drain", "clog"],
  ]);
  const course = target("Programme", single(["master", "short"]), [
    ["Master", "master"],
    ["Short course", "short"],
  ]);

  void it("reads a verb form of a label word, loosely", () => {
    assert.deepEqual(read(plumbing, "the kitchen tap keeps leaking"), [["leak"], "fuzzy"]);
    assert.deepEqual(read(plumbing, "it smells bad and the shower drain is blocked"), [["smell", "clog"], "fuzzy"]);
  });

  void it("takes the noun after a whole label for the thing it qualifies, not a second choice", () => {
    assert.deepEqual(read(course, "a master course"), ["master", "exact"]);
    assert.deepEqual(read(course, "un cours de master"), ["master", "exact"]);
    // Not read this way: two choices named side by side still give nothing.
    assert.equal(read(course, "the master or the short course"), null);
  });
});

void describe("a thing named for the option of its kind", () => {
  const dwelling = target("Dwelling", single(["house", "apartment", "land"]), [
    ["House", "house"],
    ["Apartment", "apartment"],
    ["Land", "land"],
  ]);
  const logement = target("Logement", single(["maison", "ville", "appart"]), [
    ["Maison", "maison"],
    ["Maison de ville", "ville"],
    ["Appartement", "appart"],
  ]);
  const area = target("Quartier", single(["centre", "banlieue", "campagne"]), [
    ["Centre-ville", "centre"],
    ["Banlieue", "banlieue"],
    ["Campagne", "campagne"],
  ]);
  const level = target("Level", single(["ug", "pg", "doc"]), [
    ["Undergraduate", "ug"],
    ["Postgraduate", "pg"],
    ["Doctorate", "doc"],
  ]);
  const topics = target("Topics", multi(["computing", "languages", "law"]), [
    ["Computing", "computing"],
    ["Foreign languages", "languages"],
    ["Law", "law"],
  ]);
  const absence = target("Absence", single(["annual", "sick", "unpaid", "parental"]), [
    ["Annual leave", "annual"],
    ["Sick leave", "sick"],
    ["Unpaid leave", "unpaid"],
    ["Parental leave", "parental"],
  ]);
  const team = target("Department", single(["sales", "accounting", "it"]), [
    ["Sales", "sales"],
    ["Accounting", "accounting"],
    ["IT", "it"],
  ]);
  const panne = target("Symptômes", multi(["bruit", "fuite", "voyant"]), [
    ["Bruit anormal", "bruit"],
    ["Fuite", "fuite"],
    ["Voyant allumé", "voyant"],
  ]);

  void it("reads housing and places by their kinds, loosely, in both languages", () => {
    assert.deepEqual(read(dwelling, "we'd love a little cottage"), ["house", "fuzzy"]);
    assert.deepEqual(read(dwelling, "un loft, idéalement"), ["apartment", "fuzzy"]);
    assert.deepEqual(read(dwelling, "a T3"), ["apartment", "fuzzy"]);
    assert.deepEqual(read(area, "un petit village au calme"), ["campagne", "fuzzy"]);
    assert.deepEqual(read(area, "on the outskirts of town"), ["banlieue", "fuzzy"]);
    // Not read this way: a refused thing, and a thing two options' kinds hold.
    assert.equal(read(dwelling, "not a bungalow"), null);
    assert.equal(read(logement, "a bungalow"), null);
    // The option's own words stay exact.
    assert.deepEqual(read(area, "à la campagne"), ["campagne", "exact"]);
  });

  void it("reads study levels, subjects, leave, departments and faults by their kinds", () => {
    assert.deepEqual(read(level, "I'm starting my M1"), ["pg", "fuzzy"]);
    assert.deepEqual(read(level, "bac+3"), ["ug", "fuzzy"]);
    assert.deepEqual(read(topics, "coding and german"), [["computing", "languages"], "fuzzy"]);
    assert.deepEqual(read(absence, "the summer holidays"), ["annual", "fuzzy"]);
    assert.deepEqual(read(absence, "j'ai la grippe"), ["sick", "fuzzy"]);
    assert.deepEqual(read(absence, "paternity"), ["parental", "fuzzy"]);
    assert.deepEqual(read(team, "I'm an accountant"), ["accounting", "fuzzy"]);
    assert.deepEqual(read(team, "je suis développeur"), ["it", "fuzzy"]);
    assert.deepEqual(read(panne, "ça claque et il y a une flaque sous le moteur"), [["bruit", "fuite"], "fuzzy"]);
    const venue = target("Venue", single(["main", "private"]), [
      ["Main dining room", "main"],
      ["Private room", "private"],
    ]);
    assert.deepEqual(read(venue, "au restaurant, avec tout le monde"), ["main", "fuzzy"]);
    assert.deepEqual(read(venue, "somewhere just for us"), ["private", "fuzzy"]);
    // Not read this way: a word of no kind, and a plain label stays exact.
    assert.equal(read(team, "I work from home"), null);
    assert.deepEqual(read(team, "sales"), ["sales", "exact"]);
  });
});

void describe("a deadline or a tone said to a choice ordered by time", () => {
  const dentist = target("Délai", single(["d1", "w1", "m1", "any"]), [
    ["Urgent (sous 24h)", "d1"],
    ["Dans la semaine", "w1"],
    ["Dans le mois", "m1"],
    ["Pas pressé", "any"],
  ]);
  const helpdesk = target("Priority", single(["p1", "p2", "p3", "p4"]), [
    ["Critical, now", "p1"],
    ["Within 48 hours", "p2"],
    ["This week", "p3"],
    ["Can be done later", "p4"],
  ]);
  const contract = target("Contract", single(["m12", "m24", "none"]), [
    ["12 months", "m12"],
    ["24 months", "m24"],
    ["No commitment", "none"],
  ]);

  void it("chooses the nearest horizon that meets the deadline, loosely", () => {
    assert.deepEqual(read(dentist, "aujourd'hui si possible !"), ["d1", "fuzzy"]);
    assert.deepEqual(read(dentist, "avant vendredi"), ["w1", "fuzzy"]);
    assert.deepEqual(read(dentist, "d'ici deux semaines"), ["m1", "fuzzy"]);
    assert.deepEqual(read(dentist, "le mois prochain ça ira"), ["any", "fuzzy"]);
    assert.deepEqual(read(dentist, "avant Noël"), ["m1", "fuzzy"]);
    assert.deepEqual(read(dentist, "en mars"), ["any", "fuzzy"]);
    assert.deepEqual(read(helpdesk, "today if you can, please"), ["p1", "fuzzy"]);
    assert.deepEqual(read(helpdesk, "by Thursday"), ["p2", "fuzzy"]);
    assert.deepEqual(read(helpdesk, "sometime next week"), ["p4", "fuzzy"]);
    assert.deepEqual(read(helpdesk, "very! nobody can log in"), ["p1", "fuzzy"]);
    assert.deepEqual(read(helpdesk, "not that urgent"), ["p4", "fuzzy"]);
  });

  void it("reads a scale's tone words as horizons only for a target about urgency; 'no rush' is the latest option", () => {
    const priority = target("Priority", single(["low", "normal", "high"]), [
      ["Low", "low"],
      ["Normal", "normal"],
      ["High", "high"],
    ]);
    const budget = target("Budget level", single(["low", "mid", "high"]), [
      ["Low", "low"],
      ["Medium", "mid"],
      ["High", "high"],
    ]);
    const shipping = target("Shipping", single(["express", "standard", "slow"]), [
      ["Express (24h)", "express"],
      ["Standard (3-5 days)", "standard"],
      ["Economy (1-2 weeks)", "slow"],
    ]);
    assert.deepEqual(read(priority, "by Friday please"), ["normal", "fuzzy"]);
    assert.deepEqual(read(priority, "très, c'est bloquant"), ["high", "fuzzy"]);
    assert.deepEqual(read(shipping, "no rush at all"), ["slow", "fuzzy"]);
    assert.deepEqual(read(shipping, "tomorrow"), ["express", "fuzzy"]);
    // Not read this way: a budget is no time.
    assert.equal(read(budget, "today"), null);
    assert.equal(read(budget, "very"), null);
  });

  void it("never reads 'if you can' as the label that 'can' wait, nor a duration as a deadline", () => {
    assert.notDeepEqual(read(helpdesk, "as fast as you can"), ["p4", "fuzzy"]);
    assert.equal(read(contract, "next month"), null);
    // A label said as written stays exact.
    assert.deepEqual(read(helpdesk, "this week if possible"), ["p3", "exact"]);
  });
});

void describe("a group of days wider than the options", () => {
  const days = target("Days", multi(["mon", "tue", "sat"]), [
    ["Monday", "mon"],
    ["Tuesday", "tue"],
    ["Saturday", "sat"],
  ]);
  const weekend = target("Days", multi(["fri", "sat", "sun"]), [
    ["Friday", "fri"],
    ["Saturday", "sat"],
    ["Sunday", "sun"],
  ]);

  void it("is held loosely when an option misses a day of it", () => {
    assert.deepEqual(read(days, "the weekend"), [["sat"], "fuzzy"]);
    assert.deepEqual(read(weekend, "le week-end"), [["sat", "sun"], "exact"]);
  });
});

void describe("a number said to choices that are numbers or ranges", () => {
  const experience = target("Experience", single(["junior", "mid", "senior"]), [
    ["Junior (0-2 years)", "junior"],
    ["Mid-level (3-5 years)", "mid"],
    ["Senior (6+ years)", "senior"],
  ]);
  const budget = target("Budget", single(["lo", "mid", "hi"]), [
    ["Moins de 500 €", "lo"],
    ["De 500 à 1 000 €", "mid"],
    ["Plus de 1 000 €", "hi"],
  ]);
  const age = target("Tranche d'âge", single(["a", "b", "c", "d"]), [
    ["18-25", "a"],
    ["26-35", "b"],
    ["36-50", "c"],
    ["51+", "d"],
  ]);
  const rooms = target("Chambres", single(["r1", "r2", "r3", "r4"]), [
    ["1", "r1"],
    ["2", "r2"],
    ["3", "r3"],
    ["4 ou plus", "r4"],
  ]);

  void it("gives the one option whose range holds it: exact in the labels' terms, else loosely", () => {
    assert.deepEqual(read(experience, "4 years of experience"), ["mid", "exact"]);
    assert.deepEqual(read(experience, "more than 8 years"), ["senior", "fuzzy"]);
    assert.deepEqual(read(budget, "environ 700 euros"), ["mid", "fuzzy"]);
    assert.deepEqual(read(budget, "1 200"), ["hi", "exact"]);
    assert.deepEqual(read(age, "25"), ["a", "exact"]);
    assert.deepEqual(read(age, "j'ai 30 ans"), ["b", "fuzzy"]);
    assert.deepEqual(read(age, "60"), ["d", "fuzzy"]);
    assert.deepEqual(read(rooms, "deux"), ["r2", "exact"]);
    assert.deepEqual(read(rooms, "cinq"), ["r4", "exact"]);
    // Not read this way: another thing counted, a year, a boundary two ranges share; another unit is never certain.
    assert.notEqual(read(experience, "I have 3 kids")?.[1], "exact");
    assert.equal(read(experience, "since 2019"), null);
    // [ext] s19: "Plus de 1 000 €" leaves 1 000 out, so 1 000 is only "De 500 à 1 000 €".
    assert.deepEqual(read(budget, "1000"), ["mid", "exact"]);
    assert.notEqual(read(budget, "2 ans")?.[1], "exact");
  });
});

void describe("every item of a list said in other words", () => {
  const amenities = target("Amenities", multi(["pool", "ac", "wifi", "parking"]), [
    ["Pool", "pool"],
    ["Air conditioning", "ac"],
    ["Wifi", "wifi"],
    ["Parking", "parking"],
  ]);
  const hobbies = target("Hobbies", multi(["sport", "music", "reading", "cooking", "travel"]), [
    ["Sport", "sport"],
    ["Music", "music"],
    ["Reading", "reading"],
    ["Cooking", "cooking"],
    ["Travel", "travel"],
  ]);
  const symptoms = target("Symptômes", multi(["fievre", "toux", "tete", "fatigue"]), [
    ["Fièvre", "fievre"],
    ["Toux", "toux"],
    ["Mal de tête", "tete"],
    ["Fatigue", "fatigue"],
  ]);

  void it("finds each item: a word split in two, a doubled consonant, a kind, a form of the other language", () => {
    assert.deepEqual(read(amenities, "aircon and wi fi please"), [["ac", "wifi"], "fuzzy"]);
    assert.deepEqual(read(hobbies, "travelling, and I play the piano"), [["music", "travel"], "fuzzy"]);
    assert.deepEqual(read(hobbies, "la natation et la musique"), [["sport", "music"], "fuzzy"]);
    assert.deepEqual(read(symptoms, "je tousse et j'ai mal à la tête"), [["toux", "tete"], "exact"]);
    assert.deepEqual(read(symptoms, "exhausted, with a high temperature"), [["fievre", "fatigue"], "fuzzy"]);
    // Not read this way: a refused item stays out.
    assert.deepEqual(read(symptoms, "je tousse mais pas de fièvre"), [["toux"], "exact"]);
  });
});

void describe("a frequency said to a choice of how often", () => {
  const visits = target("Visit frequency", single(["weekly", "fortnightly", "monthly"]), [
    ["Every week", "weekly"],
    ["Every two weeks", "fortnightly"],
    ["Once a month", "monthly"],
  ]);
  const rythme = target("Rythme", single(["q", "h", "m"]), [
    ["Quotidien", "q"],
    ["Hebdomadaire", "h"],
    ["Mensuel", "m"],
  ]);

  void it("chooses the option of the same period: exact when equal, loosely when near", () => {
    assert.deepEqual(read(visits, "every other week"), ["fortnightly", "exact"]);
    assert.deepEqual(read(visits, "tous les quinze jours"), ["fortnightly", "exact"]);
    assert.deepEqual(read(visits, "une fois par mois"), ["monthly", "exact"]);
    assert.deepEqual(read(rythme, "once a week"), ["h", "exact"]);
    assert.deepEqual(read(rythme, "tous les jours"), ["q", "exact"]);
    // "twice a month" is no "a month": near two weeks, loosely.
    assert.deepEqual(read(visits, "twice a month"), ["fortnightly", "fuzzy"]);
    // A frequency no option has: no period is equal or near, so the nearest on the scale the options form, loosely
    // (ordered-scale.ts).
    assert.deepEqual(read(rythme, "deux fois par semaine"), ["h", "fuzzy"]);
  });
});
