// Success informations: label, primary question, value schema (form or raw JSON Schema) and value synonyms.
import { useState } from "preact/hooks";
import { Field } from "../components.js";
import { useI18n } from "../i18n.js";
import type { SuccessInformation } from "../types.js";
import type { Editor } from "./editor-state.js";
import { issuesAt } from "./editor-state.js";
import { SchemaForm } from "./schema-form.js";
import { KINDS, enumValues, kindOf, schemaOf } from "./schema-kinds.js";
import type { Kind, Schema } from "./schema-kinds.js";
import { IssueNotes, parseList, suggestId } from "./shared.js";

export function SuccessInformationsSection({ editor }: { editor: Editor }) {
  const { t } = useI18n();
  const list = editor.draft?.success_informations ?? [];
  return (
    <section class="card" id="success-informations" aria-labelledby="si-title">
      <h2 id="si-title">{t("success_informations")}</h2>
      {list.map((info) => (
        <InformationCard key={info.id} editor={editor} info={info} />
      ))}
      <AddInformation editor={editor} />
    </section>
  );
}

function QuestionSelect({
  editor,
  value,
  onChange,
  name,
}: {
  editor: Editor;
  value: string;
  onChange: (id: string) => void;
  name: string;
}) {
  const { t } = useI18n();
  const questions = editor.draft?.questions ?? [];
  return (
    <Field label={t("primary_question")}>
      <select name={name} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {!questions.some((q) => q.id === value) && <option value={value}>{value || t("none")}</option>}
        {questions.map((question) => (
          <option key={question.id} value={question.id}>
            {question.text}
          </option>
        ))}
      </select>
    </Field>
  );
}

function InformationCard({ editor, info }: { editor: Editor; info: SuccessInformation }) {
  const { t } = useI18n();
  const all = [...editor.blocking, ...(editor.issues ?? [])];
  const at = (field: string | null) => issuesAt(all, "success_information", info.id, field);
  const update = (patch: Partial<Omit<SuccessInformation, "synonyms">> & { synonyms?: SuccessInformation["synonyms"] | null }) =>
    editor.edit(
      `si.${info.id}.${Object.keys(patch).join()}`,
      (d) => ({
        ...d,
        success_informations: d.success_informations.map((x) => (x.id === info.id ? ({ ...x, ...patch } as SuccessInformation) : x)),
      }),
      patch.label === "" ? null : { entity: "success_information", operation: "update", success_information: { id: info.id, ...patch } },
    );
  const kind = kindOf(info.schema);
  const synonymKeys = kind === "boolean" ? ["true", "false"] : kind === "enum" || kind === "enum_multiple" ? enumValues(info.schema) : [];
  return (
    <article class="entity" id={`si-${info.id}`} data-success-information={info.id} aria-label={info.label}>
      <div class="entity-head">
        <code class="muted">{info.id}</code>
        <button
          type="button"
          class="icon danger"
          aria-label={`${t("delete")}: ${info.label}`}
          onClick={() => void editor.apply([{ entity: "success_information", operation: "delete", success_information: { id: info.id } }])}
        >
          ✕
        </button>
      </div>
      <div class="grid">
        <Field label={t("label")}>
          <input value={info.label} maxLength={200} onInput={(e) => update({ label: e.currentTarget.value })} />
        </Field>
        <QuestionSelect
          editor={editor}
          name={`${info.id}_primary`}
          value={info.primary_question_id}
          onChange={(id) => update({ primary_question_id: id })}
        />
      </div>
      <IssueNotes issues={[...at("primary_question_id"), ...at("reference")]} />
      <SchemaForm key={info.id} name={info.id} schema={info.schema} onChange={(schema) => update({ schema })} />
      <IssueNotes issues={at("schema")} testId={`issues-schema-${info.id}`} />
      {synonymKeys.map((value) => (
        <Field key={value} label={t("value_synonyms", { value })}>
          <input
            value={(info.synonyms?.[value] ?? []).join(", ")}
            onChange={(e) => {
              const next = { ...(info.synonyms ?? {}) };
              const list = parseList(e.currentTarget.value);
              if (list) next[value] = list;
              else delete next[value];
              update({ synonyms: Object.keys(next).length > 0 ? next : null });
            }}
          />
        </Field>
      ))}
      <IssueNotes issues={at(null)} testId={`issues-si-${info.id}`} />
    </article>
  );
}

function AddInformation({ editor }: { editor: Editor }) {
  const { t } = useI18n();
  const [label, setLabel] = useState("");
  const [kind, setKind] = useState<Kind>("text");
  const [question, setQuestion] = useState("");
  const questionId = question || editor.draft?.questions[0]?.id || "";
  const submit = async (event: Event) => {
    event.preventDefault();
    const id = suggestId("si", label, editor.draft?.success_informations.map((s) => s.id) ?? []);
    const values = choiceValues(editor, questionId);
    const schema: Schema = schemaOf(kind === "custom" ? "text" : kind, values, {}, {});
    const done = await editor.apply([
      {
        entity: "success_information",
        operation: "create",
        success_information: { id, label: label.trim(), schema, primary_question_id: questionId },
      },
    ]);
    if (done) setLabel((typed) => (typed === label ? "" : typed));
  };
  return (
    <form class="row-form add" onSubmit={submit} aria-label={`${t("add")}: ${t("success_information")}`}>
      <strong class="add-title">
        {t("add")}: {t("success_information")}
      </strong>
      <Field label={t("label")}>
        <input name="new_si_label" required maxLength={200} value={label} onInput={(e) => setLabel(e.currentTarget.value)} />
      </Field>
      <Field label={t("schema_kind")}>
        <select name="new_si_kind" value={kind} onChange={(e) => setKind(e.currentTarget.value as Kind)}>
          {KINDS.filter((k) => k !== "custom").map((k) => (
            <option key={k} value={k}>
              {t(`kind_${k}`)}
            </option>
          ))}
        </select>
      </Field>
      <QuestionSelect editor={editor} name="new_si_question" value={questionId} onChange={setQuestion} />
      <button type="submit" disabled={!label.trim() || !questionId}>
        {t("add")}
      </button>
    </form>
  );
}

/** A new list-valued information starts with the values its question's choices map to. */
function choiceValues(editor: Editor, questionId: string): string[] {
  const question = editor.draft?.questions.find((q) => q.id === questionId);
  const values = (question?.choices ?? [])
    .map((c) => (typeof c.maps_to_value === "string" ? c.maps_to_value : null))
    .filter((v) => v !== null);
  return values.length > 0 ? values : ["a", "b"];
}
