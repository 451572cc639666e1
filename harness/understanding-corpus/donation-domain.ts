// Blind domain s25-13 (thirteenth outside tester): a blood donor's screening questionnaire, English labels, synonyms
// only where the blood service writing the form would naturally add them. A weight in kg, a height in cm, hours of
// sleep, amounts in pounds.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function donationDomainChanges(): ConfigurationChange[] {
  const d = "bd_main";
  return [
    objective("Blood donation screening"),
    dimension(d, "The donor"),
    question("bd_q_kind", "What would you like to donate?", "single_choice", d, [
      ["bd_c_whole", "Whole blood", "whole_blood"],
      ["bd_c_plasma", "Plasma", "plasma"],
      ["bd_c_platelets", "Platelets", "platelets"],
      ["bd_c_kind_other", "Other", "other"],
    ]),
    question("bd_q_health", "How would you rate your general health today?", "single_choice", d, [
      ["bd_c_h_poor", "Poor", "poor"],
      ["bd_c_h_fair", "Fair", "fair"],
      ["bd_c_h_good", "Good", "good"],
      ["bd_c_h_excellent", "Excellent", "excellent"],
    ]),
    question("bd_q_flags", "Do any of these apply to you?", "multiple_choice", d, [
      ["bd_c_tattoo", "A tattoo or piercing in the last 4 months", "tattoo"],
      ["bd_c_antibiotics", "Currently taking antibiotics", "antibiotics"],
      ["bd_c_travel", "Travel outside the UK in the last 6 months", "travel"],
      ["bd_c_pregnancy", "Pregnant or given birth in the last 6 months", "pregnancy"],
      ["bd_c_flags_none", "None of these", "none"],
    ]),
    question("bd_q_weight", "What is your weight (kg)?", "open", d),
    question("bd_q_height", "How tall are you (cm)?", "open", d),
    question("bd_q_sleep", "How many hours did you sleep last night?", "open", d),
    question("bd_q_times", "How many times have you given blood before?", "open", d),
    question("bd_q_last", "When did you last give blood?", "open", d),
    question("bd_q_book", "When would you like to come and donate?", "open", d),
    question("bd_q_travel", "What does a return trip to the donor centre cost you (£)?", "open", d),
    question("bd_q_fainted", "Have you ever fainted during or after giving blood?", "open", d),
    question("bd_q_notes", "Anything else the nurse should know?", "open", d),
    info("bd_kind", "Donation type", { type: "string", enum: ["whole_blood", "plasma", "platelets", "other"] }, "bd_q_kind"),
    info("bd_health", "General health today", { type: "string", enum: ["poor", "fair", "good", "excellent"] }, "bd_q_health"),
    info("bd_flags", "Deferral flags", enumArray(["tattoo", "antibiotics", "travel", "pregnancy", "none"]), "bd_q_flags"),
    info("bd_weight", "Weight (kg)", { type: "number", minimum: 30, maximum: 250 }, "bd_q_weight"),
    info("bd_height", "Height (cm)", { type: "number", minimum: 100, maximum: 230 }, "bd_q_height"),
    info("bd_sleep", "Sleep last night (hours)", { type: "number", minimum: 0, maximum: 24 }, "bd_q_sleep"),
    info("bd_times", "Previous donations", { type: "integer", minimum: 0, maximum: 200 }, "bd_q_times"),
    info("bd_last", "Date of the last donation", { type: "string", format: "date" }, "bd_q_last"),
    info("bd_book", "Wanted donation date", { type: "string", format: "date" }, "bd_q_book"),
    info("bd_travel", "Return travel cost (£)", { type: "number", minimum: 0, maximum: 500 }, "bd_q_travel"),
    info("bd_fainted", "Has fainted when giving blood", { type: "boolean" }, "bd_q_fainted"),
    info("bd_notes", "Notes", { type: "string" }, "bd_q_notes"),
  ];
}
