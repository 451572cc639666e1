// Blind domain s16-5 (fifth outside tester): an employee's leave request to HR, French labels, synonyms only where an
// HR form would naturally carry them (the usual abbreviations).
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function leaveDomainChanges(): ConfigurationChange[] {
  const d = "cng_main";
  return [
    objective("Demande de congé"),
    dimension(d, "Absence et organisation"),
    question("cng_q_type", "Quel type de congé demandez-vous ?", "single_choice", d, [
      ["cng_c_paid", "Congés payés", "paid", ["CP"]],
      ["cng_c_rtt", "RTT", "rtt"],
      ["cng_c_sick", "Congé maladie", "sick", ["arrêt maladie"]],
      ["cng_c_unpaid", "Congé sans solde", "unpaid"],
      ["cng_c_parental", "Congé parental", "parental"],
    ]),
    question("cng_q_start", "Quel est le premier jour de votre absence ?", "open", d),
    question("cng_q_end", "Quel est le dernier jour de votre absence ?", "open", d),
    question("cng_q_days", "Combien de jours ouvrés cela représente-t-il ?", "open", d),
    question("cng_q_replacement", "Avez-vous trouvé quelqu'un pour vous remplacer ?", "open", d),
    question("cng_q_reachable", "Serez-vous joignable pendant votre absence ?", "open", d),
    question("cng_q_team", "Dans quel service travaillez-vous ?", "single_choice", d, [
      ["cng_c_sales", "Ventes", "sales", ["commercial"]],
      ["cng_c_accounting", "Comptabilité", "accounting", ["compta"]],
      ["cng_c_it", "Informatique", "it", ["IT", "DSI"]],
      ["cng_c_production", "Production", "production"],
      ["cng_c_hr", "Ressources humaines", "hr", ["RH"]],
    ]),
    question("cng_q_tasks", "Quelles tâches faudra-t-il déléguer ?", "multiple_choice", d, [
      ["cng_c_email", "Répondre aux e-mails", "email"],
      ["cng_c_meetings", "Réunions", "meetings"],
      ["cng_c_clients", "Suivi clients", "clients"],
      ["cng_c_billing", "Facturation", "billing"],
      ["cng_c_oncall", "Astreintes", "on_call"],
    ]),
    question("cng_q_remaining", "Combien de jours de congé vous reste-t-il ?", "open", d),
    question("cng_q_reason", "Motif de la demande (facultatif)", "open", d),
    info("cng_type", "Type de congé", { type: "string", enum: ["paid", "rtt", "sick", "unpaid", "parental"] }, "cng_q_type"),
    info("cng_start", "Premier jour d'absence", { type: "string", format: "date" }, "cng_q_start"),
    info("cng_end", "Dernier jour d'absence", { type: "string", format: "date" }, "cng_q_end"),
    info("cng_days", "Jours ouvrés", { type: "number", minimum: 0.5, maximum: 60 }, "cng_q_days"),
    info("cng_replacement", "Remplaçant trouvé", { type: "boolean" }, "cng_q_replacement"),
    info("cng_reachable", "Joignable pendant l'absence", { type: "boolean" }, "cng_q_reachable"),
    info("cng_team", "Service", { type: "string", enum: ["sales", "accounting", "it", "production", "hr"] }, "cng_q_team"),
    info("cng_tasks", "Tâches à déléguer", enumArray(["email", "meetings", "clients", "billing", "on_call"]), "cng_q_tasks"),
    info("cng_remaining", "Jours de congé restants", { type: "number", minimum: 0, maximum: 100 }, "cng_q_remaining"),
    info("cng_reason", "Motif", { type: "string" }, "cng_q_reason"),
  ];
}
