// The size a ctxkey's own configuration row may reach (docs/zino-protocol.md §4, set_config [ext]). set_config merges
// into the row, so without a bound of its own a row grew with every request (new `mcp_servers` names, unknown fields
// inside a server, long lists), up to rows no get_config answer frame could carry, read and merged on every turn.
import { WireError } from "../../wire/index.js";

/** Characters of the row as stored JSON: far past any real configuration (a few dozen MCP servers with their env). */
export const MAX_CONFIG_CHARS = 256 * 1024;
/** Fields and list items in the row, counted at every level. */
export const MAX_CONFIG_ENTRIES = 4_096;
/** Levels of objects and lists (the schema itself needs five: mcp_servers.<name>.provision.args[]). */
export const MAX_CONFIG_DEPTH = 8;

interface ConfigShape {
  entries: number;
  depth: number;
}

/** Fields and list items of `value` at every level, and how deep its objects and lists nest; walked without recursion. */
function configShape(value: unknown): ConfigShape {
  const shape: ConfigShape = { entries: 0, depth: 0 };
  const stack: Array<{ item: unknown; level: number }> = [{ item: value, level: 0 }];
  while (stack.length > 0) {
    const { item, level } = stack.pop()!;
    if (typeof item !== "object" || item === null) continue;
    const children = Array.isArray(item) ? (item as unknown[]) : Object.values(item);
    shape.depth = Math.max(shape.depth, level + 1);
    shape.entries += children.length;
    if (level + 1 > MAX_CONFIG_DEPTH || shape.entries > MAX_CONFIG_ENTRIES) return shape;
    for (const child of children) stack.push({ item: child, level: level + 1 });
  }
  return shape;
}

/**
 * Refuses (`bad_request` naming the bound, with `limit` and `max`) a row that set_config would leave past one of the
 * bounds; nothing is stored then.
 */
export function assertConfigWithinBounds(ctxkey: string, row: unknown): void {
  const refuse = (what: string, limit: string, max: number): never => {
    throw new WireError(
      "bad_request",
      `Not stored: the configuration of ctxkey "${ctxkey}" would ${what} (${limit}). ` +
        "Remove fields it no longer needs (set_config with unset, or replace) and send a smaller change; nothing was changed.",
      { limit, max },
    );
  };
  const shape = configShape(row);
  if (shape.depth > MAX_CONFIG_DEPTH)
    refuse(`nest deeper than ${MAX_CONFIG_DEPTH} levels of tables and lists`, "config.max_depth", MAX_CONFIG_DEPTH);
  if (shape.entries > MAX_CONFIG_ENTRIES)
    refuse(`hold more than ${MAX_CONFIG_ENTRIES} fields and list items`, "config.max_entries", MAX_CONFIG_ENTRIES);
  const chars = JSON.stringify(row).length;
  if (chars > MAX_CONFIG_CHARS)
    refuse(`take ${chars} characters of JSON, more than ${MAX_CONFIG_CHARS}`, "config.max_chars", MAX_CONFIG_CHARS);
}
