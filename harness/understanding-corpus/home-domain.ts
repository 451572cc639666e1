// Blind domain s16-5 (fifth outside tester): a home purchase intake with a buyer's agent, English labels, synonyms only
// where an estate agent would naturally write them.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function homeDomainChanges(): ConfigurationChange[] {
  const d = "home_main";
  return [
    objective("Home purchase intake"),
    dimension(d, "Project and finances"),
    question("home_q_budget", "What is your maximum budget?", "open", d),
    question("home_q_rooms", "How many bedrooms do you need?", "open", d),
    question("home_q_type", "What type of property are you looking for?", "single_choice", d, [
      ["home_c_apartment", "Apartment", "apartment", ["flat", "condo"]],
      ["home_c_house", "House", "house"],
      ["home_c_townhouse", "Townhouse", "townhouse"],
      ["home_c_land", "Land / plot", "land"],
    ]),
    question("home_q_area", "Which area do you prefer?", "single_choice", d, [
      ["home_c_center", "City centre", "center", ["downtown"]],
      ["home_c_suburbs", "Suburbs", "suburbs"],
      ["home_c_rural", "Countryside", "rural"],
    ]),
    question("home_q_first", "Is this your first home purchase?", "open", d),
    question("home_q_down", "How much can you put down as a deposit?", "open", d),
    question("home_q_features", "Which features are must-haves?", "multiple_choice", d, [
      ["home_c_garden", "Garden", "garden"],
      ["home_c_parking", "Garage / parking", "parking"],
      ["home_c_balcony", "Balcony / terrace", "balcony"],
      ["home_c_elevator", "Lift", "elevator"],
      ["home_c_office", "Home office", "office"],
    ]),
    question("home_q_move", "When would you like to move in?", "open", d),
    question("home_q_size", "What minimum living area do you need (m²)?", "open", d),
    question("home_q_preapproved", "Do you already have a mortgage pre-approval?", "open", d),
    info("home_budget", "Maximum budget (€)", { type: "number", minimum: 10000, maximum: 5000000 }, "home_q_budget"),
    info("home_rooms", "Bedrooms", { type: "integer", minimum: 0, maximum: 10 }, "home_q_rooms"),
    info("home_type", "Property type", { type: "string", enum: ["apartment", "house", "townhouse", "land"] }, "home_q_type"),
    info("home_area", "Preferred area", { type: "string", enum: ["center", "suburbs", "rural"] }, "home_q_area"),
    info("home_first", "First-time buyer", { type: "boolean" }, "home_q_first"),
    info("home_down", "Deposit (€)", { type: "number", minimum: 0, maximum: 5000000 }, "home_q_down"),
    info("home_features", "Must-have features", enumArray(["garden", "parking", "balcony", "elevator", "office"]), "home_q_features"),
    info("home_move", "Move-in date", { type: "string", format: "date" }, "home_q_move"),
    info("home_size", "Minimum living area (m²)", { type: "number", minimum: 10, maximum: 2000 }, "home_q_size"),
    info("home_preapproved", "Mortgage pre-approval", { type: "boolean" }, "home_q_preapproved"),
  ];
}
