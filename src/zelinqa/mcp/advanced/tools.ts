// The six advanced tools (zelinqa-mcp.md §6): the REST contract with ids, plus state_version tracking (§6.4).
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
import { ZelinqaStateVersionConflictError, type RuntimeClientLike } from "../../sdk/index.js";
import type { ClientProvider } from "../client-provider.js";
import { errorText } from "../error-text.js";
import { ADVANCED_DESCRIPTIONS } from "../texts/advanced-texts.js";
import { defineTool, failure, success, type ToolInstaller, type ToolOutcome } from "../tool-kit.js";
import { advancedOutput, stateVersionOf, withoutNulls } from "./output.js";
import {
  ApplyEventsArgsSchema,
  CreateSessionArgsSchema,
  NextArgsSchema,
  SessionIdArgsSchema,
  SubmitFeedbackArgsSchema,
} from "./schemas.js";
import type { VersionTracker } from "./version-tracker.js";

export interface AdvancedDeps {
  provider: ClientProvider;
  versions: VersionTracker;
}

export const UNKNOWN_STATE_VERSION =
  "unknown_state_version: the session state carried no versions.state_version; call zelinqa_get_session and pass state_version explicitly";
export const APPLY_EVENTS_NEEDS_UPDATE = "invalid_request: zelinqa_apply_events needs context_update or client_updates";

class UnknownStateVersion extends Error {}

async function attempt(work: () => Promise<ToolOutcome>): Promise<ToolOutcome> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UnknownStateVersion) return failure(UNKNOWN_STATE_VERSION);
    return failure(errorText(error, "advanced"));
  }
}

/** Explicit version, else the tracked one, else a re-read (also tracked). */
async function resolveVersion(deps: AdvancedDeps, client: RuntimeClientLike, sessionId: string, explicit: number | null | undefined): Promise<number> {
  if (explicit !== null && explicit !== undefined) return explicit;
  const tracked = deps.versions.get(sessionId);
  if (tracked !== undefined) return tracked;
  const state = await client.getSession(sessionId);
  deps.versions.observe(state);
  const version = stateVersionOf(state);
  if (version === null) throw new UnknownStateVersion();
  return version;
}

function tracked(deps: AdvancedDeps, payload: unknown): ToolOutcome {
  deps.versions.observe(payload);
  return success(advancedOutput(payload, { withStateVersion: true }));
}

/** Drops the tracked version on a conflict, so that the next call re-reads the session. */
async function forgettingOnConflict<T>(deps: AdvancedDeps, sessionId: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ZelinqaStateVersionConflictError || (error as { code?: unknown }).code === "state_version_conflict") {
      deps.versions.forget(sessionId);
    }
    throw error;
  }
}

export function createAdvancedTools(deps: AdvancedDeps): ToolInstaller[] {
  const { provider } = deps;
  const readSession = async (sessionId: string) =>
    attempt(async () => tracked(deps, await (await provider.get()).getSession(sessionId)));
  return [
    defineTool({
      name: "zelinqa_create_session",
      description: ADVANCED_DESCRIPTIONS.zelinqa_create_session,
      input: CreateSessionArgsSchema,
      output: AdvancedSessionStateOutputSchema,
      async run(args) {
        return attempt(async () => {
          const client = await provider.get();
          const body = withoutNulls(args) as { client_reference?: string; max_turns?: number; initial_history?: InitialHistoryItem[] };
          return tracked(deps, await client.createSession(body));
        });
      },
    }),
    defineTool({
      name: "zelinqa_resume_session",
      description: ADVANCED_DESCRIPTIONS.zelinqa_resume_session,
      input: SessionIdArgsSchema,
      output: AdvancedSessionStateOutputSchema,
      run: ({ session_id }) => readSession(session_id),
    }),
    defineTool({
      name: "zelinqa_next",
      description: ADVANCED_DESCRIPTIONS.zelinqa_next,
      input: NextArgsSchema,
      output: AdvancedNextOutputSchema,
      async run(args) {
        return attempt(async () => {
          const client = await provider.get();
          const stateVersion = await resolveVersion(deps, client, args.session_id, args.state_version);
          const body: NextRequest = { state_version: stateVersion };
          if (args.previous_turn) body.previous_turn = withoutNulls(args.previous_turn) as PreviousTurn;
          if (args.context_update) body.context_update = withoutNulls(args.context_update) as ContextUpdate;
          if (args.client_updates) body.client_updates = withoutNulls(args.client_updates) as ClientUpdates;
          if (args.selection) body.selection = withoutNulls(args.selection) as SelectionOptions;
          return tracked(deps, await forgettingOnConflict(deps, args.session_id, () => client.next(args.session_id, body)));
        });
      },
    }),
    defineTool({
      name: "zelinqa_apply_events",
      description: ADVANCED_DESCRIPTIONS.zelinqa_apply_events,
      input: ApplyEventsArgsSchema,
      output: AdvancedSessionStateOutputSchema,
      async run(args) {
        if (!args.context_update && !args.client_updates) return failure(APPLY_EVENTS_NEEDS_UPDATE);
        return attempt(async () => {
          const client = await provider.get();
          const stateVersion = await resolveVersion(deps, client, args.session_id, args.state_version);
          const body: { state_version: number; context_update?: ContextUpdate; client_updates?: ClientUpdates } = {
            state_version: stateVersion,
          };
          if (args.context_update) body.context_update = withoutNulls(args.context_update) as ContextUpdate;
          if (args.client_updates) body.client_updates = withoutNulls(args.client_updates) as ClientUpdates;
          return tracked(deps, await forgettingOnConflict(deps, args.session_id, () => client.applyEvents(args.session_id, body)));
        });
      },
    }),
    defineTool({
      name: "zelinqa_get_session",
      description: ADVANCED_DESCRIPTIONS.zelinqa_get_session,
      input: SessionIdArgsSchema,
      output: AdvancedSessionStateOutputSchema,
      run: ({ session_id }) => readSession(session_id),
    }),
    defineTool({
      name: "zelinqa_submit_feedback",
      description: ADVANCED_DESCRIPTIONS.zelinqa_submit_feedback,
      input: SubmitFeedbackArgsSchema,
      output: AdvancedFeedbackOutputSchema,
      async run({ session_id, result, label, metadata }) {
        return attempt(async () => {
          const client = await provider.get();
          const body: { result: typeof result; label?: string; metadata?: Record<string, string | number | boolean | null> } = { result };
          if (label !== null && label !== undefined) body.label = label;
          if (metadata !== null && metadata !== undefined) body.metadata = metadata;
          const receipt = await client.submitFeedback(session_id, body);
          return success(advancedOutput(receipt, { withStateVersion: false }));
        });
      },
    }),
  ];
}
