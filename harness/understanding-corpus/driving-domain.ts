// Blind domain s19-9 (ninth outside tester): enrolling at a driving school, French labels, synonyms only where the
// school's secretary writing the form would naturally add them. Driving already done is counted in hours.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function drivingDomainChanges(): ConfigurationChange[] {
  const d = "aut_main";
  return [
    objective("Inscription à l'auto-école"),
    dimension(d, "Formation et élève"),
    question("aut_q_formula", "Quelle formule vous intéresse ?", "single_choice", d, [
      ["aut_c_classique", "Permis B classique", "classique"],
      ["aut_c_aac", "Conduite accompagnée", "aac", ["AAC"]],
      ["aut_c_auto", "Boîte automatique", "automatique"],
      ["aut_c_remise", "Remise à niveau", "remise"],
      ["aut_c_autre", "Autre formule", "autre"],
    ]),
    question("aut_q_level", "Comment évaluez-vous votre niveau de conduite ?", "single_choice", d, [
      ["aut_c_niv_debutant", "Débutant complet", "debutant"],
      ["aut_c_niv_notions", "Quelques notions", "notions"],
      ["aut_c_niv_aise", "À l'aise", "a_laise"],
      ["aut_c_niv_pret", "Prêt pour l'examen", "pret"],
    ]),
    question("aut_q_slot", "Quand préférez-vous conduire ?", "single_choice", d, [
      ["aut_c_matin", "Le matin", "matin"],
      ["aut_c_midi", "Entre midi et deux", "midi"],
      ["aut_c_aprem", "L'après-midi", "apres_midi"],
      ["aut_c_soir", "En fin de journée", "soir"],
      ["aut_c_samedi", "Le samedi", "samedi"],
    ]),
    question("aut_q_docs", "Quels documents avez-vous déjà ?", "multiple_choice", d, [
      ["aut_c_code", "Code de la route", "code"],
      ["aut_c_assr", "ASSR 2", "assr"],
      ["aut_c_jdc", "Attestation JDC", "jdc"],
      ["aut_c_ephoto", "Photo numérique (e-photo)", "ephoto"],
      ["aut_c_docs_aucun", "Aucun", "aucun"],
    ]),
    question("aut_q_budget", "Budget total pour le permis (€)", "open", d),
    question("aut_q_age", "Quel âge avez-vous ?", "open", d),
    question("aut_q_hours", "Combien d'heures de conduite avez-vous déjà faites ?", "open", d),
    question("aut_q_people", "Combien de personnes inscrivez-vous ?", "open", d),
    question("aut_q_start", "À partir de quand voulez-vous commencer ?", "open", d),
    question("aut_q_code_date", "Date d'obtention du code (si vous l'avez)", "open", d),
    question("aut_q_cpf", "Financez-vous le permis avec votre CPF ?", "open", d),
    question("aut_q_notes", "Remarques", "open", d),
    info("aut_formula", "Formule", { type: "string", enum: ["classique", "aac", "automatique", "remise", "autre"] }, "aut_q_formula"),
    info("aut_level", "Niveau de conduite", { type: "string", enum: ["debutant", "notions", "a_laise", "pret"] }, "aut_q_level"),
    info("aut_slot", "Créneau préféré", { type: "string", enum: ["matin", "midi", "apres_midi", "soir", "samedi"] }, "aut_q_slot"),
    info("aut_docs", "Documents déjà obtenus", enumArray(["code", "assr", "jdc", "ephoto", "aucun"]), "aut_q_docs"),
    info("aut_budget", "Budget total (€)", { type: "number", minimum: 0, maximum: 10000 }, "aut_q_budget"),
    info("aut_age", "Âge", { type: "integer", minimum: 15, maximum: 99 }, "aut_q_age"),
    info("aut_hours", "Heures de conduite déjà faites", { type: "number", minimum: 0, maximum: 300 }, "aut_q_hours"),
    info("aut_people", "Nombre de personnes inscrites", { type: "integer", minimum: 1, maximum: 10 }, "aut_q_people"),
    info("aut_start", "Date de début souhaitée", { type: "string", format: "date" }, "aut_q_start"),
    info("aut_code_date", "Date d'obtention du code", { type: "string", format: "date" }, "aut_q_code_date"),
    info("aut_cpf", "Financement CPF", { type: "boolean" }, "aut_q_cpf"),
    info("aut_notes", "Remarques", { type: "string" }, "aut_q_notes"),
  ];
}
