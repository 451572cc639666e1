// Blind domain s26-14 (fourteenth outside tester): a hearing test intake, English labels, synonyms only where the
// hearing centre writing the form would naturally add them. Noise exposure in hours a week, an age in years, a count
// of hearing aids, a future appointment and the date of the last test.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function hearingDomainChanges(): ConfigurationChange[] {
  const d = "hr_main";
  return [
    objective("Hearing test intake"),
    dimension(d, "Your hearing"),
    question("hr_q_reason", "What is the main reason for your visit?", "single_choice", d, [
      ["hr_c_conv", "Trouble following conversations", "conversations"],
      ["hr_c_tinnitus", "Ringing in the ears (tinnitus)", "tinnitus"],
      ["hr_c_routine", "Routine check", "routine"],
      ["hr_c_review", "Hearing aid review", "aid_review"],
      ["hr_c_reason_other", "Other", "other"],
    ]),
    question("hr_q_situations", "Where do you struggle to hear?", "multiple_choice", d, [
      ["hr_c_phone", "On the phone", "phone"],
      ["hr_c_noisy", "In noisy places (restaurants, pubs)", "noisy"],
      ["hr_c_tv", "Watching TV", "tv"],
      ["hr_c_meetings", "In meetings at work", "meetings"],
      ["hr_c_sit_none", "None of these", "none"],
    ]),
    question("hr_q_noise", "How many hours a week are you around loud noise (hours)?", "open", d),
    question("hr_q_age", "How old are you (years)?", "open", d),
    question("hr_q_aids", "How many hearing aids do you wear at the moment?", "open", d),
    question("hr_q_appt", "When would you like to come in?", "open", d),
    question("hr_q_last", "When was your last hearing test?", "open", d),
    question("hr_q_pain", "Do you have any pain or discharge from your ears?", "open", d),
    question("hr_q_notes", "Anything else we should know before your appointment?", "open", d),
    info(
      "hr_reason",
      "Reason for the visit",
      { type: "string", enum: ["conversations", "tinnitus", "routine", "aid_review", "other"] },
      "hr_q_reason",
    ),
    info("hr_situations", "Difficult situations", enumArray(["phone", "noisy", "tv", "meetings", "none"]), "hr_q_situations"),
    info("hr_noise", "Loud noise exposure (hours a week)", { type: "number", minimum: 0, maximum: 100 }, "hr_q_noise"),
    info("hr_age", "Age (years)", { type: "number", minimum: 18, maximum: 110 }, "hr_q_age"),
    info("hr_aids", "Hearing aids worn", { type: "integer", minimum: 0, maximum: 2 }, "hr_q_aids"),
    info("hr_appt", "Appointment date", { type: "string", format: "date" }, "hr_q_appt"),
    info("hr_last", "Date of the last hearing test", { type: "string", format: "date" }, "hr_q_last"),
    info("hr_pain", "Ear pain or discharge", { type: "boolean" }, "hr_q_pain"),
    info("hr_notes", "Notes", { type: "string" }, "hr_q_notes"),
  ];
}
