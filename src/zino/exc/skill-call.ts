// The `run_skill {skill, request}` function at exc (docs/zino-protocol.md §6 "Sub-agents"): who is calling (the `subagent` field
// the daemon adds for a sub-agent's own turn), whether the function is offered, and the checks made before a
// child turn is spawned. Every refusal is a result the model reads.
import { z } from "zod";
import { WireError, type Frame } from "../../wire/index.js";
import { EXIT, failureResult, type ExecResult } from "./exec-result.js";
import type { ExecRules } from "./rules-cache.js";
import { RUN_SKILL, boundSkill, skillVerdict, type SkillInfo } from "./skill-catalog.js";
import type { SubagentRunner } from "./subagent-runner.js";
import { checkTool } from "./tool-policy.js";
import type { ToolCall } from "./tool-call.js";

/** Absent on a user's turn (depth 0); the daemon sends it on tool calls and `tools` of a sub-agent's turn. */
const ScopeFieldSchema = z.looseObject({
  subagent: z
    .looseObject({
      depth: z.number().int().min(0).max(64),
      skill: z.string().min(1).max(256).optional(),
    })
    .optional(),
});

/** The turn a request comes from: how deep it is among sub-agents, and which skill it runs, if any. */
export interface CallerScope {
  depth: number;
  skill: string | undefined;
}

export function parseCallerScope(frame: Frame): CallerScope {
  // A user's turn (nearly every call) carries no such field: nothing for the schema to read.
  if (frame.subagent === undefined) return { depth: 0, skill: undefined };
  const parsed = ScopeFieldSchema.safeParse(frame);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new WireError(
      "bad_request",
      `${issue?.path.join(".") || "subagent"}: ${issue?.message ?? "invalid"}; send subagent: {depth, skill?}`,
    );
  }
  return { depth: parsed.data.subagent?.depth ?? 0, skill: parsed.data.subagent?.skill };
}

/** The skill whose turn a request belongs to (it limits the tools), if any. */
export function callerSkill(loaded: ExecRules, scope: CallerScope): SkillInfo | undefined {
  return boundSkill(loaded.skills, loaded.ctxkey, scope.skill);
}

/** Whether `run_skill` is offered: there are skills, the caller may use it, and a child would be within depth. */
export function offersRunSkill(loaded: ExecRules, scope: CallerScope): boolean {
  return (
    loaded.skills.length > 0 &&
    scope.depth < loaded.agent.max_subagent_depth &&
    checkTool(loaded.exec, RUN_SKILL).allowed &&
    skillVerdict(callerSkill(loaded, scope), RUN_SKILL).allowed
  );
}

const SkillArgumentsSchema = z.looseObject({ skill: z.string().trim().min(1), request: z.string().trim().min(1) });

export async function runSkillCall(options: {
  call: ToolCall;
  loaded: ExecRules;
  scope: CallerScope;
  runner: SubagentRunner;
  progress: (frame: Frame) => Promise<void>;
  signal: AbortSignal;
}): Promise<ExecResult> {
  const { call, loaded, scope } = options;
  const policy = checkTool(loaded.exec, RUN_SKILL);
  if (!policy.allowed) return failureResult(EXIT.refused, policy.reason);
  const ownSkill = skillVerdict(callerSkill(loaded, scope), RUN_SKILL);
  if (!ownSkill.allowed) return failureResult(EXIT.refused, ownSkill.reason);
  if (call.argumentsError) return failureResult(EXIT.badArguments, `bad arguments for ${RUN_SKILL}: ${call.argumentsError}`);
  const args = SkillArgumentsSchema.safeParse(call.arguments);
  if (!args.success) {
    return failureResult(
      EXIT.badArguments,
      `${RUN_SKILL} needs arguments {"skill": "<skill name>", "request": "<what the sub-agent should do>"}`,
    );
  }
  const skill = loaded.skills.find((candidate) => candidate.name === args.data.skill);
  if (!skill) {
    const names = loaded.skills.map((candidate) => candidate.name).join(", ") || "none";
    return failureResult(EXIT.unknownTool, `unknown skill "${args.data.skill}"; the skills are: ${names}`);
  }
  const depth = scope.depth + 1;
  const maxDepth = loaded.agent.max_subagent_depth;
  if (depth > maxDepth) {
    return failureResult(
      EXIT.refused,
      `sub-agent depth limit reached: the skill "${skill.name}" would run at depth ${depth}, ` +
        `but agent.max_subagent_depth is ${maxDepth}; do this part of the task yourself`,
    );
  }
  return options.runner.run({
    skill,
    request: args.data.request,
    parentCtxkey: loaded.ctxkey,
    depth,
    timeoutMs: loaded.agent.subagent_timeout_ms,
    outputCapBytes: loaded.exec.output_cap_bytes,
    progress: options.progress,
    signal: options.signal,
  });
}
