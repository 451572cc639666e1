// Blind domain s26-14 (fourteenth outside tester): inscription à des cours de piano, French labels, synonyms only
// where the music teacher writing the form would naturally add them. A lesson length in minutes, a monthly budget in
// euros, a count of lessons a week, a future start and a past date ("depuis quand").
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function pianoDomainChanges(): ConfigurationChange[] {
  const d = "pn_main";
  return [
    objective("Inscription aux cours de piano"),
    dimension(d, "L'élève"),
    question("pn_q_level", "Quel est le niveau de l'élève ?", "single_choice", d, [
      ["pn_c_debutant", "Débutant complet", "debutant"],
      ["pn_c_bases", "Quelques bases", "bases"],
      ["pn_c_inter", "Intermédiaire", "intermediaire"],
      ["pn_c_avance", "Avancé", "avance"],
      ["pn_c_level_autre", "Autre", "autre"],
    ]),
    question("pn_q_styles", "Quels styles souhaitez-vous travailler ?", "multiple_choice", d, [
      ["pn_c_classique", "Classique", "classique"],
      ["pn_c_jazz", "Jazz", "jazz"],
      ["pn_c_pop", "Variété / pop", "pop"],
      ["pn_c_impro", "Improvisation", "impro"],
      ["pn_c_styles_aucun", "Aucun de ceux-ci", "aucun"],
    ]),
    question("pn_q_duration", "Quelle durée de cours souhaitez-vous (minutes) ?", "open", d),
    question("pn_q_budget", "Quel budget mensuel prévoyez-vous (€) ?", "open", d),
    question("pn_q_per_week", "Combien de cours par semaine ?", "open", d),
    question("pn_q_start", "À partir de quand souhaitez-vous commencer ?", "open", d),
    question("pn_q_since", "Depuis quand l'élève joue-t-il du piano ?", "open", d),
    question("pn_q_instrument", "Avez-vous un piano ou un clavier à la maison ?", "open", d),
    question("pn_q_notes", "Autre chose à nous dire ?", "open", d),
    info("pn_level", "Niveau", { type: "string", enum: ["debutant", "bases", "intermediaire", "avance", "autre"] }, "pn_q_level"),
    info("pn_styles", "Styles", enumArray(["classique", "jazz", "pop", "impro", "aucun"]), "pn_q_styles"),
    info("pn_duration", "Durée du cours (minutes)", { type: "number", minimum: 15, maximum: 120 }, "pn_q_duration"),
    info("pn_budget", "Budget mensuel (€)", { type: "number", minimum: 0, maximum: 1000 }, "pn_q_budget"),
    info("pn_per_week", "Cours par semaine", { type: "integer", minimum: 0, maximum: 7 }, "pn_q_per_week"),
    info("pn_start", "Date de début", { type: "string", format: "date" }, "pn_q_start"),
    info("pn_since", "Joue depuis", { type: "string", format: "date" }, "pn_q_since"),
    info("pn_instrument", "Instrument à la maison", { type: "boolean" }, "pn_q_instrument"),
    info("pn_notes", "Remarques", { type: "string" }, "pn_q_notes"),
  ];
}
