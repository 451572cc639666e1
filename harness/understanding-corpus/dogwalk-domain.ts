// Blind domain s24-12 (twelfth outside tester): signing a dog up with a dog-walking service, English labels, synonyms
// only where the walker writing the form would naturally add them. The dog's weight in kg and age in years, a walk's
// length in minutes, walks per week, a weekly budget in pounds.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function dogwalkDomainChanges(): ConfigurationChange[] {
  const d = "dw_main";
  return [
    objective("Dog-walking service sign-up"),
    dimension(d, "Your dog"),
    question("dw_q_service", "What kind of service do you need?", "single_choice", d, [
      ["dw_c_group", "Group walks", "group"],
      ["dw_c_solo", "Solo walks (just your dog)", "solo"],
      ["dw_c_puppy", "Puppy visits", "puppy_visit"],
      ["dw_c_sitting", "Pet sitting at your home", "home_sitting"],
      ["dw_c_service_other", "Other", "other"],
    ]),
    question("dw_q_lead", "How well does your dog walk on the lead?", "single_choice", d, [
      ["dw_c_lead_good", "Walks nicely on the lead", "good"],
      ["dw_c_lead_some", "Pulls a little", "some_pulling"],
      ["dw_c_lead_pulls", "Pulls a lot", "pulls"],
      ["dw_c_lead_none", "Not lead-trained", "untrained"],
    ]),
    question("dw_q_needs", "Does your dog have any of the following?", "multiple_choice", d, [
      ["dw_c_reactive", "Reactive to other dogs", "dog_reactive"],
      ["dw_c_traffic", "Scared of traffic", "traffic_fear"],
      ["dw_c_diet", "Allergies or a special diet", "diet"],
      ["dw_c_meds", "Needs medication during the day", "medication"],
      ["dw_c_needs_none", "None of these", "none"],
    ]),
    question("dw_q_weight", "How much does your dog weigh (kg)?", "open", d),
    question("dw_q_age", "How old is your dog (years)?", "open", d),
    question("dw_q_length", "How long should each walk be (minutes)?", "open", d),
    question("dw_q_perweek", "How many walks a week do you need?", "open", d),
    question("dw_q_budget", "What is your weekly budget (£)?", "open", d),
    question("dw_q_dogs", "How many dogs will we be walking?", "open", d),
    question("dw_q_start", "When would you like the walks to start?", "open", d),
    question("dw_q_vaccinated", "When was your dog last vaccinated?", "open", d),
    question("dw_q_offlead", "Can we let your dog off the lead in the park?", "open", d),
    question("dw_q_notes", "Anything else we should know about your dog?", "open", d),
    info("dw_service", "Service", { type: "string", enum: ["group", "solo", "puppy_visit", "home_sitting", "other"] }, "dw_q_service"),
    info("dw_lead", "On the lead", { type: "string", enum: ["good", "some_pulling", "pulls", "untrained"] }, "dw_q_lead"),
    info("dw_needs", "Special needs", enumArray(["dog_reactive", "traffic_fear", "diet", "medication", "none"]), "dw_q_needs"),
    info("dw_weight", "Dog's weight (kg)", { type: "number", minimum: 0.5, maximum: 100 }, "dw_q_weight"),
    info("dw_age", "Dog's age (years)", { type: "number", minimum: 0, maximum: 25 }, "dw_q_age"),
    info("dw_length", "Walk length (minutes)", { type: "integer", minimum: 10, maximum: 240 }, "dw_q_length"),
    info("dw_perweek", "Walks per week", { type: "integer", minimum: 1, maximum: 21 }, "dw_q_perweek"),
    info("dw_budget", "Weekly budget (£)", { type: "number", minimum: 0, maximum: 1000 }, "dw_q_budget"),
    info("dw_dogs", "Number of dogs", { type: "integer", minimum: 1, maximum: 8 }, "dw_q_dogs"),
    info("dw_start", "Start date", { type: "string", format: "date" }, "dw_q_start"),
    info("dw_vaccinated", "Date of the last vaccination", { type: "string", format: "date" }, "dw_q_vaccinated"),
    info("dw_offlead", "Off the lead allowed", { type: "boolean" }, "dw_q_offlead"),
    info("dw_notes", "Notes", { type: "string" }, "dw_q_notes"),
  ];
}
