// Blind domain s27-15 (fifteenth outside tester): commande de miel chez un apiculteur, French labels, synonyms only
// where the beekeeper writing the form would naturally add them. A quantity in kg, a distance in km, a count of gift
// boxes, a future pick-up date and a past date ("la dernière fois").
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function honeyDomainChanges(): ConfigurationChange[] {
  const d = "mi_main";
  return [
    objective("Commande de miel"),
    dimension(d, "Votre commande"),
    question("mi_q_type", "Quel miel souhaitez-vous ?", "single_choice", d, [
      ["mi_c_fleurs", "Miel toutes fleurs", "fleurs"],
      ["mi_c_acacia", "Acacia", "acacia"],
      ["mi_c_chataignier", "Châtaignier", "chataignier"],
      ["mi_c_lavande", "Lavande", "lavande"],
      ["mi_c_foret", "Miel de forêt", "foret"],
      ["mi_c_type_autre", "Autre", "autre"],
    ]),
    question("mi_q_extras", "Souhaitez-vous ajouter des produits de la ruche ?", "multiple_choice", d, [
      ["mi_c_pollen", "Pollen", "pollen"],
      ["mi_c_propolis", "Propolis", "propolis"],
      ["mi_c_bougies", "Bougies en cire d'abeille", "bougies"],
      ["mi_c_pain", "Pain d'épices", "pain_epices"],
      ["mi_c_extras_aucun", "Aucun de ceux-ci", "aucun"],
    ]),
    question("mi_q_weight", "Quelle quantité de miel voulez-vous au total (kg) ?", "open", d),
    question("mi_q_boxes", "Combien de coffrets cadeaux souhaitez-vous ?", "open", d),
    question("mi_q_distance", "À quelle distance du rucher habitez-vous (km) ?", "open", d),
    question("mi_q_pickup", "Quand souhaitez-vous récupérer votre commande ?", "open", d),
    question("mi_q_last", "Quand avez-vous commandé chez nous pour la dernière fois ?", "open", d),
    question("mi_q_delivery", "Souhaitez-vous être livré à domicile ?", "open", d),
    question("mi_q_notes", "Un message pour l'apiculteur ?", "open", d),
    info("mi_type", "Miel", { type: "string", enum: ["fleurs", "acacia", "chataignier", "lavande", "foret", "autre"] }, "mi_q_type"),
    info("mi_extras", "Produits de la ruche", enumArray(["pollen", "propolis", "bougies", "pain_epices", "aucun"]), "mi_q_extras"),
    info("mi_weight", "Quantité de miel (kg)", { type: "number", minimum: 0.25, maximum: 50 }, "mi_q_weight"),
    info("mi_boxes", "Coffrets cadeaux", { type: "integer", minimum: 0, maximum: 50 }, "mi_q_boxes"),
    info("mi_distance", "Distance du rucher (km)", { type: "number", minimum: 0, maximum: 1000 }, "mi_q_distance"),
    info("mi_pickup", "Date de retrait", { type: "string", format: "date" }, "mi_q_pickup"),
    info("mi_last", "Dernière commande", { type: "string", format: "date" }, "mi_q_last"),
    info("mi_delivery", "Livraison à domicile", { type: "boolean" }, "mi_q_delivery"),
    info("mi_notes", "Message", { type: "string" }, "mi_q_notes"),
  ];
}
