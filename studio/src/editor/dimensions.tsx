// Dimensions: rename, role, reorder by dragging or with the arrow buttons (each move is one batch of
// order_position updates), add and delete.
import { useState } from "preact/hooks";
import { Field } from "../components.js";
import { useI18n } from "../i18n.js";
import type { ConfigurationChange, Dimension } from "../types.js";
import type { Editor } from "./editor-state.js";
import { issuesAt } from "./editor-state.js";
import { IssueNotes, suggestId } from "./shared.js";

const ROLES = ["blocking", "contributing", "optional"] as const;

function sorted(dimensions: Dimension[]): Dimension[] {
  return [...dimensions].sort((a, b) => a.order_position - b.order_position || a.id.localeCompare(b.id));
}

/** The changes that give `order` its positions 0..n-1 (only the dimensions whose position moves). */
function reorderChanges(order: Dimension[]): ConfigurationChange[] {
  return order
    .map((dimension, position) => ({ dimension, position }))
    .filter(({ dimension, position }) => dimension.order_position !== position)
    .map(({ dimension, position }) => ({
      entity: "dimension",
      operation: "update",
      dimension: { id: dimension.id, order_position: position },
    }));
}

/** Moves the dimension at `from` to `to`; `button` names the arrow button that asked, when one did. */
type Move = (from: number, to: number, button?: "up" | "down") => Promise<void>;

/**
 * After a move asked with an arrow button, the keyboard stays on the moved dimension: its same button, or the other
 * one when the move reached the end of the list (that one is now disabled). Only when the focus was lost to the body
 * (moving a row in the page can drop it) or sits on a disabled button: by the time the move is saved the person may
 * already be elsewhere, and keeps their place.
 */
function refocus(id: string, button: "up" | "down"): void {
  const active = document.activeElement;
  const usable = active instanceof HTMLButtonElement ? !active.disabled : true;
  if (active && active !== document.body && active.isConnected && usable) return;
  const buttons = [...document.querySelectorAll<HTMLButtonElement>(`[data-dimension-row="${id}"] button[data-move]`)];
  const wanted = buttons.find((b) => b.dataset.move === button && !b.disabled) ?? buttons.find((b) => !b.disabled);
  wanted?.focus();
}

export function DimensionsSection({ editor }: { editor: Editor }) {
  const { t } = useI18n();
  const [dragged, setDragged] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const dimensions = sorted(editor.draft?.dimensions ?? []);
  const move: Move = async (from, to, button) => {
    if (to < 0 || to >= dimensions.length || from === to) return;
    const order = [...dimensions];
    const [moved] = order.splice(from, 1);
    if (!moved) return;
    order.splice(to, 0, moved);
    const changes = reorderChanges(order);
    if (changes.length > 0 && (await editor.apply(changes))) setStatus(`${moved.name}: ${to + 1}/${order.length}`);
    if (button) refocus(moved.id, button);
  };
  return (
    <section class="card" id="dimensions" aria-labelledby="dimensions-title">
      <h2 id="dimensions-title">{t("dimensions")}</h2>
      <p class="hint">{t("drag_hint")}</p>
      <p class="visually-hidden" aria-live="polite">
        {status}
      </p>
      <ol class="dimension-list">
        {dimensions.map((dimension, index) => (
          <li
            key={dimension.id}
            data-dimension-row={dimension.id}
            draggable
            class={dragged === dimension.id ? "dragging" : undefined}
            onDragStart={(e) => {
              setDragged(dimension.id);
              e.dataTransfer?.setData("text/plain", dimension.id);
            }}
            onDragEnd={() => setDragged(null)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              const from = dimensions.findIndex((d) => d.id === (e.dataTransfer?.getData("text/plain") ?? dragged));
              setDragged(null);
              if (from >= 0) void move(from, index);
            }}
          >
            <DimensionRow editor={editor} dimension={dimension} index={index} count={dimensions.length} move={move} />
          </li>
        ))}
      </ol>
      <AddDimension editor={editor} taken={dimensions.map((d) => d.id)} next={dimensions.length} />
    </section>
  );
}

interface RowProps {
  editor: Editor;
  dimension: Dimension;
  index: number;
  count: number;
  move: Move;
}

function DimensionRow({ editor, dimension, index, count, move }: RowProps) {
  const { t } = useI18n();
  const update = (patch: Partial<Dimension>) =>
    editor.edit(
      `dimension.${dimension.id}.${Object.keys(patch).join()}`,
      (d) => ({ ...d, dimensions: d.dimensions.map((x) => (x.id === dimension.id ? { ...x, ...patch } : x)) }),
      patch.name === "" ? null : { entity: "dimension", operation: "update", dimension: { id: dimension.id, ...patch } },
    );
  const all = [...editor.blocking, ...(editor.issues ?? [])];
  return (
    <div class="dimension-row">
      <span class="handle" aria-hidden="true">
        ⋮⋮
      </span>
      <Field label={t("name")}>
        <input value={dimension.name} maxLength={200} onInput={(e) => update({ name: e.currentTarget.value })} />
      </Field>
      <Field label={t("completion_role")}>
        <select
          value={dimension.completion_role}
          onChange={(e) => update({ completion_role: e.currentTarget.value as Dimension["completion_role"] })}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`role_${role}`)}
            </option>
          ))}
        </select>
      </Field>
      <code class="muted">{dimension.id}</code>
      <div class="row-buttons">
        <button
          type="button"
          class="icon"
          aria-label={`${t("move_up")}: ${dimension.name}`}
          data-move="up"
          disabled={index === 0}
          onClick={() => void move(index, index - 1, "up")}
        >
          ↑
        </button>
        <button
          type="button"
          class="icon"
          aria-label={`${t("move_down")}: ${dimension.name}`}
          data-move="down"
          disabled={index === count - 1}
          onClick={() => void move(index, index + 1, "down")}
        >
          ↓
        </button>
        <button
          type="button"
          class="icon danger"
          aria-label={`${t("delete")}: ${dimension.name}`}
          onClick={() => void editor.apply([{ entity: "dimension", operation: "delete", dimension: { id: dimension.id } }])}
        >
          ✕
        </button>
      </div>
      <IssueNotes issues={issuesAt(all, "dimension", dimension.id, null)} />
    </div>
  );
}

function AddDimension({ editor, taken, next }: { editor: Editor; taken: string[]; next: number }) {
  const { t } = useI18n();
  const [name, setName] = useState("");
  const [role, setRole] = useState<Dimension["completion_role"]>("blocking");
  const submit = async (event: Event) => {
    event.preventDefault();
    const id = suggestId("dim", name, taken);
    const done = await editor.apply([
      { entity: "dimension", operation: "create", dimension: { id, name: name.trim(), order_position: next, completion_role: role } },
    ]);
    if (done) setName((typed) => (typed === name ? "" : typed)); // what was typed meanwhile stays
  };
  return (
    <form class="row-form add" onSubmit={submit} aria-label={`${t("add")}: ${t("dimension")}`}>
      <strong class="add-title">
        {t("add")}: {t("dimension")}
      </strong>
      <Field label={t("name")}>
        <input name="new_dimension_name" required maxLength={200} value={name} onInput={(e) => setName(e.currentTarget.value)} />
      </Field>
      <Field label={t("completion_role")}>
        <select name="new_dimension_role" value={role} onChange={(e) => setRole(e.currentTarget.value as Dimension["completion_role"])}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`role_${r}`)}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" disabled={!name.trim()}>
        {t("add")}
      </button>
    </form>
  );
}
