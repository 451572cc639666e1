// Blind domain s18-8 (eighth outside tester): booking a veterinary appointment for a pet, French labels, synonyms
// only where the clinic's receptionist writing the form would naturally add them.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function vetDomainChanges(): ConfigurationChange[] {
  const d = "vet_main";
  return [
    objective("Rendez-vous vétérinaire"),
    dimension(d, "Animal et consultation"),
    question("vet_q_animal", "Quel animal souhaitez-vous amener ?", "single_choice", d, [
      ["vet_c_chien", "Chien", "chien"],
      ["vet_c_chat", "Chat", "chat"],
      ["vet_c_lapin", "Lapin", "lapin"],
      ["vet_c_oiseau", "Oiseau", "oiseau"],
      ["vet_c_autre", "Autre animal", "autre"],
    ]),
    question("vet_q_reason", "Quel est le motif de la consultation ?", "single_choice", d, [
      ["vet_c_vaccin", "Vaccin ou rappel", "vaccin"],
      ["vet_c_malade", "Animal malade ou blessé", "malade"],
      ["vet_c_bilan", "Bilan de santé", "bilan", ["check-up"]],
      ["vet_c_sterilisation", "Stérilisation ou castration", "sterilisation"],
      ["vet_c_motif_autre", "Autre motif", "autre"],
    ]),
    question("vet_q_urgency", "Est-ce urgent ?", "single_choice", d, [
      ["vet_c_urg_non", "Pas urgent", "pas_urgent"],
      ["vet_c_urg_semaine", "Dans la semaine", "semaine"],
      ["vet_c_urg_48h", "Sous 48 heures", "48h"],
      ["vet_c_urg_jour", "Urgence, aujourd'hui", "aujourdhui"],
    ]),
    question("vet_q_behaviour", "Comment se comporte votre animal chez le vétérinaire ?", "single_choice", d, [
      ["vet_c_comp_calme", "Calme", "calme"],
      ["vet_c_comp_stresse", "Un peu stressé", "stresse"],
      ["vet_c_comp_tres", "Très stressé", "tres_stresse"],
      ["vet_c_comp_agressif", "Agressif", "agressif"],
    ]),
    question("vet_q_symptoms", "Votre animal présente-t-il l'un de ces symptômes ?", "multiple_choice", d, [
      ["vet_c_vomi", "Vomissements", "vomissements"],
      ["vet_c_diarrhee", "Diarrhée", "diarrhee"],
      ["vet_c_appetit", "Perte d'appétit", "appetit"],
      ["vet_c_boiterie", "Boiterie", "boiterie"],
      ["vet_c_grattage", "Démangeaisons", "demangeaisons"],
      ["vet_c_sympt_aucun", "Aucun", "aucun"],
    ]),
    question("vet_q_weight", "Quel est le poids de votre animal (kg) ?", "open", d),
    question("vet_q_count", "Combien d'animaux amenez-vous ?", "open", d),
    question("vet_q_last_vaccine", "Date du dernier vaccin", "open", d),
    question("vet_q_appointment", "Quel jour souhaitez-vous venir ?", "open", d),
    question("vet_q_insured", "Votre animal est-il assuré ?", "open", d),
    question("vet_q_budget", "Budget maximum pour les soins (€)", "open", d),
    question("vet_q_notes", "Remarques pour le vétérinaire", "open", d),
    info("vet_animal", "Animal", { type: "string", enum: ["chien", "chat", "lapin", "oiseau", "autre"] }, "vet_q_animal"),
    info("vet_reason", "Motif", { type: "string", enum: ["vaccin", "malade", "bilan", "sterilisation", "autre"] }, "vet_q_reason"),
    info("vet_urgency", "Urgence", { type: "string", enum: ["pas_urgent", "semaine", "48h", "aujourdhui"] }, "vet_q_urgency"),
    info(
      "vet_behaviour",
      "Comportement chez le vétérinaire",
      { type: "string", enum: ["calme", "stresse", "tres_stresse", "agressif"] },
      "vet_q_behaviour",
    ),
    info(
      "vet_symptoms",
      "Symptômes",
      enumArray(["vomissements", "diarrhee", "appetit", "boiterie", "demangeaisons", "aucun"]),
      "vet_q_symptoms",
    ),
    info("vet_weight", "Poids de l'animal (kg)", { type: "number", minimum: 0, maximum: 120 }, "vet_q_weight"),
    info("vet_count", "Nombre d'animaux", { type: "integer", minimum: 1, maximum: 10 }, "vet_q_count"),
    info("vet_last_vaccine", "Date du dernier vaccin", { type: "string", format: "date" }, "vet_q_last_vaccine"),
    info("vet_appointment", "Date de rendez-vous souhaitée", { type: "string", format: "date" }, "vet_q_appointment"),
    info("vet_insured", "Animal assuré", { type: "boolean" }, "vet_q_insured"),
    info("vet_budget", "Budget maximum (€)", { type: "number", minimum: 0, maximum: 10000 }, "vet_q_budget"),
    info("vet_notes", "Remarques", { type: "string" }, "vet_q_notes"),
  ];
}
