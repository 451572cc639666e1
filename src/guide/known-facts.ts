// CRM facts (`zino ctx crm KEY id=value`) in direct mode: applied to the session as client updates (docs/zelinqa-api.md §10.8,
// `POST /v1/sessions/{id}/events`), so the engine counts them confirmed and never asks the question they answer.
// A fact the API refuses (unknown id, invalid value) is reported and left out; the others still apply.
import type { DataUpdate, Session } from "../zelinqa/sdk/index.js";
import { ZelinqaInvalidChoiceError } from "../zelinqa/sdk/index.js";
import { formatValue } from "./conversation-report.js";
import type { DomainLabels } from "./domain-labels.js";

type DataValue = Extract<DataUpdate, { value: unknown }>["value"];

const isScalar = (v: unknown): v is string | number | boolean => typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/** A choice label typed as a fact ("Un canapé") stands for the value it gives ("canape"). */
function factValue(raw: unknown, labels: DomainLabels, id: string): DataValue | null {
  const byLabel = (v: string | number | boolean) => {
    const mapped = typeof v === "string" ? labels.targets.get(id)?.labelValues.get(v.trim().toLowerCase()) : undefined;
    return isScalar(mapped) ? mapped : v;
  };
  if (isScalar(raw)) return byLabel(raw);
  if (Array.isArray(raw) && raw.every(isScalar)) return raw.map(byLabel);
  return null;
}

export interface FactReport {
  applied: string[];
  ignored: string[];
}

export async function applyKnownFacts(session: Session, facts: Record<string, unknown>, labels: DomainLabels): Promise<FactReport> {
  const report: FactReport = { applied: [], ignored: [] };
  const name = (id: string) => labels.data.get(id) ?? id;
  let updates: { id: string; value: DataValue }[] = [];
  for (const [id, raw] of Object.entries(facts)) {
    const value = factValue(raw, labels, id);
    if (value === null) {
      report.ignored.push(`${name(id)}: not a string, number, boolean or list`);
      continue;
    }
    const current = session.state.targets[id];
    // Already recorded with this value (an earlier run applied it): nothing to send.
    if (current?.status === "confirmed" && JSON.stringify(current.value) === JSON.stringify(value)) continue;
    updates.push({ id, value });
  }
  while (updates.length > 0) {
    try {
      await session.applyEvents({ client_updates: { data: updates.map(({ id, value }) => ({ id, operation: "set", value })) } });
      break;
    } catch (err) {
      const refused = err instanceof ZelinqaInvalidChoiceError ? err.details.data_id : undefined;
      if (typeof refused !== "string" || !updates.some((u) => u.id === refused)) throw err;
      report.ignored.push(`${name(refused)}: ${err instanceof Error ? err.message : "refused"}`);
      updates = updates.filter((u) => u.id !== refused);
    }
  }
  for (const { id, value } of updates) report.applied.push(`${name(id)} = ${formatValue(value, labels.targets.get(id)?.valueLabels)}`);
  return report;
}

/** After facts changed the targets, a pending question whose data targets are now all known is not asked. */
export function pendingQuestionAlreadyKnown(session: Session, labels: DomainLabels): boolean {
  const candidate = session.pendingDecision?.candidates.find((c) => c.rank === 1);
  if (!candidate) return false;
  const data = candidate.target_ids.filter((id) => labels.targets.has(id) || !id.startsWith("exploration:"));
  return (
    data.length > 0 &&
    data.every((id) => {
      const status = session.state.targets[id]?.status;
      return status === "confirmed" || status === "not_applicable";
    })
  );
}
