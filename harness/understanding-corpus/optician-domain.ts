// Blind domain s18-7 (seventh outside tester): booking at an optician's shop (eye exam, glasses, contact lenses),
// English labels, synonyms only where a shop assistant writing the form would naturally add them.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function opticianDomainChanges(): ConfigurationChange[] {
  const d = "opt_main";
  return [
    objective("Optician booking"),
    dimension(d, "Visit and eyesight"),
    question("opt_q_service", "What would you like to book?", "single_choice", d, [
      ["opt_c_exam", "Eye exam", "exam", ["eye test", "sight test"]],
      ["opt_c_glasses", "New glasses", "glasses", ["spectacles"]],
      ["opt_c_contacts", "Contact lens fitting", "contacts"],
      ["opt_c_repair", "Repair or adjustment", "repair"],
      ["opt_c_other", "Other", "other"],
    ]),
    question("opt_q_wear", "How often do you wear glasses or contact lenses?", "single_choice", d, [
      ["opt_c_wear_never", "Never", "never"],
      ["opt_c_wear_sometimes", "Sometimes (reading, driving)", "sometimes"],
      ["opt_c_wear_most", "Most of the day", "most"],
      ["opt_c_wear_always", "All the time", "always"],
    ]),
    question("opt_q_urgency", "How urgent is your request?", "single_choice", d, [
      ["opt_c_urg_low", "Not urgent", "low"],
      ["opt_c_urg_month", "Within a month", "month"],
      ["opt_c_urg_week", "Within a week", "week"],
      ["opt_c_urg_asap", "As soon as possible", "asap"],
    ]),
    question("opt_q_symptoms", "Do you have any of these symptoms?", "multiple_choice", d, [
      ["opt_c_blurry", "Blurry vision", "blurry"],
      ["opt_c_headaches", "Headaches", "headaches"],
      ["opt_c_dry", "Dry or itchy eyes", "dry"],
      ["opt_c_night", "Trouble seeing at night", "night"],
      ["opt_c_strain", "Eye strain at the screen", "strain"],
      ["opt_c_none", "None of these", "none"],
    ]),
    question("opt_q_last_exam", "When was your last eye exam?", "open", d),
    question("opt_q_appointment", "Which day would suit you for the appointment?", "open", d),
    question("opt_q_budget", "What is your budget for frames and lenses (€)?", "open", d),
    question("opt_q_people", "How many people would you like to book for?", "open", d),
    question("opt_q_screen", "How many hours a day do you spend in front of a screen?", "open", d),
    question("opt_q_insurance", "Does your health insurance cover glasses?", "open", d),
    question("opt_q_night_driving", "Do you drive at night?", "open", d),
    question("opt_q_notes", "Anything else the optician should know?", "open", d),
    info("opt_service", "Service booked", { type: "string", enum: ["exam", "glasses", "contacts", "repair", "other"] }, "opt_q_service"),
    info(
      "opt_wear",
      "How often glasses or lenses are worn",
      { type: "string", enum: ["never", "sometimes", "most", "always"] },
      "opt_q_wear",
    ),
    info("opt_urgency", "Urgency", { type: "string", enum: ["low", "month", "week", "asap"] }, "opt_q_urgency"),
    info("opt_symptoms", "Symptoms", enumArray(["blurry", "headaches", "dry", "night", "strain", "none"]), "opt_q_symptoms"),
    info("opt_last_exam", "Date of the last eye exam", { type: "string", format: "date" }, "opt_q_last_exam"),
    info("opt_appointment", "Wished appointment date", { type: "string", format: "date" }, "opt_q_appointment"),
    info("opt_budget", "Budget for frames and lenses (€)", { type: "number", minimum: 0, maximum: 5000 }, "opt_q_budget"),
    info("opt_people", "Number of people to book", { type: "integer", minimum: 1, maximum: 10 }, "opt_q_people"),
    info("opt_screen", "Screen time per day (hours)", { type: "number", minimum: 0, maximum: 24 }, "opt_q_screen"),
    info("opt_insurance", "Insurance covers glasses", { type: "boolean" }, "opt_q_insurance"),
    info("opt_night_driving", "Drives at night", { type: "boolean" }, "opt_q_night_driving"),
    info("opt_notes", "Notes for the optician", { type: "string" }, "opt_q_notes"),
  ];
}
