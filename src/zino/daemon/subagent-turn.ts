// A turn run as a sub-agent (docs/zino-protocol.md §6 "Sub-agents"): exc asks for it with `subagent {depth, parent_ctxkey, skill}`.
// Such a turn is refused beyond `agent.max_subagent_depth`, is not stored (the skill's ctxkey keeps no history
// of the tasks handed to it), and tells exc its depth and skill on every tool request. Any turn is limited to
// `agent.max_subagent_fanout` run_skill calls.
import { z } from "zod";
import type { AgentConfig } from "../config/index.js";
import { WireError, type Frame } from "../../wire/index.js";
import type { ToolCall } from "./agent-types.js";
import { RUN_SKILL } from "./interrupt-parser.js";

const SubagentFieldSchema = z.looseObject({
  subagent: z
    .looseObject({
      depth: z.number().int().min(1).max(64),
      parent_ctxkey: z.string().min(1).max(256).optional(),
      skill: z.string().min(1).max(256).optional(),
    })
    .optional(),
});

export interface SubagentInfo {
  /** 1 for a skill called from a user's turn, 2 for a skill called by that skill, ... */
  depth: number;
  parentCtxkey: string | undefined;
  /** The skill whose prompt, examples and tools the turn uses (ctx builds for it). */
  skill: string | undefined;
}

/** The `subagent` field of a turn request; undefined for a user's turn. */
export function parseSubagent(frame: Frame): SubagentInfo | undefined {
  // A user's turn (nearly every turn) carries no such field: nothing for the schema to read.
  if (frame.subagent === undefined) return undefined;
  const parsed = SubagentFieldSchema.safeParse(frame);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new WireError(
      "bad_request",
      `${issue?.path.join(".") || "subagent"}: ${issue?.message ?? "invalid"}; send subagent: {depth (1 or more), parent_ctxkey?, skill?}.`,
    );
  }
  const field = parsed.data.subagent;
  return field ? { depth: field.depth, parentCtxkey: field.parent_ctxkey, skill: field.skill } : undefined;
}

/** Refuses a sub-agent turn deeper than the ctxkey allows; exc turns the error frame into a result the caller reads. */
export function checkSubagentDepth(info: SubagentInfo | undefined, agent: AgentConfig): void {
  if (!info || info.depth <= agent.max_subagent_depth) return;
  throw new WireError(
    "forbidden",
    `This sub-agent turn would run at depth ${info.depth}, beyond agent.max_subagent_depth (${agent.max_subagent_depth}); ` +
      "the calling agent has to do this part itself.",
    { limit: "max_subagent_depth" },
  );
}

/** What the daemon adds to its `tools` and tool-call requests to exc, so exc knows the turn's depth and skill. */
export function excScopeFields(info: SubagentInfo | undefined): Frame {
  if (!info) return {};
  return { subagent: { depth: info.depth, ...(info.skill ? { skill: info.skill } : {}) } };
}

/** Lets through at most `max` run_skill calls of one turn; later ones are results the model reads. */
export function limitFanout(tool: ToolCall, max: number): ToolCall {
  let spawned = 0;
  return async (request, signal, progress) => {
    if (request.name !== RUN_SKILL) return tool(request, signal, progress);
    if (spawned >= max) {
      return {
        ok: false,
        result: {
          error: `Not executed: this turn may hand at most ${max} tasks to skills (agent.max_subagent_fanout); do the rest yourself.`,
        },
      };
    }
    spawned += 1;
    return tool(request, signal, progress);
  };
}
