// Blind domain s21-11 (eleventh outside tester): a swimming pool maintenance contract, French labels, synonyms only
// where the pool company writing the form would naturally add them. A volume in litres, a surface in m², the pool's
// age in years, amounts in euros.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function poolDomainChanges(): ConfigurationChange[] {
  const d = "pi_main";
  return [
    objective("Contrat d'entretien de piscine"),
    dimension(d, "La piscine"),
    question("pi_q_type", "Quel type de piscine avez-vous ?", "single_choice", d, [
      ["pi_c_beton", "Enterrée en béton", "beton"],
      ["pi_c_coque", "Coque polyester", "coque"],
      ["pi_c_liner", "Liner", "liner"],
      ["pi_c_horssol", "Hors-sol", "hors_sol"],
      ["pi_c_type_autre", "Autre", "autre"],
    ]),
    question("pi_q_freq", "À quelle fréquence souhaitez-vous notre passage ?", "single_choice", d, [
      ["pi_c_fr_mois", "Une fois par mois", "mensuel"],
      ["pi_c_fr_quinz", "Tous les quinze jours", "quinzaine"],
      ["pi_c_fr_sem", "Une fois par semaine", "hebdo"],
      ["pi_c_fr_bi", "Deux fois par semaine", "bihebdo"],
    ]),
    question("pi_q_equip", "Quels équipements avez-vous ?", "multiple_choice", d, [
      ["pi_c_robot", "Robot nettoyeur", "robot"],
      ["pi_c_pac", "Pompe à chaleur", "pac"],
      ["pi_c_volet", "Volet roulant", "volet"],
      ["pi_c_sel", "Électrolyseur au sel", "sel"],
      ["pi_c_alarme", "Alarme", "alarme"],
      ["pi_c_equip_aucun", "Aucun de ceux-ci", "aucun"],
    ]),
    question("pi_q_volume", "Quel est le volume d'eau du bassin (litres) ?", "open", d),
    question("pi_q_surface", "Quelle est la surface du bassin (m²) ?", "open", d),
    question("pi_q_budget", "Quel budget mensuel prévoyez-vous pour l'entretien (€) ?", "open", d),
    question("pi_q_age", "Quel âge a la piscine (années) ?", "open", d),
    question("pi_q_baigneurs", "Combien de personnes se baignent régulièrement ?", "open", d),
    question("pi_q_start", "À quelle date souhaitez-vous le premier passage ?", "open", d),
    question("pi_q_vidange", "De quand date la dernière vidange ?", "open", d),
    question("pi_q_chauffee", "La piscine est-elle chauffée ?", "open", d),
    question("pi_q_notes", "Autre chose à nous signaler ?", "open", d),
    info("pi_type", "Type de piscine", { type: "string", enum: ["beton", "coque", "liner", "hors_sol", "autre"] }, "pi_q_type"),
    info("pi_freq", "Fréquence de passage", { type: "string", enum: ["mensuel", "quinzaine", "hebdo", "bihebdo"] }, "pi_q_freq"),
    info("pi_equip", "Équipements", enumArray(["robot", "pac", "volet", "sel", "alarme", "aucun"]), "pi_q_equip"),
    info("pi_volume", "Volume d'eau (litres)", { type: "number", minimum: 1000, maximum: 500000 }, "pi_q_volume"),
    info("pi_surface", "Surface du bassin (m²)", { type: "number", minimum: 1, maximum: 500 }, "pi_q_surface"),
    info("pi_budget", "Budget mensuel (€)", { type: "number", minimum: 0, maximum: 2000 }, "pi_q_budget"),
    info("pi_age", "Âge de la piscine (années)", { type: "number", minimum: 0, maximum: 100 }, "pi_q_age"),
    info("pi_baigneurs", "Nombre de baigneurs réguliers", { type: "integer", minimum: 0, maximum: 50 }, "pi_q_baigneurs"),
    info("pi_start", "Date du premier passage", { type: "string", format: "date" }, "pi_q_start"),
    info("pi_vidange", "Date de la dernière vidange", { type: "string", format: "date" }, "pi_q_vidange"),
    info("pi_chauffee", "Piscine chauffée", { type: "boolean" }, "pi_q_chauffee"),
    info("pi_notes", "Remarques", { type: "string" }, "pi_q_notes"),
  ];
}
