// Blind domain s16-4 (fourth outside tester): a group booking or catering quote at a restaurant, English labels,
// synonyms only where a restaurant's booking form would naturally carry them.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function restaurantDomainChanges(): ConfigurationChange[] {
  const d = "rst_main";
  return [
    objective("Group booking and catering quote"),
    dimension(d, "Your event"),
    question("rst_q_party", "How many guests will there be?", "open", d),
    question("rst_q_children", "How many of the guests are children?", "open", d),
    question("rst_q_date", "What date is the meal?", "open", d),
    question("rst_q_slot", "What time of day?", "single_choice", d, [
      ["rst_c_brunch", "Brunch", "brunch"],
      ["rst_c_lunch", "Lunch", "lunch"],
      ["rst_c_afternoon", "Afternoon reception", "afternoon"],
      ["rst_c_dinner", "Dinner", "dinner", ["evening meal"]],
    ]),
    question("rst_q_diet", "Any dietary requirements among the guests?", "multiple_choice", d, [
      ["rst_c_veggie", "Vegetarian", "vegetarian"],
      ["rst_c_vegan", "Vegan", "vegan"],
      ["rst_c_gluten", "Gluten-free", "gluten_free", ["coeliac"]],
      ["rst_c_halal", "Halal", "halal"],
      ["rst_c_nuts", "Nut allergy", "nut_allergy"],
      ["rst_c_none", "No special requirements", "none"],
    ]),
    question("rst_q_budget", "What is your budget per head?", "open", d),
    question("rst_q_venue", "Where should it take place?", "single_choice", d, [
      ["rst_c_main", "In the main dining room", "dining_room"],
      ["rst_c_private", "Private room", "private_room"],
      ["rst_c_catering", "Catering at my own venue", "catering"],
    ]),
    question("rst_q_service", "What style of service would you like?", "single_choice", d, [
      ["rst_c_buffet", "Buffet", "buffet"],
      ["rst_c_seated", "Seated, plated meal", "seated"],
      ["rst_c_cocktail", "Cocktail / finger food", "cocktail", ["canapés"]],
    ]),
    question("rst_q_drinks", "Would you like a drinks package with alcohol?", "open", d),
    question("rst_q_occasion", "What is the occasion?", "open", d),
    info("rst_party", "Number of guests", { type: "integer", minimum: 1, maximum: 300 }, "rst_q_party"),
    info("rst_children", "Number of children", { type: "integer", minimum: 0, maximum: 150 }, "rst_q_children"),
    info("rst_date", "Date of the meal", { type: "string", format: "date" }, "rst_q_date"),
    info("rst_slot", "Time of day", { type: "string", enum: ["brunch", "lunch", "afternoon", "dinner"] }, "rst_q_slot"),
    info(
      "rst_diet",
      "Dietary requirements",
      enumArray(["vegetarian", "vegan", "gluten_free", "halal", "nut_allergy", "none"]),
      "rst_q_diet",
    ),
    info("rst_budget", "Budget per head (€)", { type: "number", minimum: 5, maximum: 500 }, "rst_q_budget"),
    info("rst_venue", "Place", { type: "string", enum: ["dining_room", "private_room", "catering"] }, "rst_q_venue"),
    info("rst_service", "Service style", { type: "string", enum: ["buffet", "seated", "cocktail"] }, "rst_q_service"),
    info("rst_drinks", "Drinks package with alcohol", { type: "boolean" }, "rst_q_drinks"),
    info("rst_occasion", "Occasion", { type: "string", maxLength: 500 }, "rst_q_occasion"),
  ];
}
