// Blind domain s20-10 (tenth outside tester): ordering medicines from a pharmacy for delivery, English labels,
// synonyms only where the pharmacist writing the form would naturally add them. A weight in kg, a supply in weeks, a
// distance in km.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function pharmacyDomainChanges(): ConfigurationChange[] {
  const d = "rx_main";
  return [
    objective("Pharmacy delivery request"),
    dimension(d, "The order"),
    question("rx_q_service", "What do you need from the pharmacy?", "single_choice", d, [
      ["rx_c_repeat", "Repeat prescription", "repeat"],
      ["rx_c_new", "New prescription from a doctor", "new"],
      ["rx_c_otc", "Over-the-counter products", "otc"],
      ["rx_c_review", "Medication review with the pharmacist", "review"],
      ["rx_c_service_other", "Other", "other"],
    ]),
    question("rx_q_urgency", "How urgent is it?", "single_choice", d, [
      ["rx_c_urg_none", "Not urgent", "not_urgent"],
      ["rx_c_urg_week", "Within the week", "this_week"],
      ["rx_c_urg_two", "Within two days", "two_days"],
      ["rx_c_urg_today", "Today, I have run out", "today"],
    ]),
    question("rx_q_conditions", "Does the patient have any of these conditions?", "multiple_choice", d, [
      ["rx_c_diabetes", "Diabetes", "diabetes"],
      ["rx_c_asthma", "Asthma", "asthma"],
      ["rx_c_bp", "High blood pressure", "blood_pressure"],
      ["rx_c_heart", "Heart condition", "heart"],
      ["rx_c_kidney", "Kidney disease", "kidney"],
      ["rx_c_cond_none", "None of these", "none"],
    ]),
    question("rx_q_fee", "What is the most you would pay for delivery (£)?", "open", d),
    question("rx_q_items", "How many different medicines are on the order?", "open", d),
    question("rx_q_date", "Which day should we deliver?", "open", d),
    question("rx_q_dob", "What is the patient's date of birth?", "open", d),
    question("rx_q_weight", "What does the patient weigh (kg)?", "open", d),
    question("rx_q_supply", "How many weeks of supply do you need?", "open", d),
    question("rx_q_distance", "How far do you live from the pharmacy (km)?", "open", d),
    question("rx_q_home", "Will someone be at home to sign for the delivery?", "open", d),
    question("rx_q_notes", "Anything else the pharmacist should know?", "open", d),
    info("rx_service", "Service", { type: "string", enum: ["repeat", "new", "otc", "review", "other"] }, "rx_q_service"),
    info("rx_urgency", "Urgency", { type: "string", enum: ["not_urgent", "this_week", "two_days", "today"] }, "rx_q_urgency"),
    info("rx_conditions", "Conditions", enumArray(["diabetes", "asthma", "blood_pressure", "heart", "kidney", "none"]), "rx_q_conditions"),
    info("rx_fee", "Maximum delivery fee (£)", { type: "number", minimum: 0, maximum: 100 }, "rx_q_fee"),
    info("rx_items", "Number of medicines", { type: "integer", minimum: 1, maximum: 30 }, "rx_q_items"),
    info("rx_date", "Delivery day", { type: "string", format: "date" }, "rx_q_date"),
    info("rx_dob", "Patient's date of birth", { type: "string", format: "date" }, "rx_q_dob"),
    info("rx_weight", "Patient's weight (kg)", { type: "number", minimum: 2, maximum: 300 }, "rx_q_weight"),
    info("rx_supply", "Supply (weeks)", { type: "integer", minimum: 1, maximum: 52 }, "rx_q_supply"),
    info("rx_distance", "Distance from the pharmacy (km)", { type: "number", minimum: 0, maximum: 200 }, "rx_q_distance"),
    info("rx_home", "Someone home to sign", { type: "boolean" }, "rx_q_home"),
    info("rx_notes", "Notes", { type: "string" }, "rx_q_notes"),
  ];
}
