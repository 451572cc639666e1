// Processes as Linux /proc shows them, for end-to-end tests and benchmarks: a process's children and descendants,
// their command lines and names, and whether a pid is still alive. Readers return nothing for a process gone meanwhile.
import { readFileSync, readdirSync } from "node:fs";

/** The fields of /proc/<pid>/stat after the command name (state first, then the parent's pid), or undefined when gone. */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** Every process's children, by parent pid, as /proc lists them now. */
function childrenByParent(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = Number(statFields(entry)?.[1]);
    if (Number.isInteger(parent)) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  return children;
}

/** The pids of the process's children. */
export function childPids(pid: number): number[] {
  return childrenByParent().get(pid) ?? [];
}

/** The pids of the process's children, their children and so on (e.g. zino-exc's launcher and warm sandboxes). */
export function descendantPids(pid: number): number[] {
  const children = childrenByParent();
  const out: number[] = [];
  const visit = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      out.push(child);
      visit(child);
    }
  };
  visit(pid);
  return out;
}

/** The process's command line, one argument per element; empty when it is gone. */
export function commandLine(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  } catch {
    return [];
  }
}

/** The process's command name (`comm`: `node`, `bwrap`…), or undefined when it is gone. */
export function commandName(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return undefined;
  }
}

/** Alive and not a zombie waiting for its parent to reap it (the CLI's own check). */
export { isProcessAlive as isAlive } from "../src/shared/pid-process.js";
