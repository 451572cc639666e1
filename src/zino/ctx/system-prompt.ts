// The system prompt (docs/zino-protocol.md §4): the SYSTEM.md template with its placeholders filled in one pass, so text coming
// from a placeholder (a memory note, a personality) is never itself expanded.
import type { ExecConfig } from "../config/index.js";
import { type SkillFile, type ToolFile, toolFunctionName } from "./agent-files.js";

export const PLACEHOLDERS = ["PERSONALITY", "TOOL_LIST", "SKILL_LINES", "MAX_ITERATIONS", "SOFT_MEMORIES"] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** Used when the instance has no agents/SYSTEM.md. */
export const DEFAULT_SYSTEM_TEMPLATE = `%%PERSONALITY%%

## Tools
To run code, write one block and stop: <tool_call>{"name": "<tool>", "arguments": {"code": "<code>"}}</tool_call>
The output comes back in a <tool_response> block.
%%TOOL_LIST%%

## Skills
To hand a task to a skill (a sub-agent), write: <task>{"skill": "<skill>", "request": "<what to do>"}</task>
%%SKILL_LINES%%

You have at most %%MAX_ITERATIONS%% model calls for one answer; end with a direct answer to the user.

## Memory notes
%%SOFT_MEMORIES%%
`;

export const NOTHING = "(none)";

/** Replaces `%%NAME%%` for the known names; unknown placeholders stay as written. */
export function fillTemplate(template: string, values: Partial<Record<Placeholder, string>>): string {
  return template.replace(/%%([A-Z_]+)%%/g, (whole, name: string) => {
    const value = (values as Record<string, string | undefined>)[name];
    return value ?? whole;
  });
}

function parameterNames(tool: ToolFile): string {
  const properties = tool.parameters?.properties;
  if (typeof properties !== "object" || properties === null) return "code";
  return Object.keys(properties).join(", ");
}

export function renderToolList(tools: readonly ToolFile[]): string {
  if (tools.length === 0) return NOTHING;
  return tools.map((tool) => `- ${toolFunctionName(tool)}(${parameterNames(tool)}): ${tool.description.trim()}`).join("\n");
}

export function renderSkillLines(skills: readonly SkillFile[]): string {
  if (skills.length === 0) return NOTHING;
  return skills.map((skill) => `- ${skill.name}: ${skill.description.trim()}`).join("\n");
}

/** The tools a ctxkey may use: `exec.allow` (when not empty) and `exec.deny`, by file name, executor or function name. */
export function allowedTools(tools: readonly ToolFile[], exec: Pick<ExecConfig, "allow" | "deny">, only?: readonly string[]): ToolFile[] {
  const names = (tool: ToolFile) => [tool.name, tool.meta.executor, toolFunctionName(tool)];
  const matches = (list: readonly string[], tool: ToolFile) => names(tool).some((name) => list.includes(name));
  return tools.filter(
    (tool) =>
      (exec.allow.length === 0 || matches(exec.allow, tool)) && !matches(exec.deny, tool) && (only === undefined || matches(only, tool)),
  );
}
