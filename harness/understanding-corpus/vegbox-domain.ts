// Blind domain s20-10 (tenth outside tester): subscribing to a weekly box of vegetables from a farm (abonnement à
// des paniers de légumes), French labels, synonyms only where the farmer writing the form would naturally add them.
// Kilos per week, a commitment in months, a percentage.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function vegboxDomainChanges(): ConfigurationChange[] {
  const d = "pan_main";
  return [
    objective("Abonnement aux paniers de la ferme"),
    dimension(d, "Votre abonnement"),
    question("pan_q_kind", "Quel panier vous intéresse ?", "single_choice", d, [
      ["pan_c_legumes", "Légumes seuls", "legumes"],
      ["pan_c_mixte", "Légumes et fruits", "mixte"],
      ["pan_c_fruits", "Fruits seuls", "fruits"],
      ["pan_c_oeufs", "Légumes et œufs", "oeufs"],
      ["pan_c_kind_autre", "Autre", "autre"],
    ]),
    question("pan_q_cooking", "À quelle fréquence cuisinez-vous ?", "single_choice", d, [
      ["pan_c_cook_rare", "Rarement", "rarement"],
      ["pan_c_cook_some", "Quelques fois par semaine", "parfois"],
      ["pan_c_cook_most", "Presque tous les jours", "souvent"],
      ["pan_c_cook_all", "Tous les jours, midi et soir", "tous_les_jours"],
    ]),
    question("pan_q_allergies", "Des allergies ou intolérances dans le foyer ?", "multiple_choice", d, [
      ["pan_c_gluten", "Gluten", "gluten"],
      ["pan_c_lactose", "Lactose", "lactose"],
      ["pan_c_nuts", "Fruits à coque", "fruits_a_coque"],
      ["pan_c_celery", "Céleri", "celeri"],
      ["pan_c_allergy_aucune", "Aucune", "aucune"],
    ]),
    question("pan_q_budget", "Quel budget par semaine (€) ?", "open", d),
    question("pan_q_kilos", "Combien de kilos de légumes par semaine ?", "open", d),
    question("pan_q_people", "Combien de personnes mangent à la maison ?", "open", d),
    question("pan_q_months", "Pour combien de mois souhaitez-vous vous engager ?", "open", d),
    question("pan_q_organic", "Quelle part de vos courses est bio aujourd'hui (en %) ?", "open", d),
    question("pan_q_first", "Date de la première livraison souhaitée", "open", d),
    question("pan_q_birth", "Date de naissance du titulaire de l'abonnement", "open", d),
    question("pan_q_delivery", "Souhaitez-vous être livré à domicile ?", "open", d),
    question("pan_q_notes", "Un message pour le producteur ?", "open", d),
    info("pan_kind", "Type de panier", { type: "string", enum: ["legumes", "mixte", "fruits", "oeufs", "autre"] }, "pan_q_kind"),
    info(
      "pan_cooking",
      "Fréquence de cuisine",
      { type: "string", enum: ["rarement", "parfois", "souvent", "tous_les_jours"] },
      "pan_q_cooking",
    ),
    info("pan_allergies", "Allergies", enumArray(["gluten", "lactose", "fruits_a_coque", "celeri", "aucune"]), "pan_q_allergies"),
    info("pan_budget", "Budget hebdomadaire (€)", { type: "number", minimum: 5, maximum: 200 }, "pan_q_budget"),
    info("pan_kilos", "Kilos de légumes par semaine", { type: "number", minimum: 1, maximum: 30 }, "pan_q_kilos"),
    info("pan_people", "Personnes au foyer", { type: "integer", minimum: 1, maximum: 15 }, "pan_q_people"),
    info("pan_months", "Engagement (mois)", { type: "integer", minimum: 1, maximum: 12 }, "pan_q_months"),
    info("pan_organic", "Part de bio (%)", { type: "number", minimum: 0, maximum: 100 }, "pan_q_organic"),
    info("pan_first", "Première livraison", { type: "string", format: "date" }, "pan_q_first"),
    info("pan_birth", "Date de naissance", { type: "string", format: "date" }, "pan_q_birth"),
    info("pan_delivery", "Livraison à domicile", { type: "boolean" }, "pan_q_delivery"),
    info("pan_notes", "Message", { type: "string" }, "pan_q_notes"),
  ];
}
