// Blind domain 3 (outside tester): a gym membership intake, French labels, English enum values, no synonyms.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

const DAYS: [string, string][] = [
  ["Lundi", "monday"],
  ["Mardi", "tuesday"],
  ["Mercredi", "wednesday"],
  ["Jeudi", "thursday"],
  ["Vendredi", "friday"],
  ["Samedi", "saturday"],
  ["Dimanche", "sunday"],
];

export function gymDomainChanges(): ConfigurationChange[] {
  const d = "gym_main";
  return [
    objective("Inscription salle de sport"),
    dimension(d, "Profil"),
    question("gym_q_age", "Quel âge avez-vous ?", "open", d),
    question("gym_q_smoker", "Fumez-vous ?", "single_choice", d, [
      ["gym_c_smoke_yes", "Oui", true],
      ["gym_c_smoke_no", "Non", false],
    ]),
    question("gym_q_freq", "Combien de fois par semaine pensez-vous venir ?", "open", d),
    question("gym_q_goals", "Quels sont vos objectifs ?", "multiple_choice", d, [
      ["gym_c_loss", "Perte de poids", "weight_loss"],
      ["gym_c_muscle", "Prise de muscle", "muscle_gain"],
      ["gym_c_endurance", "Endurance", "endurance"],
      ["gym_c_flex", "Souplesse", "flexibility"],
      ["gym_c_fitness", "Remise en forme", "fitness"],
    ]),
    question(
      "gym_q_days",
      "Quels jours préférez-vous ?",
      "multiple_choice",
      d,
      DAYS.map(([label, value]) => [`gym_c_${value}`, label, value]),
    ),
    question("gym_q_start", "À partir de quand voulez-vous commencer ?", "open", d),
    question("gym_q_injuries", "Avez-vous des blessures ou des douleurs à signaler ?", "open", d),
    question("gym_q_plan", "Quelle formule vous intéresse ?", "single_choice", d, [
      ["gym_c_monthly", "Mensuelle", "monthly"],
      ["gym_c_yearly", "Annuelle", "yearly"],
      ["gym_c_pass", "Carte 10 séances", "ten_pass"],
    ]),
    question("gym_q_coach", "Souhaitez-vous un coach personnel ?", "open", d),
    question("gym_q_weight", "Quel est votre poids actuel ?", "open", d),
    info("gym_age", "Âge", { type: "integer", minimum: 14, maximum: 100 }, "gym_q_age"),
    info("gym_smoker", "Fumeur", { type: "boolean" }, "gym_q_smoker"),
    info("gym_freq", "Séances par semaine", { type: "integer", minimum: 1, maximum: 7 }, "gym_q_freq"),
    info("gym_goals", "Objectifs", enumArray(["weight_loss", "muscle_gain", "endurance", "flexibility", "fitness"]), "gym_q_goals"),
    info("gym_days", "Jours préférés", enumArray(DAYS.map(([, v]) => v)), "gym_q_days"),
    info("gym_start", "Date de début", { type: "string", format: "date" }, "gym_q_start"),
    info("gym_injuries", "Blessures ou douleurs", { type: "string", maxLength: 500 }, "gym_q_injuries"),
    info("gym_plan", "Formule", { type: "string", enum: ["monthly", "yearly", "ten_pass"] }, "gym_q_plan"),
    info("gym_coach", "Coach personnel", { type: "boolean" }, "gym_q_coach"),
    info("gym_weight", "Poids (kg)", { type: "number", minimum: 30, maximum: 250 }, "gym_q_weight"),
  ];
}
