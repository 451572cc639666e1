// What the advanced tools share around an SDK call (docs/zelinqa-mcp.md §6.4, §7): the state_version to send
// (explicit, tracked, or re-read), tracking every payload, forgetting a version on conflict, translating failures.
import { ZelinqaStateVersionConflictError, type RuntimeClientLike } from "../../sdk/index.js";
import type { ClientProvider } from "../client-provider.js";
import type { Scrubber } from "../secrets.js";
import { errorText } from "../error-text.js";
import { failure, success, type ToolOutcome } from "../tool-kit.js";
import { advancedOutput, stateVersionOf } from "./output.js";
import type { VersionTracker } from "./version-tracker.js";

export interface AdvancedDeps {
  provider: ClientProvider;
  versions: VersionTracker;
  scrubber: Scrubber;
}

export const UNKNOWN_STATE_VERSION =
  "unknown_state_version: the session state carried no versions.state_version; call zelinqa_get_session and pass state_version explicitly";

class UnknownStateVersion extends Error {}

/** Runs a tool body; any failure becomes the advanced error text. */
export async function attempt(deps: AdvancedDeps, work: () => Promise<ToolOutcome>): Promise<ToolOutcome> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UnknownStateVersion) return failure(UNKNOWN_STATE_VERSION);
    return failure(errorText(error, "advanced", deps.scrubber));
  }
}

/** Explicit version, else the tracked one, else a re-read (also tracked). */
export async function resolveVersion(
  deps: AdvancedDeps,
  client: RuntimeClientLike,
  call: { sessionId: string; explicit: number | null | undefined; signal?: AbortSignal },
): Promise<number> {
  if (call.explicit !== null && call.explicit !== undefined) return call.explicit;
  const tracked = deps.versions.get(call.sessionId);
  if (tracked !== undefined) return tracked;
  const state = await client.getSession(call.sessionId, { signal: call.signal });
  deps.versions.observe(state);
  const version = stateVersionOf(state);
  if (version === null) throw new UnknownStateVersion();
  return version;
}

/** Learns the payload's version and returns it as an advanced result with the mirrored state_version. */
export function tracked(deps: AdvancedDeps, payload: unknown): ToolOutcome {
  deps.versions.observe(payload);
  return success(advancedOutput(payload, { withStateVersion: true, scrubber: deps.scrubber }));
}

/**
 * Drops the tracked version on a conflict, or when the host cancelled the call (`signal` aborted: the API may have
 * recorded it and moved on), so that the next call re-reads the session.
 */
export async function forgettingOnConflict<T>(
  deps: AdvancedDeps,
  sessionId: string,
  call: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const conflict = error instanceof ZelinqaStateVersionConflictError || (error as { code?: unknown }).code === "state_version_conflict";
    if (conflict || signal?.aborted === true) {
      deps.versions.forget(sessionId);
    }
    throw error;
  }
}
