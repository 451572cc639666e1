// Blind domain s25-13 (thirteenth outside tester): booking a holiday-rental stay, French labels, synonyms only where
// the agency writing the form would naturally add them. A stay in nights, a distance to the beach in km, a budget in
// euros.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function giteDomainChanges(): ConfigurationChange[] {
  const d = "gi_main";
  return [
    objective("Réservation d'une location de vacances"),
    dimension(d, "Le séjour"),
    question("gi_q_type", "Quel type de logement cherchez-vous ?", "single_choice", d, [
      ["gi_c_maison", "Maison", "maison"],
      ["gi_c_appart", "Appartement", "appartement"],
      ["gi_c_chalet", "Chalet", "chalet"],
      ["gi_c_mobil", "Mobil-home", "mobilhome"],
      ["gi_c_type_autre", "Autre", "autre"],
    ]),
    question("gi_q_confort", "Quel niveau de confort attendez-vous ?", "single_choice", d, [
      ["gi_c_conf_1", "Simple (l'essentiel)", "simple"],
      ["gi_c_conf_2", "Standard", "standard"],
      ["gi_c_conf_3", "Supérieur", "superieur"],
      ["gi_c_conf_4", "Luxe", "luxe"],
    ]),
    question("gi_q_equip", "Parmi ces équipements, lesquels vous sont indispensables ?", "multiple_choice", d, [
      ["gi_c_piscine", "Piscine", "piscine"],
      ["gi_c_lv", "Lave-vaisselle", "lave_vaisselle"],
      ["gi_c_wifi", "Wifi", "wifi"],
      ["gi_c_parking", "Parking", "parking"],
      ["gi_c_equip_aucun", "Aucun de ceux-là", "aucun"],
    ]),
    question("gi_q_budget", "Quel est votre budget pour le séjour (€) ?", "open", d),
    question("gi_q_personnes", "Combien de personnes serez-vous en tout ?", "open", d),
    question("gi_q_arrivee", "Quelle date d'arrivée souhaitez-vous ?", "open", d),
    question("gi_q_dernier", "Quand êtes-vous parti en location de vacances pour la dernière fois ?", "open", d),
    question("gi_q_nuits", "Combien de nuits souhaitez-vous rester ?", "open", d),
    question("gi_q_plage", "À quelle distance de la plage au maximum (km) ?", "open", d),
    question("gi_q_animal", "Venez-vous avec un animal ?", "open", d),
    question("gi_q_remarques", "Autre chose à nous signaler ?", "open", d),
    info("gi_type", "Type de logement", { type: "string", enum: ["maison", "appartement", "chalet", "mobilhome", "autre"] }, "gi_q_type"),
    info("gi_confort", "Niveau de confort", { type: "string", enum: ["simple", "standard", "superieur", "luxe"] }, "gi_q_confort"),
    info("gi_equip", "Équipements indispensables", enumArray(["piscine", "lave_vaisselle", "wifi", "parking", "aucun"]), "gi_q_equip"),
    info("gi_budget", "Budget du séjour (€)", { type: "number", minimum: 0, maximum: 20000 }, "gi_q_budget"),
    info("gi_personnes", "Nombre de personnes", { type: "integer", minimum: 1, maximum: 30 }, "gi_q_personnes"),
    info("gi_arrivee", "Date d'arrivée", { type: "string", format: "date" }, "gi_q_arrivee"),
    info("gi_dernier", "Date de la dernière location de vacances", { type: "string", format: "date" }, "gi_q_dernier"),
    info("gi_nuits", "Durée du séjour (nuits)", { type: "integer", minimum: 1, maximum: 60 }, "gi_q_nuits"),
    info("gi_plage", "Distance maximale à la plage (km)", { type: "number", minimum: 0, maximum: 200 }, "gi_q_plage"),
    info("gi_animal", "Vient avec un animal", { type: "boolean" }, "gi_q_animal"),
    info("gi_remarques", "Remarques", { type: "string" }, "gi_q_remarques"),
  ];
}
