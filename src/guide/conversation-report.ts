// The end of a guided conversation in words: why it stopped and what was collected (success informations with
// a value, by label, each value shown as the label of the choice the person picked).
import type { SessionState } from "../zelinqa/sdk/index.js";
import { shellWord } from "../shared/shell-word.js";
import type { DomainLabels } from "./domain-labels.js";

/** The ctxkey of `zino guide` without `--ctx` (the CLI's option default). */
export const GUIDE_DEFAULT_CTXKEY = "guide";

export interface StopFacts {
  status?: string | undefined;
  stopReason?: string | null | undefined;
  warnings?: readonly string[] | undefined;
  objectiveCovered?: boolean;
}

export function stopReasonText(input: StopFacts): string {
  if (input.objectiveCovered || input.warnings?.includes("objective_achieved")) return "objective achieved";
  // A session read back (a resumed guide) carries no stop reason, but its status says which one it was: the engine
  // stops at the turn limit as `stopped` and out of questions as `completed` (engine/session-operations.ts).
  const reason =
    input.stopReason ?? (input.status === "stopped" ? "max_turns_reached" : input.status === "completed" ? "no_question_available" : null);
  if (reason === "max_turns_reached") return "turn limit reached";
  if (reason === "no_question_available") return "no question left to ask";
  return "in progress";
}

/** The command that opens a new conversation in place of an ended one: the same guide, with `--new`. */
export function startOverArgs(options: { ctxkey: string; domainFile?: string | undefined }): string {
  const ctx = options.ctxkey === GUIDE_DEFAULT_CTXKEY ? "" : ` --ctx ${shellWord(options.ctxkey)}`;
  const domain = options.domainFile === undefined ? "" : ` --domain ${shellWord(options.domainFile)}`;
  return `guide${ctx}${domain} --new`;
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
