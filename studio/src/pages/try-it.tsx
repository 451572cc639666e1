// "Try it": a conversation in the browser on the draft or the published configuration, with choice buttons,
// free text and its preview (POST /v1/sessions/{id}/understand [ext]), progress per dimension, and the end.
import { useEffect, useRef, useState } from "preact/hooks";
import { call } from "../api.js";
import { Bar, ErrorBox, Page, formatValue } from "../components.js";
import { readDraft } from "../editor/editor-state.js";
import { useI18n } from "../i18n.js";
import { hasScope, useSession } from "../session.js";
import type { NextResponse, SessionStateResponse } from "../types.js";
import { AnswerBox } from "./try-answer.js";

type Mode = "draft" | "published";
type PreviousTurn = Record<string, unknown>;

interface Conversation {
  sessionId: string;
  stateVersion: number;
  next: NextResponse | null;
  final: SessionStateResponse | null;
  log: { question: string; answer: string }[];
}

/** Names of the dimensions and labels of the success informations, by id (ids when the key cannot read them). */
function useNames(mode: Mode, readable: boolean, writable: boolean): Record<string, string> {
  const [names, setNames] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!readable) return;
    readDraft(mode === "draft" && writable)
      .then((draft) =>
        setNames(
          Object.fromEntries<string>([
            ...draft.dimensions.map((d): [string, string] => [d.id, d.name]),
            ...draft.success_informations.map((s): [string, string] => [s.id, s.label]),
          ]),
        ),
      )
      .catch(() => setNames({}));
  }, [mode, readable, writable]);
  return names;
}

export function TryPage() {
  const { t } = useI18n();
  const { whoami } = useSession();
  // A try-it session on the draft needs what reading the draft needs (configuration:read and :write).
  const canDraft = hasScope(whoami, "configuration:read") && hasScope(whoami, "configuration:write");
  const [mode, setMode] = useState<Mode>("published");
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const names = useNames(mode, hasScope(whoami, "configuration:read"), hasScope(whoami, "configuration:write"));
  const current = useRef<Conversation | null>(null);
  current.current = conversation;

  const advance = async (base: Conversation, previous: PreviousTurn | undefined, said: string | null) => {
    const next = await call<NextResponse>(`/v1/sessions/${encodeURIComponent(base.sessionId)}/next`, {
      body: { state_version: base.stateVersion, ...(previous ? { previous_turn: previous } : {}) },
      idempotent: true,
    });
    const asked = base.next?.candidates[0]?.text;
    const log = said !== null && asked ? [...base.log, { question: asked, answer: said }] : base.log;
    const final = next.action === "stop" ? await call<SessionStateResponse>(`/v1/sessions/${encodeURIComponent(base.sessionId)}`) : null;
    setConversation({ ...base, stateVersion: next.versions.state_version, next, final, log });
  };
  const guarded = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const start = () =>
    guarded(async () => {
      const created = await call<SessionStateResponse>("/v1/sessions", {
        body: mode === "draft" ? { configuration: "draft" } : {},
        idempotent: true,
      });
      await advance(
        { sessionId: created.session_id, stateVersion: created.versions.state_version, next: null, final: null, log: [] },
        undefined,
        null,
      );
    });
  const answer = (previous: PreviousTurn, said: string) =>
    guarded(async () => {
      if (current.current) await advance(current.current, previous, said);
    });

  return (
    <Page title={t("try_title")}>
      <form class="card row-form" onSubmit={(e) => (e.preventDefault(), void start())}>
        <fieldset class="inline">
          <legend>{t("try_on")}</legend>
          {(["published", "draft"] as const).map((value) => (
            <label class="check" key={value}>
              <input
                type="radio"
                name="try_mode"
                value={value}
                checked={mode === value}
                disabled={value === "draft" && !canDraft}
                onChange={() => setMode(value)}
              />
              {t(value === "draft" ? "try_draft" : "try_published")}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={busy}>
          {conversation ? t("try_restart") : t("try_start")}
        </button>
      </form>
      <ErrorBox error={error} onDismiss={() => setError(null)} />
      <div class="try-layout">
        <div class="card conversation" aria-live="polite">
          {conversation?.log.map((entry, index) => (
            <div class="exchange" key={index}>
              <p class="bubble assistant">{entry.question}</p>
              <p class="bubble user">{entry.answer}</p>
            </div>
          ))}
          {conversation?.next?.action === "ask" && (
            <AnswerBox next={conversation.next} sessionId={conversation.sessionId} busy={busy} onAnswer={answer} names={names} />
          )}
          {conversation?.final && <Ending final={conversation.final} stopReason={stopReasonOf(conversation.next)} names={names} />}
        </div>
        <ProgressPanel next={conversation?.next ?? null} names={names} />
      </div>
    </Page>
  );
}

function ProgressPanel({ next, names }: { next: NextResponse | null; names: Record<string, string> }) {
  const { t } = useI18n();
  return (
    <aside class="card progress-panel" aria-labelledby="progress-title">
      <h2 id="progress-title">{t("progress")}</h2>
      <Bar label={t("overall")} value={next?.progress.objective.progress ?? 0} />
      {next?.progress.dimensions.map((dimension) => (
        <Bar key={dimension.id} id={dimension.id} label={names[dimension.id] ?? dimension.id} value={dimension.progress} />
      ))}
      {next && (
        <p class="muted">
          {t("turns")}: {next.turn_count} / {next.turn_count + next.turns_remaining}
        </p>
      )}
    </aside>
  );
}

function Ending({ final, stopReason, names }: { final: SessionStateResponse; stopReason: string | null; names: Record<string, string> }) {
  const { t } = useI18n();
  const collected = Object.entries(final.targets).filter(([, target]) => target.kind === "data" && target.value !== undefined);
  return (
    <section class="ending" data-testid="try-ending">
      <h2>{t("conversation_over")}</h2>
      <p>
        {t("stop_reason")}: <code>{stopReason ?? final.status}</code>
      </p>
      <h3>{t("collected")}</h3>
      <dl class="collected">
        {collected.map(([id, target]) => (
          <div key={id}>
            <dt>{names[id] ?? id}</dt>
            <dd>
              {formatValue(target.value)} <span class="muted">({target.status})</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function stopReasonOf(next: NextResponse | null): string | null {
  if (!next) return null;
  return next.stop_reason ?? (next.warnings.includes("objective_achieved") ? "objective_achieved" : null);
}
