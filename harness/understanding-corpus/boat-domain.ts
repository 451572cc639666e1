// Blind domain s21-11 (eleventh outside tester): renting a boat for the day or the week, French labels, synonyms
// only where the rental company writing the form would naturally add them. A cruising speed in km/h, hours per day
// at sea, years of sailing, a budget per day in euros.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function boatDomainChanges(): ConfigurationChange[] {
  const d = "ba_main";
  return [
    objective("Location de bateau"),
    dimension(d, "La location"),
    question("ba_q_type", "Quel type de bateau souhaitez-vous louer ?", "single_choice", d, [
      ["ba_c_voilier", "Voilier", "voilier"],
      ["ba_c_moteur", "Bateau à moteur", "moteur"],
      ["ba_c_cata", "Catamaran", "catamaran"],
      ["ba_c_semi", "Semi-rigide", "semi_rigide"],
      ["ba_c_type_autre", "Autre", "autre"],
    ]),
    question("ba_q_niveau", "Quel est votre niveau en navigation ?", "single_choice", d, [
      ["ba_c_niv_aucun", "Aucune expérience", "aucune"],
      ["ba_c_niv_deb", "Débutant", "debutant"],
      ["ba_c_niv_conf", "Confirmé", "confirme"],
      ["ba_c_niv_exp", "Expert", "expert"],
    ]),
    question("ba_q_activites", "Quelles activités prévoyez-vous ?", "multiple_choice", d, [
      ["ba_c_peche", "Pêche", "peche"],
      ["ba_c_plongee", "Plongée", "plongee"],
      ["ba_c_baignade", "Baignade", "baignade"],
      ["ba_c_ski", "Ski nautique", "ski"],
      ["ba_c_act_aucune", "Aucune de ces activités", "aucune"],
    ]),
    question("ba_q_budget", "Quel est votre budget par jour (€) ?", "open", d),
    question("ba_q_passagers", "Combien de personnes à bord, skipper compris ?", "open", d),
    question("ba_q_vitesse", "Quelle vitesse de croisière souhaitez-vous (km/h) ?", "open", d),
    question("ba_q_heures", "Combien d'heures par jour pensez-vous naviguer ?", "open", d),
    question("ba_q_annees", "Depuis combien d'années naviguez-vous ?", "open", d),
    question("ba_q_depart", "Quelle date de départ souhaitez-vous ?", "open", d),
    question("ba_q_derniere", "Quand avez-vous navigué pour la dernière fois ?", "open", d),
    question("ba_q_permis", "Avez-vous le permis bateau ?", "open", d),
    question("ba_q_notes", "Des remarques ou demandes particulières ?", "open", d),
    info("ba_type", "Type de bateau", { type: "string", enum: ["voilier", "moteur", "catamaran", "semi_rigide", "autre"] }, "ba_q_type"),
    info("ba_niveau", "Niveau en navigation", { type: "string", enum: ["aucune", "debutant", "confirme", "expert"] }, "ba_q_niveau"),
    info("ba_activites", "Activités prévues", enumArray(["peche", "plongee", "baignade", "ski", "aucune"]), "ba_q_activites"),
    info("ba_budget", "Budget par jour (€)", { type: "number", minimum: 0, maximum: 10000 }, "ba_q_budget"),
    info("ba_passagers", "Nombre de personnes à bord", { type: "integer", minimum: 1, maximum: 30 }, "ba_q_passagers"),
    info("ba_vitesse", "Vitesse de croisière (km/h)", { type: "number", minimum: 0, maximum: 120 }, "ba_q_vitesse"),
    info("ba_heures", "Heures de navigation par jour", { type: "number", minimum: 0, maximum: 24 }, "ba_q_heures"),
    info("ba_annees", "Années de navigation", { type: "number", minimum: 0, maximum: 80 }, "ba_q_annees"),
    info("ba_depart", "Date de départ", { type: "string", format: "date" }, "ba_q_depart"),
    info("ba_derniere", "Dernière sortie en mer", { type: "string", format: "date" }, "ba_q_derniere"),
    info("ba_permis", "Permis bateau", { type: "boolean" }, "ba_q_permis"),
    info("ba_notes", "Remarques", { type: "string" }, "ba_q_notes"),
  ];
}
