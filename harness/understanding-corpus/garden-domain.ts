// Domaine aveugle s18-7 (septième testeur extérieur) : demande de devis pour l'entretien ou l'aménagement d'un
// jardin, libellés en français, synonymes seulement là où un paysagiste rédigeant le formulaire en mettrait.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function gardenDomainChanges(): ConfigurationChange[] {
  const d = "jar_main";
  return [
    objective("Devis jardin"),
    dimension(d, "Le jardin et les travaux"),
    question("jar_q_travaux", "Quel type de travaux souhaitez-vous ?", "single_choice", d, [
      ["jar_c_tonte", "Tonte de la pelouse", "tonte"],
      ["jar_c_haies", "Taille de haies", "haies"],
      ["jar_c_creation", "Création ou aménagement de jardin", "creation"],
      ["jar_c_elagage", "Élagage d'arbres", "elagage"],
      ["jar_c_complet", "Entretien complet", "complet"],
      ["jar_c_autre", "Autre", "autre"],
    ]),
    question("jar_q_frequence", "À quelle fréquence souhaitez-vous que nous passions ?", "single_choice", d, [
      ["jar_c_freq_once", "Une seule fois", "une_fois"],
      ["jar_c_freq_month", "Une fois par mois", "mensuel"],
      ["jar_c_freq_2weeks", "Toutes les deux semaines", "quinzaine"],
      ["jar_c_freq_week", "Chaque semaine", "hebdo"],
    ]),
    question("jar_q_satisfaction", "Êtes-vous satisfait de l'état actuel de votre jardin ?", "single_choice", d, [
      ["jar_c_sat_0", "Pas du tout satisfait", "pas_du_tout"],
      ["jar_c_sat_1", "Peu satisfait", "peu"],
      ["jar_c_sat_2", "Assez satisfait", "assez"],
      ["jar_c_sat_3", "Très satisfait", "tres"],
    ]),
    question("jar_q_elements", "Qu'y a-t-il dans votre jardin ?", "multiple_choice", d, [
      ["jar_c_pelouse", "Pelouse", "pelouse", ["gazon"]],
      ["jar_c_haie", "Haies", "haies"],
      ["jar_c_arbres", "Arbres", "arbres"],
      ["jar_c_potager", "Potager", "potager"],
      ["jar_c_piscine", "Piscine", "piscine"],
      ["jar_c_terrasse", "Terrasse", "terrasse"],
    ]),
    question("jar_q_surface", "Quelle est la surface du jardin (m²) ?", "open", d),
    question("jar_q_haie", "Quelle longueur de haie faut-il tailler (en mètres) ?", "open", d),
    question("jar_q_budget", "Quel budget prévoyez-vous pour ces travaux (€) ?", "open", d),
    question("jar_q_debut", "À partir de quelle date pouvons-nous intervenir ?", "open", d),
    question("jar_q_dernier", "Quand le jardin a-t-il été entretenu pour la dernière fois ?", "open", d),
    question("jar_q_dechets", "Faut-il évacuer les déchets verts ?", "open", d),
    question("jar_q_acces", "Peut-on accéder au jardin sans passer par la maison ?", "open", d),
    question("jar_q_remarques", "Des remarques ou précisions pour le jardinier ?", "open", d),
    info(
      "jar_travaux",
      "Type de travaux",
      { type: "string", enum: ["tonte", "haies", "creation", "elagage", "complet", "autre"] },
      "jar_q_travaux",
    ),
    info(
      "jar_frequence",
      "Fréquence de passage",
      { type: "string", enum: ["une_fois", "mensuel", "quinzaine", "hebdo"] },
      "jar_q_frequence",
    ),
    info(
      "jar_satisfaction",
      "Satisfaction sur l'état du jardin",
      { type: "string", enum: ["pas_du_tout", "peu", "assez", "tres"] },
      "jar_q_satisfaction",
    ),
    info(
      "jar_elements",
      "Éléments du jardin",
      enumArray(["pelouse", "haies", "arbres", "potager", "piscine", "terrasse"]),
      "jar_q_elements",
    ),
    info("jar_surface", "Surface du jardin (m²)", { type: "number", minimum: 1, maximum: 100000 }, "jar_q_surface"),
    info("jar_haie", "Longueur de haie à tailler (m)", { type: "number", minimum: 0, maximum: 2000 }, "jar_q_haie"),
    info("jar_budget", "Budget des travaux (€)", { type: "number", minimum: 0, maximum: 100000 }, "jar_q_budget"),
    info("jar_debut", "Date de début souhaitée", { type: "string", format: "date" }, "jar_q_debut"),
    info("jar_dernier", "Date du dernier entretien", { type: "string", format: "date" }, "jar_q_dernier"),
    info("jar_dechets", "Évacuation des déchets verts", { type: "boolean" }, "jar_q_dechets"),
    info("jar_acces", "Accès au jardin sans passer par la maison", { type: "boolean" }, "jar_q_acces"),
    info("jar_remarques", "Remarques pour le jardinier", { type: "string" }, "jar_q_remarques"),
  ];
}
