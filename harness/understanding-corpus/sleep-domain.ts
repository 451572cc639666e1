// Blind domain s27-15 (fifteenth outside tester): a sleep clinic intake, English labels, synonyms only where the
// clinic writing the form would naturally add them. Hours of sleep a night, a body weight in kg, a count of night
// wakings, a past date ("since when") and a future appointment.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function sleepDomainChanges(): ConfigurationChange[] {
  const d = "sc_main";
  return [
    objective("Sleep clinic intake"),
    dimension(d, "Your sleep"),
    question("sc_q_problem", "What is your main sleep complaint?", "single_choice", d, [
      ["sc_c_falling", "Trouble falling asleep", "falling"],
      ["sc_c_waking", "Waking up during the night", "waking"],
      ["sc_c_snoring", "Snoring or pauses in breathing", "snoring", ["sleep apnoea", "apnea"]],
      ["sc_c_sleepy", "Feeling sleepy during the day", "sleepy"],
      ["sc_c_problem_other", "Other", "other"],
    ]),
    question("sc_q_habits", "Do any of these apply to you?", "multiple_choice", d, [
      ["sc_c_caffeine", "Coffee or energy drinks after 4pm", "caffeine"],
      ["sc_c_screens", "Phone or screens in bed", "screens"],
      ["sc_c_shifts", "Night or rotating shifts", "shifts"],
      ["sc_c_alcohol", "Alcohol most evenings", "alcohol"],
      ["sc_c_habits_none", "None of these", "none"],
    ]),
    question("sc_q_hours", "How many hours do you sleep on a typical night?", "open", d),
    question("sc_q_weight", "What is your weight (kg)?", "open", d),
    question("sc_q_wakeups", "How many times do you wake up in a typical night?", "open", d),
    question("sc_q_since", "Since when have you had these sleep problems?", "open", d),
    question("sc_q_appt", "When would you like your first appointment?", "open", d),
    question("sc_q_partner", "Do you share your bed with a partner?", "open", d),
    question("sc_q_notes", "Anything else you would like the sleep team to know?", "open", d),
    info("sc_problem", "Main complaint", { type: "string", enum: ["falling", "waking", "snoring", "sleepy", "other"] }, "sc_q_problem"),
    info("sc_habits", "Habits", enumArray(["caffeine", "screens", "shifts", "alcohol", "none"]), "sc_q_habits"),
    info("sc_hours", "Hours of sleep per night", { type: "number", minimum: 0, maximum: 16 }, "sc_q_hours"),
    info("sc_weight", "Weight (kg)", { type: "number", minimum: 30, maximum: 250 }, "sc_q_weight"),
    info("sc_wakeups", "Night wakings", { type: "integer", minimum: 0, maximum: 20 }, "sc_q_wakeups"),
    info("sc_since", "Problems since", { type: "string", format: "date" }, "sc_q_since"),
    info("sc_appt", "First appointment", { type: "string", format: "date" }, "sc_q_appt"),
    info("sc_partner", "Shares bed with a partner", { type: "boolean" }, "sc_q_partner"),
    info("sc_notes", "Notes", { type: "string" }, "sc_q_notes"),
  ];
}
