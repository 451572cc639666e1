// Domaine aveugle s18-7 (septième testeur extérieur) : inscription dans une école de musique (enfant ou adulte),
// libellés en français, synonymes seulement là où le secrétariat de l'école en mettrait.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function musicDomainChanges(): ConfigurationChange[] {
  const d = "mus_main";
  return [
    objective("Inscription école de musique"),
    dimension(d, "L'élève et les cours"),
    question("mus_q_instrument", "Quel instrument l'élève souhaite-t-il apprendre ?", "single_choice", d, [
      ["mus_c_piano", "Piano", "piano"],
      ["mus_c_guitare", "Guitare", "guitare"],
      ["mus_c_violon", "Violon", "violon"],
      ["mus_c_batterie", "Batterie", "batterie"],
      ["mus_c_chant", "Chant", "chant"],
      ["mus_c_autre", "Autre instrument", "autre"],
    ]),
    question("mus_q_niveau", "Quel est le niveau actuel de l'élève ?", "single_choice", d, [
      ["mus_c_niv_0", "Débutant complet", "debutant"],
      ["mus_c_niv_1", "Quelques bases", "bases"],
      ["mus_c_niv_2", "Intermédiaire", "intermediaire"],
      ["mus_c_niv_3", "Confirmé", "confirme"],
    ]),
    question("mus_q_frequence", "À quelle fréquence souhaitez-vous des cours ?", "single_choice", d, [
      ["mus_c_freq_2w", "Toutes les deux semaines", "quinzaine"],
      ["mus_c_freq_1w", "Une fois par semaine", "hebdo"],
      ["mus_c_freq_2pw", "Deux fois par semaine", "deux_par_semaine"],
    ]),
    question("mus_q_duree", "Quelle durée de cours préférez-vous ?", "single_choice", d, [
      ["mus_c_30", "30 minutes", "30min"],
      ["mus_c_45", "45 minutes", "45min"],
      ["mus_c_60", "1 heure", "60min"],
    ]),
    question("mus_q_styles", "Quels styles de musique intéressent l'élève ?", "multiple_choice", d, [
      ["mus_c_classique", "Classique", "classique"],
      ["mus_c_jazz", "Jazz", "jazz"],
      ["mus_c_rock", "Rock", "rock"],
      ["mus_c_pop", "Pop / variété", "pop"],
      ["mus_c_monde", "Musiques du monde", "monde"],
      ["mus_c_film", "Musiques de film", "film"],
    ]),
    question("mus_q_age", "Quel âge a l'élève ?", "open", d),
    question("mus_q_eleves", "Combien de personnes souhaitez-vous inscrire ?", "open", d),
    question("mus_q_debut", "À partir de quand l'élève peut-il commencer ?", "open", d),
    question("mus_q_budget", "Quel budget mensuel prévoyez-vous (€ par mois) ?", "open", d),
    question("mus_q_distance", "Jusqu'à quelle distance pouvez-vous vous déplacer (km) ?", "open", d),
    question("mus_q_instrument_maison", "L'élève a-t-il déjà un instrument à la maison ?", "open", d),
    question("mus_q_remarques", "Autre chose à nous dire ?", "open", d),
    info(
      "mus_instrument",
      "Instrument choisi",
      { type: "string", enum: ["piano", "guitare", "violon", "batterie", "chant", "autre"] },
      "mus_q_instrument",
    ),
    info("mus_niveau", "Niveau de l'élève", { type: "string", enum: ["debutant", "bases", "intermediaire", "confirme"] }, "mus_q_niveau"),
    info("mus_frequence", "Fréquence des cours", { type: "string", enum: ["quinzaine", "hebdo", "deux_par_semaine"] }, "mus_q_frequence"),
    info("mus_duree", "Durée d'un cours", { type: "string", enum: ["30min", "45min", "60min"] }, "mus_q_duree"),
    info("mus_styles", "Styles de musique", enumArray(["classique", "jazz", "rock", "pop", "monde", "film"]), "mus_q_styles"),
    info("mus_age", "Âge de l'élève (ans)", { type: "integer", minimum: 3, maximum: 99 }, "mus_q_age"),
    info("mus_eleves", "Nombre de personnes à inscrire", { type: "integer", minimum: 1, maximum: 10 }, "mus_q_eleves"),
    info("mus_debut", "Date de début souhaitée", { type: "string", format: "date" }, "mus_q_debut"),
    info("mus_budget", "Budget mensuel (€)", { type: "number", minimum: 0, maximum: 2000 }, "mus_q_budget"),
    info("mus_distance", "Distance maximale jusqu'à l'école (km)", { type: "number", minimum: 0, maximum: 200 }, "mus_q_distance"),
    info("mus_instrument_maison", "A déjà un instrument", { type: "boolean" }, "mus_q_instrument_maison"),
    info("mus_remarques", "Remarques", { type: "string" }, "mus_q_remarques"),
  ];
}
