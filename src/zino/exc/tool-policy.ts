// Allow/deny lists of a ctxkey's execution rules (docs/zino-protocol.md §6), by model-facing tool name. Patterns may use `*`
// (e.g. `mcp__github__*`); an empty allow list allows everything; deny wins over allow.
import type { ExecConfig } from "../config/index.js";

function matches(pattern: string, name: string): boolean {
  if (!pattern.includes("*")) return pattern === name;
  const regex = new RegExp(
    `^${pattern
      .split("*")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  );
  return regex.test(name);
}

export type ToolVerdict = { allowed: true } | { allowed: false; reason: string };

export function checkTool(exec: Pick<ExecConfig, "allow" | "deny">, name: string): ToolVerdict {
  const denied = exec.deny.find((pattern) => matches(pattern, name));
  if (denied) return { allowed: false, reason: `tool ${name} is denied by the execution rules (deny: ${denied})` };
  if (exec.allow.length > 0 && !exec.allow.some((pattern) => matches(pattern, name))) {
    return { allowed: false, reason: `tool ${name} is not in the allow list of the execution rules (${exec.allow.join(", ")})` };
  }
  return { allowed: true };
}
