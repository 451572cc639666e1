// `zelinqa config import/export`: a whole configuration as JSON or YAML, imported as one change batch
// (creates for unknown ids, updates otherwise; dimensions, then questions, then success informations).
import { z } from "zod";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import {
  DimensionPatchSchema,
  ObjectivePatchSchema,
  QuestionPatchSchema,
  SuccessInformationPatchSchema,
} from "../contracts/index.js";
import type { ConfigurationChange, ConfigurationResponse } from "../contracts/index.js";

export const ConfigurationFileSchema = z.object({
  objective: ObjectivePatchSchema.optional(),
  dimensions: z.array(DimensionPatchSchema).default([]),
  questions: z.array(QuestionPatchSchema).default([]),
  success_informations: z.array(SuccessInformationPatchSchema).default([]),
});
export type ConfigurationFile = z.infer<typeof ConfigurationFileSchema>;

/** Parses JSON or YAML text; unknown top-level keys (domain, request_id, …) are ignored. */
export function parseConfigurationFile(text: string, fileName: string): ConfigurationFile {
  const raw: unknown = /\.ya?ml$/i.test(fileName) ? parseYaml(text) : JSON.parse(text);
  return ConfigurationFileSchema.parse(raw);
}

export function changeBatch(file: ConfigurationFile, existing: { dimensions: Set<string>; questions: Set<string>; successInformations: Set<string> }): ConfigurationChange[] {
  const changes: ConfigurationChange[] = [];
  if (file.objective) changes.push({ entity: "objective", operation: "update", objective: file.objective });
  for (const dimension of file.dimensions) {
    changes.push({ entity: "dimension", operation: existing.dimensions.has(dimension.id) ? "update" : "create", dimension });
  }
  for (const question of file.questions) {
    changes.push({ entity: "question", operation: existing.questions.has(question.id) ? "update" : "create", question });
  }
  for (const info of file.success_informations) {
    changes.push({
      entity: "success_information",
      operation: existing.successInformations.has(info.id) ? "update" : "create",
      success_information: info,
    });
  }
  return changes;
}

export function formatConfiguration(config: Pick<ConfigurationResponse, "domain" | "objective" | "dimensions" | "success_informations" | "questions">, format: "json" | "yaml"): string {
  const document = {
    domain: config.domain,
    objective: config.objective,
    dimensions: config.dimensions,
    questions: config.questions,
    success_informations: config.success_informations,
  };
  return format === "yaml" ? stringifyYaml(document) : `${JSON.stringify(document, null, 2)}\n`;
}
