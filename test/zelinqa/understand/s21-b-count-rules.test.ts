// Counts and amounts the eleventh blind round stored wrong as confirmed (s21 fix11b): one more person added after a
// group ("famille de 5 + skipper"), a number of loads that counts no boxes, half of a thing that is no measure, a
// distance repeated N times a week, amounts said each for its part of the day or the week. Cases written for these
// rules, FR and EN, with their own labels, and what must not be read. Reference day: Tuesday 2026-12-01 (UTC).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractDirect } from "../../../src/zelinqa/understand/index.js";
import { boundedTarget as target } from "../../support/extraction-target.js";

const read = (text: string, t: ReturnType<typeof target>) => {
  const r = extractDirect(text, t, "2026-12-01");
  return r === null ? null : [r.value, r.certainty];
};

void describe("one more person added after a group", () => {
  const minibus = target("integer", 1, 20, "Nombre de passagers", "Combien de passagers, chauffeur compris ?");
  const table = target("integer", 1, 30, "Number of guests", "How many guests will there be?");
  void it("adds the person the question names, surely", () => {
    assert.deepEqual(read("groupe de 7 + chauffeur", minibus), [8, "exact"]);
    assert.deepEqual(read("9 plus le chauffeur", minibus), [10, "exact"]);
  });
  void it("adds a person of the people lists, loosely", () => {
    assert.deepEqual(read("4 plus my wife", table), [5, "fuzzy"]);
  });
  void it("adds no pet and no thing", () => {
    assert.notDeepEqual(read("5 + un chien", minibus)?.[0], 6);
    assert.notDeepEqual(read("6 plus luggage", table)?.[0], 7);
  });
});

void describe("a number of loads is no number of things", () => {
  const crates = target("integer", 0, 300, "Crates to collect", "How many crates should we collect?");
  const cartons = target("integer", 0, 300, "Nombre de cartons");
  void it("reads nothing from loads of a vehicle", () => {
    assert.equal(read("3 truck loads", crates), null);
    assert.equal(read("two carloads", crates), null);
    assert.equal(read("2 chargements de camionnette", cartons), null);
  });
  void it("still reads the things counted", () => {
    assert.deepEqual(read("3 truck loads, about 60 crates", crates)?.[0], 60);
    assert.deepEqual(read("25 cartons", cartons), [25, "exact"]);
  });
});

void describe("half of a thing that is no measure", () => {
  const walk = target("number", 0, 100, "Daily walk (km)", "How far do you walk each day?");
  const fuel = target("number", 0, 200, "Carburant (litres)");
  void it("reads nothing from a part of a named thing", () => {
    assert.equal(read("half a marathon", walk), null);
    assert.equal(read("un demi-réservoir", fuel), null);
  });
  void it("still reads half of the target's unit", () => {
    assert.deepEqual(read("half a km", walk), [0.5, "exact"]);
    assert.deepEqual(read("un demi litre", fuel), [0.5, "exact"]);
  });
});

void describe("a distance repeated a number of times per the target's period", () => {
  const weekly = target("number", 0, 500, "Cycling per week (km)", "How many km do you ride per week?");
  const nage = target("number", 0, 100, "Distance nagée par semaine (km)");
  void it("multiplies, loosely", () => {
    assert.deepEqual(read("20k twice a week", weekly), [40, "fuzzy"]);
    assert.deepEqual(read("2 km trois fois par semaine", nage), [6, "fuzzy"]);
  });
  void it("does not take one run for the week", () => {
    assert.notDeepEqual(read("30 km six times a month", weekly)?.[0], 30);
  });
});

void describe("amounts said each for its part of the day or the week", () => {
  const study = target("number", 0, 24, "Heures d'étude par jour", "Combien d'heures étudiez-vous par jour ?");
  const session = target("number", 0, 300, "Usual session length (minutes)");
  void it("adds the parts of a day for an amount per day", () => {
    assert.deepEqual(read("1h le matin et 3h l'après-midi", study), [4, "exact"]);
    assert.deepEqual(read("2 hours in the morning, 1 in the evening", study)?.[0], 3);
  });
  void it("reads nothing when each set of days has its own amount", () => {
    assert.equal(read("2 hours on saturdays, 45 minutes in the week", session), null);
    assert.equal(read("1h en semaine, 2h le week-end", session), null);
  });
  void it("still reads one amount with one part", () => {
    assert.deepEqual(read("50 minutes in the morning", session), [50, "exact"]);
  });
});
