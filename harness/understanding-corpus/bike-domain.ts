// Blind domain s17-6 (sixth outside tester): buying a bicycle at a bike shop, English labels, synonyms only where a
// shop assistant would naturally write them.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function bikeDomainChanges(): ConfigurationChange[] {
  const d = "bik_main";
  return [
    objective("Bicycle purchase"),
    dimension(d, "Rider and bike"),
    question("bik_q_type", "What kind of bike are you looking for?", "single_choice", d, [
      ["bik_c_road", "Road bike", "road"],
      ["bik_c_mountain", "Mountain bike", "mountain", ["MTB"]],
      ["bik_c_city", "City / commuter bike", "city"],
      ["bik_c_ebike", "Electric bike", "ebike", ["e-bike"]],
      ["bik_c_cargo", "Cargo bike", "cargo"],
      ["bik_c_other", "Other type", "other"],
    ]),
    question("bik_q_frame", "What frame size do you usually ride?", "single_choice", d, [
      ["bik_c_xs", "XS", "xs"],
      ["bik_c_s", "S", "s"],
      ["bik_c_m", "M", "m"],
      ["bik_c_l", "L", "l"],
      ["bik_c_xl", "XL", "xl"],
    ]),
    question("bik_q_frequency", "How often will you ride?", "single_choice", d, [
      ["bik_c_rarely", "A few times a month", "rarely"],
      ["bik_c_weekly", "Every week", "weekly"],
      ["bik_c_daily", "Every day", "daily"],
    ]),
    question("bik_q_accessories", "Which accessories do you need?", "multiple_choice", d, [
      ["bik_c_helmet", "Helmet", "helmet"],
      ["bik_c_lock", "Lock", "lock"],
      ["bik_c_lights", "Lights", "lights"],
      ["bik_c_rack", "Rear rack", "rack"],
      ["bik_c_mudguards", "Mudguards", "mudguards"],
      ["bik_c_bags", "Panniers / bags", "bags"],
    ]),
    question("bik_q_height", "How tall are you (cm)?", "open", d),
    question("bik_q_budget", "What is your budget (€)?", "open", d),
    question("bik_q_ride_km", "How long is your usual ride (km)?", "open", d),
    question("bik_q_tradein", "Do you have an old bike to trade in?", "open", d),
    question("bik_q_count", "How many bikes do you need?", "open", d),
    question("bik_q_pickup", "When would you like to pick up the bike?", "open", d),
    question("bik_q_notes", "Any colour preference or other wishes?", "open", d),
    info("bik_type", "Bike type", { type: "string", enum: ["road", "mountain", "city", "ebike", "cargo", "other"] }, "bik_q_type"),
    info("bik_frame", "Frame size", { type: "string", enum: ["xs", "s", "m", "l", "xl"] }, "bik_q_frame"),
    info("bik_frequency", "Riding frequency", { type: "string", enum: ["rarely", "weekly", "daily"] }, "bik_q_frequency"),
    info("bik_accessories", "Accessories", enumArray(["helmet", "lock", "lights", "rack", "mudguards", "bags"]), "bik_q_accessories"),
    info("bik_height", "Rider height (cm)", { type: "number", minimum: 90, maximum: 230 }, "bik_q_height"),
    info("bik_budget", "Budget (€)", { type: "number", minimum: 0, maximum: 15000 }, "bik_q_budget"),
    info("bik_ride_km", "Usual ride length (km)", { type: "number", minimum: 0, maximum: 500 }, "bik_q_ride_km"),
    info("bik_tradein", "Has a bike to trade in", { type: "boolean" }, "bik_q_tradein"),
    info("bik_count", "Number of bikes", { type: "integer", minimum: 1, maximum: 10 }, "bik_q_count"),
    info("bik_pickup", "Pick-up date", { type: "string", format: "date" }, "bik_q_pickup"),
    info("bik_notes", "Colour and other wishes", { type: "string" }, "bik_q_notes"),
  ];
}
