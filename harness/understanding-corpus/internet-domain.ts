// Blind domain s15-2 (third outside tester): a home internet + mobile plan, English labels, synonyms where a
// telecom product manager would write them (technology names, brand-ish words for extras).
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function internetDomainChanges(): ConfigurationChange[] {
  const d = "net_main";
  return [
    objective("Home internet and mobile plan"),
    dimension(d, "Household needs"),
    question("net_q_budget", "What is your monthly budget for internet and mobile together?", "open", d),
    question("net_q_lines", "How many mobile lines do you need?", "open", d),
    question("net_q_data", "How much mobile data do you need per line each month (GB)?", "open", d),
    question("net_q_connection", "Which home connection do you prefer?", "single_choice", d, [
      ["net_c_fiber", "Fiber", "fiber", ["fibre", "FTTH"]],
      ["net_c_cable", "Cable", "cable"],
      ["net_c_dsl", "DSL", "dsl", ["ADSL", "VDSL"]],
      ["net_c_5g", "5G home box", "fixed_wireless", ["4G box", "home 5G", "wireless box"]],
    ]),
    question("net_q_tv", "Do you want TV included?", "open", d),
    question("net_q_start", "When should the service start?", "open", d),
    question("net_q_contract", "What commitment length is acceptable?", "single_choice", d, [
      ["net_c_none", "No commitment", "none", ["no contract", "month to month"]],
      ["net_c_12", "12 months", "12_months"],
      ["net_c_24", "24 months", "24_months"],
    ]),
    question("net_q_extras", "Which extras would you like?", "multiple_choice", d, [
      ["net_c_landline", "Landline", "landline", ["home phone"]],
      ["net_c_intl", "International calls", "intl_calls"],
      ["net_c_stream", "Streaming subscription", "streaming", ["Netflix", "Disney+"]],
      ["net_c_ext", "Wi-Fi extender", "wifi_extender", ["mesh", "repeater"]],
      ["net_c_roam", "EU roaming", "eu_roaming", ["roaming"]],
    ]),
    question("net_q_homeworkers", "How many people in the household work from home?", "open", d),
    info("net_budget", "Monthly budget", { type: "number", minimum: 0, maximum: 500 }, "net_q_budget"),
    info("net_lines", "Mobile lines", { type: "integer", minimum: 0, maximum: 10 }, "net_q_lines"),
    info("net_data", "Mobile data per line (GB)", { type: "number", minimum: 0, maximum: 1000 }, "net_q_data"),
    info("net_connection", "Home connection", { type: "string", enum: ["fiber", "cable", "dsl", "fixed_wireless"] }, "net_q_connection"),
    info("net_tv", "TV included", { type: "boolean" }, "net_q_tv"),
    info("net_start", "Start date", { type: "string", format: "date" }, "net_q_start"),
    info("net_contract", "Commitment", { type: "string", enum: ["none", "12_months", "24_months"] }, "net_q_contract"),
    info("net_extras", "Extras", enumArray(["landline", "intl_calls", "streaming", "wifi_extender", "eu_roaming"]), "net_q_extras"),
    info("net_homeworkers", "People working from home", { type: "integer", minimum: 0, maximum: 10 }, "net_q_homeworkers"),
  ];
}
