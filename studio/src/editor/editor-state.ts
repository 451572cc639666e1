// The editor's state: the draft as last read, edited in place as the person types, and every edit sent as a
// configuration change (POST /v1/configuration/changes). The answer's warnings are the draft's issues; a refused
// batch (422 configuration_validation_failed) gives the issues that block the edit.
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, call } from "../api.js";
import type { ConfigurationChange, ConfigurationChangesResponse, ConfigurationIssue, ConfigurationResponse, Draft } from "../types.js";

export type { Draft };

const DEBOUNCE_MS = 450;

export function emptyDraft(): Draft {
  return {
    state: "draft",
    configuration_version: null,
    draft_revision: null,
    published_at: null,
    domain: { name: "" },
    objective: { name: "", qualification_level: "balanced", max_turns: 10, candidates_per_call: 1, order_strength: 0.5 },
    dimensions: [],
    success_informations: [],
    questions: [],
  };
}

export async function readDraft(writable: boolean): Promise<Draft> {
  try {
    return await call<ConfigurationResponse>(`/v1/configuration?state=${writable ? "draft" : "published"}`);
  } catch (error) {
    if (error instanceof ApiError && error.code === "unknown_configuration") return emptyDraft();
    throw error;
  }
}

export type SaveState = "idle" | "saving" | "saved";

export interface Editor {
  draft: Draft | null;
  loadError: unknown;
  error: unknown;
  clearError: () => void;
  /** Publication issues of the draft after the last accepted change (null before the first one). */
  issues: ConfigurationIssue[] | null;
  /** Issues of the last refused batch: the edit did not apply. */
  blocking: ConfigurationIssue[];
  saveState: SaveState;
  /** Changes the local copy now; `change` is sent after a pause in typing (one pending change per `key`). */
  edit: (key: string, local: (draft: Draft) => Draft, change: ConfigurationChange | null) => void;
  /** Sends changes at once, then re-reads the draft. Resolves to whether they were applied. */
  apply: (changes: ConfigurationChange[]) => Promise<ConfigurationChangesResponse | null>;
  reload: () => Promise<void>;
}

export function useEditor(writable: boolean): Editor {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [error, setError] = useState<unknown>(null);
  const [issues, setIssues] = useState<ConfigurationIssue[] | null>(null);
  const [blocking, setBlocking] = useState<ConfigurationIssue[]>([]);
  const [saveState, setSaveState] = useState<SaveState>("idle");
  const timers = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; change: ConfigurationChange }>());
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const reload = async () => {
    try {
      const read = await readDraft(writable);
      setDraft(read);
      setLoadError(null);
      const listed = writable && read.draft_revision !== null ? await readIssues() : null;
      if (listed) setIssues(listed);
    } catch (failure) {
      setLoadError(failure);
    }
  };
  useEffect(() => {
    void reload();
    const pending = timers.current;
    // Leaving the page sends the edits still waiting for a pause in typing, rather than dropping them.
    return () => {
      pending.forEach(({ timer }) => clearTimeout(timer));
      const changes = [...pending.values()].map(({ change }) => change);
      pending.clear();
      if (changes.length > 0) void call("/v1/configuration/changes", { body: { changes }, idempotent: true }).catch(() => undefined);
    };
  }, [writable]);

  /** Changes go out one batch at a time, in order, so that revisions follow the person's edits. */
  const send = (changes: ConfigurationChange[]): Promise<ConfigurationChangesResponse | null> => {
    const run = async () => {
      setSaveState("saving");
      try {
        const answer = await call<ConfigurationChangesResponse>("/v1/configuration/changes", { body: { changes }, idempotent: true });
        setIssues(answer.warnings);
        setBlocking([]);
        setError(null);
        setDraft((current) => (current ? { ...current, draft_revision: answer.draft_revision } : current));
        return answer;
      } catch (failure) {
        if (failure instanceof ApiError && failure.code === "configuration_validation_failed") setBlocking(issuesOf(failure.details));
        setError(failure);
        return null;
      } finally {
        setSaveState("saved");
      }
    };
    const next = queue.current.then(run, run);
    queue.current = next;
    return next;
  };

  const edit: Editor["edit"] = (key, local, change) => {
    setDraft((current) => (current ? local(current) : current));
    const waiting = timers.current.get(key);
    if (waiting) clearTimeout(waiting.timer);
    timers.current.delete(key);
    if (!change) return;
    setSaveState("saving");
    const timer = setTimeout(() => {
      timers.current.delete(key);
      void send([change]);
    }, DEBOUNCE_MS);
    timers.current.set(key, { timer, change });
  };

  const apply = async (changes: ConfigurationChange[]) => {
    const answer = await send(changes);
    if (answer) await reload();
    return answer;
  };

  return { draft, loadError, error, clearError: () => setError(null), issues, blocking, saveState, edit, apply, reload };
}

/** The draft's issues before any change ([ext] GET /v1/configuration/issues); null when the server has no such route. */
async function readIssues(): Promise<ConfigurationIssue[] | null> {
  try {
    return (await call<{ issues: ConfigurationIssue[] }>("/v1/configuration/issues")).issues;
  } catch {
    return null;
  }
}

function issuesOf(details: unknown): ConfigurationIssue[] {
  const list = (details as { issues?: unknown } | null)?.issues;
  return Array.isArray(list) ? (list as ConfigurationIssue[]) : [];
}

/** Which field of an entity an issue concerns, so that it shows next to it (the rest shows on the entity). */
const FIELD_OF_CODE: Record<string, string> = {
  question_without_dimension: "dimension_id",
  invalid_question_shape: "type",
  invalid_choice_mapping: "choices",
  invalid_schema: "schema",
  success_information_without_schema: "schema",
  inactive_primary_question: "primary_question_id",
  success_information_without_active_question: "primary_question_id",
  unknown_reference: "reference",
};

export function issuesAt(
  all: ConfigurationIssue[],
  entity: string | undefined,
  entityId: string | undefined,
  field: string | null,
): ConfigurationIssue[] {
  return all.filter(
    (issue) =>
      issue.entity === entity &&
      (entityId === undefined || issue.entity_id === entityId) &&
      (field === null ? !(issue.code in FIELD_OF_CODE) : FIELD_OF_CODE[issue.code] === field),
  );
}
