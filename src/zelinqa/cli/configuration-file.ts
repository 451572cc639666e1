// `zelinqa config import/export`: a whole configuration (the export format) or a change batch (the body of
// POST /v1/configuration/changes, e.g. examples/zelinqa/furniture.json), as JSON or YAML, imported as one
// change batch: creates for unknown ids, updates otherwise; dimensions, then questions, then success informations.
import { z } from "zod";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import {
  ConfigurationChangesRequestSchema,
  DimensionPatchSchema,
  ObjectivePatchSchema,
  QuestionPatchSchema,
  SuccessInformationPatchSchema,
} from "../contracts/index.js";
import type { ConfigurationChange, ConfigurationResponse } from "../contracts/index.js";

const EntitiesSchema = z.object({
  objective: ObjectivePatchSchema.optional(),
  dimensions: z.array(DimensionPatchSchema).default([]),
  questions: z.array(QuestionPatchSchema).default([]),
  success_informations: z.array(SuccessInformationPatchSchema).default([]),
});

export type ConfigurationFile =
  ({ kind: "entities" } & z.infer<typeof EntitiesSchema>) | { kind: "changes"; changes: ConfigurationChange[] };

/** Parses JSON or YAML text; unknown top-level keys (domain, request_id, …) of an export are ignored. */
export function parseConfigurationFile(text: string, fileName: string): ConfigurationFile {
  const raw: unknown = /\.ya?ml$/i.test(fileName) ? parseYaml(text) : parseJson(text, fileName);
  if (typeof raw === "object" && raw !== null && "changes" in raw) {
    return { kind: "changes", changes: ConfigurationChangesRequestSchema.parse(raw).changes };
  }
  return { kind: "entities", ...EntitiesSchema.parse(raw) };
}

/** JSON.parse, its syntax error naming the file and the line and column instead of a character offset. */
function parseJson(text: string, fileName: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const position = /at position (\d+)/.exec(error.message);
    if (position === null) throw new SyntaxError(`${fileName}: ${error.message}`, { cause: error });
    const before = text.slice(0, Number(position[1]));
    const line = before.split("\n").length;
    const column = before.length - before.lastIndexOf("\n");
    throw new SyntaxError(`${fileName}:${line}:${column}: ${error.message.replace(/ (in JSON )?at position \d+.*$/, "")}`, {
      cause: error,
    });
  }
}

interface ExistingIds {
  dimensions: Set<string>;
  questions: Set<string>;
  successInformations: Set<string>;
}

function upsert(exists: boolean, operation: "create" | "update" | "delete"): "create" | "update" | "delete" {
  if (operation === "delete") return operation;
  return exists ? "update" : "create";
}

export function changeBatch(file: ConfigurationFile, existing: ExistingIds): ConfigurationChange[] {
  if (file.kind === "changes") {
    // A batch written with creates can be re-imported: creates of existing ids become updates.
    return file.changes.map((change): ConfigurationChange => {
      switch (change.entity) {
        case "objective":
          return change;
        case "dimension":
          return { ...change, operation: upsert(existing.dimensions.has(change.dimension.id), change.operation) };
        case "question":
          return { ...change, operation: upsert(existing.questions.has(change.question.id), change.operation) };
        case "success_information":
          return { ...change, operation: upsert(existing.successInformations.has(change.success_information.id), change.operation) };
      }
    });
  }
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

export function formatConfiguration(
  config: Pick<ConfigurationResponse, "domain" | "objective" | "dimensions" | "success_informations" | "questions">,
  format: "json" | "yaml",
): string {
  const document = {
    domain: config.domain,
    objective: config.objective,
    dimensions: config.dimensions,
    questions: config.questions,
    success_informations: config.success_informations,
  };
  return format === "yaml" ? stringifyYaml(document) : `${JSON.stringify(document, null, 2)}\n`;
}
