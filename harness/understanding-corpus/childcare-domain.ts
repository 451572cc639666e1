// Blind domain s16-4 (fourth outside tester): finding a childminder for at-home childcare, French labels, synonyms
// only where a childcare agency's form would naturally carry them.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function childcareDomainChanges(): ConfigurationChange[] {
  const d = "gde_main";
  return [
    objective("Garde d'enfants à domicile"),
    dimension(d, "Votre besoin de garde"),
    question("gde_q_children", "Combien d'enfants faut-il garder ?", "open", d),
    question("gde_q_youngest", "Quel âge a le plus jeune (en années) ?", "open", d),
    question("gde_q_hours", "Combien d'heures de garde par semaine ?", "open", d),
    question("gde_q_days", "Quels jours avez-vous besoin de quelqu'un ?", "multiple_choice", d, [
      ["gde_c_mon", "Lundi", "mon"],
      ["gde_c_tue", "Mardi", "tue"],
      ["gde_c_wed", "Mercredi", "wed"],
      ["gde_c_thu", "Jeudi", "thu"],
      ["gde_c_fri", "Vendredi", "fri"],
      ["gde_c_sat", "Samedi", "sat"],
    ]),
    question("gde_q_slot", "À quel moment de la journée ?", "single_choice", d, [
      ["gde_c_morning", "Le matin (avant l'école)", "morning"],
      ["gde_c_after", "Sortie d'école (16h30-19h)", "after_school", ["périscolaire"]],
      ["gde_c_full", "Journée complète", "full_day"],
      ["gde_c_evening", "Soirée", "evening"],
    ]),
    question("gde_q_start", "À partir de quelle date ?", "open", d),
    question("gde_q_tasks", "Quelles tâches en plus de la garde ?", "multiple_choice", d, [
      ["gde_c_homework", "Aide aux devoirs", "homework"],
      ["gde_c_meals", "Préparation des repas", "meals"],
      ["gde_c_bath", "Bain", "bath"],
      ["gde_c_school", "Trajets école", "school_run"],
      ["gde_c_clean", "Ménage léger", "light_cleaning"],
    ]),
    question("gde_q_pets", "Y a-t-il des animaux à la maison ?", "open", d),
    question("gde_q_rate", "Quel tarif horaire envisagez-vous ?", "open", d),
    question("gde_q_notes", "Autre chose à savoir sur vos enfants (allergies, habitudes) ?", "open", d),
    info("gde_children", "Nombre d'enfants à garder", { type: "integer", minimum: 1, maximum: 8 }, "gde_q_children"),
    info("gde_youngest", "Âge du plus jeune (ans)", { type: "number", minimum: 0, maximum: 16 }, "gde_q_youngest"),
    info("gde_hours", "Heures par semaine", { type: "number", minimum: 1, maximum: 60 }, "gde_q_hours"),
    info("gde_days", "Jours de garde", enumArray(["mon", "tue", "wed", "thu", "fri", "sat"]), "gde_q_days"),
    info("gde_slot", "Moment de la journée", { type: "string", enum: ["morning", "after_school", "full_day", "evening"] }, "gde_q_slot"),
    info("gde_start", "Date de début", { type: "string", format: "date" }, "gde_q_start"),
    info("gde_tasks", "Tâches en plus", enumArray(["homework", "meals", "bath", "school_run", "light_cleaning"]), "gde_q_tasks"),
    info("gde_pets", "Animaux à la maison", { type: "boolean" }, "gde_q_pets"),
    info("gde_rate", "Tarif horaire (€)", { type: "number", minimum: 8, maximum: 40 }, "gde_q_rate"),
    info("gde_notes", "Remarques sur les enfants", { type: "string", maxLength: 1000 }, "gde_q_notes"),
  ];
}
