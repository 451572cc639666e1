// Dates said with holidays, a day of the month alone or "tout de suite", dates that are ends or questions, and
// don't-know said as "not fixed yet" (docs/zelinqa-understanding.md, Dates; s15 blind causes O, P, Q, S, V).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { extractDate, isDontKnow } from "../../../src/zelinqa/understand/index.js";

/** Tuesday 2026-12-01, unless a case says otherwise. */
const TODAY = "2026-12-01";

type Case = [text: string, value: string | null, certainty?: "exact" | "fuzzy", today?: string];

function check(cases: readonly Case[], passing = false): void {
  for (const [text, value, certainty, today] of cases) {
    const got = extractDate(text, "date", today ?? TODAY, passing);
    if (value === null) assert.equal(got, null, `${text}: ${JSON.stringify(got)}`);
    else assert.deepEqual(got, { value, certainty: certainty ?? "exact" }, text);
  }
}

void describe("date rules", () => {
  void it("holidays and named days: the next occurrence, exact; after one the day after, fuzzy; a deadline fuzzy", () =>
    check([
      ["le jour de Noël", "2026-12-25"],
      ["Christmas Eve", "2026-12-24"],
      ["le réveillon", "2026-12-31"],
      ["juste après Noel", "2026-12-26", "fuzzy"],
      ["after new year's day", "2027-01-02", "fuzzy"],
      ["pour la Saint-Valentin", "2027-02-14", "fuzzy"],
      ["Easter Monday", "2027-03-29"],
      // Easter is computed: 16 April in 2028, once the 2027 one has passed.
      ["à Pâques", "2028-04-16", "exact", "2027-04-01"],
      ["thanksgiving", "2027-11-25", "exact", "2027-11-01"],
      ["halloween", "2027-10-31"],
      ["le 14 juillet", "2027-07-14"],
      ["fete nationale", "2027-07-14"],
      ["avant la fin de l'année", "2026-12-31", "fuzzy"],
      ["end of next year", "2027-12-31", "fuzzy"],
    ]));

  void it("holiday periods: only after one gives a day (the return, fuzzy); during one, none, and its month is not read", () =>
    check([
      ["au retour des fêtes", "2027-01-02", "fuzzy"],
      ["after the Christmas break", "2027-01-04", "fuzzy"],
      ["après les vacances de la Toussaint", "2027-11-08", "fuzzy", "2027-09-15"],
      ["après les vacances d'avril", "2027-05-01", "fuzzy"],
      ["pendant les vacances de Noël", null],
      ["during the april holidays", null],
      ["sur les vacances de mai", null],
      // "the holidays" unqualified are the Christmas ones only when they are near.
      ["after the holidays", null, undefined, "2027-06-10"],
      // The holiday naming another thing is no day; a stated date wins over a holiday said around it.
      ["c'est pour le repas de Noël", null],
      ["a christmas party", null],
      ["après les fêtes, vers le 8 janvier", "2027-01-08", "fuzzy"],
    ]));

  void it("a day of the month alone: the next one to come; not a count, an ordinal of something else, or the 29th-31st", () =>
    check([
      ["le 20", "2026-12-20"],
      ["the 2nd please", "2026-12-02"],
      ["le 1er", "2027-01-01"],
      ["le 3", "2027-01-03", "exact", "2026-12-22"],
      ["the 10th of next month", "2027-01-10"],
      ["le 8 du mois prochain", "2027-01-08"],
      ["mercredi 9", "2026-12-09"],
      ["vers le 12", "2026-12-12", "fuzzy"],
      // The weekday and the day disagree.
      ["vendredi 9", null],
      ["le 15 rue des Lilas", null],
      ["the 2nd floor", null],
      ["le 3e", null],
      ["20 personnes", null],
      ["les 15", null],
      ["le 30", null],
    ]));

  void it("an immediate start is the reference day; a wish for the earliest day, or a negated one, is none", () =>
    check([
      ["right away", "2026-12-01"],
      ["je peux commencer maintenant", "2026-12-01"],
      ["de suite si possible", "2026-12-01"],
      ["not right now, in March", "2027-03-01", "fuzzy"],
      ["pas maintenant", null],
      ["dès que possible", null],
      ["as soon as possible", null],
      ["now that I think of it", null],
    ]));

  void it("a day left open is none: 'any saturday', 'n'importe quand'", () =>
    check([
      ["any saturday in february", null],
      ["n'importe quand en mars", null],
      // s24: the week said, the day left open, is that week's Monday loosely, as "next week" alone (the corpus's
      // ninth, eleventh and twelfth rounds: "any day next week").
      ["anytime next week", "2026-12-07", "fuzzy"],
    ]));

  void it("in passing, an end bound, a question back or a bare day is no date for another target", () =>
    check(
      [
        ["until june", null],
        ["je suis en CDD jusqu'au 30 avril", null],
        ["vous livrez le samedi ?", null],
        ["le 20", null],
        ["right now I have two kids", null],
        ["after christmas", "2026-12-26", "fuzzy"],
      ],
      true,
    ));

  void it("answering, an end keeps its date, and a date asked back is held loosely", () =>
    check([
      ["jusqu'à fin mars", "2027-03-31", "fuzzy"],
      ["by the end of march", "2027-03-31", "fuzzy"],
      ["le 18 ?", "2026-12-18", "fuzzy"],
    ]));

  void it("don't-know said as not fixed, not set or to be decided", () => {
    for (const text of ["the date is still to be determined", "on n'a rien de fixé", "pas encore calé", "TBC", "date à définir"])
      assert.equal(isDontKnow(text), true, text);
    for (const text of ["on the 12th", "the price is fixed", "c'est fixé au 12", "le 15 définitivement"])
      assert.equal(isDontKnow(text), false, text);
  });
});
