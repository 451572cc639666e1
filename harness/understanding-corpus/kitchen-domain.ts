// Blind domain s20-10 (tenth outside tester): a quote for fitting a kitchen (devis de pose de cuisine), French labels,
// synonyms only where the fitter writing the form would naturally add them. A length in metres, a deposit in percent,
// a number of weeks.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function kitchenDomainChanges(): ConfigurationChange[] {
  const d = "cui_main";
  return [
    objective("Devis de pose de cuisine"),
    dimension(d, "Votre cuisine"),
    question("cui_q_shape", "Quelle forme de cuisine souhaitez-vous ?", "single_choice", d, [
      ["cui_c_droite", "Droite (linéaire)", "droite"],
      ["cui_c_l", "En L", "l"],
      ["cui_c_u", "En U", "u"],
      ["cui_c_ilot", "Avec îlot central", "ilot"],
      ["cui_c_shape_autre", "Autre forme", "autre"],
    ]),
    question("cui_q_range", "Quelle gamme visez-vous ?", "single_choice", d, [
      ["cui_c_entree", "Entrée de gamme", "entree"],
      ["cui_c_milieu", "Milieu de gamme", "milieu"],
      ["cui_c_haut", "Haut de gamme", "haut"],
      ["cui_c_luxe", "Sur mesure / luxe", "luxe"],
    ]),
    question("cui_q_appliances", "Quels appareils faut-il encastrer ?", "multiple_choice", d, [
      ["cui_c_four", "Four", "four"],
      ["cui_c_plaque", "Plaque de cuisson", "plaque"],
      ["cui_c_hotte", "Hotte", "hotte"],
      ["cui_c_lv", "Lave-vaisselle", "lave_vaisselle"],
      ["cui_c_frigo", "Réfrigérateur", "frigo"],
      ["cui_c_app_aucun", "Aucun", "aucun"],
    ]),
    question("cui_q_budget", "Quel est votre budget (€) ?", "open", d),
    question("cui_q_length", "Longueur totale des meubles (en mètres)", "open", d),
    question("cui_q_deposit", "Quel acompte pouvez-vous verser à la commande (en % du total) ?", "open", d),
    question("cui_q_weeks", "Combien de semaines pouvez-vous rester sans cuisine pendant les travaux ?", "open", d),
    question("cui_q_people", "Combien de personnes vivent dans le logement ?", "open", d),
    question("cui_q_date", "Date souhaitée pour la pose", "open", d),
    question("cui_q_moved", "Depuis quand habitez-vous ce logement ?", "open", d),
    question("cui_q_removal", "Faut-il démonter et évacuer l'ancienne cuisine ?", "open", d),
    question("cui_q_notes", "Autre chose à préciser ?", "open", d),
    info("cui_shape", "Forme de la cuisine", { type: "string", enum: ["droite", "l", "u", "ilot", "autre"] }, "cui_q_shape"),
    info("cui_range", "Gamme", { type: "string", enum: ["entree", "milieu", "haut", "luxe"] }, "cui_q_range"),
    info(
      "cui_appliances",
      "Appareils à encastrer",
      enumArray(["four", "plaque", "hotte", "lave_vaisselle", "frigo", "aucun"]),
      "cui_q_appliances",
    ),
    info("cui_budget", "Budget (€)", { type: "number", minimum: 500, maximum: 100000 }, "cui_q_budget"),
    info("cui_length", "Longueur des meubles (m)", { type: "number", minimum: 1, maximum: 30 }, "cui_q_length"),
    info("cui_deposit", "Acompte (% du total)", { type: "number", minimum: 0, maximum: 100 }, "cui_q_deposit"),
    info("cui_weeks", "Semaines sans cuisine acceptées", { type: "integer", minimum: 0, maximum: 26 }, "cui_q_weeks"),
    info("cui_people", "Personnes dans le logement", { type: "integer", minimum: 1, maximum: 20 }, "cui_q_people"),
    info("cui_date", "Date de pose souhaitée", { type: "string", format: "date" }, "cui_q_date"),
    info("cui_moved", "Date d'emménagement", { type: "string", format: "date" }, "cui_q_moved"),
    info("cui_removal", "Dépose de l'ancienne cuisine", { type: "boolean" }, "cui_q_removal"),
    info("cui_notes", "Remarques", { type: "string" }, "cui_q_notes"),
  ];
}
