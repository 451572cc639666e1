// Blind domain 2 (outside tester): a home energy-renovation intake, English labels, no synonyms at all (as an
// untuned customer domain would be); answered in French and English.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function renoDomainChanges(): ConfigurationChange[] {
  const d = "reno_main";
  return [
    objective("Energy renovation"),
    dimension(d, "Home"),
    question("reno_q_surface", "What is the living area of your home?", "open", d),
    question("reno_q_rooms", "How many rooms does it have?", "open", d),
    question("reno_q_year", "When was the house built?", "open", d),
    question("reno_q_heating", "How is the home heated today?", "multiple_choice", d, [
      ["reno_c_gas", "Gas boiler", "gas"],
      ["reno_c_oil", "Oil boiler", "oil"],
      ["reno_c_hp", "Heat pump", "heat_pump"],
      ["reno_c_elec", "Electric heaters", "electric"],
      ["reno_c_wood", "Wood stove", "wood"],
    ]),
    question("reno_q_tenure", "Are you the owner or a tenant?", "single_choice", d, [
      ["reno_c_owner", "Owner", "owner"],
      ["reno_c_tenant", "Tenant", "tenant"],
    ]),
    question("reno_q_start", "When would you like the works to start?", "open", d),
    question("reno_q_budget", "What is your maximum budget for the works?", "open", d),
    question("reno_q_insulated", "Has the home already been insulated?", "open", d),
    question("reno_q_works", "Which works are you considering?", "multiple_choice", d, [
      ["reno_c_insulation", "Insulation", "insulation"],
      ["reno_c_windows", "Windows", "windows"],
      ["reno_c_heating", "Heating system", "heating"],
      ["reno_c_solar", "Solar panels", "solar"],
      ["reno_c_ventilation", "Ventilation", "ventilation"],
    ]),
    question("reno_q_town", "In which town is the home?", "open", d),
    info("reno_surface", "Living area (m²)", { type: "number", minimum: 10, maximum: 1000 }, "reno_q_surface"),
    info("reno_rooms", "Number of rooms", { type: "integer", minimum: 1, maximum: 30 }, "reno_q_rooms"),
    info("reno_year", "Year of construction", { type: "integer", minimum: 1700, maximum: 2026 }, "reno_q_year"),
    info("reno_heating", "Current heating", enumArray(["gas", "oil", "heat_pump", "electric", "wood"]), "reno_q_heating"),
    info("reno_tenure", "Owner or tenant", { type: "string", enum: ["owner", "tenant"] }, "reno_q_tenure"),
    info("reno_start", "Works start date", { type: "string", format: "date" }, "reno_q_start"),
    info("reno_budget", "Maximum budget (EUR)", { type: "number", minimum: 500, maximum: 500000 }, "reno_q_budget"),
    info("reno_insulated", "Already insulated", { type: "boolean" }, "reno_q_insulated"),
    info("reno_works", "Planned works", enumArray(["insulation", "windows", "heating", "solar", "ventilation"]), "reno_q_works"),
    info("reno_town", "Town", { type: "string", maxLength: 100 }, "reno_q_town"),
  ];
}
