// The end of a guided conversation in words: why it stopped and what was collected (success informations with
// a value, by label, each value shown as the label of the choice the person picked).
import type { SessionState } from "../zelinqa/sdk/index.js";
import type { DomainLabels } from "./domain-labels.js";

export interface StopFacts {
  status?: string | undefined;
  stopReason?: string | null | undefined;
  warnings?: readonly string[] | undefined;
  objectiveCovered?: boolean;
}

export function stopReasonText(input: StopFacts): string {
  if (input.status === "completed" || input.objectiveCovered || input.warnings?.includes("objective_achieved")) return "objective achieved";
  if (input.stopReason === "max_turns_reached") return "turn limit reached";
  if (input.stopReason === "no_question_available") return "no question left to ask";
  if (input.status === "stopped") return "stopped";
  return "in progress";
}

/** A stored value as the person saw it: the label of the choice that gives it, else the value itself. */
export function formatValue(value: unknown, valueLabels?: ReadonlyMap<string, string>): string {
  if (Array.isArray(value)) return value.map((v) => formatValue(v, valueLabels)).join(", ");
  const label = valueLabels?.get(JSON.stringify(value));
  if (label !== undefined) return label;
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

export function collectedData(state: SessionState, labels: DomainLabels): string {
  const rows: string[] = [];
  for (const [id, target] of Object.entries(state.targets)) {
    if (target.kind !== "data") continue;
    const label = labels.data.get(id) ?? id;
    if (target.status === "not_applicable") rows.push(`  ${label}: not applicable`);
    else if (target.value !== undefined && target.value !== null) {
      rows.push(
        `  ${label}: ${formatValue(target.value, labels.targets.get(id)?.valueLabels)}${target.status && target.status !== "confirmed" ? ` (${target.status})` : ""}`,
      );
    }
  }
  return rows.length > 0 ? `Collected:\n${rows.join("\n")}\n` : "Collected: nothing yet\n";
}
