// Blind domain s19-9 (ninth outside tester): asking for private lessons (cours particuliers), French labels,
// synonyms only where the agency writing the form would naturally add them. A lesson's length is in hours.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function tutoringDomainChanges(): ConfigurationChange[] {
  const d = "cp_main";
  return [
    objective("Demande de cours particuliers"),
    dimension(d, "Élève et cours"),
    question("cp_q_subject", "Dans quelle matière ?", "single_choice", d, [
      ["cp_c_maths", "Mathématiques", "maths"],
      ["cp_c_francais", "Français", "francais"],
      ["cp_c_anglais", "Anglais", "anglais"],
      ["cp_c_physique", "Physique-chimie", "physique"],
      ["cp_c_autre", "Autre matière", "autre"],
    ]),
    question("cp_q_grade", "En quelle classe est l'élève ?", "single_choice", d, [
      ["cp_c_primaire", "Primaire", "primaire"],
      ["cp_c_college", "Collège", "college"],
      ["cp_c_lycee", "Lycée", "lycee"],
      ["cp_c_sup", "Études supérieures", "superieur"],
      ["cp_c_adulte", "Adulte", "adulte"],
    ]),
    question("cp_q_level", "Où en est l'élève dans cette matière ?", "single_choice", d, [
      ["cp_c_niv_grosse", "Très en difficulté", "grosse_difficulte"],
      ["cp_c_niv_juste", "Un peu juste", "juste"],
      ["cp_c_niv_moyenne", "Dans la moyenne", "moyenne"],
      ["cp_c_niv_bon", "Bon élève qui veut progresser", "bon"],
    ]),
    question("cp_q_goals", "Quels sont les objectifs ?", "multiple_choice", d, [
      ["cp_c_retard", "Rattraper un retard", "retard"],
      ["cp_c_examen", "Préparer un examen", "examen"],
      ["cp_c_devoirs", "Aide aux devoirs", "devoirs"],
      ["cp_c_methode", "Méthodologie", "methode"],
      ["cp_c_goals_aucun", "Aucun en particulier", "aucun"],
    ]),
    question("cp_q_rate", "Budget par heure de cours (€)", "open", d),
    question("cp_q_age", "Quel âge a l'élève ?", "open", d),
    question("cp_q_length", "Durée souhaitée d'une séance (en heures)", "open", d),
    question("cp_q_students", "Combien d'enfants suivront les cours ?", "open", d),
    question("cp_q_start", "Quand souhaitez-vous commencer ?", "open", d),
    question("cp_q_last", "Date du dernier cours particulier suivi", "open", d),
    question("cp_q_home", "Les cours peuvent-ils avoir lieu chez vous ?", "open", d),
    question("cp_q_notes", "Autre chose à nous dire ?", "open", d),
    info("cp_subject", "Matière", { type: "string", enum: ["maths", "francais", "anglais", "physique", "autre"] }, "cp_q_subject"),
    info("cp_grade", "Classe", { type: "string", enum: ["primaire", "college", "lycee", "superieur", "adulte"] }, "cp_q_grade"),
    info("cp_level", "Niveau dans la matière", { type: "string", enum: ["grosse_difficulte", "juste", "moyenne", "bon"] }, "cp_q_level"),
    info("cp_goals", "Objectifs", enumArray(["retard", "examen", "devoirs", "methode", "aucun"]), "cp_q_goals"),
    info("cp_rate", "Budget horaire (€)", { type: "number", minimum: 0, maximum: 300 }, "cp_q_rate"),
    info("cp_age", "Âge de l'élève", { type: "integer", minimum: 4, maximum: 99 }, "cp_q_age"),
    info("cp_length", "Durée d'une séance (heures)", { type: "number", minimum: 0.5, maximum: 4 }, "cp_q_length"),
    info("cp_students", "Nombre d'enfants", { type: "integer", minimum: 1, maximum: 6 }, "cp_q_students"),
    info("cp_start", "Date de début", { type: "string", format: "date" }, "cp_q_start"),
    info("cp_last", "Dernier cours particulier", { type: "string", format: "date" }, "cp_q_last"),
    info("cp_home", "Cours à domicile possibles", { type: "boolean" }, "cp_q_home"),
    info("cp_notes", "Remarques", { type: "string" }, "cp_q_notes"),
  ];
}
