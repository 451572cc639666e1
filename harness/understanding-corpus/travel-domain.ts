// A sixth domain, written after all the rules as a last blind check (all its answers are held out): a travel
// booking with French labels and no synonyms.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { info, question, type ChoiceSpec, type QuestionType } from "./domain-builders.js";

const q = (id: string, text: string, type: QuestionType, choices: ChoiceSpec[] = []): ConfigurationChange =>
  question(id, text, type, "trv_main", choices);

export function travelDomainChanges(): ConfigurationChange[] {
  return [
    {
      entity: "objective",
      operation: "update",
      objective: { name: "Voyage", qualification_level: "balanced", max_turns: 12, candidates_per_call: 2, order_strength: 0.3 },
    },
    {
      entity: "dimension",
      operation: "create",
      dimension: { id: "trv_main", name: "Voyage", order_position: 0, completion_role: "blocking" },
    },
    q("trv_q_departure", "Quand souhaitez-vous partir ?", "open"),
    q("trv_q_nights", "Combien de nuits ?", "open"),
    q("trv_q_travellers", "Combien de voyageurs ?", "open"),
    q("trv_q_budget", "Quel est votre budget total ?", "open"),
    q("trv_q_class", "Quelle classe de vol ?", "single_choice", [
      ["trv_c_eco", "Économique", "economique"],
      ["trv_c_business", "Affaires", "affaires"],
    ]),
    q("trv_q_insurance", "Voulez-vous une assurance annulation ?", "single_choice", [
      ["trv_c_ins_yes", "Oui", true],
      ["trv_c_ins_no", "Non", false],
    ]),
    q("trv_q_activities", "Quelles activités vous intéressent ?", "multiple_choice", [
      ["trv_c_beach", "Plage", "plage"],
      ["trv_c_hike", "Randonnée", "randonnee"],
      ["trv_c_museum", "Musées", "musees"],
      ["trv_c_food", "Gastronomie", "gastronomie"],
    ]),
    q("trv_q_destination", "Où voulez-vous aller ?", "open"),
    info("trv_departure", "Date de départ", { type: "string", format: "date" }, "trv_q_departure"),
    info("trv_nights", "Nombre de nuits", { type: "integer", minimum: 1, maximum: 60 }, "trv_q_nights"),
    info("trv_travellers", "Nombre de voyageurs", { type: "integer", minimum: 1, maximum: 20 }, "trv_q_travellers"),
    info("trv_budget", "Budget total (euros)", { type: "number", minimum: 100 }, "trv_q_budget"),
    info("trv_class", "Classe de vol", { type: "string", enum: ["economique", "affaires"] }, "trv_q_class"),
    info("trv_insurance", "Assurance annulation", { type: "boolean" }, "trv_q_insurance"),
    info(
      "trv_activities",
      "Activités",
      { type: "array", items: { type: "string", enum: ["plage", "randonnee", "musees", "gastronomie"] }, uniqueItems: true },
      "trv_q_activities",
    ),
    info("trv_destination", "Destination", { type: "string", maxLength: 200 }, "trv_q_destination"),
  ];
}
