// Questions: text, type, selection mode, dimension, active, and their choices with values and synonyms.
import { useState } from "preact/hooks";
import { Field } from "../components.js";
import { useI18n } from "../i18n.js";
import type { Choice, ConfiguredQuestion } from "../types.js";
import type { Editor } from "./editor-state.js";
import { issuesAt } from "./editor-state.js";
import { IssueNotes, parseList, suggestId } from "./shared.js";

const TYPES = ["open", "single_choice", "multiple_choice", "semi_open"] as const;

/** The selection mode a type implies (semi_open may also be "multiple", chosen afterwards). */
function modeFor(type: ConfiguredQuestion["type"]): ConfiguredQuestion["selection_mode"] {
  return type === "open" ? null : type === "multiple_choice" ? "multiple" : "single";
}

export function QuestionsSection({ editor }: { editor: Editor }) {
  const { t } = useI18n();
  const questions = editor.draft?.questions ?? [];
  return (
    <section class="card" id="questions" aria-labelledby="questions-title">
      <h2 id="questions-title">{t("questions")}</h2>
      {questions.map((question) => (
        <QuestionCard key={question.id} editor={editor} question={question} />
      ))}
      <AddQuestion editor={editor} />
    </section>
  );
}

function QuestionCard({ editor, question }: { editor: Editor; question: ConfiguredQuestion }) {
  const { t } = useI18n();
  const all = [...editor.blocking, ...(editor.issues ?? [])];
  const at = (field: string | null) => issuesAt(all, "question", question.id, field);
  const update = (patch: Partial<ConfiguredQuestion>, key = Object.keys(patch).join()) =>
    editor.edit(
      `question.${question.id}.${key}`,
      (d) => ({ ...d, questions: d.questions.map((q) => (q.id === question.id ? { ...q, ...patch } : q)) }),
      patch.text === "" ? null : { entity: "question", operation: "update", question: { id: question.id, ...patch } },
    );
  return (
    <article class="entity" id={`question-${question.id}`} data-question={question.id} aria-label={question.text || question.id}>
      <div class="entity-head">
        <code class="muted">{question.id}</code>
        <button
          type="button"
          class="icon danger"
          aria-label={`${t("delete")}: ${question.text}`}
          onClick={() => void editor.apply([{ entity: "question", operation: "delete", question: { id: question.id } }])}
        >
          ✕
        </button>
      </div>
      <Field label={t("text")}>
        <textarea rows={2} maxLength={4000} value={question.text} onInput={(e) => update({ text: e.currentTarget.value })} />
      </Field>
      <div class="grid">
        <Field label={t("type")} hint={<IssueNotes issues={at("type")} />}>
          <select
            value={question.type}
            onChange={(e) => {
              const type = e.currentTarget.value as ConfiguredQuestion["type"];
              update({ type, selection_mode: modeFor(type) }, "type");
            }}
          >
            {TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`type_${type}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("selection_mode")}>
          <select
            value={question.selection_mode ?? ""}
            onChange={(e) => update({ selection_mode: (e.currentTarget.value || null) as ConfiguredQuestion["selection_mode"] })}
          >
            <option value="">{t("none")}</option>
            <option value="single">{t("mode_single")}</option>
            <option value="multiple">{t("mode_multiple")}</option>
          </select>
        </Field>
        <DimensionSelect editor={editor} value={question.dimension_id} onChange={(dimension_id) => update({ dimension_id })} />
        <label class="check">
          <input type="checkbox" checked={question.active} onChange={(e) => update({ active: e.currentTarget.checked })} />
          {t("active")}
        </label>
      </div>
      <IssueNotes issues={at("dimension_id")} />
      {question.type !== "open" && <ChoicesEditor question={question} onChange={(choices) => update({ choices }, "choices")} />}
      <IssueNotes issues={at("choices")} />
      <IssueNotes issues={at(null)} testId={`issues-question-${question.id}`} />
    </article>
  );
}

function DimensionSelect({
  editor,
  value,
  onChange,
  name,
}: {
  editor: Editor;
  value: string;
  onChange: (id: string) => void;
  name?: string;
}) {
  const { t } = useI18n();
  return (
    <Field label={t("dimension")}>
      <select name={name} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {!editor.draft?.dimensions.some((d) => d.id === value) && <option value={value}>{value || t("none")}</option>}
        {editor.draft?.dimensions.map((dimension) => (
          <option key={dimension.id} value={dimension.id}>
            {dimension.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

function ChoicesEditor({ question, onChange }: { question: ConfiguredQuestion; onChange: (choices: Choice[]) => void }) {
  const { t } = useI18n();
  const set = (index: number, patch: Partial<Choice>) =>
    onChange(question.choices.map((choice, i) => (i === index ? withoutEmpty({ ...choice, ...patch }) : choice)));
  const add = () => {
    const id = suggestId(
      `${question.id}_c`,
      String(question.choices.length + 1),
      question.choices.map((c) => c.id),
    );
    onChange([...question.choices, { id, label: `${t("choice")} ${question.choices.length + 1}` }]);
  };
  return (
    <fieldset class="choices">
      <legend>{t("choices")}</legend>
      {question.choices.map((choice, index) => (
        <div class="choice-row" key={choice.id} data-choice={choice.id}>
          <Field label={t("label")}>
            <input value={choice.label} maxLength={500} onInput={(e) => set(index, { label: e.currentTarget.value })} />
          </Field>
          <Field label={t("maps_to_value")}>
            <input
              value={choice.maps_to_value === undefined ? "" : String(choice.maps_to_value as string)}
              maxLength={200}
              onInput={(e) => set(index, { maps_to_value: e.currentTarget.value })}
            />
          </Field>
          <Field label={t("synonyms")}>
            <input
              value={(choice.synonyms ?? []).join(", ")}
              onChange={(e) => set(index, { synonyms: parseList(e.currentTarget.value) })}
            />
          </Field>
          <button
            type="button"
            class="icon danger"
            aria-label={`${t("delete")}: ${choice.label}`}
            onClick={() => onChange(question.choices.filter((_, i) => i !== index))}
          >
            ✕
          </button>
        </div>
      ))}
      <button type="button" class="secondary" onClick={add}>
        {t("add_choice")}
      </button>
    </fieldset>
  );
}

/** An empty value or synonym list means "none": the field is left out of the change. */
function withoutEmpty(choice: Choice): Choice {
  const copy = { ...choice };
  if (copy.maps_to_value === "") delete copy.maps_to_value;
  if (!copy.synonyms || copy.synonyms.length === 0) delete copy.synonyms;
  return copy;
}

function AddQuestion({ editor }: { editor: Editor }) {
  const { t } = useI18n();
  const [text, setText] = useState("");
  const [type, setType] = useState<ConfiguredQuestion["type"]>("open");
  const [dimension, setDimension] = useState("");
  const dimensionId = dimension || editor.draft?.dimensions[0]?.id || "";
  const submit = async (event: Event) => {
    event.preventDefault();
    const id = suggestId("q", text, editor.draft?.questions.map((q) => q.id) ?? []);
    const done = await editor.apply([
      {
        entity: "question",
        operation: "create",
        question: { id, text: text.trim(), type, selection_mode: modeFor(type), dimension_id: dimensionId, choices: [], active: true },
      },
    ]);
    if (done) setText((typed) => (typed === text ? "" : typed));
  };
  return (
    <form class="row-form add" onSubmit={submit} aria-label={`${t("add")}: ${t("question")}`}>
      <strong class="add-title">
        {t("add")}: {t("question")}
      </strong>
      <Field label={t("text")}>
        <input name="new_question_text" required maxLength={4000} value={text} onInput={(e) => setText(e.currentTarget.value)} />
      </Field>
      <Field label={t("type")}>
        <select name="new_question_type" value={type} onChange={(e) => setType(e.currentTarget.value as ConfiguredQuestion["type"])}>
          {TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`type_${value}`)}
            </option>
          ))}
        </select>
      </Field>
      <DimensionSelect editor={editor} name="new_question_dimension" value={dimensionId} onChange={setDimension} />
      <button type="submit" disabled={!text.trim() || !dimensionId}>
        {t("add")}
      </button>
    </form>
  );
}
