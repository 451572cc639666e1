// Blind domain s16-4 (fourth outside tester): a quote for rooftop solar panels, French labels, synonyms only where an
// installer's form would naturally carry them.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function solarDomainChanges(): ConfigurationChange[] {
  const d = "sol_main";
  return [
    objective("Devis panneaux solaires"),
    dimension(d, "Votre logement et votre projet"),
    question("sol_q_type", "Quel type de logement ?", "single_choice", d, [
      ["sol_c_house", "Maison individuelle", "house"],
      ["sol_c_semi", "Maison mitoyenne", "semi_detached"],
      ["sol_c_flat", "Appartement", "apartment"],
      ["sol_c_farm", "Bâtiment agricole", "farm_building", ["hangar", "grange"]],
    ]),
    question("sol_q_owner", "Êtes-vous propriétaire du logement ?", "open", d),
    question("sol_q_roof", "Quelle surface de toit est disponible ?", "open", d),
    question("sol_q_orient", "Quelle est l'orientation du toit ?", "single_choice", d, [
      ["sol_c_s", "Sud", "south", ["plein sud"]],
      ["sol_c_se", "Sud-Est", "south_east"],
      ["sol_c_sw", "Sud-Ouest", "south_west"],
      ["sol_c_ew", "Est / Ouest", "east_west"],
      ["sol_c_n", "Nord", "north"],
    ]),
    question("sol_q_bill", "Combien payez-vous d'électricité par an ?", "open", d),
    question("sol_q_year", "En quelle année la maison a-t-elle été construite ?", "open", d),
    question("sol_q_heating", "Quel est votre chauffage actuel ?", "single_choice", d, [
      ["sol_c_elec", "Électrique", "electric", ["radiateurs"]],
      ["sol_c_gas", "Gaz", "gas"],
      ["sol_c_oil", "Fioul", "oil"],
      ["sol_c_hp", "Pompe à chaleur", "heat_pump", ["PAC"]],
      ["sol_c_wood", "Bois / granulés", "wood"],
    ]),
    question("sol_q_goals", "Quels sont vos objectifs ?", "multiple_choice", d, [
      ["sol_c_save", "Réduire ma facture", "save_money"],
      ["sol_c_sell", "Revendre le surplus", "sell_surplus"],
      ["sol_c_auto", "Autonomie énergétique", "autonomy"],
      ["sol_c_ev", "Recharger une voiture électrique", "ev_charging"],
      ["sol_c_eco", "Geste écologique", "ecology"],
    ]),
    question("sol_q_battery", "Souhaitez-vous une batterie de stockage ?", "open", d),
    question("sol_q_date", "Pour quand souhaitez-vous l'installation ?", "open", d),
    info("sol_type", "Type de logement", { type: "string", enum: ["house", "semi_detached", "apartment", "farm_building"] }, "sol_q_type"),
    info("sol_owner", "Propriétaire", { type: "boolean" }, "sol_q_owner"),
    info("sol_roof", "Surface de toit (m²)", { type: "number", minimum: 5, maximum: 2000 }, "sol_q_roof"),
    info(
      "sol_orient",
      "Orientation",
      { type: "string", enum: ["south", "south_east", "south_west", "east_west", "north"] },
      "sol_q_orient",
    ),
    info("sol_bill", "Facture annuelle d'électricité (€)", { type: "number", minimum: 0, maximum: 20000 }, "sol_q_bill"),
    info("sol_year", "Année de construction", { type: "integer", minimum: 1700, maximum: 2026 }, "sol_q_year"),
    info("sol_heating", "Chauffage actuel", { type: "string", enum: ["electric", "gas", "oil", "heat_pump", "wood"] }, "sol_q_heating"),
    info("sol_goals", "Objectifs", enumArray(["save_money", "sell_surplus", "autonomy", "ev_charging", "ecology"]), "sol_q_goals"),
    info("sol_battery", "Batterie de stockage", { type: "boolean" }, "sol_q_battery"),
    info("sol_date", "Date d'installation souhaitée", { type: "string", format: "date" }, "sol_q_date"),
  ];
}
