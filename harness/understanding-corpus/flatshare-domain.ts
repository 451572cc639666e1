// An eighth domain, written last as a blind check close to the rental one but worded differently (all its
// answers are held out): a flatshare application with French labels and no synonyms.
import type { ConfigurationChange } from "../../src/zelinqa/contracts/index.js";
import { info, question, type ChoiceSpec, type QuestionType } from "./domain-builders.js";

const q = (id: string, text: string, type: QuestionType, choices: ChoiceSpec[] = []): ConfigurationChange =>
  question(id, text, type, "fls_main", choices);

export function flatshareDomainChanges(): ConfigurationChange[] {
  return [
    {
      entity: "objective",
      operation: "update",
      objective: { name: "Colocation", qualification_level: "balanced", max_turns: 12, candidates_per_call: 2, order_strength: 0.3 },
    },
    {
      entity: "dimension",
      operation: "create",
      dimension: { id: "fls_main", name: "Colocation", order_position: 0, completion_role: "blocking" },
    },
    q("fls_q_budget", "Quel loyer pouvez-vous mettre chaque mois ?", "open"),
    q("fls_q_mates", "Avec combien de colocataires au maximum ?", "open"),
    q("fls_q_entry", "À partir de quand cherchez-vous ?", "open"),
    q("fls_q_pets", "Avez-vous un animal ?", "single_choice", [
      ["fls_c_pet_yes", "Oui", true],
      ["fls_c_pet_no", "Non", false],
    ]),
    q("fls_q_smoke", "Êtes-vous fumeur ?", "single_choice", [
      ["fls_c_smoke_yes", "Oui", true],
      ["fls_c_smoke_no", "Non", false],
    ]),
    q("fls_q_status", "Quelle est votre situation ?", "single_choice", [
      ["fls_c_student", "Étudiant", "etudiant"],
      ["fls_c_employee", "Salarié", "salarie"],
      ["fls_c_free", "Indépendant", "independant"],
      ["fls_c_seeker", "Demandeur d'emploi", "demandeur"],
    ]),
    q("fls_q_equipment", "Quels équipements sont indispensables ?", "multiple_choice", [
      ["fls_c_washer", "Lave-linge", "lave_linge"],
      ["fls_c_wifi", "Wifi", "wifi"],
      ["fls_c_parking", "Parking", "parking"],
      ["fls_c_balcony", "Balcon", "balcon"],
    ]),
    q("fls_q_area", "Quel quartier ?", "open"),
    info("fls_budget", "Loyer mensuel maximum (€)", { type: "number", minimum: 100, maximum: 3000 }, "fls_q_budget"),
    info("fls_mates", "Nombre maximum de colocataires", { type: "integer", minimum: 1, maximum: 10 }, "fls_q_mates"),
    info("fls_entry", "Date d'entrée", { type: "string", format: "date" }, "fls_q_entry"),
    info("fls_pets", "Animal de compagnie", { type: "boolean" }, "fls_q_pets"),
    info("fls_smoke", "Fumeur", { type: "boolean" }, "fls_q_smoke"),
    info("fls_status", "Situation", { type: "string", enum: ["etudiant", "salarie", "independant", "demandeur"] }, "fls_q_status"),
    info(
      "fls_equipment",
      "Équipements indispensables",
      { type: "array", items: { type: "string", enum: ["lave_linge", "wifi", "parking", "balcon"] }, uniqueItems: true },
      "fls_q_equipment",
    ),
    info("fls_area", "Quartier souhaité", { type: "string", maxLength: 200 }, "fls_q_area"),
  ];
}
