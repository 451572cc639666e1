// zelinqa_adjust's own rules (docs/zelinqa-mcp.md §5.4): the tool-level checks made before the conversation is looked up,
// and the client_updates built from the families provided, with every operation explicit.
import type { ClientUpdates, DataUpdate, DimensionUpdate } from "../../contracts/index.js";
import type { AdjustArgs } from "./schemas.js";

export function clientUpdatesOf(args: AdjustArgs): ClientUpdates {
  const updates: ClientUpdates = {};
  if (args.dimensions) {
    updates.dimensions = args.dimensions.map((d): DimensionUpdate =>
      d.status === "excluded" ? { id: d.id, operation: "exclude" } : { id: d.id, operation: "set", status: d.status },
    );
  }
  if (args.data) {
    updates.data = args.data.map((d): DataUpdate => {
      if (d.operation === "set") return { id: d.id, operation: "set", value: d.value ?? "" };
      return { id: d.id, operation: d.operation };
    });
  }
  if (args.objective) updates.objective = { operation: "set", status: args.objective };
  return updates;
}

/** The invalid_request message of an empty or duplicated adjustment, or null. */
export function adjustmentProblem(args: AdjustArgs): string | null {
  const none = (v: unknown) => v === null || v === undefined;
  if (none(args.dimensions) && none(args.data) && none(args.objective)) return "provide dimensions, data or objective";
  const duplicated = (ids: string[]) => new Set(ids).size !== ids.length;
  if (args.dimensions && duplicated(args.dimensions.map((d) => d.id))) return "duplicate dimension IDs in one adjustment";
  if (args.data && duplicated(args.data.map((d) => d.id))) return "duplicate data IDs in one adjustment";
  return null;
}
