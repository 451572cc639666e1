// Advanced results (docs/zelinqa-mcp.md §6.3): the API object as received, omitted contract fields as null, every
// string scrubbed, plus a top-level state_version mirroring versions.state_version.
import type { Scrubber } from "../secrets.js";
import { isRecord } from "../../../shared/is-record.js";

type Json = Record<string, unknown>;

function withNulls(record: Json, keys: readonly string[]): Json {
  const out = { ...record };
  for (const key of keys) if (!(key in out)) out[key] = null;
  return out;
}

const mapRecords = (value: unknown, fn: (r: Json) => Json): unknown =>
  Array.isArray(value) ? (value as unknown[]).map((item) => (isRecord(item) ? fn(item) : item)) : value;

const fillOverride = (record: Json): Json =>
  isRecord(record.client_override) ? { ...record, client_override: withNulls(record.client_override, ["updated_at"]) } : record;

function fillContractNulls(payload: Json): Json {
  const out: Json = { ...payload };
  const fillCandidates = (candidates: unknown) => mapRecords(candidates, (c) => withNulls(c, ["selection_mode"]));
  if ("candidates" in out) out.candidates = fillCandidates(out.candidates);
  if (isRecord(out.pending_decision)) {
    out.pending_decision = { ...out.pending_decision, candidates: fillCandidates(out.pending_decision.candidates) };
  }
  if (isRecord(out.question_state)) {
    const outcomes = mapRecords(out.question_state.outcomes, (o) => withNulls(o, ["message_id", "occurred_at"]));
    out.question_state = { ...out.question_state, outcomes };
  }
  if (isRecord(out.targets)) {
    out.targets = Object.fromEntries(Object.entries(out.targets).map(([k, t]) => [k, isRecord(t) ? withNulls(t, ["status", "value"]) : t]));
  }
  if (isRecord(out.progress)) {
    const progress: Json = { ...out.progress };
    if (isRecord(progress.objective)) progress.objective = fillOverride(progress.objective);
    progress.dimensions = mapRecords(progress.dimensions, fillOverride);
    out.progress = progress;
  }
  return out;
}

export function stateVersionOf(payload: unknown): number | null {
  if (!isRecord(payload) || !isRecord(payload.versions)) return null;
  const version = payload.versions.state_version;
  return typeof version === "number" && Number.isInteger(version) ? version : null;
}

export function advancedOutput(payload: unknown, options: { withStateVersion: boolean; scrubber: Scrubber }): Json {
  const base = isRecord(payload) ? payload : {};
  const filled = options.scrubber.deep(fillContractNulls(base)) as Json;
  return options.withStateVersion ? { ...filled, state_version: stateVersionOf(base) } : filled;
}

/** Drops null fields recursively ("wire" form of docs/zelinqa-mcp.md §6.1); arrays keep their items. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, withoutNulls(v)]),
    );
  }
  return value;
}
