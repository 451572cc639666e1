// Blind domain s21-11 (eleventh outside tester): signing up with a running coach, English labels, synonyms only
// where the coach writing the form would naturally add them. A distance in km per week, a run's length in minutes,
// years of running, hours of sleep per night.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function runningDomainChanges(): ConfigurationChange[] {
  const d = "rn_main";
  return [
    objective("Running coach sign-up"),
    dimension(d, "The runner"),
    question("rn_q_goal", "What is your main goal?", "single_choice", d, [
      ["rn_c_5k", "Finish my first 5K", "first_5k"],
      ["rn_c_faster", "Run a faster race time", "faster"],
      ["rn_c_marathon", "Complete a marathon", "marathon"],
      ["rn_c_weight", "Lose weight", "weight"],
      ["rn_c_goal_other", "Other", "other"],
    ]),
    question("rn_q_level", "How would you describe your running level?", "single_choice", d, [
      ["rn_c_lvl_beg", "Beginner", "beginner"],
      ["rn_c_lvl_occ", "Occasional runner", "occasional"],
      ["rn_c_lvl_reg", "Regular runner", "regular"],
      ["rn_c_lvl_comp", "Competitive", "competitive"],
    ]),
    question("rn_q_injuries", "Have you had any of these injuries in the last two years?", "multiple_choice", d, [
      ["rn_c_knee", "Knee pain", "knee"],
      ["rn_c_shins", "Shin splints", "shins"],
      ["rn_c_achilles", "Achilles problems", "achilles"],
      ["rn_c_plantar", "Plantar fasciitis", "plantar"],
      ["rn_c_back", "Back pain", "back"],
      ["rn_c_inj_none", "None of these", "none"],
    ]),
    question("rn_q_distance", "How many kilometres do you run per week?", "open", d),
    question("rn_q_minutes", "How long does your usual run last (minutes)?", "open", d),
    question("rn_q_years", "How many years have you been running?", "open", d),
    question("rn_q_sleep", "How many hours do you sleep per night?", "open", d),
    question("rn_q_sessions", "How many sessions a week can you train?", "open", d),
    question("rn_q_budget", "What is your monthly budget for coaching (£)?", "open", d),
    question("rn_q_race", "When is your target race?", "open", d),
    question("rn_q_last", "When did you last take part in a race?", "open", d),
    question("rn_q_watch", "Do you run with a GPS watch?", "open", d),
    question("rn_q_notes", "Anything else your coach should know?", "open", d),
    info("rn_goal", "Main goal", { type: "string", enum: ["first_5k", "faster", "marathon", "weight", "other"] }, "rn_q_goal"),
    info("rn_level", "Running level", { type: "string", enum: ["beginner", "occasional", "regular", "competitive"] }, "rn_q_level"),
    info("rn_injuries", "Recent injuries", enumArray(["knee", "shins", "achilles", "plantar", "back", "none"]), "rn_q_injuries"),
    info("rn_distance", "Distance per week (km)", { type: "number", minimum: 0, maximum: 300 }, "rn_q_distance"),
    info("rn_minutes", "Usual run length (minutes)", { type: "number", minimum: 0, maximum: 600 }, "rn_q_minutes"),
    info("rn_years", "Years of running", { type: "number", minimum: 0, maximum: 80 }, "rn_q_years"),
    info("rn_sleep", "Sleep per night (hours)", { type: "number", minimum: 0, maximum: 16 }, "rn_q_sleep"),
    info("rn_sessions", "Sessions per week", { type: "integer", minimum: 0, maximum: 14 }, "rn_q_sessions"),
    info("rn_budget", "Monthly coaching budget (£)", { type: "number", minimum: 0, maximum: 1000 }, "rn_q_budget"),
    info("rn_race", "Target race date", { type: "string", format: "date" }, "rn_q_race"),
    info("rn_last", "Last race date", { type: "string", format: "date" }, "rn_q_last"),
    info("rn_watch", "Runs with a GPS watch", { type: "boolean" }, "rn_q_watch"),
    info("rn_notes", "Notes", { type: "string" }, "rn_q_notes"),
  ];
}
