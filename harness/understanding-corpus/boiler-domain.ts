// Blind domain s25-13 (thirteenth outside tester): booking a boiler service, English labels, synonyms only where the
// heating firm writing the form would naturally add them. A boiler age in years, a floor area in m², a gauge pressure
// in bar, amounts in pounds.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function boilerDomainChanges(): ConfigurationChange[] {
  const d = "bs_main";
  return [
    objective("Boiler service booking"),
    dimension(d, "The boiler"),
    question("bs_q_fuel", "What does your boiler run on?", "single_choice", d, [
      ["bs_c_gas", "Mains gas", "gas"],
      ["bs_c_oil", "Heating oil", "oil"],
      ["bs_c_lpg", "LPG (bottled or tank gas)", "lpg"],
      ["bs_c_electric", "Electric", "electric"],
      ["bs_c_fuel_other", "Other", "other"],
    ]),
    question("bs_q_urgency", "How urgent is the visit?", "single_choice", d, [
      ["bs_c_urg_routine", "Routine annual service", "routine"],
      ["bs_c_urg_weeks", "Within the next few weeks", "weeks"],
      ["bs_c_urg_week", "This week", "this_week"],
      ["bs_c_urg_emergency", "Emergency (no heating or no hot water)", "emergency"],
    ]),
    question("bs_q_issues", "Have you noticed any of the following?", "multiple_choice", d, [
      ["bs_c_noise", "Strange noises (banging, gurgling)", "noise"],
      ["bs_c_leak", "Leaks or drips", "leak"],
      ["bs_c_pressure", "Pressure keeps dropping", "pressure"],
      ["bs_c_ignition", "Pilot light or ignition problems", "ignition"],
      ["bs_c_issues_none", "None of these", "none"],
    ]),
    question("bs_q_budget", "What do you expect to pay for the service (£)?", "open", d),
    question("bs_q_radiators", "How many radiators are there in the property?", "open", d),
    question("bs_q_visit", "When would you like the engineer to come?", "open", d),
    question("bs_q_last", "When was the boiler last serviced?", "open", d),
    question("bs_q_age", "How old is the boiler (years)?", "open", d),
    question("bs_q_area", "What is the floor area of the home (m²)?", "open", d),
    question("bs_q_pressure", "What pressure does the gauge show (bar)?", "open", d),
    question("bs_q_cert", "Do you also need a landlord gas safety certificate?", "open", d),
    question("bs_q_notes", "Anything else the engineer should know (access, parking, pets)?", "open", d),
    info("bs_fuel", "Boiler fuel", { type: "string", enum: ["gas", "oil", "lpg", "electric", "other"] }, "bs_q_fuel"),
    info("bs_urgency", "Urgency", { type: "string", enum: ["routine", "weeks", "this_week", "emergency"] }, "bs_q_urgency"),
    info("bs_issues", "Symptoms noticed", enumArray(["noise", "leak", "pressure", "ignition", "none"]), "bs_q_issues"),
    info("bs_budget", "Expected price (£)", { type: "number", minimum: 0, maximum: 1000 }, "bs_q_budget"),
    info("bs_radiators", "Number of radiators", { type: "integer", minimum: 0, maximum: 60 }, "bs_q_radiators"),
    info("bs_visit", "Visit date", { type: "string", format: "date" }, "bs_q_visit"),
    info("bs_last", "Date of the last service", { type: "string", format: "date" }, "bs_q_last"),
    info("bs_age", "Boiler age (years)", { type: "number", minimum: 0, maximum: 60 }, "bs_q_age"),
    info("bs_area", "Floor area (m²)", { type: "number", minimum: 10, maximum: 1000 }, "bs_q_area"),
    info("bs_pressure", "Gauge pressure (bar)", { type: "number", minimum: 0, maximum: 4 }, "bs_q_pressure"),
    info("bs_cert", "Landlord gas safety certificate needed", { type: "boolean" }, "bs_q_cert"),
    info("bs_notes", "Notes", { type: "string" }, "bs_q_notes"),
  ];
}
