// Blind domain s24-12 (twelfth outside tester): a first visit to a dietitian, French labels, synonyms only where the
// practice writing the form would naturally add them. A weight in kg, a height in cm, litres of water per day, hours
// of sleep per night, a price per consultation in euros.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function dietitianDomainChanges(): ConfigurationChange[] {
  const d = "dt_main";
  return [
    objective("Bilan chez la diététicienne"),
    dimension(d, "Votre bilan"),
    question("dt_q_goal", "Quel est votre objectif principal ?", "single_choice", d, [
      ["dt_c_perte", "Perdre du poids", "perte"],
      ["dt_c_prise", "Prendre du poids", "prise"],
      ["dt_c_reequilibrage", "Rééquilibrage alimentaire", "reequilibrage"],
      ["dt_c_maladie", "Suivi d'une maladie (diabète, cholestérol...)", "maladie"],
      ["dt_c_goal_autre", "Autre", "autre"],
    ]),
    question("dt_q_activite", "Quel est votre niveau d'activité physique ?", "single_choice", d, [
      ["dt_c_act_sed", "Sédentaire", "sedentaire"],
      ["dt_c_act_peu", "Peu actif", "peu_actif"],
      ["dt_c_act_actif", "Actif", "actif"],
      ["dt_c_act_tres", "Très actif", "tres_actif"],
    ]),
    question("dt_q_regime", "Suivez-vous un de ces régimes ?", "multiple_choice", d, [
      ["dt_c_vege", "Végétarien", "vegetarien"],
      ["dt_c_vegan", "Végan", "vegan"],
      ["dt_c_gluten", "Sans gluten", "sans_gluten"],
      ["dt_c_lactose", "Sans lactose", "sans_lactose"],
      ["dt_c_regime_aucun", "Aucun", "aucun"],
    ]),
    question("dt_q_poids", "Quel est votre poids actuel (kg) ?", "open", d),
    question("dt_q_taille", "Quelle est votre taille (cm) ?", "open", d),
    question("dt_q_eau", "Combien d'eau buvez-vous par jour (litres) ?", "open", d),
    question("dt_q_sommeil", "Combien d'heures dormez-vous par nuit ?", "open", d),
    question("dt_q_budget", "Quel budget par consultation (€) ?", "open", d),
    question("dt_q_repas", "Combien de repas prenez-vous par jour ?", "open", d),
    question("dt_q_rdv", "Quand souhaitez-vous votre premier rendez-vous ?", "open", d),
    question("dt_q_analyse", "À quand remonte votre dernière prise de sang ?", "open", d),
    question("dt_q_traitement", "Prenez-vous un traitement médical ?", "open", d),
    question("dt_q_notes", "Autre chose à signaler ?", "open", d),
    info("dt_goal", "Objectif", { type: "string", enum: ["perte", "prise", "reequilibrage", "maladie", "autre"] }, "dt_q_goal"),
    info("dt_activite", "Activité physique", { type: "string", enum: ["sedentaire", "peu_actif", "actif", "tres_actif"] }, "dt_q_activite"),
    info("dt_regime", "Régimes", enumArray(["vegetarien", "vegan", "sans_gluten", "sans_lactose", "aucun"]), "dt_q_regime"),
    info("dt_poids", "Poids (kg)", { type: "number", minimum: 20, maximum: 300 }, "dt_q_poids"),
    info("dt_taille", "Taille (cm)", { type: "number", minimum: 100, maximum: 230 }, "dt_q_taille"),
    info("dt_eau", "Eau par jour (litres)", { type: "number", minimum: 0, maximum: 10 }, "dt_q_eau"),
    info("dt_sommeil", "Sommeil par nuit (heures)", { type: "number", minimum: 0, maximum: 16 }, "dt_q_sommeil"),
    info("dt_budget", "Budget par consultation (€)", { type: "number", minimum: 0, maximum: 500 }, "dt_q_budget"),
    info("dt_repas", "Repas par jour", { type: "integer", minimum: 0, maximum: 10 }, "dt_q_repas"),
    info("dt_rdv", "Date du premier rendez-vous", { type: "string", format: "date" }, "dt_q_rdv"),
    info("dt_analyse", "Date de la dernière prise de sang", { type: "string", format: "date" }, "dt_q_analyse"),
    info("dt_traitement", "Traitement médical", { type: "boolean" }, "dt_q_traitement"),
    info("dt_notes", "Remarques", { type: "string" }, "dt_q_notes"),
  ];
}
