// Blind domain s16-5 (fifth outside tester): booking a car repair at a garage, English labels, synonyms only where a
// garage receptionist would naturally write them.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function garageDomainChanges(): ConfigurationChange[] {
  const d = "gar_main";
  return [
    objective("Garage repair appointment"),
    dimension(d, "Car and appointment"),
    question("gar_q_make", "What make is your car?", "single_choice", d, [
      ["gar_c_renault", "Renault", "renault"],
      ["gar_c_peugeot", "Peugeot", "peugeot"],
      ["gar_c_vw", "Volkswagen", "vw", ["VW"]],
      ["gar_c_toyota", "Toyota", "toyota"],
      ["gar_c_ford", "Ford", "ford"],
      ["gar_c_other", "Other make", "other"],
    ]),
    question("gar_q_mileage", "What is the current mileage (km)?", "open", d),
    question("gar_q_symptoms", "What symptoms have you noticed?", "multiple_choice", d, [
      ["gar_c_noise", "Strange noise", "noise"],
      ["gar_c_light", "Warning light on the dashboard", "warning_light"],
      ["gar_c_brakes", "Brake problem", "brakes"],
      ["gar_c_nostart", "Won't start", "no_start"],
      ["gar_c_leak", "Fluid leak", "leak"],
      ["gar_c_vibration", "Vibrations", "vibration"],
    ]),
    question("gar_q_urgency", "How urgent is the repair?", "single_choice", d, [
      ["gar_c_low", "Can wait a few weeks", "low"],
      ["gar_c_medium", "This week", "medium"],
      ["gar_c_urgent", "As soon as possible", "urgent", ["asap", "urgent"]],
    ]),
    question("gar_q_day", "Which day of the week suits you best?", "single_choice", d, [
      ["gar_c_mon", "Monday", "mon"],
      ["gar_c_tue", "Tuesday", "tue"],
      ["gar_c_wed", "Wednesday", "wed"],
      ["gar_c_thu", "Thursday", "thu"],
      ["gar_c_fri", "Friday", "fri"],
      ["gar_c_sat", "Saturday", "sat"],
    ]),
    question("gar_q_year", "What year is the car from?", "open", d),
    question("gar_q_loan_car", "Do you need a courtesy car?", "open", d),
    question("gar_q_budget", "What is your maximum budget for the repair?", "open", d),
    question("gar_q_drop_date", "When can you drop the car off?", "open", d),
    question("gar_q_notes", "Anything else the mechanic should know?", "open", d),
    info("gar_make", "Car make", { type: "string", enum: ["renault", "peugeot", "vw", "toyota", "ford", "other"] }, "gar_q_make"),
    info("gar_mileage", "Mileage (km)", { type: "integer", minimum: 0, maximum: 999999 }, "gar_q_mileage"),
    info("gar_symptoms", "Symptoms", enumArray(["noise", "warning_light", "brakes", "no_start", "leak", "vibration"]), "gar_q_symptoms"),
    info("gar_urgency", "Urgency", { type: "string", enum: ["low", "medium", "urgent"] }, "gar_q_urgency"),
    info("gar_day", "Preferred day", { type: "string", enum: ["mon", "tue", "wed", "thu", "fri", "sat"] }, "gar_q_day"),
    info("gar_year", "Year of the car", { type: "integer", minimum: 1970, maximum: 2027 }, "gar_q_year"),
    info("gar_loan_car", "Courtesy car needed", { type: "boolean" }, "gar_q_loan_car"),
    info("gar_budget", "Maximum repair budget (€)", { type: "number", minimum: 0, maximum: 20000 }, "gar_q_budget"),
    info("gar_drop_date", "Drop-off date", { type: "string", format: "date" }, "gar_q_drop_date"),
    info("gar_notes", "Notes for the mechanic", { type: "string" }, "gar_q_notes"),
  ];
}
