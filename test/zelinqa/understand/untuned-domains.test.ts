// Rules found by the second tester's blind domains (car, renovation, gym, loan; corpus/blind-answers.ts), through
// the real engine path: what is stored, with which status. Ids in test/zelinqa/understand/REQUIREMENTS.md.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { runCorpus } from "../../../harness/understanding-corpus/corpus-runner.js";
import type { CorpusEntry } from "../../../harness/understanding-corpus/answers.js";

type Case = [
  domain: CorpusEntry["domain"],
  question: string,
  text: string,
  target: string,
  value: unknown,
  status: "confirmed" | "tentative" | null,
];

async function check(cases: Case[]): Promise<void> {
  const results = await runCorpus(
    cases.map(([domain, question, text]) => ({ domain, question, text, expect: { nothing: true }, category: "nothing" })),
  );
  results.forEach((r, i) => {
    const [, , text, id, value, status] = cases[i] as Case;
    const got = r.got.targets[id];
    if (status === null) assert.equal(got?.value, undefined, `${text}: ${JSON.stringify(got)}`);
    else assert.deepEqual([got?.value, got?.status], [value, status], text);
  });
}

void describe("untuned domains", () => {
  void it("U26: a choice is named by a word of its label no other choice shares, its translation or shortening, as tentative", () =>
    check([
      ["car", "car_q_options", "la caméra et les sièges", "car_options", ["rear_camera", "heated_seats"], "tentative"],
      ["car", "car_q_options", "boite automatique obligatoire", "car_options", ["automatic"], "confirmed"],
      ["gym", "gym_q_plan", "la carte de 10", "gym_plan", "ten_pass", "tentative"],
      ["gym", "gym_q_plan", "mensuel", "gym_plan", "monthly", "confirmed"],
      ["reno", "reno_q_heating", "the pump", "reno_heating", ["heat_pump"], "tentative"],
      ["reno", "reno_q_tenure", "proprio", "reno_tenure", "owner", "confirmed"],
      // The words of a translated phrase ("heating oil" for "oil") are not label words.
      ["reno", "reno_q_heating", "le chauffage est électrique", "reno_heating", ["electric"], "confirmed"],
    ]));

  void it("U27: except, rest, weekend and weekdays; a qualified or hedged choice is tentative", () =>
    check([
      ["car", "car_q_fuel", "tout sauf diesel", "car_fuel", undefined, null],
      ["car", "car_q_fuel", "anything but electric", "car_fuel", undefined, null],
      [
        "gym",
        "gym_q_goals",
        "pas la souplesse, le reste oui",
        "gym_goals",
        ["weight_loss", "muscle_gain", "endurance", "fitness"],
        "confirmed",
      ],
      ["gym", "gym_q_days", "en semaine mais pas le mercredi", "gym_days", ["monday", "tuesday", "thursday", "friday"], "confirmed"],
      ["gym", "gym_q_days", "we can come on monday", "gym_days", ["monday"], "confirmed"],
      ["car", "car_q_condition", "nearly new", "car_condition", "new", "tentative"],
      ["car", "car_q_fuel", "je roule beaucoup donc diesel je pense", "car_fuel", "diesel", "tentative"],
    ]));

  void it("U28: loose yes/no, stopped habits and spoken French negation", () =>
    check([
      ["reno", "reno_q_insulated", "I don't think so", "reno_insulated", false, "tentative"],
      ["gym", "gym_q_smoker", "occasionally", "gym_smoker", true, "tentative"],
      ["gym", "gym_q_smoker", "j'ai arrêté il y a 2 ans", "gym_smoker", false, "tentative"],
      ["gym", "gym_q_smoker", "je fume pas", "gym_smoker", false, "tentative"],
      ["car", "car_q_accidents", "yes but not my fault", "car_accidents", true, "tentative"],
      ["gym", "gym_q_coach", "un coach ça coûte combien ?", "gym_coach", undefined, null],
    ]));

  void it("U29: numbers: leading hundreds, glued units, ages, how-often, own unit, parts, percentages, decades, per month vs per week", () =>
    check([
      ["reno", "reno_q_surface", "cent vingt mètres carrés", "reno_surface", 120, "confirmed"],
      ["reno", "reno_q_surface", "environ 90m²", "reno_surface", 90, "tentative"],
      ["gym", "gym_q_age", "j'ai 2 enfants et 38 ans", "gym_age", 38, "confirmed"],
      ["gym", "gym_q_freq", "twice a week", "gym_freq", 2, "confirmed"],
      ["gym", "gym_q_freq", "deux à trois fois", "gym_freq", 3, "tentative"],
      ["gym", "gym_q_freq", "une fois par mois", "gym_freq", undefined, null],
      ["car", "car_q_seats", "sept places, on a trois enfants", "car_seats", 7, "confirmed"],
      ["reno", "reno_q_rooms", "4 pièces dont 3 chambres", "reno_rooms", 4, "confirmed"],
      ["loan", "loan_q_deposit", "about 10% of the price", "loan_deposit", undefined, null],
      ["loan", "loan_q_deposit", "rien", "loan_deposit", 0, "confirmed"],
      ["reno", "reno_q_year", "dans les années 70", "reno_year", 1975, "tentative"],
      ["reno", "reno_q_surface", "1000 m² de terrain, maison de 110", "reno_surface", 1000, "tentative"],
      ["loan", "loan_q_income", "2500 chacun", "loan_income", 2500, "tentative"],
    ]));

  void it("U30: dates: a month after 'en'/'in', 'd'ici' as a loose deadline", () =>
    check([
      ["reno", "reno_q_start", "en mars", "reno_start", "2027-03-01", "tentative"],
      ["loan", "loan_q_signing", "d'ici deux semaines", "loan_signing", "2026-12-15", "tentative"],
    ]));
});
