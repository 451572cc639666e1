// Progress of a guided conversation as text bars: the objective, then each dimension by name, then turns.
import type { ProgressView } from "../zelinqa/sdk/index.js";

export interface ProgressLabels {
  objective: string;
  dimensions: Map<string, string>;
}

const WIDTH = 20;

export function bar(fraction: number, width = WIDTH): string {
  const clamped = Math.max(0, Math.min(1, Number.isFinite(fraction) ? fraction : 0));
  const filled = Math.round(clamped * width);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${String(Math.round(clamped * 100)).padStart(3)}%`;
}

const STATUS_TEXT: Record<string, string> = {
  not_started: "not started",
  in_progress: "in progress",
  covered: "covered",
  blocked: "blocked",
  excluded: "excluded",
};

/**
 * What "blocked" means (docs/zelinqa-api.md §11.3), said under the bars whenever a row shows it: a person reads it as
 * "stuck" otherwise, while the conversation goes on with the other parts.
 */
export const BLOCKED_LEGEND =
  "(blocked: a value it needs is missing or unconfirmed and no question is left to ask for it, after a refusal, two passes or a loose answer kept; the conversation goes on with the rest)";

export function renderProgress(progress: ProgressView, labels: ProgressLabels, turns?: { count: number; remaining: number }): string {
  const rows = [
    { name: labels.objective, fraction: progress.objective.progress, status: progress.objective.effective_status },
    ...progress.dimensions.map((d) => ({
      name: `  ${labels.dimensions.get(d.id) ?? d.id}`,
      fraction: d.progress,
      status: d.effective_status,
    })),
  ];
  const nameWidth = Math.min(32, Math.max(...rows.map((r) => r.name.length)));
  const lines = rows.map((r) => `${r.name.padEnd(nameWidth)} ${bar(r.fraction)} ${STATUS_TEXT[r.status] ?? r.status}`);
  if (rows.some((r) => r.status === "blocked")) lines.push(BLOCKED_LEGEND);
  if (turns) lines.push(`turn ${turns.count}, ${turns.remaining} left`);
  return `${lines.join("\n")}\n`;
}
