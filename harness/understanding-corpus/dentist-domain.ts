// Blind domain s17-6 (sixth outside tester): a new patient's intake at a dental clinic, English labels, synonyms only
// where a clinic receptionist would naturally write them.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function dentistDomainChanges(): ConfigurationChange[] {
  const d = "den_main";
  return [
    objective("Dental clinic intake"),
    dimension(d, "Patient and visit"),
    question("den_q_reason", "What is the main reason for your visit?", "single_choice", d, [
      ["den_c_checkup", "Routine check-up", "checkup"],
      ["den_c_pain", "Toothache or pain", "pain"],
      ["den_c_cleaning", "Cleaning / scaling", "cleaning"],
      ["den_c_filling", "Filling or crown", "filling"],
      ["den_c_whitening", "Whitening", "whitening"],
      ["den_c_other", "Other reason", "other"],
    ]),
    question("den_q_pain", "How bad is your pain right now?", "single_choice", d, [
      ["den_c_pain_none", "No pain", "none"],
      ["den_c_pain_mild", "Mild", "mild"],
      ["den_c_pain_moderate", "Moderate", "moderate"],
      ["den_c_pain_severe", "Severe", "severe"],
    ]),
    question("den_q_floss", "How often do you floss?", "single_choice", d, [
      ["den_c_floss_never", "Never", "never"],
      ["den_c_floss_monthly", "A few times a month", "monthly"],
      ["den_c_floss_weekly", "A few times a week", "weekly"],
      ["den_c_floss_daily", "Every day", "daily"],
    ]),
    question("den_q_conditions", "Do you have any of these medical conditions?", "multiple_choice", d, [
      ["den_c_diabetes", "Diabetes", "diabetes"],
      ["den_c_heart", "Heart condition", "heart"],
      ["den_c_pregnancy", "Pregnancy", "pregnancy"],
      ["den_c_allergy", "Allergy to medication", "allergy"],
      ["den_c_thinners", "Taking blood thinners", "blood_thinners"],
    ]),
    question("den_q_last_visit", "When was your last visit to a dentist?", "open", d),
    question("den_q_appointment", "Which date would you like for the appointment?", "open", d),
    question("den_q_insured", "Do you have dental insurance?", "open", d),
    question("den_q_patients", "How many people in your family need an appointment?", "open", d),
    question("den_q_budget", "What is the most you could pay out of pocket (€)?", "open", d),
    question("den_q_distance", "How far can you travel to the clinic (km)?", "open", d),
    question("den_q_notes", "Anything else the dentist should know?", "open", d),
    info(
      "den_reason",
      "Reason for the visit",
      { type: "string", enum: ["checkup", "pain", "cleaning", "filling", "whitening", "other"] },
      "den_q_reason",
    ),
    info("den_pain", "Pain level", { type: "string", enum: ["none", "mild", "moderate", "severe"] }, "den_q_pain"),
    info("den_floss", "Flossing frequency", { type: "string", enum: ["never", "monthly", "weekly", "daily"] }, "den_q_floss"),
    info(
      "den_conditions",
      "Medical conditions",
      enumArray(["diabetes", "heart", "pregnancy", "allergy", "blood_thinners"]),
      "den_q_conditions",
    ),
    info("den_last_visit", "Last dental visit", { type: "string", format: "date" }, "den_q_last_visit"),
    info("den_appointment", "Wished appointment date", { type: "string", format: "date" }, "den_q_appointment"),
    info("den_insured", "Has dental insurance", { type: "boolean" }, "den_q_insured"),
    info("den_patients", "Number of patients", { type: "integer", minimum: 1, maximum: 12 }, "den_q_patients"),
    info("den_budget", "Maximum out-of-pocket amount (€)", { type: "number", minimum: 0, maximum: 30000 }, "den_q_budget"),
    info("den_distance", "Maximum travel distance (km)", { type: "number", minimum: 0, maximum: 500 }, "den_q_distance"),
    info("den_notes", "Notes for the dentist", { type: "string" }, "den_q_notes"),
  ];
}
