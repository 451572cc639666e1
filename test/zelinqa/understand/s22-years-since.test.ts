// A number of years said as the year it began (s22): "since 2019", "depuis 1998", "construite en 2015", "elle date de
// 2008" against the reference day's year, for a number of years of practice or the age of a thing, never for a target
// that takes the year itself, a date, or a duration counted otherwise; and none said in words ("c'est ma première
// fois", "je n'ai jamais navigué", "just started") for years of practice or a count of what was done before.
// Reference day: Tuesday 2026-12-01 (UTC).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget as target, labelledTarget, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const climbing = target("number", 0, 80, "Years of climbing", "How many years have you been climbing?");
const chant = target("integer", 0, 80, "Années de pratique du chant", "Depuis combien d'années chantez-vous ?");
const roofAge = target("number", 0, 150, "Âge de la toiture (années)", "Quel âge a la toiture ?");
const boilerAge = target("integer", 0, 100, "Boiler age (years)", "How old is the boiler?");

void describe("the year something began, for a number of years", () => {
  void it("is the years to the reference day's year, exact after since/depuis", () => {
    assert.deepEqual(read("since 2012", climbing), [14, "exact"]);
    assert.deepEqual(read("I've been climbing since 2003", climbing), [23, "exact"]);
    assert.deepEqual(read("depuis 2016", chant), [10, "exact"]);
    assert.deepEqual(read("depuis 1990", roofAge), [36, "exact"]);
  });

  void it("is held loosely when the start is said otherwise", () => {
    assert.deepEqual(read("started in 2020", climbing), [6, "fuzzy"]);
    assert.deepEqual(read("j'ai commencé en 2011", chant), [15, "fuzzy"]);
    assert.deepEqual(read("depuis la chorale du lycée en 2001", chant), [25, "fuzzy"]);
    assert.deepEqual(read("refaite entièrement, posée en 2004", roofAge), [22, "fuzzy"]);
    assert.deepEqual(read("elle date de 1975", roofAge), [51, "fuzzy"]);
    assert.deepEqual(read("built in 1999", boilerAge), [27, "fuzzy"]);
    assert.deepEqual(read("it dates from 2010", boilerAge), [16, "fuzzy"]);
  });

  void it("is nothing for a year that dates something else, an end, a year to come or a denial", () => {
    assert.equal(read("I stopped in 2019", climbing), null);
    assert.equal(read("jusqu'en 2015", chant), null);
    assert.equal(read("since 2030", climbing), null);
    assert.equal(read("changée en 2021", roofAge), null);
    assert.equal(read("we bought the house in 2018", boilerAge), null);
    assert.equal(read("not since 2019", climbing), null);
  });

  void it("never turns the year into years for a target that takes the year, a date, months or a weekly count", () => {
    const builtYear = target("integer", 1800, 2100, "Année de construction", "En quelle année a-t-elle été construite ?");
    assert.deepEqual(read("construite en 2015", builtYear), [2015, "exact"]);
    const months = target("integer", 0, 600, "Months of experience", "How many months of experience do you have?");
    assert.notDeepEqual(read("since 2019", months)?.[0], 7);
    const weekly = target("integer", 0, 14, "Sessions per week", "How many sessions a week?");
    assert.notDeepEqual(read("since 2019", weekly)?.[0], 7);
    const started = labelledTarget({ type: "string", format: "date" }, { label: "Start date", question: "When did you start?" });
    assert.notDeepEqual(read("since 2019", started)?.[0], 7);
  });
});

void describe("none said in words, for years of practice or a count of what was done before", () => {
  const drivingHours = target("number", 0, 300, "Hours already driven", "How many hours have you already driven?");
  const claims = target("integer", 0, 20, "Sinistres déjà déclarés", "Combien de sinistres avez-vous déjà déclarés ?");

  void it("reads a first time as none, loosely", () => {
    assert.deepEqual(read("c'est ma première fois", chant), [0, "fuzzy"]);
    assert.deepEqual(read("this would be my first time", climbing), [0, "fuzzy"]);
    assert.deepEqual(read("ce serait la première fois", claims), [0, "fuzzy"]);
  });

  void it("reads never as none: exact when it names the activity, loosely otherwise", () => {
    assert.deepEqual(read("je n'ai jamais chanté", chant), [0, "exact"]);
    assert.deepEqual(read("I've never driven", drivingHours), [0, "exact"]);
    assert.deepEqual(read("never done it", climbing), [0, "fuzzy"]);
    assert.deepEqual(read("jamais fait ça", chant), [0, "fuzzy"]);
  });

  void it("reads just started as none years, loosely, for years only", () => {
    assert.deepEqual(read("just started", climbing), [0, "fuzzy"]);
    assert.deepEqual(read("je débute", chant), [0, "fuzzy"]);
    assert.equal(read("just started", claims), null);
  });

  void it("is nothing for a first time denied, a never about knowing, an age or a weekly count", () => {
    assert.equal(read("not my first time", climbing), null);
    assert.equal(read("ce n'est pas la première fois", claims), null);
    assert.equal(read("never really counted", claims), null);
    assert.equal(read("never seen a climbing wall this big", climbing), null);
    assert.equal(read("jamais repeinte", roofAge), null);
    const weekly = target("integer", 0, 14, "Sessions per week", "How many sessions a week?");
    assert.equal(read("first time", weekly), null);
  });

  void it("leaves a yes/no never as a no", () => {
    const before = labelledTarget({ type: "boolean" }, { label: "Climbed before", question: "Have you climbed before?" });
    assert.deepEqual(read("never", before), [false, "exact"]);
    assert.deepEqual(read("jamais grimpé", before), [false, "exact"]);
  });
});

void describe("years of practice said as the age it began at", () => {
  void it("is the age now less the age at the start, loosely", () => {
    assert.deepEqual(read("since I was 12, I'm 34 now", climbing), [22, "fuzzy"]);
    assert.deepEqual(read("I started when I was 16 and I am 41", climbing), [25, "fuzzy"]);
    assert.deepEqual(read("depuis que j'ai 15 ans, j'en ai 45", chant), [30, "fuzzy"]);
    assert.deepEqual(read("depuis l'âge de 10 ans, j'ai 40 ans aujourd'hui", chant), [30, "fuzzy"]);
  });

  void it("is nothing when only the age at the start is said: that age is no number of years", () => {
    assert.equal(read("depuis que j'ai 15 ans", chant), null);
    assert.equal(read("since I was 12", climbing), null);
    assert.equal(read("depuis l'âge de 8 ans", chant), null);
  });

  void it("keeps a duration said after since: 'depuis 15 ans' is fifteen years", () => {
    assert.deepEqual(read("depuis 15 ans", chant)?.[0], 15);
    assert.deepEqual(read("for 12 years now", climbing)?.[0], 12);
  });
});
