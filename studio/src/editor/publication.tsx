// Publication with the compilation's progress, the diff against the published version, import and export.
import { useEffect, useState } from "preact/hooks";
import { call, download } from "../api.js";
import { ErrorBox, formatValue } from "../components.js";
import { useI18n } from "../i18n.js";
import type { CompilationStatus, ConfigurationChange } from "../types.js";
import { diffConfigurations, exportBatch } from "./diff.js";
import type { EntityDiff } from "./diff.js";
import type { Draft, Editor } from "./editor-state.js";
import { readDraft } from "./editor-state.js";
import { IssueNotes } from "./shared.js";

const POLL_MS = 300;
const MAX_IMPORT_BYTES = 4 * 1024 * 1024;

export function PublishPanel({ editor }: { editor: Editor }) {
  const { t } = useI18n();
  const [job, setJob] = useState<CompilationStatus | null>(null);
  const [error, setError] = useState<unknown>(null);
  const running = job !== null && (job.status === "queued" || job.status === "running");
  const publish = async () => {
    setError(null);
    try {
      let status = await call<CompilationStatus>("/v1/configuration/publish", { body: {}, idempotent: true });
      setJob(status);
      while (status.status === "queued" || status.status === "running") {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        status = await call<CompilationStatus>(`/v1/configuration/compilations/${encodeURIComponent(status.compilation_id)}`);
        setJob(status);
      }
      if (status.status === "succeeded") await editor.reload();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <section class="card" aria-labelledby="publish-title">
      <h2 id="publish-title">{t("publish")}</h2>
      <button type="button" onClick={() => void publish()} disabled={running || editor.draft?.draft_revision == null}>
        {running ? t("publishing") : t("publish")}
      </button>
      <div class="publish-status" aria-live="polite" data-testid="publish-status" data-status={job?.status ?? ""}>
        {job && <progress max={1} value={job.progress} aria-label={t("publishing")} />}
        {job?.status === "succeeded" && <p class="ok">{t("published", { version: job.configuration_version ?? "" })}</p>}
        {job?.status === "failed" && (
          <>
            <p class="issue">{t("publish_failed", { message: job.error?.message ?? "" })}</p>
            <IssueNotes issues={job.error?.details ?? []} />
          </>
        )}
      </div>
      <ErrorBox error={error} />
    </section>
  );
}

export function ImportExport({ editor, writable }: { editor: Editor; writable: boolean }) {
  const { t } = useI18n();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const importFile = async (file: File | undefined) => {
    setMessage(null);
    setError(null);
    if (!file) return;
    try {
      if (file.size > MAX_IMPORT_BYTES) throw new Error(`${file.name}: > ${MAX_IMPORT_BYTES} bytes`);
      const batch = JSON.parse(await file.text()) as { changes?: unknown };
      if (!Array.isArray(batch.changes)) throw new Error(`${file.name}: {"changes": [...]} expected`);
      const answer = await editor.apply(batch.changes as ConfigurationChange[]);
      if (answer) setMessage(t("imported", { count: answer.applied }));
    } catch (failure) {
      setError(failure);
    }
  };
  const draft = editor.draft;
  return (
    <section class="card" aria-labelledby="io-title">
      <h2 id="io-title">{t("import")}</h2>
      {writable && (
        <input
          type="file"
          accept="application/json,.json"
          aria-label={t("import")}
          onChange={(e) => {
            void importFile(e.currentTarget.files?.[0]);
            e.currentTarget.value = "";
          }}
        />
      )}
      {message && <p class="ok">{message}</p>}
      <ErrorBox error={error} />
      <button
        type="button"
        class="secondary"
        disabled={!draft}
        onClick={() =>
          draft &&
          download(
            `${draft.domain.name || "configuration"}-changes.json`,
            `${JSON.stringify(exportBatch(draft), null, 2)}\n`,
            "application/json",
          )
        }
      >
        {t("export")}
      </button>
    </section>
  );
}

export function DiffPanel({ editor }: { editor: Editor }) {
  const { t } = useI18n();
  const [published, setPublished] = useState<Draft | null>(null);
  const version = editor.draft?.configuration_version ?? null;
  useEffect(() => {
    if (!version) setPublished(null);
    else readDraft(false).then(setPublished, () => setPublished(null));
  }, [version]);
  if (!editor.draft) return null;
  const diffs = diffConfigurations(version ? published : null, editor.draft);
  return (
    <section class="card" aria-labelledby="diff-title" data-testid="diff">
      <h2 id="diff-title">{t("diff_title")}</h2>
      {!version && <p class="muted">{t("diff_unpublished")}</p>}
      {diffs.length === 0 ? <p class="ok">{t("diff_none")}</p> : <DiffList diffs={diffs} />}
    </section>
  );
}

function DiffList({ diffs }: { diffs: EntityDiff[] }) {
  const { t } = useI18n();
  return (
    <ul class="diff">
      {diffs.map((diff) => (
        <li key={`${diff.entity}-${diff.id}`} class={`diff-${diff.kind}`}>
          <strong>{t(diff.kind)}</strong> {diff.entity} <code>{diff.id}</code>
          {diff.kind === "changed" && (
            <ul>
              {diff.fields.map((field) => (
                <li key={field.field}>
                  {field.field}: <del>{formatValue(field.before)}</del> → <ins>{formatValue(field.after)}</ins>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
