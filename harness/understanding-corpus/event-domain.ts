// A fourth domain, written after every rule as a second check of generality (all its answers are held out):
// booking a private event in a restaurant, French labels, no synonyms.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { info, question, type ChoiceSpec, type QuestionType } from "./domain-builders.js";

const q = (id: string, text: string, type: QuestionType, choices: ChoiceSpec[] = []): ConfigurationChange =>
  question(id, text, type, "evt_main", choices);

export function eventDomainChanges(): ConfigurationChange[] {
  return [
    {
      entity: "objective",
      operation: "update",
      objective: { name: "Privatisation", qualification_level: "balanced", max_turns: 12, candidates_per_call: 2, order_strength: 0.3 },
    },
    {
      entity: "dimension",
      operation: "create",
      dimension: { id: "evt_main", name: "Événement", order_position: 0, completion_role: "blocking" },
    },
    q("evt_q_guests", "Combien d'invités attendez-vous ?", "open"),
    q("evt_q_date", "Pour quelle date ?", "open"),
    q("evt_q_budget", "Quel budget par personne ?", "open"),
    q("evt_q_occasion", "Quelle est l'occasion ?", "single_choice", [
      ["evt_c_bday", "Anniversaire", "anniversaire"],
      ["evt_c_wedding", "Mariage", "mariage"],
      ["evt_c_business", "Repas d'affaires", "affaires"],
      ["evt_c_other", "Autre", "autre"],
    ]),
    q("evt_q_diet", "Des régimes alimentaires à prévoir ?", "multiple_choice", [
      ["evt_c_veg", "Végétarien", "vegetarien"],
      ["evt_c_vegan", "Végan", "vegan"],
      ["evt_c_gluten", "Sans gluten", "sans_gluten"],
      ["evt_c_halal", "Halal", "halal"],
    ]),
    q("evt_q_terrace", "Souhaitez-vous la terrasse ?", "single_choice", [
      ["evt_c_terr_yes", "Oui", true],
      ["evt_c_terr_no", "Non", false],
    ]),
    q("evt_q_kids", "Y aura-t-il des enfants ?", "single_choice", [
      ["evt_c_kids_yes", "Oui", true],
      ["evt_c_kids_no", "Non", false],
    ]),
    q("evt_q_name", "À quel nom faire la réservation ?", "open"),
    info("evt_guests", "Nombre d'invités", { type: "integer", minimum: 1, maximum: 200 }, "evt_q_guests"),
    info("evt_date", "Date de l'événement", { type: "string", format: "date" }, "evt_q_date"),
    info("evt_budget", "Budget par personne (euros)", { type: "number", minimum: 10, maximum: 500 }, "evt_q_budget"),
    info("evt_occasion", "Occasion", { type: "string", enum: ["anniversaire", "mariage", "affaires", "autre"] }, "evt_q_occasion"),
    info(
      "evt_diet",
      "Régimes alimentaires",
      { type: "array", items: { type: "string", enum: ["vegetarien", "vegan", "sans_gluten", "halal"] }, uniqueItems: true },
      "evt_q_diet",
    ),
    info("evt_terrace", "Terrasse", { type: "boolean" }, "evt_q_terrace"),
    info("evt_kids", "Présence d'enfants", { type: "boolean" }, "evt_q_kids"),
    info("evt_name", "Nom de la réservation", { type: "string", maxLength: 100 }, "evt_q_name"),
  ];
}
