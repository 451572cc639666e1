// Blind domain s17-6 (sixth outside tester): a quote for home cleaning, French labels, synonyms only where a cleaning
// company's office would naturally write them.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function cleaningDomainChanges(): ConfigurationChange[] {
  const d = "men_main";
  return [
    objective("Devis de ménage à domicile"),
    dimension(d, "Logement et prestation"),
    question("men_q_logement", "Quel type de logement faut-il entretenir ?", "single_choice", d, [
      ["men_c_studio", "Studio", "studio"],
      ["men_c_appartement", "Appartement", "appartement", ["appart"]],
      ["men_c_maison", "Maison", "maison"],
      ["men_c_bureau", "Bureau ou local professionnel", "bureau"],
      ["men_c_autre", "Autre type de lieu", "autre"],
    ]),
    question("men_q_frequence", "À quelle fréquence souhaitez-vous une intervention ?", "single_choice", d, [
      ["men_c_unique", "Une seule fois", "unique"],
      ["men_c_mensuel", "Une fois par mois", "mensuel"],
      ["men_c_quinzaine", "Toutes les deux semaines", "quinzaine"],
      ["men_c_hebdo", "Chaque semaine", "hebdo"],
      ["men_c_plusieurs", "Plusieurs fois par semaine", "plusieurs"],
    ]),
    question("men_q_taches", "Quelles tâches voulez-vous confier ?", "multiple_choice", d, [
      ["men_c_sols", "Sols et aspirateur", "sols"],
      ["men_c_vitres", "Vitres", "vitres"],
      ["men_c_repassage", "Repassage", "repassage"],
      ["men_c_cuisine", "Cuisine", "cuisine"],
      ["men_c_sdb", "Salle de bain et WC", "sdb"],
      ["men_c_four", "Four et réfrigérateur", "four"],
    ]),
    question("men_q_satisfaction", "Si vous aviez déjà une aide ménagère, en étiez-vous satisfait ?", "single_choice", d, [
      ["men_c_tres_insatisfait", "Pas du tout satisfait", "tres_insatisfait"],
      ["men_c_insatisfait", "Peu satisfait", "insatisfait"],
      ["men_c_moyen", "Moyennement", "moyen"],
      ["men_c_satisfait", "Satisfait", "satisfait"],
      ["men_c_tres_satisfait", "Très satisfait", "tres_satisfait"],
    ]),
    question("men_q_surface", "Quelle est la surface à nettoyer (m²) ?", "open", d),
    question("men_q_pieces", "Combien de pièces compte le logement ?", "open", d),
    question("men_q_animaux", "Avez-vous des animaux ?", "open", d),
    question("men_q_produits", "Fournissez-vous les produits et le matériel ?", "open", d),
    question("men_q_debut", "À partir de quelle date souhaitez-vous commencer ?", "open", d),
    question("men_q_heures", "Combien d'heures par intervention ?", "open", d),
    question("men_q_budget", "Quel budget mensuel prévoyez-vous (€) ?", "open", d),
    question("men_q_acces", "Informations pratiques pour l'accès (code, clés, étage) ?", "open", d),
    info(
      "men_logement",
      "Type de logement",
      { type: "string", enum: ["studio", "appartement", "maison", "bureau", "autre"] },
      "men_q_logement",
    ),
    info(
      "men_frequence",
      "Fréquence",
      { type: "string", enum: ["unique", "mensuel", "quinzaine", "hebdo", "plusieurs"] },
      "men_q_frequence",
    ),
    info("men_taches", "Tâches", enumArray(["sols", "vitres", "repassage", "cuisine", "sdb", "four"]), "men_q_taches"),
    info(
      "men_satisfaction",
      "Satisfaction avec l'aide précédente",
      { type: "string", enum: ["tres_insatisfait", "insatisfait", "moyen", "satisfait", "tres_satisfait"] },
      "men_q_satisfaction",
    ),
    info("men_surface", "Surface (m²)", { type: "number", minimum: 5, maximum: 2000 }, "men_q_surface"),
    info("men_pieces", "Nombre de pièces", { type: "integer", minimum: 1, maximum: 40 }, "men_q_pieces"),
    info("men_animaux", "Animaux au logement", { type: "boolean" }, "men_q_animaux"),
    info("men_produits", "Produits fournis par le client", { type: "boolean" }, "men_q_produits"),
    info("men_debut", "Date de début", { type: "string", format: "date" }, "men_q_debut"),
    info("men_heures", "Heures par intervention", { type: "number", minimum: 0.5, maximum: 12 }, "men_q_heures"),
    info("men_budget", "Budget mensuel (€)", { type: "number", minimum: 0, maximum: 5000 }, "men_q_budget"),
    info("men_acces", "Informations d'accès", { type: "string" }, "men_q_acces"),
  ];
}
