// Blind domain s27-15 (fifteenth outside tester): inscription d'enfants aux cours de natation, French labels,
// synonyms only where the swimming club writing the form would naturally add them. An age in years, a height in cm,
// a count of children, a future start and a past date ("la dernière fois").
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function swimmingDomainChanges(): ConfigurationChange[] {
  const d = "nat_main";
  return [
    objective("Inscription aux cours de natation enfants"),
    dimension(d, "L'enfant"),
    question("nat_q_level", "Quel est le niveau de l'enfant dans l'eau ?", "single_choice", d, [
      ["nat_c_jamais", "N'a jamais nagé", "jamais"],
      ["nat_c_brassards", "Se débrouille avec des brassards", "brassards"],
      ["nat_c_metres", "Nage quelques mètres seul", "quelques_metres"],
      ["nat_c_25m", "Nage 25 m sans aide", "25m"],
      ["nat_c_level_autre", "Autre", "autre"],
    ]),
    question("nat_q_slots", "Quels créneaux vous conviennent ?", "multiple_choice", d, [
      ["nat_c_mer_matin", "Mercredi matin", "mer_matin"],
      ["nat_c_mer_aprem", "Mercredi après-midi", "mer_aprem"],
      ["nat_c_sam_matin", "Samedi matin", "sam_matin"],
      ["nat_c_soir", "Après l'école en semaine", "soir"],
      ["nat_c_slots_aucun", "Aucun de ceux-ci", "aucun"],
    ]),
    question("nat_q_age", "Quel âge a l'enfant (ans) ?", "open", d),
    question("nat_q_height", "Quelle est la taille de l'enfant (cm) ?", "open", d),
    question("nat_q_children", "Combien d'enfants souhaitez-vous inscrire ?", "open", d),
    question("nat_q_start", "À partir de quand souhaitez-vous commencer ?", "open", d),
    question("nat_q_last", "Quand l'enfant est-il allé à la piscine pour la dernière fois ?", "open", d),
    question("nat_q_health", "L'enfant a-t-il un problème de santé à signaler (asthme, otites…) ?", "open", d),
    question("nat_q_notes", "Autre chose à nous dire ?", "open", d),
    info("nat_level", "Niveau", { type: "string", enum: ["jamais", "brassards", "quelques_metres", "25m", "autre"] }, "nat_q_level"),
    info("nat_slots", "Créneaux", enumArray(["mer_matin", "mer_aprem", "sam_matin", "soir", "aucun"]), "nat_q_slots"),
    info("nat_age", "Âge (ans)", { type: "number", minimum: 2, maximum: 16 }, "nat_q_age"),
    info("nat_height", "Taille (cm)", { type: "number", minimum: 70, maximum: 190 }, "nat_q_height"),
    info("nat_children", "Nombre d'enfants", { type: "integer", minimum: 1, maximum: 6 }, "nat_q_children"),
    info("nat_start", "Date de début", { type: "string", format: "date" }, "nat_q_start"),
    info("nat_last", "Dernière fois à la piscine", { type: "string", format: "date" }, "nat_q_last"),
    info("nat_health", "Problème de santé signalé", { type: "boolean" }, "nat_q_health"),
    info("nat_notes", "Remarques", { type: "string" }, "nat_q_notes"),
  ];
}
