// Blind domain s19-9 (ninth outside tester): calling out a plumber or an electrician, English labels, synonyms only
// where the firm's dispatcher writing the form would naturally add them. The age of the installation is in years.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function calloutDomainChanges(): ConfigurationChange[] {
  const d = "cal_main";
  return [
    objective("Plumber or electrician call-out"),
    dimension(d, "The problem and the property"),
    question("cal_q_trade", "What do you need help with?", "single_choice", d, [
      ["cal_c_plumbing", "Plumbing", "plumbing"],
      ["cal_c_electrical", "Electrical", "electrical"],
      ["cal_c_heating", "Heating or boiler", "heating"],
      ["cal_c_drains", "Blocked drains", "drains"],
      ["cal_c_trade_other", "Something else", "other"],
    ]),
    question("cal_q_severity", "How bad is the problem?", "single_choice", d, [
      ["cal_c_sev_minor", "Minor annoyance", "minor"],
      ["cal_c_sev_worse", "Getting worse", "worse"],
      ["cal_c_sev_serious", "Serious", "serious"],
      ["cal_c_sev_danger", "Dangerous", "dangerous"],
    ]),
    question("cal_q_property", "What type of property is it?", "single_choice", d, [
      ["cal_c_house", "House", "house"],
      ["cal_c_flat", "Flat", "flat", ["apartment"]],
      ["cal_c_commercial", "Office or shop", "commercial"],
      ["cal_c_prop_other", "Other", "other"],
    ]),
    question("cal_q_signs", "Have you noticed any of these?", "multiple_choice", d, [
      ["cal_c_leak", "Water leak", "leak"],
      ["cal_c_nopower", "No power", "no_power"],
      ["cal_c_burning", "Burning smell", "burning"],
      ["cal_c_tripping", "Fuse keeps tripping", "tripping"],
      ["cal_c_nohot", "No hot water", "no_hot_water"],
      ["cal_c_signs_none", "None of these", "none"],
    ]),
    question("cal_q_budget", "What is the most you want to spend on this call-out (£)?", "open", d),
    question("cal_q_people", "How many people live in the property?", "open", d),
    question("cal_q_age", "How old is the installation or appliance (years)?", "open", d),
    question("cal_q_area", "Roughly how big is the property (m²)?", "open", d),
    question("cal_q_visit", "What day can we come?", "open", d),
    question("cal_q_started", "When did the problem start?", "open", d),
    question("cal_q_owner", "Are you the owner of the property?", "open", d),
    question("cal_q_notes", "Anything else we should know (access, parking, pets)?", "open", d),
    info("cal_trade", "Trade", { type: "string", enum: ["plumbing", "electrical", "heating", "drains", "other"] }, "cal_q_trade"),
    info("cal_severity", "Severity", { type: "string", enum: ["minor", "worse", "serious", "dangerous"] }, "cal_q_severity"),
    info("cal_property", "Property type", { type: "string", enum: ["house", "flat", "commercial", "other"] }, "cal_q_property"),
    info("cal_signs", "Signs noticed", enumArray(["leak", "no_power", "burning", "tripping", "no_hot_water", "none"]), "cal_q_signs"),
    info("cal_budget", "Maximum spend (£)", { type: "number", minimum: 0, maximum: 20000 }, "cal_q_budget"),
    info("cal_people", "People living there", { type: "integer", minimum: 1, maximum: 50 }, "cal_q_people"),
    info("cal_age", "Age of the installation (years)", { type: "integer", minimum: 0, maximum: 120 }, "cal_q_age"),
    info("cal_area", "Property size (m²)", { type: "number", minimum: 5, maximum: 5000 }, "cal_q_area"),
    info("cal_visit", "Visit date", { type: "string", format: "date" }, "cal_q_visit"),
    info("cal_started", "Problem started on", { type: "string", format: "date" }, "cal_q_started"),
    info("cal_owner", "Owner of the property", { type: "boolean" }, "cal_q_owner"),
    info("cal_notes", "Notes", { type: "string" }, "cal_q_notes"),
  ];
}
