// Top-level tables of ZINO.toml that nothing reads (a typo such as [lmm] or [histroy]): named with the closest
// known table, so that a setting is not dropped without a word.
import { PYTHON_TABLES } from "./python-compat.js";

/** Ours (instance-config.ts, the default ctxkey's sections) and the Python ZINO's (python-compat.ts). */
const OUR_TABLES = ["paths", "sockets", "store", "launch", "limits", "llm", "agent", "history", "exec", "context", "mcp_servers"];

export const KNOWN_TABLES: readonly string[] = [...new Set([...OUR_TABLES, ...PYTHON_TABLES])];

/** One line per unknown top-level table: `[lmm] is not a ZINO.toml table (did you mean [llm]?)`. */
export function unknownTableWarnings(raw: Record<string, unknown>): string[] {
  return Object.keys(raw)
    .filter((name) => !KNOWN_TABLES.includes(name))
    .map((name) => {
      const closest = closestTable(name);
      return `[${name}] is not a ZINO.toml table, its settings are ignored${closest ? ` (did you mean [${closest}]?)` : ""}`;
    });
}

function closestTable(name: string): string | undefined {
  let best: { table: string; distance: number } | undefined;
  for (const table of KNOWN_TABLES) {
    const distance = editDistance(name.toLowerCase(), table);
    if (!best || distance < best.distance) best = { table, distance };
  }
  // Close enough to be the same word mistyped: a third of its letters at most.
  return best && best.distance <= Math.max(1, Math.floor(best.table.length / 3)) ? best.table : undefined;
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
