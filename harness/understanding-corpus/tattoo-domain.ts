// Blind domain s26-14 (fourteenth outside tester): booking a tattoo appointment, English labels, synonyms only where
// the studio writing the form would naturally add them. A size in cm, a budget in pounds, a count of tattoos already
// had, a future appointment and a past date.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function tattooDomainChanges(): ConfigurationChange[] {
  const d = "tt_main";
  return [
    objective("Tattoo appointment booking"),
    dimension(d, "The tattoo"),
    question("tt_q_style", "Which style are you after?", "single_choice", d, [
      ["tt_c_fineline", "Fine line", "fineline"],
      ["tt_c_traditional", "Traditional / old school", "traditional"],
      ["tt_c_realism", "Realism (portraits, black and grey)", "realism"],
      ["tt_c_blackwork", "Blackwork", "blackwork"],
      ["tt_c_lettering", "Lettering / script", "lettering"],
      ["tt_c_style_other", "Other", "other"],
    ]),
    question("tt_q_health", "Do any of these apply to you?", "multiple_choice", d, [
      ["tt_c_allergy", "Allergies (latex, inks, plasters)", "allergy"],
      ["tt_c_thinners", "Taking blood thinners", "thinners"],
      ["tt_c_pregnant", "Pregnant or breastfeeding", "pregnant"],
      ["tt_c_skin", "Skin condition where the tattoo will go", "skin"],
      ["tt_c_health_none", "None of these", "none"],
    ]),
    question("tt_q_size", "Roughly how big should it be (cm, longest side)?", "open", d),
    question("tt_q_budget", "What is your budget (£)?", "open", d),
    question("tt_q_count", "How many tattoos do you already have?", "open", d),
    question("tt_q_date", "When would you like your appointment?", "open", d),
    question("tt_q_last", "When did you get your last tattoo?", "open", d),
    question("tt_q_cover", "Is this a cover-up of an existing tattoo?", "open", d),
    question("tt_q_notes", "Anything else the artist should know?", "open", d),
    info(
      "tt_style",
      "Style",
      { type: "string", enum: ["fineline", "traditional", "realism", "blackwork", "lettering", "other"] },
      "tt_q_style",
    ),
    info("tt_health", "Health points", enumArray(["allergy", "thinners", "pregnant", "skin", "none"]), "tt_q_health"),
    info("tt_size", "Size (cm)", { type: "number", minimum: 1, maximum: 120 }, "tt_q_size"),
    info("tt_budget", "Budget (£)", { type: "number", minimum: 0, maximum: 10000 }, "tt_q_budget"),
    info("tt_count", "Tattoos already had", { type: "integer", minimum: 0, maximum: 200 }, "tt_q_count"),
    info("tt_date", "Appointment date", { type: "string", format: "date" }, "tt_q_date"),
    info("tt_last", "Date of the last tattoo", { type: "string", format: "date" }, "tt_q_last"),
    info("tt_cover", "Cover-up", { type: "boolean" }, "tt_q_cover"),
    info("tt_notes", "Notes", { type: "string" }, "tt_q_notes"),
  ];
}
