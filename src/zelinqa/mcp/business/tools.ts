// The seven business tools (zelinqa-mcp.md §5.4) over the registry, the guard and the SDK Session handle.
import {
  BusinessFeedbackOutputSchema,
  BusinessForgetOutputSchema,
  BusinessViewOutputSchema,
  type ClientUpdates,
  type DataUpdate,
  type DimensionUpdate,
} from "../../contracts/index.js";
import { Session, answerTurn } from "../../sdk/index.js";
import type { ClientProvider } from "../client-provider.js";
import type { HostSession } from "../environment.js";
import { errorText } from "../error-text.js";
import { BUSINESS_DESCRIPTIONS } from "../texts/business-descriptions.js";
import { defineTool, failure, success, type ToolInstaller, type ToolOutcome } from "../tool-kit.js";
import { guarded } from "./guard.js";
import type { ConversationEntry, ConversationRegistry } from "./registry.js";
import {
  AddContextArgsSchema,
  AdjustArgsSchema,
  ConversationArgsSchema,
  FeedbackArgsSchema,
  NextQuestionArgsSchema,
  type AdjustArgs,
  type NextQuestionArgs,
} from "./schemas.js";
import { viewFromNext, viewFromState } from "./view.js";

export const CAPACITY_REACHED = "capacity_reached: forget an unused local conversation before starting another";

export interface BusinessDeps {
  registry: ConversationRegistry;
  provider: ClientProvider;
  hostSession: HostSession;
}

/** Ask /next only when nothing is pending and the conversation has not stopped (§5.3 ensure-question). */
async function ensureQuestion(entry: ConversationEntry): Promise<ToolOutcome> {
  const { view } = entry;
  const stopped = view.action === "stop" || view.status === "completed" || view.status === "stopped";
  if (entry.session.pendingDecision === null && !stopped) {
    entry.view = viewFromNext(await entry.session.next({}));
  }
  return success(entry.view);
}

/** Registers a new name (create, or resume the host-owned session); returns a failure or null when registered. */
async function register(deps: BusinessDeps, conversation: string): Promise<ToolOutcome | null> {
  return deps.registry.withCreateLock(async () => {
    if (deps.registry.get(conversation)) return null;
    if (deps.registry.size >= deps.registry.capacity) return failure(CAPACITY_REACHED);
    try {
      const client = await deps.provider.get();
      const { sessionId, conversation: boundName } = deps.hostSession;
      const state =
        sessionId !== undefined && conversation === boundName
          ? await client.getSession(sessionId)
          : await client.createSession({ client_reference: conversation });
      deps.registry.set(conversation, {
        session: new Session(client, state),
        view: viewFromState(state),
        busy: false,
        uncertain: false,
      });
      return null;
    } catch (error) {
      return failure(errorText(error, "business"));
    }
  });
}

const hasReply = (a: NextQuestionArgs) =>
  (a.candidate_rank ?? 1) !== 1 ||
  [a.user_text, a.choice_labels, a.free_text, a.outcome, a.assistant_text].some((v) => v !== null && v !== undefined);

function clientUpdatesOf(args: AdjustArgs): ClientUpdates {
  const updates: ClientUpdates = {};
  if (args.dimensions) {
    updates.dimensions = args.dimensions.map((d): DimensionUpdate =>
      d.status === "excluded" ? { id: d.id, operation: "exclude" } : { id: d.id, operation: "set", status: d.status },
    );
  }
  if (args.data) {
    updates.data = args.data.map((d): DataUpdate => {
      if (d.operation === "set") return { id: d.id, operation: "set", value: d.value ?? "" };
      return { id: d.id, operation: d.operation };
    });
  }
  if (args.objective) updates.objective = { operation: "set", status: args.objective };
  return updates;
}

function adjustmentProblem(args: AdjustArgs): string | null {
  const none = (v: unknown) => v === null || v === undefined;
  if (none(args.dimensions) && none(args.data) && none(args.objective)) return "provide dimensions, data or objective";
  const duplicated = (ids: string[]) => new Set(ids).size !== ids.length;
  if (args.dimensions && duplicated(args.dimensions.map((d) => d.id))) return "duplicate dimension IDs in one adjustment";
  if (args.data && duplicated(args.data.map((d) => d.id))) return "duplicate data IDs in one adjustment";
  return null;
}

export function createBusinessTools(deps: BusinessDeps): ToolInstaller[] {
  const { registry } = deps;
  return [
    defineTool({
      name: "zelinqa_start",
      description: BUSINESS_DESCRIPTIONS.zelinqa_start,
      input: ConversationArgsSchema,
      output: BusinessViewOutputSchema,
      async run({ conversation }) {
        const refused = await register(deps, conversation);
        if (refused) return refused;
        return guarded(registry, conversation, { refresh: false }, ensureQuestion);
      },
    }),
    defineTool({
      name: "zelinqa_next_question",
      description: BUSINESS_DESCRIPTIONS.zelinqa_next_question,
      input: NextQuestionArgsSchema,
      output: BusinessViewOutputSchema,
      async run(args) {
        if (!hasReply(args)) return guarded(registry, args.conversation, { refresh: false }, ensureQuestion);
        return guarded(registry, args.conversation, { refresh: false }, async (entry) => {
          const turn = answerTurn(entry.session.pendingDecision, {
            userText: args.user_text,
            candidateRank: args.candidate_rank,
            choiceLabels: args.choice_labels,
            freeText: args.free_text,
            outcome: args.outcome,
            assistantText: args.assistant_text,
          });
          entry.view = viewFromNext(await entry.session.next({ previous_turn: turn }));
          return success(entry.view);
        });
      },
    }),
    defineTool({
      name: "zelinqa_add_context",
      description: BUSINESS_DESCRIPTIONS.zelinqa_add_context,
      input: AddContextArgsSchema,
      output: BusinessViewOutputSchema,
      async run({ conversation, summary }) {
        return guarded(registry, conversation, { refresh: false }, async (entry) => {
          const state = await entry.session.applyEvents({ context_update: { mode: "summary", text: summary } });
          entry.view = viewFromState(state);
          return success(entry.view);
        });
      },
    }),
    defineTool({
      name: "zelinqa_adjust",
      description: BUSINESS_DESCRIPTIONS.zelinqa_adjust,
      input: AdjustArgsSchema,
      output: BusinessViewOutputSchema,
      async run(args) {
        const problem = adjustmentProblem(args);
        if (problem !== null) return failure(`invalid_request: ${problem}`);
        return guarded(registry, args.conversation, { refresh: false }, async (entry) => {
          const state = await entry.session.applyEvents({ client_updates: clientUpdatesOf(args) });
          entry.view = viewFromState(state);
          return success(entry.view);
        });
      },
    }),
    defineTool({
      name: "zelinqa_status",
      description: BUSINESS_DESCRIPTIONS.zelinqa_status,
      input: ConversationArgsSchema,
      output: BusinessViewOutputSchema,
      async run({ conversation }) {
        return guarded(registry, conversation, { refresh: true }, async (entry) => {
          entry.view = viewFromState(await entry.session.refresh());
          entry.uncertain = false;
          return success(entry.view);
        });
      },
    }),
    defineTool({
      name: "zelinqa_feedback",
      description: BUSINESS_DESCRIPTIONS.zelinqa_feedback,
      input: FeedbackArgsSchema,
      output: BusinessFeedbackOutputSchema,
      async run({ conversation, result, label }) {
        return guarded(registry, conversation, { refresh: false }, async (entry) => {
          const receipt = await entry.session.submitFeedback(label === null || label === undefined ? { result } : { result, label });
          return success({ recorded: true, recorded_at: receipt.recorded_at });
        });
      },
    }),
    defineTool({
      name: "zelinqa_forget",
      description: BUSINESS_DESCRIPTIONS.zelinqa_forget,
      input: ConversationArgsSchema,
      output: BusinessForgetOutputSchema,
      async run({ conversation }) {
        return guarded(registry, conversation, { refresh: true }, async () => {
          registry.delete(conversation);
          return success({ forgotten_locally: true, server_data_deleted: false });
        });
      },
    }),
  ];
}
