// The reference corpus of docs/zelinqa-api.md §15 ("SDK MCP V1 Recette", ids sdk_*), as the change batch that
// installs it through the configuration API (objective, 3 dimensions, 5 questions, 4 success informations).
import type { ConfigurationChange } from "../src/zelinqa/contracts/index.js";

export const REFERENCE_OBJECTIVE_NAME = "SDK MCP V1 Recette";

export const REFERENCE_TEXTS = {
  sdk_q_usage: "Pour quel usage et quelle pièce cherchez-vous ce meuble ?",
  sdk_q_style: "Quel style de mobilier préférez-vous ?",
  sdk_q_budget: "Quel budget envisagez-vous ?",
  sdk_q_delai: "Sous quel délai souhaitez-vous être livré ?",
  sdk_q_animaux: "Avez-vous des animaux de compagnie ?",
} as const;

/** Requirement 19's answer, given without ids. */
export const REQUIREMENT_19_USER_TEXT = "Un canapé contemporain pour le salon, nous avons un chat.";

/** `create` for every entity, in the docs/zelinqa-api.md §15 upsert order; pass "update" to re-apply on an existing draft. */
export function referenceCorpusChanges(operation: "create" | "update" = "create"): ConfigurationChange[] {
  return [
    {
      entity: "objective",
      operation: "update",
      objective: {
        name: REFERENCE_OBJECTIVE_NAME,
        qualification_level: "balanced",
        max_turns: 8,
        candidates_per_call: 2,
        order_strength: 0.35,
      },
    },
    { entity: "dimension", operation, dimension: { id: "sdk_so_besoin", name: "Besoin", order_position: 0, completion_role: "blocking" } },
    { entity: "dimension", operation, dimension: { id: "sdk_so_budget", name: "Budget", order_position: 1, completion_role: "blocking" } },
    {
      entity: "dimension",
      operation,
      dimension: { id: "sdk_so_delai", name: "Délai", order_position: 2, completion_role: "contributing" },
    },
    {
      entity: "question",
      operation,
      question: { id: "sdk_q_usage", text: REFERENCE_TEXTS.sdk_q_usage, type: "open", dimension_id: "sdk_so_besoin" },
    },
    {
      entity: "question",
      operation,
      question: {
        id: "sdk_q_style",
        text: REFERENCE_TEXTS.sdk_q_style,
        type: "single_choice",
        dimension_id: "sdk_so_besoin",
        choices: [
          { id: "sdk_c_contemporain", label: "Contemporain", maps_to_value: "contemporain" },
          { id: "sdk_c_scandinave", label: "Scandinave", maps_to_value: "scandinave" },
          { id: "sdk_c_classique", label: "Classique", maps_to_value: "classique" },
        ],
      },
    },
    {
      entity: "question",
      operation,
      question: { id: "sdk_q_budget", text: REFERENCE_TEXTS.sdk_q_budget, type: "open", dimension_id: "sdk_so_budget" },
    },
    {
      entity: "question",
      operation,
      question: {
        id: "sdk_q_delai",
        text: REFERENCE_TEXTS.sdk_q_delai,
        type: "single_choice",
        dimension_id: "sdk_so_delai",
        choices: [
          { id: "sdk_c_1m", label: "Dans le mois", maps_to_value: "dans_le_mois" },
          { id: "sdk_c_3m", label: "D'ici trois mois", maps_to_value: "trois_mois" },
          { id: "sdk_c_later", label: "Plus tard", maps_to_value: "plus_tard" },
        ],
      },
    },
    {
      entity: "question",
      operation,
      question: {
        id: "sdk_q_animaux",
        text: REFERENCE_TEXTS.sdk_q_animaux,
        type: "single_choice",
        dimension_id: "sdk_so_besoin",
        choices: [
          { id: "sdk_c_oui", label: "Oui", maps_to_value: true },
          { id: "sdk_c_non", label: "Non", maps_to_value: false },
        ],
      },
    },
    {
      entity: "success_information",
      operation,
      success_information: {
        id: "sdk_style",
        label: "Style recherché",
        schema: { type: "string", enum: ["contemporain", "scandinave", "classique"] },
        primary_question_id: "sdk_q_style",
      },
    },
    {
      entity: "success_information",
      operation,
      success_information: {
        id: "sdk_budget",
        label: "Budget",
        schema: { type: "number", minimum: 0 },
        primary_question_id: "sdk_q_budget",
      },
    },
    {
      entity: "success_information",
      operation,
      success_information: {
        id: "sdk_delai",
        label: "Délai de livraison",
        schema: { type: "string", enum: ["dans_le_mois", "trois_mois", "plus_tard"] },
        primary_question_id: "sdk_q_delai",
      },
    },
    {
      entity: "success_information",
      operation,
      success_information: { id: "sdk_animaux", label: "Animaux", schema: { type: "boolean" }, primary_question_id: "sdk_q_animaux" },
    },
  ];
}

export const REFERENCE_QUESTION_IDS = ["sdk_q_usage", "sdk_q_style", "sdk_q_budget", "sdk_q_delai", "sdk_q_animaux"] as const;
export const REFERENCE_DIMENSION_IDS = ["sdk_so_besoin", "sdk_so_budget", "sdk_so_delai"] as const;
export const REFERENCE_SUCCESS_INFORMATION_IDS = ["sdk_style", "sdk_budget", "sdk_delai", "sdk_animaux"] as const;
