// Blind domain s18-8 (eighth outside tester): a caterer's quote request for an event, English labels, synonyms only
// where a caterer writing the form would naturally add them.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { dimension, enumArray, info, objective, question } from "./domain-builders.js";

export function cateringDomainChanges(): ConfigurationChange[] {
  const d = "cat_main";
  return [
    objective("Catering quote"),
    dimension(d, "Event and menu"),
    question("cat_q_event", "What kind of event is it?", "single_choice", d, [
      ["cat_c_wedding", "Wedding", "wedding"],
      ["cat_c_birthday", "Birthday party", "birthday"],
      ["cat_c_corporate", "Corporate event", "corporate", ["company event", "work event"]],
      ["cat_c_funeral", "Funeral reception", "funeral", ["wake"]],
      ["cat_c_other", "Other event", "other"],
    ]),
    question("cat_q_service", "What style of service would you like?", "single_choice", d, [
      ["cat_c_buffet", "Buffet", "buffet"],
      ["cat_c_plated", "Plated sit-down meal", "plated"],
      ["cat_c_canapes", "Canapés and finger food", "canapes"],
      ["cat_c_stations", "Food stations", "stations"],
      ["cat_c_serv_other", "Other", "other"],
    ]),
    question("cat_q_level", "Which menu range are you interested in?", "single_choice", d, [
      ["cat_c_lvl_basic", "Essential", "essential"],
      ["cat_c_lvl_classic", "Classic", "classic"],
      ["cat_c_lvl_premium", "Premium", "premium"],
      ["cat_c_lvl_prestige", "Prestige", "prestige"],
    ]),
    question("cat_q_quote_by", "How soon do you need the quote?", "single_choice", d, [
      ["cat_c_q_norush", "No rush", "norush"],
      ["cat_c_q_2weeks", "Within two weeks", "two_weeks"],
      ["cat_c_q_week", "Within a week", "week"],
      ["cat_c_q_48h", "Within 48 hours", "48h"],
    ]),
    question("cat_q_diet", "Are there any dietary requirements among the guests?", "multiple_choice", d, [
      ["cat_c_veggie", "Vegetarian", "vegetarian"],
      ["cat_c_vegan", "Vegan", "vegan"],
      ["cat_c_gluten", "Gluten-free", "gluten_free"],
      ["cat_c_halal", "Halal", "halal"],
      ["cat_c_nuts", "Nut allergy", "nut_allergy"],
      ["cat_c_diet_none", "None", "none"],
    ]),
    question("cat_q_guests", "How many guests are you expecting?", "open", d),
    question("cat_q_date", "What is the date of the event?", "open", d),
    question("cat_q_budget", "What is your total budget (€)?", "open", d),
    question("cat_q_staff", "Do you need waiting staff?", "open", d),
    question("cat_q_distance", "How far is the venue from Lyon city centre (km)?", "open", d),
    question("cat_q_hours", "How many hours should the service last?", "open", d),
    question("cat_q_notes", "Anything else we should know?", "open", d),
    info("cat_event", "Type of event", { type: "string", enum: ["wedding", "birthday", "corporate", "funeral", "other"] }, "cat_q_event"),
    info(
      "cat_service",
      "Style of service",
      { type: "string", enum: ["buffet", "plated", "canapes", "stations", "other"] },
      "cat_q_service",
    ),
    info("cat_level", "Menu range", { type: "string", enum: ["essential", "classic", "premium", "prestige"] }, "cat_q_level"),
    info("cat_quote_by", "Quote needed", { type: "string", enum: ["norush", "two_weeks", "week", "48h"] }, "cat_q_quote_by"),
    info(
      "cat_diet",
      "Dietary requirements",
      enumArray(["vegetarian", "vegan", "gluten_free", "halal", "nut_allergy", "none"]),
      "cat_q_diet",
    ),
    info("cat_guests", "Number of guests", { type: "integer", minimum: 1, maximum: 2000 }, "cat_q_guests"),
    info("cat_date", "Date of the event", { type: "string", format: "date" }, "cat_q_date"),
    info("cat_budget", "Total budget (€)", { type: "number", minimum: 0, maximum: 200000 }, "cat_q_budget"),
    info("cat_staff", "Waiting staff needed", { type: "boolean" }, "cat_q_staff"),
    info("cat_distance", "Distance from Lyon city centre (km)", { type: "number", minimum: 0, maximum: 500 }, "cat_q_distance"),
    info("cat_hours", "Length of the service (hours)", { type: "number", minimum: 0, maximum: 24 }, "cat_q_hours"),
    info("cat_notes", "Notes for the caterer", { type: "string" }, "cat_q_notes"),
  ];
}
