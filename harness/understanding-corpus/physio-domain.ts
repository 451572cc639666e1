// Blind domain s16-4 (fourth outside tester): intake form before a physiotherapy appointment, English labels,
// synonyms only where a clinic's form would naturally carry them.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function physioDomainChanges(): ConfigurationChange[] {
  const d = "phy_main";
  return [
    objective("Physiotherapy intake"),
    dimension(d, "Your problem and your availability"),
    question("phy_q_area", "Where is the problem?", "single_choice", d, [
      ["phy_c_neck", "Neck", "neck"],
      ["phy_c_shoulder", "Shoulder", "shoulder"],
      ["phy_c_back", "Back", "back", ["lower back"]],
      ["phy_c_hip", "Hip", "hip"],
      ["phy_c_knee", "Knee", "knee"],
      ["phy_c_ankle", "Ankle / foot", "ankle_foot"],
    ]),
    question("phy_q_pain", "On a scale from 0 to 10, how bad is the pain?", "open", d),
    question("phy_q_since", "Since when have you had this problem?", "open", d),
    question("phy_q_symptoms", "Which of these symptoms do you have?", "multiple_choice", d, [
      ["phy_c_stiff", "Stiffness", "stiffness"],
      ["phy_c_swell", "Swelling", "swelling"],
      ["phy_c_numb", "Numbness or tingling", "numbness", ["pins and needles"]],
      ["phy_c_sharp", "Sharp pain", "sharp_pain"],
      ["phy_c_weak", "Weakness", "weakness"],
      ["phy_c_night", "Pain at night", "night_pain"],
    ]),
    question("phy_q_sessions", "How many physio sessions have you already had for this?", "open", d),
    question("phy_q_referral", "Do you have a referral from a doctor?", "open", d),
    question("phy_q_insurance", "Do you have private health insurance?", "open", d),
    question("phy_q_slot", "Which appointment slot suits you best?", "single_choice", d, [
      ["phy_c_early", "Early morning (7-9am)", "early_morning"],
      ["phy_c_day", "During the day", "daytime"],
      ["phy_c_lunch", "Lunchtime", "lunchtime"],
      ["phy_c_evening", "Evening (after 5pm)", "evening"],
      ["phy_c_sat", "Saturday morning", "saturday"],
    ]),
    question("phy_q_age", "How old are you?", "open", d),
    question("phy_q_cause", "How did it start?", "open", d),
    info("phy_area", "Area", { type: "string", enum: ["neck", "shoulder", "back", "hip", "knee", "ankle_foot"] }, "phy_q_area"),
    info("phy_pain", "Pain level (0-10)", { type: "number", minimum: 0, maximum: 10 }, "phy_q_pain"),
    info("phy_since", "Problem since", { type: "string", format: "date" }, "phy_q_since"),
    info(
      "phy_symptoms",
      "Symptoms",
      enumArray(["stiffness", "swelling", "numbness", "sharp_pain", "weakness", "night_pain"]),
      "phy_q_symptoms",
    ),
    info("phy_sessions", "Sessions already had", { type: "integer", minimum: 0, maximum: 200 }, "phy_q_sessions"),
    info("phy_referral", "Doctor's referral", { type: "boolean" }, "phy_q_referral"),
    info("phy_insurance", "Private health insurance", { type: "boolean" }, "phy_q_insurance"),
    info(
      "phy_slot",
      "Preferred slot",
      { type: "string", enum: ["early_morning", "daytime", "lunchtime", "evening", "saturday"] },
      "phy_q_slot",
    ),
    info("phy_age", "Age", { type: "integer", minimum: 0, maximum: 120 }, "phy_q_age"),
    info("phy_cause", "How it started", { type: "string", maxLength: 1000 }, "phy_q_cause"),
  ];
}
