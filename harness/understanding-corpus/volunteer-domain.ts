// Blind domain s20-10 (tenth outside tester): signing up as a volunteer with a community association, English
// labels, synonyms only where the coordinator writing the form would naturally add them. Hours per week, a commitment
// in months, a distance in km.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function volunteerDomainChanges(): ConfigurationChange[] {
  const d = "vol_main";
  return [
    objective("Volunteer sign-up"),
    dimension(d, "Your volunteering"),
    question("vol_q_role", "Which role interests you most?", "single_choice", d, [
      ["vol_c_foodbank", "Food bank sorting", "foodbank"],
      ["vol_c_driver", "Driving and deliveries", "driver"],
      ["vol_c_befriend", "Befriending older people", "befriending"],
      ["vol_c_events", "Events and fundraising", "events"],
      ["vol_c_admin", "Office and admin", "admin"],
      ["vol_c_role_other", "Something else", "other"],
    ]),
    question("vol_q_experience", "How much volunteering experience do you have?", "single_choice", d, [
      ["vol_c_exp_none", "None at all", "none"],
      ["vol_c_exp_little", "A little", "little"],
      ["vol_c_exp_some", "Quite a lot", "lot"],
      ["vol_c_exp_very", "Very experienced", "expert"],
    ]),
    question("vol_q_skills", "Do you have any of these?", "multiple_choice", d, [
      ["vol_c_firstaid", "First aid certificate", "first_aid"],
      ["vol_c_licence", "Full driving licence", "licence"],
      ["vol_c_dbs", "DBS check", "dbs"],
      ["vol_c_language", "Another language", "language"],
      ["vol_c_cooking", "Food hygiene certificate", "food_hygiene"],
      ["vol_c_skills_none", "None of these", "none"],
    ]),
    question("vol_q_hours", "How many hours a week can you give?", "open", d),
    question("vol_q_months", "For how many months can you commit?", "open", d),
    question("vol_q_distance", "How far are you willing to travel (km)?", "open", d),
    question("vol_q_group", "How many people are signing up, including you?", "open", d),
    question("vol_q_start", "When can you start?", "open", d),
    question("vol_q_last", "When did you last volunteer anywhere?", "open", d),
    question("vol_q_expenses", "How much travel expenses would you need per month (£)?", "open", d),
    question("vol_q_weekend", "Are you available at weekends?", "open", d),
    question("vol_q_notes", "Anything else we should know?", "open", d),
    info(
      "vol_role",
      "Preferred role",
      { type: "string", enum: ["foodbank", "driver", "befriending", "events", "admin", "other"] },
      "vol_q_role",
    ),
    info("vol_experience", "Experience", { type: "string", enum: ["none", "little", "lot", "expert"] }, "vol_q_experience"),
    info("vol_skills", "Skills and checks", enumArray(["first_aid", "licence", "dbs", "language", "food_hygiene", "none"]), "vol_q_skills"),
    info("vol_hours", "Hours per week", { type: "number", minimum: 0.5, maximum: 60 }, "vol_q_hours"),
    info("vol_months", "Commitment (months)", { type: "integer", minimum: 1, maximum: 36 }, "vol_q_months"),
    info("vol_distance", "Travel distance (km)", { type: "number", minimum: 0, maximum: 200 }, "vol_q_distance"),
    info("vol_group", "People signing up", { type: "integer", minimum: 1, maximum: 30 }, "vol_q_group"),
    info("vol_start", "Start date", { type: "string", format: "date" }, "vol_q_start"),
    info("vol_last", "Last volunteered", { type: "string", format: "date" }, "vol_q_last"),
    info("vol_expenses", "Travel expenses per month (£)", { type: "number", minimum: 0, maximum: 1000 }, "vol_q_expenses"),
    info("vol_weekend", "Available at weekends", { type: "boolean" }, "vol_q_weekend"),
    info("vol_notes", "Notes", { type: "string" }, "vol_q_notes"),
  ];
}
