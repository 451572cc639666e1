// Top-level tables of ZINO.toml that nothing reads (a typo such as [lmm] or [histroy]), and keys of our own tables
// that nothing reads (`modle = …` in [llm]): named with the closest known name, so that a setting is not dropped
// without a word. (Our other tables, [paths], [limits]…, refuse an unknown key outright.)
import {
  AgentConfigSchema,
  ContextConfigSchema,
  ExecConfigSchema,
  HistoryConfigSchema,
  LlmConfigSchema,
  McpServerConfigSchema,
} from "./ctxkey-config.js";
import { PYTHON_TABLES } from "./python-compat.js";
import { isRecord } from "../../shared/is-record.js";

/** Ours (instance-config.ts, the default ctxkey's sections) and the Python ZINO's (python-compat.ts). */
const OUR_TABLES = ["paths", "sockets", "store", "launch", "limits", "llm", "agent", "history", "exec", "context", "mcp_servers"];

export const KNOWN_TABLES: readonly string[] = [...new Set([...OUR_TABLES, ...PYTHON_TABLES])];

/**
 * Warnings listed at most, per kind: a file of 300,000 tables took 15 s to check (and as many lines to print, in the
 * CLI and in each service's log).
 */
export const MAX_NAME_WARNINGS = 20;
/** Characters of an unknown name shown in its warning. */
const MAX_SHOWN_NAME = 64;

/** One line per unknown top-level table: `[lmm] is not a ZINO.toml table (did you mean [llm]?)`. */
export function unknownTableWarnings(raw: Record<string, unknown>): string[] {
  const unknown = Object.keys(raw).filter((name) => !KNOWN_TABLES.includes(name));
  return listed(unknown, "tables", (name) => {
    const closest = closestName(name, KNOWN_TABLES);
    return `[${shown(name)}] is not a ZINO.toml table, its settings are ignored${closest ? ` (did you mean [${closest}]?)` : ""}`;
  });
}

/** The first MAX_NAME_WARNINGS lines, and one saying how many more there are. */
function listed(names: readonly string[], what: string, line: (name: string) => string): string[] {
  const lines = names.slice(0, MAX_NAME_WARNINGS).map(line);
  if (names.length > MAX_NAME_WARNINGS) lines.push(`… and ${names.length - MAX_NAME_WARNINGS} more unknown ${what}, also ignored`);
  return lines;
}

function shown(name: string): string {
  return name.length > MAX_SHOWN_NAME ? `${name.slice(0, MAX_SHOWN_NAME)}…` : name;
}

/** The keys each of our default-ctxkey tables reads; any other key in them is ignored by their schemas. */
const TABLE_KEYS: Readonly<Record<string, readonly string[]>> = {
  llm: Object.keys(LlmConfigSchema.shape),
  agent: Object.keys(AgentConfigSchema.shape),
  history: Object.keys(HistoryConfigSchema.shape),
  exec: Object.keys(ExecConfigSchema.shape),
  context: Object.keys(ContextConfigSchema.shape),
};
const MCP_SERVER_KEYS: readonly string[] = Object.keys(McpServerConfigSchema.shape);

/** One line per key of [llm], [agent], [history], [exec], [context] or [mcp_servers.NAME] that nothing reads. */
export function unknownKeyWarnings(raw: Record<string, unknown>): string[] {
  const warnings: string[] = [];
  const check = (table: string, value: unknown, known: readonly string[]) => {
    if (!isRecord(value)) return;
    const unknown = Object.keys(value).filter((key) => !known.includes(key));
    warnings.push(
      ...listed(unknown, `settings of [${shown(table)}]`, (key) => {
        const closest = closestName(key, known);
        return `[${shown(table)}] ${shown(key)} is not a setting of [${shown(table)}], it is ignored${closest ? ` (did you mean ${closest}?)` : ""}`;
      }),
    );
  };
  for (const [table, known] of Object.entries(TABLE_KEYS)) check(table, raw[table], known);
  const servers = raw.mcp_servers;
  if (isRecord(servers)) for (const [name, server] of Object.entries(servers)) check(`mcp_servers.${name}`, server, MCP_SERVER_KEYS);
  return warnings;
}

function closestName(name: string, known: readonly string[]): string | undefined {
  let best: { table: string; distance: number } | undefined;
  for (const table of known) {
    // Never close when the lengths alone differ by more than that bound (and a long name costs no edit distance).
    if (Math.abs(name.length - table.length) > closeEnough(table)) continue;
    const distance = editDistance(name.toLowerCase(), table);
    if (!best || distance < best.distance) best = { table, distance };
  }
  // Close enough to be the same word mistyped: a third of its letters at most.
  return best && best.distance <= closeEnough(best.table) ? best.table : undefined;
}

function closeEnough(known: string): number {
  return Math.max(1, Math.floor(known.length / 3));
}

/** Edits (insert, delete, replace, swap two neighbours) between two short words. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j += 1) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
    }
  }
  return rows[a.length]![b.length]!;
}
