// A second domain for the understanding corpus (issue 10 item 4): an apartment-rental application written in
// English, with the kinds of targets the furniture example lacks (employment status, pets, smoker, furnished,
// amenities multi-choice, move-in date, monthly rent, household size, bedrooms, free-text neighbourhood).
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";

type Choice = { id: string; label: string; maps_to_value?: string | boolean; synonyms?: string[] };

const dimension = (
  id: string,
  name: string,
  order_position: number,
  completion_role: "blocking" | "contributing" | "optional",
): ConfigurationChange => ({
  entity: "dimension",
  operation: "create",
  dimension: { id, name, order_position, completion_role },
});

const question = (
  id: string,
  text: string,
  type: "open" | "single_choice" | "multiple_choice",
  dimension_id: string,
  choices: Choice[] = [],
): ConfigurationChange => ({
  entity: "question",
  operation: "create",
  question: { id, text, type, dimension_id, ...(choices.length > 0 ? { choices } : {}) },
});

const info = (
  id: string,
  label: string,
  schema: Record<string, unknown>,
  primary: string,
  extra: Record<string, unknown> = {},
): ConfigurationChange => ({
  entity: "success_information",
  operation: "create",
  success_information: { id, label, schema, primary_question_id: primary, ...extra },
});

const yesNo = (prefix: string): Choice[] => [
  { id: `${prefix}_yes`, label: "Yes", maps_to_value: true },
  { id: `${prefix}_no`, label: "No", maps_to_value: false },
];

export function rentalDomainChanges(): ConfigurationChange[] {
  return [
    {
      entity: "objective",
      operation: "update",
      objective: {
        name: "Rental application",
        qualification_level: "balanced",
        max_turns: 12,
        candidates_per_call: 2,
        order_strength: 0.3,
      },
    },
    dimension("ren_money", "Budget", 0, "blocking"),
    dimension("ren_home", "Home", 1, "blocking"),
    dimension("ren_profile", "Tenant profile", 2, "contributing"),
    question("ren_q_budget", "What is the maximum monthly rent you can pay?", "open", "ren_money"),
    question("ren_q_household", "How many people will live in the apartment?", "open", "ren_home"),
    question("ren_q_bedrooms", "How many bedrooms do you need?", "open", "ren_home"),
    question("ren_q_move_in", "When would you like to move in?", "open", "ren_home"),
    question("ren_q_amenities", "Which amenities are must-haves?", "multiple_choice", "ren_home", [
      {
        id: "ren_c_parking",
        label: "Parking",
        maps_to_value: "parking",
        synonyms: ["garage", "parking space", "place de parking", "stationnement"],
      },
      { id: "ren_c_balcony", label: "Balcony", maps_to_value: "balcony", synonyms: ["balcon", "terrace", "terrasse"] },
      { id: "ren_c_elevator", label: "Elevator", maps_to_value: "elevator", synonyms: ["lift", "ascenseur"] },
      { id: "ren_c_garden", label: "Garden", maps_to_value: "garden", synonyms: ["jardin", "yard", "backyard"] },
      { id: "ren_c_cellar", label: "Cellar", maps_to_value: "cellar", synonyms: ["cave", "basement", "storage room"] },
    ]),
    question("ren_q_furnished", "Furnished or unfurnished?", "single_choice", "ren_home", [
      { id: "ren_c_furnished", label: "Furnished", maps_to_value: "furnished" },
      { id: "ren_c_unfurnished", label: "Unfurnished", maps_to_value: "unfurnished" },
    ]),
    question("ren_q_neighbourhood", "Which neighbourhood are you looking in?", "open", "ren_home"),
    question("ren_q_employment", "What is your employment status?", "single_choice", "ren_profile", [
      {
        id: "ren_c_employed",
        label: "Employed",
        maps_to_value: "employed",
        synonyms: ["salarié", "CDI", "CDD", "full time job", "permanent contract"],
      },
      {
        id: "ren_c_self",
        label: "Self-employed",
        maps_to_value: "self_employed",
        synonyms: ["freelance", "indépendant", "auto-entrepreneur", "à mon compte", "my own business"],
      },
      {
        id: "ren_c_student",
        label: "Student",
        maps_to_value: "student",
        synonyms: ["étudiant", "étudiante", "at university", "en études"],
      },
      {
        id: "ren_c_unemployed",
        label: "Unemployed",
        maps_to_value: "unemployed",
        synonyms: ["sans emploi", "au chômage", "chômeur", "jobless", "looking for work", "demandeur d'emploi"],
      },
      {
        id: "ren_c_retired",
        label: "Retired",
        maps_to_value: "retired",
        synonyms: ["retraité", "retraitée", "à la retraite", "pensioner"],
      },
    ]),
    question("ren_q_pets", "Do you have pets?", "single_choice", "ren_profile", yesNo("ren_c_pets")),
    question("ren_q_smoker", "Do you smoke?", "single_choice", "ren_profile", yesNo("ren_c_smoker")),
    info("ren_budget", "Maximum monthly rent (EUR)", { type: "number", minimum: 200, maximum: 10000 }, "ren_q_budget"),
    info("ren_household", "Number of occupants (people)", { type: "integer", minimum: 1, maximum: 12 }, "ren_q_household"),
    info("ren_bedrooms", "Bedrooms", { type: "integer", minimum: 0, maximum: 8 }, "ren_q_bedrooms"),
    info("ren_move_in", "Move-in date", { type: "string", format: "date" }, "ren_q_move_in"),
    info(
      "ren_amenities",
      "Must-have amenities",
      { type: "array", items: { type: "string", enum: ["parking", "balcony", "elevator", "garden", "cellar"] }, uniqueItems: true },
      "ren_q_amenities",
    ),
    info("ren_furnished", "Furnished", { type: "string", enum: ["furnished", "unfurnished"] }, "ren_q_furnished", {
      synonyms: { furnished: ["meublé", "with furniture"], unfurnished: ["non meublé", "vide", "empty", "without furniture"] },
    }),
    info("ren_neighbourhood", "Neighbourhood", { type: "string", maxLength: 200 }, "ren_q_neighbourhood"),
    info(
      "ren_employment",
      "Employment status",
      { type: "string", enum: ["employed", "self_employed", "student", "unemployed", "retired"] },
      "ren_q_employment",
    ),
    info("ren_pets", "Pets", { type: "boolean" }, "ren_q_pets"),
    info("ren_smoker", "Smoker", { type: "boolean" }, "ren_q_smoker"),
  ];
}
