// Blind domain s18-7 (seventh outside tester): an IT support ticket at a company's helpdesk, English labels,
// synonyms only where the IT team writing the form would naturally add them.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function helpdeskDomainChanges(): ConfigurationChange[] {
  const d = "hd_main";
  return [
    objective("IT support ticket"),
    dimension(d, "The problem"),
    question("hd_q_category", "What is the problem about?", "single_choice", d, [
      ["hd_c_computer", "Laptop or computer", "computer", ["PC"]],
      ["hd_c_printer", "Printer", "printer"],
      ["hd_c_email", "Email", "email", ["Outlook"]],
      ["hd_c_network", "Network or Wi-Fi", "network", ["internet"]],
      ["hd_c_software", "Software installation", "software"],
      ["hd_c_account", "Account or password", "account", ["login"]],
      ["hd_c_other", "Other", "other"],
    ]),
    question("hd_q_urgency", "How urgent is it?", "single_choice", d, [
      ["hd_c_urg_low", "Low – it can wait", "low"],
      ["hd_c_urg_medium", "Medium", "medium"],
      ["hd_c_urg_high", "High – it blocks my work", "high"],
      ["hd_c_urg_critical", "Critical – the business is stopped", "critical"],
    ]),
    question("hd_q_frequency", "How often does the problem happen?", "single_choice", d, [
      ["hd_c_freq_once", "It happened once", "once"],
      ["hd_c_freq_sometimes", "Sometimes", "sometimes"],
      ["hd_c_freq_often", "Often", "often"],
      ["hd_c_freq_always", "All the time", "always"],
    ]),
    question("hd_q_satisfaction", "How satisfied were you with your last ticket?", "single_choice", d, [
      ["hd_c_sat_very_bad", "Very dissatisfied", "very_dissatisfied"],
      ["hd_c_sat_bad", "Dissatisfied", "dissatisfied"],
      ["hd_c_sat_neutral", "Neutral", "neutral"],
      ["hd_c_sat_good", "Satisfied", "satisfied"],
      ["hd_c_sat_very_good", "Very satisfied", "very_satisfied"],
    ]),
    question("hd_q_devices", "Which devices are affected?", "multiple_choice", d, [
      ["hd_c_dev_laptop", "Laptop", "laptop"],
      ["hd_c_dev_desktop", "Desktop PC", "desktop"],
      ["hd_c_dev_phone", "Phone", "phone", ["mobile"]],
      ["hd_c_dev_tablet", "Tablet", "tablet"],
      ["hd_c_dev_printer", "Printer", "printer"],
    ]),
    question("hd_q_started", "When did the problem start?", "open", d),
    question("hd_q_visit", "Which day could a technician come to your desk?", "open", d),
    question("hd_q_users", "How many people are affected, including you?", "open", d),
    question("hd_q_lost_hours", "How many hours of work have you lost so far?", "open", d),
    question("hd_q_restarted", "Have you already tried restarting the device?", "open", d),
    question("hd_q_remote", "May we connect remotely to your computer?", "open", d),
    question("hd_q_description", "Please describe the problem in a few words.", "open", d),
    info(
      "hd_category",
      "Problem category",
      { type: "string", enum: ["computer", "printer", "email", "network", "software", "account", "other"] },
      "hd_q_category",
    ),
    info("hd_urgency", "Urgency", { type: "string", enum: ["low", "medium", "high", "critical"] }, "hd_q_urgency"),
    info("hd_frequency", "How often it happens", { type: "string", enum: ["once", "sometimes", "often", "always"] }, "hd_q_frequency"),
    info(
      "hd_satisfaction",
      "Satisfaction with the last ticket",
      { type: "string", enum: ["very_dissatisfied", "dissatisfied", "neutral", "satisfied", "very_satisfied"] },
      "hd_q_satisfaction",
    ),
    info("hd_devices", "Affected devices", enumArray(["laptop", "desktop", "phone", "tablet", "printer"]), "hd_q_devices"),
    info("hd_started", "Date the problem started", { type: "string", format: "date" }, "hd_q_started"),
    info("hd_visit", "Date for a technician's visit", { type: "string", format: "date" }, "hd_q_visit"),
    info("hd_users", "Number of people affected", { type: "integer", minimum: 1, maximum: 5000 }, "hd_q_users"),
    info("hd_lost_hours", "Hours of work lost", { type: "number", minimum: 0, maximum: 1000 }, "hd_q_lost_hours"),
    info("hd_restarted", "Device already restarted", { type: "boolean" }, "hd_q_restarted"),
    info("hd_remote", "Remote access allowed", { type: "boolean" }, "hd_q_remote"),
    info("hd_description", "Description of the problem", { type: "string" }, "hd_q_description"),
  ];
}
