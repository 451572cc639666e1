// The seven business tools (docs/zelinqa-mcp.md §5.4), one definition each, over the registry, the guard and the SDK
// Session handle. Each API request carries the call's signal: a host's cancellation aborts it (the guard then marks
// the conversation uncertain, since the API may have recorded it).
import { BusinessFeedbackOutputSchema, BusinessForgetOutputSchema, BusinessViewOutputSchema } from "../../contracts/index.js";
import { answerTurn } from "../../sdk/index.js";
import { BUSINESS_DESCRIPTIONS } from "../texts/business-descriptions.js";
import { defineTool, failure, success, type ToolInstaller } from "../tool-kit.js";
import { adjustmentProblem, clientUpdatesOf } from "./adjustment.js";
import { ensureQuestion, registerConversation } from "./conversation-start.js";
import type { BusinessDeps } from "./deps.js";
import { guarded } from "./guard.js";
import {
  AddContextArgsSchema,
  AdjustArgsSchema,
  ConversationArgsSchema,
  FeedbackArgsSchema,
  NextQuestionArgsSchema,
  type NextQuestionArgs,
} from "./schemas.js";
import { viewFromNext, viewFromState } from "./view.js";

export type { BusinessDeps } from "./deps.js";

const startTool = (deps: BusinessDeps) =>
  defineTool({
    name: "zelinqa_start",
    description: BUSINESS_DESCRIPTIONS.zelinqa_start,
    input: ConversationArgsSchema,
    output: BusinessViewOutputSchema,
    async run({ conversation }, call) {
      const refused = await registerConversation(deps, conversation, call.signal);
      if (refused) return refused;
      // Outside the global lock, inside the guard: busy and refresh_required apply to re-starts.
      return guarded(deps, conversation, { refresh: false, signal: call.signal }, (entry) =>
        ensureQuestion(entry, deps.scrubber, call.signal),
      );
    },
  });

const hasReply = (a: NextQuestionArgs) =>
  (a.candidate_rank ?? 1) !== 1 ||
  [a.user_text, a.choice_labels, a.free_text, a.outcome, a.assistant_text].some((v) => v !== null && v !== undefined);

const nextQuestionTool = (deps: BusinessDeps) =>
  defineTool({
    name: "zelinqa_next_question",
    description: BUSINESS_DESCRIPTIONS.zelinqa_next_question,
    input: NextQuestionArgsSchema,
    output: BusinessViewOutputSchema,
    async run(args, call) {
      if (!hasReply(args))
        return guarded(deps, args.conversation, { refresh: false, signal: call.signal }, (entry) =>
          ensureQuestion(entry, deps.scrubber, call.signal),
        );
      return guarded(deps, args.conversation, { refresh: false, signal: call.signal }, async (entry) => {
        const turn = answerTurn(entry.session.pendingDecision, {
          userText: args.user_text,
          candidateRank: args.candidate_rank,
          choiceLabels: args.choice_labels,
          freeText: args.free_text,
          outcome: args.outcome,
          assistantText: args.assistant_text,
        });
        entry.view = viewFromNext(await entry.session.next({ previous_turn: turn }, { signal: call.signal }), deps.scrubber);
        return success(entry.view);
      });
    },
  });

const addContextTool = (deps: BusinessDeps) =>
  defineTool({
    name: "zelinqa_add_context",
    description: BUSINESS_DESCRIPTIONS.zelinqa_add_context,
    input: AddContextArgsSchema,
    output: BusinessViewOutputSchema,
    async run({ conversation, summary }, call) {
      return guarded(deps, conversation, { refresh: false, signal: call.signal }, async (entry) => {
        const state = await entry.session.applyEvents({ context_update: { mode: "summary", text: summary } }, { signal: call.signal });
        entry.view = viewFromState(state, deps.scrubber);
        return success(entry.view);
      });
    },
  });

const adjustTool = (deps: BusinessDeps) =>
  defineTool({
    name: "zelinqa_adjust",
    description: BUSINESS_DESCRIPTIONS.zelinqa_adjust,
    input: AdjustArgsSchema,
    output: BusinessViewOutputSchema,
    async run(args, call) {
      const problem = adjustmentProblem(args);
      if (problem !== null) return failure(`invalid_request: ${problem}`);
      return guarded(deps, args.conversation, { refresh: false, signal: call.signal }, async (entry) => {
        const state = await entry.session.applyEvents({ client_updates: clientUpdatesOf(args) }, { signal: call.signal });
        entry.view = viewFromState(state, deps.scrubber);
        return success(entry.view);
      });
    },
  });

const statusTool = (deps: BusinessDeps) =>
  defineTool({
    name: "zelinqa_status",
    description: BUSINESS_DESCRIPTIONS.zelinqa_status,
    input: ConversationArgsSchema,
    output: BusinessViewOutputSchema,
    async run({ conversation }, call) {
      return guarded(deps, conversation, { refresh: true, signal: call.signal }, async (entry) => {
        entry.view = viewFromState(await entry.session.refresh({ signal: call.signal }), deps.scrubber);
        entry.uncertain = false;
        return success(entry.view);
      });
    },
  });

const feedbackTool = (deps: BusinessDeps) =>
  defineTool({
    name: "zelinqa_feedback",
    description: BUSINESS_DESCRIPTIONS.zelinqa_feedback,
    input: FeedbackArgsSchema,
    output: BusinessFeedbackOutputSchema,
    async run({ conversation, result, label }, call) {
      return guarded(deps, conversation, { refresh: false, signal: call.signal }, async (entry) => {
        const receipt = await entry.session.submitFeedback(label === null || label === undefined ? { result } : { result, label }, {
          signal: call.signal,
        });
        return success({ recorded: true, recorded_at: receipt.recorded_at });
      });
    },
  });

const forgetTool = (deps: BusinessDeps) =>
  defineTool({
    name: "zelinqa_forget",
    description: BUSINESS_DESCRIPTIONS.zelinqa_forget,
    input: ConversationArgsSchema,
    output: BusinessForgetOutputSchema,
    async run({ conversation }, call) {
      return guarded(deps, conversation, { refresh: true, signal: call.signal }, async () => {
        deps.registry.delete(conversation);
        return success({ forgotten_locally: true, server_data_deleted: false });
      });
    },
  });

const BUSINESS_TOOLS = [startTool, nextQuestionTool, addContextTool, adjustTool, statusTool, feedbackTool, forgetTool];

export function createBusinessTools(deps: BusinessDeps): ToolInstaller[] {
  return BUSINESS_TOOLS.map((tool) => tool(deps));
}
