// The six advanced tools (docs/zelinqa-mcp.md §6), one definition each: the REST contract with ids, plus
// state_version tracking (docs/zelinqa-mcp.md §6.4).
import {
  AdvancedFeedbackOutputSchema,
  AdvancedNextOutputSchema,
  AdvancedSessionStateOutputSchema,
  type ClientUpdates,
  type ContextUpdate,
  type InitialHistoryItem,
  type NextRequest,
  type PreviousTurn,
  type SelectionOptions,
} from "../../contracts/index.js";
import { ADVANCED_DESCRIPTIONS } from "../texts/advanced-texts.js";
import { defineTool, failure, success, type ToolInstaller } from "../tool-kit.js";
import { advancedOutput, withoutNulls } from "./output.js";
import {
  ApplyEventsArgsSchema,
  CreateSessionArgsSchema,
  NextArgsSchema,
  SessionIdArgsSchema,
  SubmitFeedbackArgsSchema,
} from "./schemas.js";
import { attempt, forgettingOnConflict, resolveVersion, tracked, type AdvancedDeps } from "./session-calls.js";

export type { AdvancedDeps } from "./session-calls.js";
export { UNKNOWN_STATE_VERSION } from "./session-calls.js";

export const APPLY_EVENTS_NEEDS_UPDATE = "invalid_request: zelinqa_apply_events needs context_update or client_updates";

const createSessionTool = (deps: AdvancedDeps) =>
  defineTool({
    name: "zelinqa_create_session",
    description: ADVANCED_DESCRIPTIONS.zelinqa_create_session,
    input: CreateSessionArgsSchema,
    output: AdvancedSessionStateOutputSchema,
    async run(args, { signal }) {
      return attempt(deps, async () => {
        const client = await deps.provider.get();
        const body = withoutNulls(args) as { client_reference?: string; max_turns?: number; initial_history?: InitialHistoryItem[] };
        return tracked(deps, await client.createSession(body, { signal }));
      });
    },
  });

/** zelinqa_resume_session and zelinqa_get_session: the same read, tracked, under two names (docs/zelinqa-mcp.md §6.1). */
const readSessionTool = (name: "zelinqa_resume_session" | "zelinqa_get_session") => (deps: AdvancedDeps) =>
  defineTool({
    name,
    description: ADVANCED_DESCRIPTIONS[name],
    input: SessionIdArgsSchema,
    output: AdvancedSessionStateOutputSchema,
    run: ({ session_id }, { signal }) =>
      attempt(deps, async () => tracked(deps, await (await deps.provider.get()).getSession(session_id, { signal }))),
  });

const nextTool = (deps: AdvancedDeps) =>
  defineTool({
    name: "zelinqa_next",
    description: ADVANCED_DESCRIPTIONS.zelinqa_next,
    input: NextArgsSchema,
    output: AdvancedNextOutputSchema,
    async run(args, { signal }) {
      return attempt(deps, async () => {
        const client = await deps.provider.get();
        const body: NextRequest = {
          state_version: await resolveVersion(deps, client, { sessionId: args.session_id, explicit: args.state_version, signal }),
        };
        if (args.previous_turn) body.previous_turn = withoutNulls(args.previous_turn) as PreviousTurn;
        if (args.context_update) body.context_update = withoutNulls(args.context_update) as ContextUpdate;
        if (args.client_updates) body.client_updates = withoutNulls(args.client_updates) as ClientUpdates;
        if (args.selection) body.selection = withoutNulls(args.selection) as SelectionOptions;
        return tracked(
          deps,
          await forgettingOnConflict(deps, args.session_id, () => client.next(args.session_id, body, { signal }), signal),
        );
      });
    },
  });

const applyEventsTool = (deps: AdvancedDeps) =>
  defineTool({
    name: "zelinqa_apply_events",
    description: ADVANCED_DESCRIPTIONS.zelinqa_apply_events,
    input: ApplyEventsArgsSchema,
    output: AdvancedSessionStateOutputSchema,
    async run(args, { signal }) {
      // Before the client is built, with no call (docs/zelinqa-mcp.md §6.1).
      if (!args.context_update && !args.client_updates) return failure(APPLY_EVENTS_NEEDS_UPDATE);
      return attempt(deps, async () => {
        const client = await deps.provider.get();
        const body: { state_version: number; context_update?: ContextUpdate; client_updates?: ClientUpdates } = {
          state_version: await resolveVersion(deps, client, { sessionId: args.session_id, explicit: args.state_version, signal }),
        };
        if (args.context_update) body.context_update = withoutNulls(args.context_update) as ContextUpdate;
        if (args.client_updates) body.client_updates = withoutNulls(args.client_updates) as ClientUpdates;
        return tracked(
          deps,
          await forgettingOnConflict(deps, args.session_id, () => client.applyEvents(args.session_id, body, { signal }), signal),
        );
      });
    },
  });

const submitFeedbackTool = (deps: AdvancedDeps) =>
  defineTool({
    name: "zelinqa_submit_feedback",
    description: ADVANCED_DESCRIPTIONS.zelinqa_submit_feedback,
    input: SubmitFeedbackArgsSchema,
    output: AdvancedFeedbackOutputSchema,
    async run({ session_id, result, label, metadata }, { signal }) {
      return attempt(deps, async () => {
        const client = await deps.provider.get();
        const body: { result: typeof result; label?: string; metadata?: Record<string, string | number | boolean | null> } = { result };
        if (label !== null && label !== undefined) body.label = label;
        if (metadata !== null && metadata !== undefined) body.metadata = metadata;
        const receipt = await client.submitFeedback(session_id, body, { signal });
        return success(advancedOutput(receipt, { withStateVersion: false, scrubber: deps.scrubber }));
      });
    },
  });

const ADVANCED_TOOLS = [
  createSessionTool,
  readSessionTool("zelinqa_resume_session"),
  nextTool,
  applyEventsTool,
  readSessionTool("zelinqa_get_session"),
  submitFeedbackTool,
];

export function createAdvancedTools(deps: AdvancedDeps): ToolInstaller[] {
  return ADVANCED_TOOLS.map((tool) => tool(deps));
}
