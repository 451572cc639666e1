// Blind domain s24-12 (twelfth outside tester): a roofer's repair quote, English labels, synonyms only where the
// roofer writing the form would naturally add them. A roof area in m², the roof's age in years, the gutter height in
// metres, a budget in pounds.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function roofingDomainChanges(): ConfigurationChange[] {
  const d = "rf_main";
  return [
    objective("Roof repair quote"),
    dimension(d, "The roof"),
    question("rf_q_problem", "What is the main problem?", "single_choice", d, [
      ["rf_c_leak", "A leak", "leak"],
      ["rf_c_tiles", "Missing or broken tiles or slates", "tiles"],
      ["rf_c_gutters", "Gutters", "gutters"],
      ["rf_c_chimney", "Chimney", "chimney"],
      ["rf_c_problem_other", "Other", "other"],
    ]),
    question("rf_q_urgency", "How urgent is the job?", "single_choice", d, [
      ["rf_c_urg_low", "It can wait a few months", "low"],
      ["rf_c_urg_med", "Within a few weeks", "medium"],
      ["rf_c_urg_high", "This week", "high"],
      ["rf_c_urg_emerg", "Emergency: water is coming in now", "emergency"],
    ]),
    question("rf_q_access", "Is there anything that makes access difficult?", "multiple_choice", d, [
      ["rf_c_conservatory", "A conservatory below", "conservatory"],
      ["rf_c_parking", "No parking or a narrow lane", "no_parking"],
      ["rf_c_solar", "Solar panels on the roof", "solar_panels"],
      ["rf_c_trees", "Overhanging trees", "trees"],
      ["rf_c_access_none", "None of these", "none"],
    ]),
    question("rf_q_area", "Roughly how big is the roof (m²)?", "open", d),
    question("rf_q_age", "How old is the roof (years)?", "open", d),
    question("rf_q_height", "How high is the gutter line from the ground (metres)?", "open", d),
    question("rf_q_budget", "What budget do you have in mind (£)?", "open", d),
    question("rf_q_storeys", "How many storeys does the building have?", "open", d),
    question("rf_q_visit", "When could we come and inspect the roof?", "open", d),
    question("rf_q_last", "When was the roof last repaired or inspected?", "open", d),
    question("rf_q_insurance", "Is this an insurance claim?", "open", d),
    question("rf_q_notes", "Anything else we should know?", "open", d),
    info("rf_problem", "Main problem", { type: "string", enum: ["leak", "tiles", "gutters", "chimney", "other"] }, "rf_q_problem"),
    info("rf_urgency", "Urgency", { type: "string", enum: ["low", "medium", "high", "emergency"] }, "rf_q_urgency"),
    info("rf_access", "Access difficulties", enumArray(["conservatory", "no_parking", "solar_panels", "trees", "none"]), "rf_q_access"),
    info("rf_area", "Roof area (m²)", { type: "number", minimum: 1, maximum: 2000 }, "rf_q_area"),
    info("rf_age", "Roof age (years)", { type: "number", minimum: 0, maximum: 300 }, "rf_q_age"),
    info("rf_height", "Gutter height (m)", { type: "number", minimum: 1, maximum: 60 }, "rf_q_height"),
    info("rf_budget", "Budget (£)", { type: "number", minimum: 0, maximum: 200000 }, "rf_q_budget"),
    info("rf_storeys", "Number of storeys", { type: "integer", minimum: 1, maximum: 20 }, "rf_q_storeys"),
    info("rf_visit", "Inspection date", { type: "string", format: "date" }, "rf_q_visit"),
    info("rf_last", "Date of the last repair or inspection", { type: "string", format: "date" }, "rf_q_last"),
    info("rf_insurance", "Insurance claim", { type: "boolean" }, "rf_q_insurance"),
    info("rf_notes", "Notes", { type: "string" }, "rf_q_notes"),
  ];
}
