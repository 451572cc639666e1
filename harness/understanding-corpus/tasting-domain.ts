// Blind domain s26-14 (fourteenth outside tester): réservation d'une dégustation de vins au domaine, French labels,
// synonyms only where the wine estate writing the form would naturally add them. A count of guests, a budget per person
// in euros, a distance in km, a future date and a past one.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function tastingDomainChanges(): ConfigurationChange[] {
  const d = "vt_main";
  return [
    objective("Réservation d'une dégustation"),
    dimension(d, "La dégustation"),
    question("vt_q_formula", "Quelle formule vous intéresse ?", "single_choice", d, [
      ["vt_c_decouverte", "Découverte (6 vins)", "decouverte"],
      ["vt_c_prestige", "Prestige (grands crus)", "prestige"],
      ["vt_c_accords", "Accords mets et vins", "accords"],
      ["vt_c_privat", "Privatisation pour un groupe", "privatisation"],
      ["vt_c_formula_autre", "Autre", "autre"],
    ]),
    question("vt_q_colours", "Quels vins préférez-vous ?", "multiple_choice", d, [
      ["vt_c_rouge", "Rouges", "rouge"],
      ["vt_c_blanc", "Blancs", "blanc"],
      ["vt_c_rose", "Rosés", "rose"],
      ["vt_c_bulles", "Effervescents (champagne, crémant)", "bulles"],
      ["vt_c_colours_aucun", "Aucun de ceux-ci", "aucun"],
    ]),
    question("vt_q_guests", "Combien de personnes seront présentes ?", "open", d),
    question("vt_q_budget", "Quel budget par personne (€) ?", "open", d),
    question("vt_q_distance", "À quelle distance du domaine habitez-vous (km) ?", "open", d),
    question("vt_q_date", "Quelle date souhaitez-vous pour la dégustation ?", "open", d),
    question("vt_q_last", "Quand avez-vous fait une dégustation pour la dernière fois ?", "open", d),
    question("vt_q_shuttle", "Souhaitez-vous la navette depuis la gare ?", "open", d),
    question("vt_q_notes", "Autre chose à nous signaler (allergies, occasion) ?", "open", d),
    info(
      "vt_formula",
      "Formule",
      { type: "string", enum: ["decouverte", "prestige", "accords", "privatisation", "autre"] },
      "vt_q_formula",
    ),
    info("vt_colours", "Vins préférés", enumArray(["rouge", "blanc", "rose", "bulles", "aucun"]), "vt_q_colours"),
    info("vt_guests", "Nombre de personnes", { type: "integer", minimum: 1, maximum: 60 }, "vt_q_guests"),
    info("vt_budget", "Budget par personne (€)", { type: "number", minimum: 0, maximum: 500 }, "vt_q_budget"),
    info("vt_distance", "Distance (km)", { type: "number", minimum: 0, maximum: 1000 }, "vt_q_distance"),
    info("vt_date", "Date de la dégustation", { type: "string", format: "date" }, "vt_q_date"),
    info("vt_last", "Dernière dégustation", { type: "string", format: "date" }, "vt_q_last"),
    info("vt_shuttle", "Navette depuis la gare", { type: "boolean" }, "vt_q_shuttle"),
    info("vt_notes", "Remarques", { type: "string" }, "vt_q_notes"),
  ];
}
