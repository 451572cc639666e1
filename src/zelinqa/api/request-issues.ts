// Request validation of docs/zelinqa-api.md §5.4: zod issues become `{path, message}` with JSON-Pointer paths, and the location
// of the violations decides between 400 invalid_request and the runtime 422 codes.
import type { z } from "zod";
import type { RequestIssue } from "../contracts/index.js";
import { OperationError } from "../operations/index.js";

function pointer(path: readonly PropertyKey[]): string {
  return path.map((segment) => "/" + String(segment).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

/** Flattens unions: a failed union reports the issues of its closest branch instead of a generic message. */
function flatten(
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[] = [],
): Array<{ path: PropertyKey[]; message: string }> {
  const out: Array<{ path: PropertyKey[]; message: string }> = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === "invalid_union" && issue.errors.length > 0) {
      const best = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
      if (best.length > 0) {
        out.push(...flatten(best, path));
        continue;
      }
    }
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) out.push({ path: [...path, key], message: `unknown field ${key}` });
      continue;
    }
    out.push({ path, message: issue.message });
  }
  return out;
}

export function bodyIssues(error: z.ZodError): Array<{ path: PropertyKey[]; issue: RequestIssue }> {
  return flatten(error.issues).map((i) => ({ path: i.path, issue: { path: pointer(i.path), message: i.message } }));
}

export function queryIssues(error: z.ZodError): RequestIssue[] {
  return flatten(error.issues).map((i) => ({ path: `query.${String(i.path[0] ?? "")}`, message: i.message }));
}

export function invalidRequest(issues: RequestIssue[]): OperationError {
  return new OperationError("invalid_request", { issues });
}

/** docs/zelinqa-api.md §5.4 mapping: all under /previous_turn ⇒ 422 invalid_previous_turn; all under data values ⇒ 422 invalid_choice. */
export function bodyValidationError(error: z.ZodError, body: unknown, runtime: boolean): OperationError {
  const located = bodyIssues(error);
  const issues = located.map((l) => l.issue);
  if (runtime && located.length > 0) {
    if (located.every((l) => l.path[0] === "previous_turn")) return new OperationError("invalid_previous_turn", { issues });
    const valuePaths = located.every(
      (l) => l.path[0] === "client_updates" && l.path[1] === "data" && typeof l.path[2] === "number" && l.path[3] === "value",
    );
    if (valuePaths) {
      const index = located[0]!.path[2] as number;
      const item = dataItem(body, index);
      return new OperationError("invalid_choice", { data_id: item.id, invalid_value: item.value, issues }, { variant: "value" });
    }
  }
  return invalidRequest(issues);
}

function dataItem(body: unknown, index: number): { id: unknown; value: unknown } {
  const updates = (body as { client_updates?: { data?: unknown } } | null)?.client_updates?.data;
  const item = Array.isArray(updates) ? (updates[index] as Record<string, unknown> | undefined) : undefined;
  return { id: item?.id ?? null, value: item?.value ?? null };
}
