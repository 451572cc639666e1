import { Field } from "../components.js";
import { useI18n } from "../i18n.js";
import type { Objective } from "../types.js";
import type { Editor } from "./editor-state.js";
import { issuesAt } from "./editor-state.js";
import { IssueNotes, numberOrUndefined } from "./shared.js";

type Patch = Partial<Record<keyof Objective, string | number | null>>;

export function ObjectiveForm({ editor }: { editor: Editor }) {
  const { t } = useI18n();
  const objective = editor.draft?.objective;
  if (!objective) return null;
  const set = (field: keyof Objective, local: string | number, sent: string | number | null | undefined) => {
    const patch: Patch = { [field]: local };
    editor.edit(
      `objective.${field}`,
      (d) => ({ ...d, objective: { ...d.objective, ...patch } as Objective }),
      sent === undefined ? null : { entity: "objective", operation: "update", objective: { [field]: sent } },
    );
  };
  const numeric = (field: keyof Objective) => (e: { currentTarget: HTMLInputElement }) =>
    set(field, e.currentTarget.value === "" ? "" : Number(e.currentTarget.value), numberOrUndefined(e.currentTarget.value));
  const all = [...editor.blocking, ...(editor.issues ?? [])];
  return (
    <section class="card" id="objective" aria-labelledby="objective-title">
      <h2 id="objective-title">{t("objective")}</h2>
      <div class="grid">
        <Field label={t("name")}>
          <input
            name="objective_name"
            maxLength={200}
            value={objective.name}
            onInput={(e) => set("name", e.currentTarget.value, e.currentTarget.value || undefined)}
          />
        </Field>
        <Field label={t("qualification_level")}>
          <select
            value={objective.qualification_level}
            onChange={(e) => set("qualification_level", e.currentTarget.value, e.currentTarget.value)}
          >
            <option value="essential">{t("level_essential")}</option>
            <option value="balanced">{t("level_balanced")}</option>
            <option value="deep">{t("level_deep")}</option>
          </select>
        </Field>
        <Field label={t("max_turns")}>
          <input type="number" min={1} max={100} value={objective.max_turns} onInput={numeric("max_turns")} />
        </Field>
        <Field label={t("candidates_per_call")}>
          <input type="number" min={1} max={10} value={objective.candidates_per_call} onInput={numeric("candidates_per_call")} />
        </Field>
        <Field label={t("order_strength")}>
          <input type="number" min={0} max={1} step={0.05} value={objective.order_strength} onInput={numeric("order_strength")} />
        </Field>
      </div>
      <Field label={t("description")}>
        <textarea
          rows={2}
          maxLength={4000}
          value={objective.description ?? ""}
          onInput={(e) => set("description", e.currentTarget.value, e.currentTarget.value || null)}
        />
      </Field>
      <IssueNotes issues={issuesAt(all, "objective", undefined, null)} />
    </section>
  );
}
