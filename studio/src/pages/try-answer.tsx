// The answer area of "Try it": choice buttons (or boxes for several), free text with a live preview of what would
// be understood, "I don't know" and "I'd rather not say".
import { useEffect, useState } from "preact/hooks";
import { call } from "../api.js";
import { ErrorBox, Field, formatValue } from "../components.js";
import { useI18n } from "../i18n.js";
import type { NextResponse, TurnPreviewResponse } from "../types.js";

const PREVIEW_DELAY_MS = 350;

interface Props {
  next: NextResponse;
  sessionId: string;
  busy: boolean;
  onAnswer: (previous: Record<string, unknown>, said: string) => Promise<void>;
  /** Labels of the success informations by id. */
  names: Record<string, string>;
}

function usePreview(sessionId: string, questionId: string | undefined, text: string) {
  const [preview, setPreview] = useState<TurnPreviewResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    setPreview(null);
    setError(null);
    if (!text.trim()) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      call<TurnPreviewResponse>(`/v1/sessions/${encodeURIComponent(sessionId)}/understand`, {
        body: { ...(questionId ? { question_id: questionId } : {}), user_text: text },
      }).then(
        (answer) => live && setPreview(answer),
        (failure: unknown) => live && setError(failure),
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [sessionId, questionId, text]);
  return { preview, error };
}

export function AnswerBox({ next, sessionId, busy, onAnswer, names }: Props) {
  const { t } = useI18n();
  const candidate = next.candidates[0];
  const [text, setText] = useState("");
  const [picked, setPicked] = useState<string[]>([]);
  const { preview, error } = usePreview(sessionId, candidate?.question_id, text);
  useEffect(() => {
    setText("");
    setPicked([]);
  }, [next.decision_id]);
  if (!candidate) return null;
  const base = { decision_id: next.decision_id ?? undefined, question_id: candidate.question_id };
  const multiple = candidate.type === "multiple_choice" || candidate.selection_mode === "multiple";
  const labelOf = (ids: string[]) =>
    candidate.choices
      .filter((c) => ids.includes(c.choice_id))
      .map((c) => c.label)
      .join(", ");
  const sendChoices = (ids: string[]) => void onAnswer({ ...base, structured_answer: { choice_ids: ids } }, labelOf(ids));
  return (
    <div class="answer" data-question={candidate.question_id}>
      <p class="bubble assistant" id="current-question">
        {candidate.text}
      </p>
      {candidate.choices.length > 0 && (
        <div class="choice-buttons" role="group" aria-labelledby="current-question">
          {candidate.choices.map((choice) =>
            multiple ? (
              <label class="check chip" key={choice.choice_id}>
                <input
                  type="checkbox"
                  checked={picked.includes(choice.choice_id)}
                  onChange={(e) =>
                    setPicked(e.currentTarget.checked ? [...picked, choice.choice_id] : picked.filter((id) => id !== choice.choice_id))
                  }
                />
                {choice.label}
              </label>
            ) : (
              <button type="button" class="chip" key={choice.choice_id} disabled={busy} onClick={() => sendChoices([choice.choice_id])}>
                {choice.label}
              </button>
            ),
          )}
          {multiple && (
            <button type="button" disabled={busy || picked.length === 0} onClick={() => sendChoices(picked)}>
              {t("send")}
            </button>
          )}
        </div>
      )}
      <form
        class="row-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) void onAnswer({ ...base, user_text: text.trim() }, text.trim());
        }}
      >
        <Field label={t("your_answer")}>
          <input name="answer" maxLength={8000} autoComplete="off" value={text} onInput={(e) => setText(e.currentTarget.value)} />
        </Field>
        <button type="submit" disabled={busy || !text.trim()}>
          {t("send")}
        </button>
      </form>
      <div class="preview" aria-live="polite" data-testid="preview">
        {text.trim() && <PreviewView preview={preview} names={names} />}
        <ErrorBox error={error} />
      </div>
      <div class="row-buttons">
        <button
          type="button"
          class="secondary"
          disabled={busy}
          onClick={() => void onAnswer({ ...base, outcome: "asked_no_answer" }, t("skip"))}
        >
          {t("skip")}
        </button>
        <button type="button" class="secondary" disabled={busy} onClick={() => void onAnswer({ ...base, outcome: "refused" }, t("refuse"))}>
          {t("refuse")}
        </button>
      </div>
    </div>
  );
}

function PreviewView({ preview, names }: { preview: TurnPreviewResponse | null; names: Record<string, string> }) {
  const { t } = useI18n();
  if (!preview) return <p class="muted">…</p>;
  const values = Object.entries(preview.targets).filter(([, target]) => target.value !== undefined);
  return (
    <div>
      <strong>{t("preview")}</strong>
      {values.length === 0 ? (
        <p class="muted">{t("preview_nothing")}</p>
      ) : (
        <ul>
          {values.map(([id, target]) => (
            <li key={id}>
              {names[id] ?? id}: {formatValue(target.value)} <span class="muted">({target.status})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
