// A seventh domain, written after all the rules as one more blind check (all its answers are held out): a
// removal quote with French labels and no synonyms.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { info, question, type ChoiceSpec, type QuestionType } from "./domain-builders.js";

const q = (id: string, text: string, type: QuestionType, choices: ChoiceSpec[] = []): ConfigurationChange =>
  question(id, text, type, "mov_main", choices);

export function movingDomainChanges(): ConfigurationChange[] {
  return [
    {
      entity: "objective",
      operation: "update",
      objective: {
        name: "Devis déménagement",
        qualification_level: "balanced",
        max_turns: 12,
        candidates_per_call: 2,
        order_strength: 0.3,
      },
    },
    {
      entity: "dimension",
      operation: "create",
      dimension: { id: "mov_main", name: "Déménagement", order_position: 0, completion_role: "blocking" },
    },
    q("mov_q_volume", "Quel volume estimez-vous (en m³) ?", "open"),
    q("mov_q_floor", "À quel étage habitez-vous actuellement ?", "open"),
    q("mov_q_lift", "Y a-t-il un ascenseur ?", "single_choice", [
      ["mov_c_lift_yes", "Oui", true],
      ["mov_c_lift_no", "Non", false],
    ]),
    q("mov_q_date", "Quelle date de déménagement ?", "open"),
    q("mov_q_distance", "Quelle distance entre les deux logements ?", "open"),
    q("mov_q_packing", "Souhaitez-vous l'emballage par nos soins ?", "single_choice", [
      ["mov_c_pack_yes", "Oui", true],
      ["mov_c_pack_no", "Non", false],
    ]),
    q("mov_q_items", "Avez-vous des objets particuliers ?", "multiple_choice", [
      ["mov_c_piano", "Piano", "piano"],
      ["mov_c_fridge", "Réfrigérateur américain", "frigo"],
      ["mov_c_aquarium", "Aquarium", "aquarium"],
      ["mov_c_safe", "Coffre-fort", "coffre"],
    ]),
    info("mov_volume", "Volume (m3)", { type: "number", minimum: 1, maximum: 200 }, "mov_q_volume"),
    info("mov_floor", "Étage actuel", { type: "integer", minimum: 0, maximum: 50 }, "mov_q_floor"),
    info("mov_lift", "Ascenseur", { type: "boolean" }, "mov_q_lift"),
    info("mov_date", "Date du déménagement", { type: "string", format: "date" }, "mov_q_date"),
    info("mov_distance", "Distance (km)", { type: "number", minimum: 0, maximum: 3000 }, "mov_q_distance"),
    info("mov_packing", "Emballage", { type: "boolean" }, "mov_q_packing"),
    info(
      "mov_items",
      "Objets particuliers",
      { type: "array", items: { type: "string", enum: ["piano", "frigo", "aquarium", "coffre"] }, uniqueItems: true },
      "mov_q_items",
    ),
  ];
}
