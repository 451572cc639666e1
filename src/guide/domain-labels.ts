// Readable names for the guide's output: the objective, dimension names and success-information labels of the
// published configuration (read with the configuration:read key), and per success information its schema and
// the choice labels of its values (for answer hints and the final summary); ids stand in when the read fails.
import type { ConfigurationResponse } from "../zelinqa/sdk/index.js";
import { ZelinqaConfigurationClient } from "../zelinqa/sdk/index.js";
import type { ProgressLabels } from "./progress-bars.js";

export interface TargetInfo {
  label: string;
  schema: Record<string, unknown>;
  /** JSON of a value (an array's element for array schemas) → the label of the choice that gives it. */
  valueLabels: Map<string, string>;
  /** The same pairs the other way round: a lower-cased choice label → its value. */
  labelValues: Map<string, unknown>;
}

export interface DomainLabels extends ProgressLabels {
  data: Map<string, string>;
  targets: Map<string, TargetInfo>;
}

export function emptyDomainLabels(): DomainLabels {
  return { objective: "Objective", dimensions: new Map(), data: new Map(), targets: new Map() };
}

/** The values a schema accepts by enumeration (an array's item enum, a boolean's two values), else null. */
function enumeratedValues(schema: Record<string, unknown>): unknown[] | null {
  const items = schema.items;
  const own = schema.type === "array" && typeof items === "object" && items !== null ? (items as Record<string, unknown>) : schema;
  if (Array.isArray(own.enum)) return own.enum as unknown[];
  if (own.type === "boolean") return [true, false];
  return null;
}

/**
 * docs/zelinqa-api.md §11.1 choice values, approximated host-side: a choice gives `maps_to_value`, else its label, when the schema
 * enumerates it. The primary question's choices come first, then the other questions of its dimension.
 */
function choiceLabelsOf(
  info: ConfigurationResponse["success_informations"][number],
  questions: ConfigurationResponse["questions"],
): Pick<TargetInfo, "valueLabels" | "labelValues"> {
  const labels = new Map<string, string>();
  const values = new Map<string, unknown>();
  const accepted = enumeratedValues(info.schema);
  if (accepted === null) return { valueLabels: labels, labelValues: values };
  const keys = new Set(accepted.map((v) => JSON.stringify(v)));
  const primary = questions.find((q) => q.id === info.primary_question_id);
  const ordered = [...(primary ? [primary] : []), ...questions.filter((q) => q !== primary && q.dimension_id === primary?.dimension_id)];
  for (const q of ordered) {
    for (const choice of q.choices) {
      const value = choice.maps_to_value ?? choice.label;
      const key = JSON.stringify(value);
      if (keys.has(key) && !labels.has(key)) labels.set(key, choice.label);
      if (keys.has(key) && !values.has(choice.label.toLowerCase())) values.set(choice.label.toLowerCase(), value);
    }
  }
  return { valueLabels: labels, labelValues: values };
}

export function domainLabelsOf(
  configuration: Pick<ConfigurationResponse, "objective" | "dimensions" | "success_informations" | "questions">,
): DomainLabels {
  const labels = emptyDomainLabels();
  labels.objective = configuration.objective.name;
  for (const d of configuration.dimensions) labels.dimensions.set(d.id, d.name);
  for (const s of configuration.success_informations) {
    labels.data.set(s.id, s.label);
    labels.targets.set(s.id, { label: s.label, schema: s.schema, ...choiceLabelsOf(s, configuration.questions) });
  }
  return labels;
}

export async function readDomainLabels(baseUrl: string, readKey: string): Promise<DomainLabels> {
  const client = new ZelinqaConfigurationClient({ apiKey: readKey, baseUrl, maxRetries: 1 });
  try {
    return domainLabelsOf(await client.getConfiguration({ state: "published" }));
  } catch {
    // Labels are a nicety: the ids are shown instead.
    return emptyDomainLabels();
  } finally {
    await client.close();
  }
}
