// Values the ninth blind round stored wrong as confirmed or missed (s19 fix9a), with general rules: an hour of the day,
// an age said beside the one to come, an amount per hour, a date asked about something already got, a correction
// inside a date, and what must not be read (a negated moment, a measured noun, two subjects, "RAS", a refusal to give
// an address). Cases written for these rules, in both languages, with their own labels. Reference day: Tuesday
// 2026-12-01 (UTC).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractIndirect, indirectText, isRefusal } from "../../../src/zelinqa/understand/index.js";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { choiceTarget, labelledTarget, readDirect, singleChoice } from "../../support/extraction-target.js";

const TODAY = "2026-12-01";
const read = (text: string, t: ExtractionTarget) => readDirect(text, t, TODAY);
const bounded = (schema: { type: string; minimum: number; maximum: number }, about: { label: string; question?: string }) => ({
  ...labelledTarget(schema, about),
  minimum: schema.minimum,
  maximum: schema.maximum,
});
const DATE = { type: "string", format: "date" };

void describe("an hour of the day", () => {
  const pickup = bounded(
    { type: "integer", minimum: 0, maximum: 23 },
    { label: "Pickup time", question: "What time shall we collect you?" },
  );
  const rdv = bounded({ type: "integer", minimum: 0, maximum: 23 }, { label: "Heure de passage", question: "À quelle heure ?" });
  void it("reads a clock time, a part of the day after a bare hour, and noon or midnight", () => {
    assert.deepEqual(read("8 in the evening", pickup), [20, "exact"]);
    assert.deepEqual(read("4pm", pickup), [16, "exact"]);
    assert.deepEqual(read("16:00", pickup), [16, "exact"]);
    assert.deepEqual(read("midnight", pickup), [0, "exact"]);
    assert.deepEqual(read("20h", rdv), [20, "exact"]);
    assert.deepEqual(read("9 heures du soir", rdv), [21, "exact"]);
    assert.deepEqual(read("midi", rdv), [12, "exact"]);
  });
  void it("holds an approximate time, a half hour or a bare hour that may be either half of the day loosely", () => {
    assert.deepEqual(read("vers 15h30", rdv), [15, "fuzzy"]);
    assert.deepEqual(read("noon-ish", pickup), [12, "fuzzy"]);
    assert.deepEqual(read("8", pickup), [8, "fuzzy"]);
    assert.deepEqual(read("4 maybe", pickup), [16, "fuzzy"]);
    // Not read this way (reading no hour from a part of the day, two hours, or a count of hours).
    assert.equal(read("late morning", pickup), null);
    assert.equal(read("3pm or 5pm", pickup), null);
    const hours = bounded({ type: "number", minimum: 0, maximum: 24 }, { label: "Hours of cleaning", question: "How many hours?" });
    assert.deepEqual(read("4 in the afternoon", hours)?.[0], 4);
  });
});

void describe("an age said beside the one to come, or with a half", () => {
  const age = bounded({ type: "integer", minimum: 10, maximum: 99 }, { label: "Âge de l'élève" });
  const years = bounded({ type: "integer", minimum: 10, maximum: 99 }, { label: "Your age" });
  void it("is the age in completed years", () => {
    assert.deepEqual(read("32 ans bientôt 33", age), [32, "exact"]);
    assert.deepEqual(read("14 et demi", age), [14, "exact"]);
    assert.deepEqual(read("il va sur ses 13 ans", age), [12, "exact"]);
    assert.deepEqual(read("40, soon 41", years), [40, "exact"]);
    assert.deepEqual(read("going on 19", years), [18, "exact"]);
    // Not read this way (not the first number when the second is no next year).
    assert.notDeepEqual(read("32 ans bientôt 35", age)?.[0], 32);
  });
});

void describe("an amount per hour", () => {
  const rate = labelledTarget({ type: "number", minimum: 0, maximum: 500 }, { label: "Tarif par heure (€)" });
  const hourly = labelledTarget({ type: "number", minimum: 0, maximum: 500 }, { label: "Budget per hour ($)" });
  void it("divides an amount by the hours it pays for", () => {
    assert.deepEqual(read("60€ pour 3h", rate), [20, "exact"]);
    assert.deepEqual(read("$45 for 90 minutes", hourly), [30, "exact"]);
  });
  void it("is no amount per month or per week", () => {
    assert.equal(read("200€ par mois", rate), null);
    assert.equal(read("$80 a week", hourly), null);
    assert.deepEqual(read("25€ de l'heure", rate), [25, "exact"]);
  });
});

void describe("a duration in minutes for a target in hours", () => {
  const hours = labelledTarget({ type: "number", minimum: 0, maximum: 12 }, { label: "Hours of coaching" });
  void it("reads 'mins' as minutes", () => {
    assert.deepEqual(read("45 mins", hours), [0.75, "exact"]);
  });
});

void describe("a date asked about something already got", () => {
  const permis = labelledTarget(DATE, { label: "Date d'obtention du permis", question: "Date d'obtention du permis (si vous l'avez)" });
  const bought = labelledTarget(DATE, { label: "Purchase date", question: "Purchase date of the phone" });
  void it("reads a day without a year backwards", () => {
    assert.deepEqual(read("le 20 septembre", permis), ["2026-09-20", "exact"]);
    assert.deepEqual(read("march 3rd", bought), ["2026-03-03", "exact"]);
  });
  void it("gives no date when the thing is not got yet", () => {
    assert.equal(read("pas encore, je le passe le 15 janvier", permis), null);
    assert.equal(read("not yet, buying it on the 20th", bought), null);
    // Not read this way (reading a wished purchase forwards).
    const wished = labelledTarget(DATE, { label: "Date d'achat souhaitée" });
    assert.deepEqual(read("le 20 septembre", wished), ["2027-09-20", "exact"]);
  });
});

void describe("a correction inside a date", () => {
  const shoot = labelledTarget(DATE, { label: "Date of the wedding" });
  const visite = labelledTarget(DATE, { label: "Date de la visite" });
  void it("keeps the month said before a corrected bare day", () => {
    assert.deepEqual(read("the 12th of march, sorry, the 13th", shoot)?.[0], "2027-03-13");
    assert.deepEqual(read("le 4 février, non pardon le 5", visite)?.[0], "2027-02-05");
    // Not read this way (takes a corrected day with its own month as said).
    assert.deepEqual(read("le 4 février, non pardon le 5 mars", visite)?.[0], "2027-03-05");
  });
});

void describe("what names no choice", () => {
  const slot = choiceTarget("Créneau", singleChoice(["matin", "aprem", "soir"]), [
    ["Le matin", "matin"],
    ["L'après-midi", "aprem"],
    ["Le soir", "soir"],
  ]);
  const when = choiceTarget("Preferred time", singleChoice(["morning", "afternoon", "evening"]), [
    ["Morning", "morning"],
    ["Afternoon", "afternoon"],
    ["Evening", "evening"],
  ]);
  void it("a moment refused", () => {
    assert.equal(read("surtout pas le soir", slot), null);
    assert.equal(read("not in the morning", when), null);
    assert.deepEqual(read("pas le soir, plutôt le matin", slot)?.[0], "matin");
  });
  const subject = choiceTarget("Matière", singleChoice(["maths", "anglais", "chimie", "autre"]), [
    ["Mathématiques", "maths"],
    ["Anglais", "anglais"],
    ["Chimie", "chimie"],
    ["Autre", "autre"],
  ]);
  const sport = choiceTarget("Sport", singleChoice(["football", "tennis", "other"]), [
    ["Football", "football"],
    ["Tennis", "tennis"],
    ["Other", "other"],
  ]);
  void it("a look-alike of a second value joined by 'et'/'and'", () => {
    assert.equal(read("anglai et chimie", subject), null);
    assert.equal(read("tenis and football", sport), null);
    assert.deepEqual(read("chimie", subject), ["chimie", "exact"]);
  });
  const grades = choiceTarget("Résultats", singleChoice(["faible", "moyenne", "bon"]), [
    ["En difficulté", "faible"],
    ["Dans la moyenne", "moyenne"],
    ["Bon niveau", "bon"],
  ]);
  const level = choiceTarget("Level", singleChoice(["low", "average", "high"]), [
    ["Below average", "low"],
    ["Average", "average"],
    ["Above average", "high"],
  ]);
  void it("an option word that is the noun a number measures is held loosely", () => {
    assert.deepEqual(read("elle a 7 de moyenne", grades), ["moyenne", "fuzzy"]);
    assert.deepEqual(read("a 3 of average", level), ["average", "fuzzy"]);
    assert.deepEqual(read("dans la moyenne", grades), ["moyenne", "exact"]);
  });
  const school = choiceTarget("Niveau", singleChoice(["primaire", "college", "lycee"]), [
    ["Primaire", "primaire"],
    ["Collège", "college"],
    ["Lycée", "lycee"],
  ]);
  void it("a university for the French collège", () => {
    assert.equal(read("la fac", school), null);
    assert.equal(read("university", school), null);
  });
});

void describe("nothing to report, and declining to give a detail", () => {
  const notes = labelledTarget({ type: "string" }, { label: "Remarques" });
  void it("'RAS' is no note", () => {
    assert.equal(read("RAS", notes), null);
    assert.equal(read("r.a.s.", notes), null);
    assert.deepEqual(read("ras sauf la clé", notes)?.[0], "ras sauf la clé");
  });
  void it("'rather not' with a word of giving or saying is a refusal", () => {
    assert.equal(isRefusal("je préfère pas donner mon numéro"), true);
    assert.equal(isRefusal("I'd rather not share my address"), true);
    assert.equal(isRefusal("je préfère pas le matin"), false);
    assert.equal(isRefusal("je préfère pas venir le soir"), false);
  });
});

void describe("a unit said 'a little' one", () => {
  const length = labelledTarget({ type: "number", minimum: 0, maximum: 10 }, { label: "Durée de la séance (heures)" });
  const days = labelledTarget({ type: "number", minimum: 0, maximum: 10 }, { label: "Durée du stage (jours)" });
  void it("is held loosely", () => {
    assert.deepEqual(read("une petite heure", length), [1, "fuzzy"]);
    assert.deepEqual(read("une petite journée", days), [1, "fuzzy"]);
    assert.deepEqual(read("une heure", length), [1, "exact"]);
  });
});

void describe("numbers said in passing that count nothing of another target", () => {
  const hours = labelledTarget({ type: "number", minimum: 0, maximum: 300 }, { label: "Heures de cours déjà suivies" });
  const fee = labelledTarget({ type: "number", minimum: 0, maximum: 500 }, { label: "Tarif horaire (€)" });
  const passing = (text: string, t: ExtractionTarget) => extractIndirect(indirectText(text, TODAY, false), t)?.value ?? null;
  void it("a time of day after 'après'/'avant' is no number of hours, a French ordinal no amount", () => {
    assert.equal(passing("plutôt après 17h", hours), null);
    assert.equal(passing("avant 9h si possible", hours), null);
    assert.equal(passing("il est en 4e", fee), null);
    assert.equal(passing("ma fille est en 2ème année", fee), null);
    // Still read: hours done said with their unit, an amount in euros.
    assert.equal(passing("j'ai déjà fait 12h de cours", hours), 12);
    assert.equal(passing("je peux mettre 30€", fee), 30);
  });
});
