// Numbers and counts of the s24 fixer "b": a correction said with "make it" / "let's say"; days of the week with an
// exception ("tous les jours sauf le lundi") and "every weekday"; so many a day over the days named for a count per week;
// the hours between a start word's time and an end word's ("couchée à 23h, levée à 6h"); the years since a year said
// against this one ("installé l'an dernier"); the French "neuf" that means new ("tout neuf"), not nine.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ExtractionTarget } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget as target, readDirect } from "../../support/extraction-target.js";

const read = (text: string, t: ExtractionTarget) => readDirect(text, t, "2026-12-01");

const visit = target("integer", 5, 300, "Length of a visit (minutes)", "How long should each visit last?");
const lessons = target("integer", 0, 30, "Lessons per week", "How many lessons a week would you like?");
const seances = target("integer", 0, 30, "Séances par semaine", "Combien de séances par semaine ?");
const present = target("integer", 0, 7, "Jours de présence par semaine", "Combien de jours par semaine serez-vous là ?");
const rest = target("number", 0, 16, "Repos par nuit (heures)", "Combien d'heures de repos par nuit ?");
const sleep = target("number", 0, 16, "Sleep per night (hours)", "How many hours do you sleep a night?");
const shift = target("number", 0, 16, "Shift length (hours)", "How long is your shift?");
const boiler = target("number", 0, 100, "Âge de la chaudière (années)", "Quel âge a la chaudière ?");
const fence = target("number", 0, 100, "Fence age (years)", "How old is the fence?");

void describe("a correction said with 'make it' or 'let's say'", () => {
  void it("takes the value said after it", () => {
    assert.deepEqual(read("ninety minutes, no make it an hour", visit), [60, "exact"]);
    assert.deepEqual(read("half an hour, make it 40 min", visit)?.[0], 40);
    assert.deepEqual(read("2 a week... let's say 3", lessons), [3, "exact"]);
  });

  void it("reads no correction where 'make it' corrects nothing", () => {
    assert.deepEqual(read("an hour, no problem", visit), [60, "exact"]);
    assert.deepEqual(read("3 lessons, if I can make it", lessons)?.[0], 3);
  });
});

void describe("days of the week with an exception, and every weekday", () => {
  void it("sets the days after 'except' / 'sauf' apart", () => {
    assert.deepEqual(read("every day except saturdays", lessons), [6, "exact"]);
    assert.deepEqual(read("tous les jours sauf le mercredi", present), [6, "exact"]);
    assert.deepEqual(read("weekdays but not fridays", lessons), [4, "fuzzy"]);
    assert.deepEqual(read("du lundi au samedi sauf le jeudi", present), [5, "exact"]);
  });

  void it("reads 'every weekday' and 'chaque jour de semaine' as five, loosely", () => {
    assert.deepEqual(read("each weekday", lessons), [5, "fuzzy"]);
    assert.deepEqual(read("chaque jour de semaine", seances), [5, "fuzzy"]);
  });

  void it("holds every day loosely when what is set apart is no day; nothing when it is not among the days", () => {
    assert.deepEqual(read("every day except when I'm ill", lessons), [7, "fuzzy"]);
    assert.equal(read("le week-end sauf le lundi", present), null);
    assert.equal(read("pas le mardi", present), null);
  });
});

void describe("so many a day over the days named, for a count per week", () => {
  void it("multiplies", () => {
    assert.deepEqual(read("three times a day, every day", lessons), [21, "exact"]);
    assert.deepEqual(read("deux par jour en semaine", seances), [10, "fuzzy"]);
    assert.deepEqual(read("2 sessions a day, mon to wed", lessons), [6, "exact"]);
    assert.deepEqual(read("twice a day", lessons), [14, "fuzzy"]);
  });

  void it("never multiplies for a count of days, nor when the rest is more than days", () => {
    assert.notDeepEqual(read("deux fois par jour en semaine", present)?.[0], 10);
    assert.equal(read("twice a day when it's sunny", lessons), null);
  });
});

void describe("the hours from a start word's time to an end word's", () => {
  void it("reads the span, through midnight if need be", () => {
    assert.deepEqual(read("couchée à 22h, levée à 6h", rest), [8, "fuzzy"]);
    assert.deepEqual(read("je m'endors vers minuit et je me réveille à 7h", rest), [7, "fuzzy"]);
    assert.deepEqual(read("in bed at 10.30, up at 6.30", sleep), [8, "fuzzy"]);
    assert.deepEqual(read("I start at 7am and finish at 3pm", shift), [8, "fuzzy"]);
  });

  void it("reads no span from one time, nor from an end said first, and keeps a number of hours said besides", () => {
    assert.deepEqual(read("je me lève à 6h", rest)?.[0], 6);
    assert.equal(read("up at 6, in bed by 11", sleep), null);
    assert.deepEqual(read("6 hours, bed at 11 and up at 7", sleep)?.[0], 6);
  });
});

void describe("the years since a year said against this one, and 'neuf' as new", () => {
  void it("reads 'installée l'an dernier', 'put up last year', 'built this year'", () => {
    assert.deepEqual(read("installée l'année dernière", boiler), [1, "fuzzy"]);
    assert.deepEqual(read("toute neuve, posée l'an dernier", boiler), [1, "fuzzy"]);
    assert.deepEqual(read("put up last year", fence), [1, "fuzzy"]);
    assert.deepEqual(read("we built it this year", fence), [0, "fuzzy"]);
  });

  void it("reads no year begun from 'last year' without a verb of a beginning, nor beside a number of years", () => {
    assert.equal(read("last year", fence), null);
    assert.deepEqual(read("douze ans, révisée l'an dernier", boiler)?.[0], 12);
  });

  void it("reads 'neuf' after 'tout', 'comme', 'à' (remis à neuf) as new, never as nine", () => {
    assert.notDeepEqual(read("tout neuf", boiler)?.[0], 9);
    assert.notDeepEqual(read("remis à neuf", boiler)?.[0], 9);
    assert.deepEqual(read("comme neuf, 4 ans", boiler)?.[0], 4);
    assert.deepEqual(read("neuf ans", boiler)?.[0], 9);
    assert.deepEqual(read("dix-neuf ans", boiler)?.[0], 19);
  });
});
