// Blind domain s18-8 (eighth outside tester): booking at a hair salon, French labels, synonyms only where the
// salon's manager writing the form would naturally add them.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function hairdresserDomainChanges(): ConfigurationChange[] {
  const d = "coi_main";
  return [
    objective("Réservation au salon de coiffure"),
    dimension(d, "Prestation et cheveux"),
    question("coi_q_service", "Quelle prestation souhaitez-vous ?", "single_choice", d, [
      ["coi_c_coupe", "Coupe", "coupe"],
      ["coi_c_couleur", "Couleur", "couleur", ["coloration"]],
      ["coi_c_meches", "Mèches ou balayage", "meches"],
      ["coi_c_brushing", "Brushing", "brushing"],
      ["coi_c_autre", "Autre prestation", "autre"],
    ]),
    question("coi_q_length", "Quelle est la longueur de vos cheveux ?", "single_choice", d, [
      ["coi_c_len_tres_courts", "Très courts", "tres_courts"],
      ["coi_c_len_courts", "Courts", "courts"],
      ["coi_c_len_mi", "Mi-longs", "mi_longs"],
      ["coi_c_len_longs", "Longs", "longs"],
      ["coi_c_len_tres_longs", "Très longs", "tres_longs"],
    ]),
    question("coi_q_frequency", "À quelle fréquence allez-vous chez le coiffeur ?", "single_choice", d, [
      ["coi_c_freq_mois", "Toutes les 4 à 6 semaines", "mois"],
      ["coi_c_freq_trimestre", "Tous les 2 ou 3 mois", "trimestre"],
      ["coi_c_freq_semestre", "Deux fois par an", "semestre"],
      ["coi_c_freq_rare", "Rarement", "rarement"],
    ]),
    question("coi_q_concerns", "Avez-vous l'un de ces soucis ?", "multiple_choice", d, [
      ["coi_c_sensible", "Cuir chevelu sensible", "sensible"],
      ["coi_c_abimes", "Cheveux abîmés", "abimes"],
      ["coi_c_pellicules", "Pellicules", "pellicules"],
      ["coi_c_chute", "Chute de cheveux", "chute"],
      ["coi_c_allergie", "Allergie à une coloration", "allergie"],
      ["coi_c_aucun", "Aucun", "aucun"],
    ]),
    question("coi_q_date", "Quel jour souhaitez-vous venir ?", "open", d),
    question("coi_q_last_cut", "Date de votre dernière coupe", "open", d),
    question("coi_q_people", "Pour combien de personnes réservez-vous ?", "open", d),
    question("coi_q_budget", "Budget maximum (€)", "open", d),
    question("coi_q_cut_cm", "Combien de centimètres souhaitez-vous couper (cm) ?", "open", d),
    question("coi_q_time", "Combien de temps avez-vous devant vous (minutes) ?", "open", d),
    question("coi_q_shampoo", "Souhaitez-vous un shampoing ?", "open", d),
    question("coi_q_notes", "Une précision pour votre coiffeur ?", "open", d),
    info("coi_service", "Prestation", { type: "string", enum: ["coupe", "couleur", "meches", "brushing", "autre"] }, "coi_q_service"),
    info(
      "coi_length",
      "Longueur des cheveux",
      { type: "string", enum: ["tres_courts", "courts", "mi_longs", "longs", "tres_longs"] },
      "coi_q_length",
    ),
    info(
      "coi_frequency",
      "Fréquence des visites",
      { type: "string", enum: ["mois", "trimestre", "semestre", "rarement"] },
      "coi_q_frequency",
    ),
    info(
      "coi_concerns",
      "Soucis capillaires",
      enumArray(["sensible", "abimes", "pellicules", "chute", "allergie", "aucun"]),
      "coi_q_concerns",
    ),
    info("coi_date", "Date souhaitée", { type: "string", format: "date" }, "coi_q_date"),
    info("coi_last_cut", "Date de la dernière coupe", { type: "string", format: "date" }, "coi_q_last_cut"),
    info("coi_people", "Nombre de personnes", { type: "integer", minimum: 1, maximum: 8 }, "coi_q_people"),
    info("coi_budget", "Budget maximum (€)", { type: "number", minimum: 0, maximum: 1000 }, "coi_q_budget"),
    info("coi_cut_cm", "Longueur à couper (cm)", { type: "number", minimum: 0, maximum: 80 }, "coi_q_cut_cm"),
    info("coi_time", "Temps disponible (minutes)", { type: "number", minimum: 0, maximum: 600 }, "coi_q_time"),
    info("coi_shampoo", "Shampoing souhaité", { type: "boolean" }, "coi_q_shampoo"),
    info("coi_notes", "Précisions pour le coiffeur", { type: "string" }, "coi_q_notes"),
  ];
}
