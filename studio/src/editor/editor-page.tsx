// The configuration editor: objective, dimensions, questions, success informations, with the draft's issues,
// the diff against the published version, publication, and change-batch import/export.
import { useI18n } from "../i18n.js";
import { ErrorBox, Page } from "../components.js";
import { hasScope, useSession } from "../session.js";
import { DimensionsSection } from "./dimensions.js";
import type { Editor } from "./editor-state.js";
import { useEditor } from "./editor-state.js";
import { ObjectiveForm } from "./objective-form.js";
import { PublishPanel, ImportExport, DiffPanel } from "./publication.js";
import { QuestionsSection } from "./questions.js";
import { IssueNotes } from "./shared.js";
import { SuccessInformationsSection } from "./success-informations.js";

export function EditorPage() {
  const { t } = useI18n();
  const { whoami } = useSession();
  const writable = hasScope(whoami, "configuration:write");
  const editor = useEditor(writable);
  const saveLabel = editor.saveState === "saving" ? t("saving") : editor.saveState === "saved" ? t("saved") : "";
  return (
    <Page
      title={t("editor_title")}
      actions={
        <span class="save-state" aria-live="polite" data-state={editor.saveState}>
          {[saveLabel, editor.draft?.draft_revision != null ? `${t("draft_revision")} ${editor.draft.draft_revision}` : ""]
            .filter(Boolean)
            .join(" · ")}
        </span>
      }
    >
      <ErrorBox error={editor.loadError} />
      {!writable && <p class="note">{t("read_only")}</p>}
      {!editor.draft && !editor.loadError && <div class="placeholder tall" aria-busy="true" />}
      {editor.draft && (
        <div class="editor-layout">
          <fieldset class="plain" disabled={!writable}>
            {editor.draft.draft_revision === null && writable && <p class="note">{t("no_draft")}</p>}
            <ObjectiveForm editor={editor} />
            <DimensionsSection editor={editor} />
            <QuestionsSection editor={editor} />
            <SuccessInformationsSection editor={editor} />
          </fieldset>
          <aside class="side">
            <IssuesPanel editor={editor} />
            {writable && hasScope(whoami, "configuration:publish") && <PublishPanel editor={editor} />}
            <ImportExport editor={editor} writable={writable} />
            <DiffPanel editor={editor} />
          </aside>
        </div>
      )}
    </Page>
  );
}

function IssuesPanel({ editor }: { editor: Editor }) {
  const { t } = useI18n();
  const issues = editor.issues;
  return (
    <section class="card" aria-labelledby="issues-title" data-testid="issues-panel">
      <h2 id="issues-title">
        {t("issues")} {issues && <span class="badge">{issues.length + editor.blocking.length}</span>}
      </h2>
      <ErrorBox error={editor.error} onDismiss={editor.clearError} />
      <IssueNotes issues={editor.blocking} />
      {issues === null ? (
        <p class="muted">{t("issues_unknown")}</p>
      ) : issues.length === 0 ? (
        <p class="ok">{t("no_issues")}</p>
      ) : (
        <ul class="issues">
          {issues.map((issue, index) => (
            <li key={`${issue.code}-${index}`} class="issue" data-code={issue.code}>
              <code>{issue.code}</code> {issue.message}
              {issue.entity_id && (
                <a
                  href={`#${anchorOf(issue.entity, issue.entity_id)}`}
                  onClick={(e) => focusEntity(e, anchorOf(issue.entity, issue.entity_id))}
                >
                  {" "}
                  ({issue.entity_id})
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function anchorOf(entity: string | undefined, id: string | undefined): string {
  if (entity === "question") return `question-${id}`;
  if (entity === "success_information") return `si-${id}`;
  if (entity === "dimension") return "dimensions";
  return "objective";
}

/** Hash links would change the route: scroll to the entity instead, and move focus to its first field. */
function focusEntity(event: Event, anchor: string): void {
  event.preventDefault();
  const target = document.getElementById(anchor);
  target?.scrollIntoView({ block: "center" });
  target?.querySelector<HTMLElement>("input, textarea, select")?.focus();
}
