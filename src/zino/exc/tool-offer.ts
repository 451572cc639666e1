// What a caller may use: the executors, MCP tools and run_skill that the ctxkey's allow/deny rules and, in a
// skill's turn, the skill's own tool list allow; the `tools` list the model sees.
import type { ExecutorCache } from "./executor-cache.js";
import type { McpHost, OpenAiTool } from "./mcp-host.js";
import type { ExecRules } from "./rules-cache.js";
import { callerSkill, offersRunSkill, type CallerScope } from "./skill-call.js";
import { runSkillTool, skillVerdict, type SkillInfo } from "./skill-catalog.js";
import { checkTool, type ToolVerdict } from "./tool-policy.js";

export interface ToolOffer {
  /** The ctxkey's allow/deny rules, then, in a skill's turn, the skill's own tool list. */
  verdict(rulesOf: ExecRules, skill: SkillInfo | undefined, name: string): ToolVerdict;
  /** The executors these rules (and the skill) allow, as functions. */
  executorTools(rulesOf: ExecRules, skill?: SkillInfo): OpenAiTool[];
  /** What `tools` answers: the executors, MCP tools and run_skill the caller's scope may use under these rules. */
  toolsFor(ctxkey: string, loaded: ExecRules, scope: CallerScope): Promise<{ tools: OpenAiTool[]; errors: string[] }>;
}

export function createToolOffer(options: { executors: ExecutorCache; mcp: McpHost }): ToolOffer {
  const { executors, mcp } = options;

  function verdict(rulesOf: ExecRules, skill: SkillInfo | undefined, name: string): ToolVerdict {
    const policy = checkTool(rulesOf.exec, name);
    return policy.allowed ? skillVerdict(skill, name) : policy;
  }

  function executorTools(rulesOf: ExecRules, skill?: SkillInfo): OpenAiTool[] {
    return [...executors.current.values()]
      .filter((def) => verdict(rulesOf, skill, def.toolName).allowed)
      .map((def) => ({ type: "function", function: { name: def.toolName, description: def.description, parameters: def.parameters } }));
  }

  async function toolsFor(ctxkey: string, loaded: ExecRules, scope: CallerScope): Promise<{ tools: OpenAiTool[]; errors: string[] }> {
    const skill = callerSkill(loaded, scope);
    const listed = await mcp.listTools(ctxkey, loaded.mcpServers);
    const tools = [
      ...executorTools(loaded, skill),
      ...listed.tools.filter((tool) => verdict(loaded, skill, tool.function.name).allowed),
      ...(offersRunSkill(loaded, scope) ? [runSkillTool(loaded.skills)] : []),
    ];
    return { tools, errors: listed.errors };
  }

  return { verdict, executorTools, toolsFor };
}
