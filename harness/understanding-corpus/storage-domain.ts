// Blind domain s21-11 (eleventh outside tester): renting a self-storage unit, English labels, synonyms only where
// the storage company writing the form would naturally add them. A floor space in square metres, a rental length
// in months, amounts in pounds.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function storageDomainChanges(): ConfigurationChange[] {
  const d = "st_main";
  return [
    objective("Self-storage unit rental"),
    dimension(d, "The unit"),
    question("st_q_use", "What will you mainly store?", "single_choice", d, [
      ["st_c_furniture", "Household furniture", "furniture"],
      ["st_c_business", "Business stock", "business"],
      ["st_c_archives", "Documents and archives", "archives"],
      ["st_c_vehicle", "A vehicle", "vehicle"],
      ["st_c_use_other", "Other", "other"],
    ]),
    question("st_q_access", "How often will you need to access the unit?", "single_choice", d, [
      ["st_c_acc_rare", "Rarely (a few times a year)", "rarely"],
      ["st_c_acc_month", "About once a month", "monthly"],
      ["st_c_acc_week", "About once a week", "weekly"],
      ["st_c_acc_often", "Several times a week", "often"],
    ]),
    question("st_q_items", "Will you store any of the following?", "multiple_choice", d, [
      ["st_c_appliances", "Electrical appliances", "appliances"],
      ["st_c_art", "Artwork or antiques", "art"],
      ["st_c_instruments", "Musical instruments", "instruments"],
      ["st_c_machinery", "Garden machinery or tyres", "machinery"],
      ["st_c_items_none", "None of these", "none"],
    ]),
    question("st_q_size", "How much floor space do you think you need (m²)?", "open", d),
    question("st_q_budget", "What is your monthly budget (£)?", "open", d),
    question("st_q_value", "Roughly what is the total value of the goods you will store (£)?", "open", d),
    question("st_q_boxes", "How many boxes or items will you bring on move-in day?", "open", d),
    question("st_q_start", "When would you like to move in?", "open", d),
    question("st_q_moved", "When did you move out of your previous address?", "open", d),
    question("st_q_months", "How many months do you expect to rent for?", "open", d),
    question("st_q_van", "Do you need us to provide a van?", "open", d),
    question("st_q_notes", "Anything else we should know?", "open", d),
    info("st_use", "Main use", { type: "string", enum: ["furniture", "business", "archives", "vehicle", "other"] }, "st_q_use"),
    info("st_access", "Access frequency", { type: "string", enum: ["rarely", "monthly", "weekly", "often"] }, "st_q_access"),
    info("st_items", "Special items", enumArray(["appliances", "art", "instruments", "machinery", "none"]), "st_q_items"),
    info("st_size", "Floor space (m²)", { type: "number", minimum: 1, maximum: 200 }, "st_q_size"),
    info("st_budget", "Monthly budget (£)", { type: "number", minimum: 0, maximum: 2000 }, "st_q_budget"),
    info("st_value", "Value of the goods (£)", { type: "number", minimum: 0, maximum: 500000 }, "st_q_value"),
    info("st_boxes", "Boxes or items on move-in day", { type: "integer", minimum: 0, maximum: 500 }, "st_q_boxes"),
    info("st_start", "Move-in date", { type: "string", format: "date" }, "st_q_start"),
    info("st_moved", "Date of moving out of the previous address", { type: "string", format: "date" }, "st_q_moved"),
    info("st_months", "Rental length (months)", { type: "integer", minimum: 1, maximum: 60 }, "st_q_months"),
    info("st_van", "Van needed", { type: "boolean" }, "st_q_van"),
    info("st_notes", "Notes", { type: "string" }, "st_q_notes"),
  ];
}
