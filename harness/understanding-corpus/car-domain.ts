// Blind domain 1 (outside tester): buying a car, French labels, synonyms only where a dealer would naturally
// write them (fuel names).
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function carDomainChanges(): ConfigurationChange[] {
  const d = "car_main";
  return [
    objective("Achat de voiture"),
    dimension(d, "Projet"),
    question("car_q_budget", "Quel est votre budget maximum pour la voiture ?", "open", d),
    question("car_q_mileage", "Combien de kilomètres roulez-vous par an ?", "open", d),
    question("car_q_fuel", "Quelle motorisation souhaitez-vous ?", "single_choice", d, [
      ["car_c_petrol", "Essence", "petrol"],
      ["car_c_diesel", "Diesel", "diesel"],
      ["car_c_hybrid", "Hybride", "hybrid"],
      ["car_c_electric", "Électrique", "electric"],
    ]),
    question("car_q_condition", "Neuve ou d'occasion ?", "single_choice", d, [
      ["car_c_new", "Neuve", "new"],
      ["car_c_used", "Occasion", "used"],
    ]),
    question("car_q_date", "Pour quand avez-vous besoin de la voiture ?", "open", d),
    question("car_q_drivers", "Combien de personnes conduiront la voiture ?", "open", d),
    question("car_q_accidents", "Avez-vous eu un accident responsable ces trois dernières années ?", "open", d),
    question("car_q_seats", "Combien de places vous faut-il ?", "open", d),
    question("car_q_options", "Quels équipements sont indispensables ?", "multiple_choice", d, [
      ["car_c_gps", "GPS", "gps"],
      ["car_c_camera", "Caméra de recul", "rear_camera"],
      ["car_c_cruise", "Régulateur de vitesse", "cruise_control"],
      ["car_c_heated", "Sièges chauffants", "heated_seats"],
      ["car_c_auto", "Boîte automatique", "automatic"],
    ]),
    question("car_q_usage", "À quoi servira surtout la voiture ?", "open", d),
    question("car_q_tradein", "Avez-vous un véhicule à faire reprendre ?", "single_choice", d, [
      ["car_c_trade_yes", "Oui", true],
      ["car_c_trade_no", "Non", false],
    ]),
    info("car_budget", "Budget maximum (€)", { type: "number", minimum: 1000, maximum: 150000 }, "car_q_budget"),
    info("car_mileage", "Kilométrage annuel (km)", { type: "integer", minimum: 0, maximum: 150000 }, "car_q_mileage"),
    info("car_fuel", "Motorisation", { type: "string", enum: ["petrol", "diesel", "hybrid", "electric"] }, "car_q_fuel", {
      petrol: ["sans plomb", "petrol", "gasoline"],
      diesel: ["gazole", "gasoil"],
      electric: ["EV", "electric"],
    }),
    info("car_condition", "État du véhicule", { type: "string", enum: ["new", "used"] }, "car_q_condition"),
    info("car_date", "Date souhaitée", { type: "string", format: "date" }, "car_q_date"),
    info("car_drivers", "Nombre de conducteurs", { type: "integer", minimum: 1, maximum: 6 }, "car_q_drivers"),
    info("car_accidents", "Accident responsable (3 ans)", { type: "boolean" }, "car_q_accidents"),
    info("car_seats", "Nombre de places", { type: "integer", minimum: 2, maximum: 9 }, "car_q_seats"),
    info(
      "car_options",
      "Équipements indispensables",
      enumArray(["gps", "rear_camera", "cruise_control", "heated_seats", "automatic"]),
      "car_q_options",
    ),
    info("car_usage", "Usage principal", { type: "string", maxLength: 300 }, "car_q_usage"),
    info("car_tradein", "Reprise d'un véhicule", { type: "boolean" }, "car_q_tradein"),
  ];
}
