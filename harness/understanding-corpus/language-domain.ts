// Blind domain s15-3 (third outside tester): signing up for a language course, French labels, synonyms where a
// language school would write them (CEFR levels, common names of formats).
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function languageDomainChanges(): ConfigurationChange[] {
  const d = "lang_main";
  return [
    objective("Inscription à un cours de langue"),
    dimension(d, "Formation"),
    question("lang_q_language", "Quelle langue souhaitez-vous apprendre ?", "single_choice", d, [
      ["lang_c_en", "Anglais", "english"],
      ["lang_c_es", "Espagnol", "spanish"],
      ["lang_c_de", "Allemand", "german"],
      ["lang_c_it", "Italien", "italian"],
      ["lang_c_zh", "Chinois", "chinese", ["mandarin"]],
    ]),
    question("lang_q_level", "Quel est votre niveau actuel ?", "single_choice", d, [
      ["lang_c_beg", "Débutant (A1-A2)", "beginner", ["A1", "A2", "grand débutant"]],
      ["lang_c_int", "Intermédiaire (B1-B2)", "intermediate", ["B1", "B2"]],
      ["lang_c_adv", "Avancé (C1-C2)", "advanced", ["C1", "C2", "courant"]],
    ]),
    question("lang_q_hours", "Combien d'heures par semaine pouvez-vous y consacrer ?", "open", d),
    question("lang_q_duration", "Sur combien de mois souhaitez-vous suivre la formation ?", "open", d),
    question("lang_q_budget", "Quel est votre budget total pour la formation ?", "open", d),
    question("lang_q_start", "Quand souhaitez-vous commencer ?", "open", d),
    question("lang_q_cpf", "Souhaitez-vous financer la formation avec votre CPF ?", "open", d),
    question("lang_q_format", "Quels formats de cours vous conviennent ?", "multiple_choice", d, [
      ["lang_c_group", "Cours en groupe", "group"],
      ["lang_c_private", "Cours particuliers", "private", ["cours individuels"]],
      ["lang_c_online", "En ligne", "online", ["visio", "à distance"]],
      ["lang_c_onsite", "En présentiel", "in_person", ["sur place"]],
      ["lang_c_immersion", "Immersion à l'étranger", "immersion", ["séjour linguistique"]],
    ]),
    question("lang_q_people", "Combien de personnes s'inscrivent, vous compris ?", "open", d),
    info("lang_language", "Langue", { type: "string", enum: ["english", "spanish", "german", "italian", "chinese"] }, "lang_q_language"),
    info("lang_level", "Niveau actuel", { type: "string", enum: ["beginner", "intermediate", "advanced"] }, "lang_q_level"),
    info("lang_hours", "Heures par semaine", { type: "number", minimum: 0, maximum: 40 }, "lang_q_hours"),
    info("lang_duration", "Durée (mois)", { type: "integer", minimum: 1, maximum: 36 }, "lang_q_duration"),
    info("lang_budget", "Budget total (€)", { type: "number", minimum: 0, maximum: 20000 }, "lang_q_budget"),
    info("lang_start", "Date de début", { type: "string", format: "date" }, "lang_q_start"),
    info("lang_cpf", "Financement CPF", { type: "boolean" }, "lang_q_cpf"),
    info("lang_format", "Formats acceptés", enumArray(["group", "private", "online", "in_person", "immersion"]), "lang_q_format"),
    info("lang_people", "Nombre d'inscrits", { type: "integer", minimum: 1, maximum: 20 }, "lang_q_people"),
  ];
}
