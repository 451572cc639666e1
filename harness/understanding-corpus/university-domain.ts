// Blind domain s16-5 (fifth outside tester): university enrolment, French labels, synonyms only where an admissions
// office would naturally write them.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function universityDomainChanges(): ConfigurationChange[] {
  const d = "uni_main";
  return [
    objective("Inscription à l'université"),
    dimension(d, "Parcours et situation"),
    question("uni_q_level", "Dans quel niveau souhaitez-vous vous inscrire ?", "single_choice", d, [
      ["uni_c_bachelor", "Licence", "bachelor", ["bachelor"]],
      ["uni_c_master", "Master", "master"],
      ["uni_c_phd", "Doctorat", "phd", ["thèse"]],
      ["uni_c_du", "Diplôme universitaire (DU)", "du"],
    ]),
    question("uni_q_subjects", "Quelles matières vous intéressent ?", "multiple_choice", d, [
      ["uni_c_maths", "Mathématiques", "maths", ["maths"]],
      ["uni_c_cs", "Informatique", "cs"],
      ["uni_c_eco", "Économie", "eco"],
      ["uni_c_law", "Droit", "law"],
      ["uni_c_lang", "Langues", "languages"],
      ["uni_c_hist", "Histoire", "history"],
    ]),
    question("uni_q_start", "À quelle date souhaitez-vous commencer ?", "open", d),
    question("uni_q_scholarship", "Êtes-vous boursier ?", "open", d),
    question("uni_q_age", "Quel âge avez-vous ?", "open", d),
    question("uni_q_mode", "Quel format de cours préférez-vous ?", "single_choice", d, [
      ["uni_c_onsite", "Présentiel", "on_site"],
      ["uni_c_remote", "À distance", "remote", ["en ligne"]],
      ["uni_c_hybrid", "Hybride", "hybrid"],
    ]),
    question("uni_q_hours", "Combien d'heures par semaine pouvez-vous consacrer à vos études ?", "open", d),
    question("uni_q_grade", "Quelle était votre dernière moyenne (sur 20) ?", "open", d),
    question("uni_q_housing", "Avez-vous besoin d'un logement étudiant ?", "open", d),
    question("uni_q_project", "Quel est votre projet professionnel ?", "open", d),
    info("uni_level", "Niveau", { type: "string", enum: ["bachelor", "master", "phd", "du"] }, "uni_q_level"),
    info("uni_subjects", "Matières", enumArray(["maths", "cs", "eco", "law", "languages", "history"]), "uni_q_subjects"),
    info("uni_start", "Date de début", { type: "string", format: "date" }, "uni_q_start"),
    info("uni_scholarship", "Boursier", { type: "boolean" }, "uni_q_scholarship"),
    info("uni_age", "Âge", { type: "integer", minimum: 15, maximum: 99 }, "uni_q_age"),
    info("uni_mode", "Format des cours", { type: "string", enum: ["on_site", "remote", "hybrid"] }, "uni_q_mode"),
    info("uni_hours", "Heures d'étude par semaine", { type: "number", minimum: 0, maximum: 80 }, "uni_q_hours"),
    info("uni_grade", "Dernière moyenne (/20)", { type: "number", minimum: 0, maximum: 20 }, "uni_q_grade"),
    info("uni_housing", "Besoin d'un logement", { type: "boolean" }, "uni_q_housing"),
    info("uni_project", "Projet professionnel", { type: "string" }, "uni_q_project"),
  ];
}
