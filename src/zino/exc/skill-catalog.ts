// The skills a ctxkey sees (ctx `list_skills`, agents/skills/*.json) as exc needs them (docs/zino-protocol.md §6 "Sub-agents"):
// the `run_skill` function offered to the model, the ctxkey a skill's child turn runs on, and the tools a
// skill's own turn may use (its `tools` list; an empty list means no tools, as in the prompt ctx builds).
import { z } from "zod";
import { skillCtxkey } from "../config/index.js";
import type { Logger } from "../../wire/index.js";
import { canonicalExecutor } from "./executor-catalog.js";
import type { OpenAiTool } from "./mcp-host.js";
import { checkTool, type ToolVerdict } from "./tool-policy.js";
import { headOf } from "../../shared/text-cut.js";

export const RUN_SKILL = "run_skill";

/** The fields of a skill file exc uses; ctx owns the rest (system prompt, examples). */
export const SkillInfoSchema = z.looseObject({
  name: z.string().min(1).max(256),
  description: z.string().default(""),
  tools: z.array(z.string()).default([]),
  ctxkey: z.string().min(1).max(256).optional(),
  model: z.string().optional(),
});
export type SkillInfo = z.infer<typeof SkillInfoSchema>;

/** Skill files that do not parse are left out (ctx validated them on import; this guards the wire). */
export function parseSkills(raw: readonly unknown[], logger: Logger): SkillInfo[] {
  return raw.flatMap((item) => {
    const parsed = SkillInfoSchema.safeParse(item);
    if (parsed.success) return [parsed.data];
    logger.warn({ issue: parsed.error.issues[0]?.message }, "ctx listed a skill exc cannot read; ignored");
    return [];
  });
}

/** The skill whose turn this is: the one a sub-agent request names, else the one bound to the ctxkey. */
export function boundSkill(skills: readonly SkillInfo[], ctxkey: string, named: string | undefined): SkillInfo | undefined {
  if (named !== undefined) return skills.find((skill) => skill.name === named) ?? { name: named, description: "", tools: [] };
  return skills.find((skill) => skillCtxkey(skill) === ctxkey);
}

/** Whether a skill's turn may use a tool: its `tools` entries name executors (`bash`), functions or `*` patterns. */
export function skillVerdict(skill: SkillInfo | undefined, toolName: string): ToolVerdict {
  if (!skill) return { allowed: true };
  const allow = skill.tools.flatMap((entry) => [entry, `execute_${canonicalExecutor(entry)}`]);
  if (allow.length > 0 && checkTool({ allow, deny: [] }, toolName).allowed) return { allowed: true };
  const listed = skill.tools.length > 0 ? skill.tools.join(", ") : "none";
  return { allowed: false, reason: `tool ${toolName} is not among the tools of the skill "${skill.name}" (${listed})` };
}

const DESCRIPTION_CHARS = 200;

/** The native function definition; the skill names are an enum so the model cannot invent one. */
export function runSkillTool(skills: readonly SkillInfo[]): OpenAiTool {
  const lines = skills.map((skill) => {
    const text = skill.description.trim().split("\n")[0] ?? "";
    return `- ${skill.name}: ${text.length > DESCRIPTION_CHARS ? `${headOf(text, DESCRIPTION_CHARS - 1)}…` : text}`;
  });
  return {
    type: "function",
    function: {
      name: RUN_SKILL,
      description:
        `Hand a task to a skill: a sub-agent with its own instructions and tools runs it and returns its answer ` +
        `and a digest of its tool results. Skills:\n${lines.join("\n")}`,
      parameters: {
        type: "object",
        properties: {
          skill: { type: "string", enum: skills.map((skill) => skill.name), description: "The skill to run." },
          request: { type: "string", description: "What the sub-agent should do, with everything it needs to know." },
        },
        required: ["skill", "request"],
        additionalProperties: false,
      },
    },
  };
}
