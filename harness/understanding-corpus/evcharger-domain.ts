// Blind domain s27-15 (fifteenth outside tester): a home electric car charger installation quote, English labels,
// synonyms only where the installer writing the form would naturally add them. A cable run in metres, a budget in
// pounds, a count of vehicles, a future installation date.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function evchargerDomainChanges(): ConfigurationChange[] {
  const d = "ev_main";
  return [
    objective("EV charger installation quote"),
    dimension(d, "Your installation"),
    question("ev_q_vehicle", "What type of vehicle will you be charging?", "single_choice", d, [
      ["ev_c_bev", "Fully electric car", "bev", ["EV"]],
      ["ev_c_phev", "Plug-in hybrid", "phev", ["PHEV"]],
      ["ev_c_van", "Electric van", "van"],
      ["ev_c_notyet", "Not bought yet", "not_yet"],
      ["ev_c_vehicle_other", "Other", "other"],
    ]),
    question("ev_q_location", "Where will the charger be installed?", "single_choice", d, [
      ["ev_c_driveway", "Private driveway", "driveway"],
      ["ev_c_garage", "Garage", "garage"],
      ["ev_c_carpark", "Shared car park", "car_park"],
      ["ev_c_street", "On-street parking", "street"],
    ]),
    question("ev_q_features", "Which features do you want?", "multiple_choice", d, [
      ["ev_c_app", "Smart app control", "app"],
      ["ev_c_solar", "Solar panel compatibility", "solar"],
      ["ev_c_tethered", "Tethered cable", "tethered"],
      ["ev_c_offpeak", "Off-peak scheduling", "offpeak"],
      ["ev_c_features_none", "None of these", "none"],
    ]),
    question("ev_q_distance", "How far is the parking spot from your fuse box (metres)?", "open", d),
    question("ev_q_budget", "What is your budget for the installation (£)?", "open", d),
    question("ev_q_vehicles", "How many vehicles will use the charger?", "open", d),
    question("ev_q_date", "When would you like the installation?", "open", d),
    question("ev_q_owner", "Do you own the property?", "open", d),
    question("ev_q_notes", "Anything else our electrician should know?", "open", d),
    info("ev_vehicle", "Vehicle type", { type: "string", enum: ["bev", "phev", "van", "not_yet", "other"] }, "ev_q_vehicle"),
    info("ev_location", "Charger location", { type: "string", enum: ["driveway", "garage", "car_park", "street"] }, "ev_q_location"),
    info("ev_features", "Features", enumArray(["app", "solar", "tethered", "offpeak", "none"]), "ev_q_features"),
    info("ev_distance", "Distance to fuse box (m)", { type: "number", minimum: 0, maximum: 100 }, "ev_q_distance"),
    info("ev_budget", "Budget (£)", { type: "number", minimum: 0, maximum: 5000 }, "ev_q_budget"),
    info("ev_vehicles", "Vehicles using the charger", { type: "integer", minimum: 1, maximum: 10 }, "ev_q_vehicles"),
    info("ev_date", "Installation date", { type: "string", format: "date" }, "ev_q_date"),
    info("ev_owner", "Owns the property", { type: "boolean" }, "ev_q_owner"),
    info("ev_notes", "Notes", { type: "string" }, "ev_q_notes"),
  ];
}
