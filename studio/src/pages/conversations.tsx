// Conversations of the domain with filters (status, stop reason, dates, objective reached), newest first.
import { useState } from "preact/hooks";
import { call, dayBoundary, query } from "../api.js";
import { ErrorBox, Field, Page, useLoad } from "../components.js";
import { useI18n } from "../i18n.js";
import type { SessionSummary } from "../types.js";

interface Filters {
  status: string;
  stop_reason: string;
  objective_reached: string;
  from: string;
  to: string;
}

interface Listing {
  sessions: SessionSummary[];
  next_cursor: string | null;
}

const NO_FILTERS: Filters = { status: "", stop_reason: "", objective_reached: "", from: "", to: "" };

function queryOf(filters: Filters, cursor: string | null): string {
  return query({
    status: filters.status,
    stop_reason: filters.stop_reason,
    objective_reached: filters.objective_reached,
    from: dayBoundary(filters.from, false),
    to: dayBoundary(filters.to, true),
    limit: 50,
    cursor,
  });
}

export function ConversationsPage() {
  const { t } = useI18n();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [more, setMore] = useState<Listing | null>(null);
  const [error, setError] = useState<unknown>(null);
  const first = useLoad(() => call<Listing>(`/v1/sessions${queryOf(filters, null)}`), [filters]);
  const rows = [...(first.data?.sessions ?? []), ...(more?.sessions ?? [])];
  const cursor = more ? more.next_cursor : (first.data?.next_cursor ?? null);
  const loadMore = async () => {
    try {
      const page = await call<Listing>(`/v1/sessions${queryOf(filters, cursor)}`);
      setMore({ sessions: [...(more?.sessions ?? []), ...page.sessions], next_cursor: page.next_cursor });
    } catch (failure) {
      setError(failure);
    }
  };
  const set = (field: keyof Filters) => (e: { currentTarget: HTMLInputElement | HTMLSelectElement }) =>
    setDraft({ ...draft, [field]: e.currentTarget.value });
  return (
    <Page title={t("conversations_title")}>
      <form
        class="card filters"
        onSubmit={(e) => {
          e.preventDefault();
          setMore(null);
          setFilters(draft);
        }}
      >
        <Field label={t("status")}>
          <select name="status" value={draft.status} onChange={set("status")}>
            <option value="">{t("any")}</option>
            {["active", "completed", "stopped"].map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("stop_reason")}>
          <select name="stop_reason" value={draft.stop_reason} onChange={set("stop_reason")}>
            <option value="">{t("any")}</option>
            {["no_question_available", "max_turns_reached"].map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("objective_reached")}>
          <select name="objective_reached" value={draft.objective_reached} onChange={set("objective_reached")}>
            <option value="">{t("any")}</option>
            <option value="true">{t("yes")}</option>
            <option value="false">{t("no")}</option>
          </select>
        </Field>
        <Field label={t("from")}>
          <input type="date" name="from" value={draft.from} onInput={set("from")} />
        </Field>
        <Field label={t("to")}>
          <input type="date" name="to" value={draft.to} onInput={set("to")} />
        </Field>
        <button type="submit">{t("filter")}</button>
      </form>
      <ErrorBox error={first.error ?? error} />
      <div class="table-wrap reserve" aria-busy={first.loading}>
        <table data-testid="conversations">
          <thead>
            <tr>
              <th scope="col">{t("created_at")}</th>
              <th scope="col">{t("status")}</th>
              <th scope="col">{t("stop_reason")}</th>
              <th scope="col">{t("objective_reached")}</th>
              <th scope="col">{t("turns")}</th>
              <th scope="col">{t("version")}</th>
            </tr>
          </thead>
          <tbody>
            {first.data && rows.length === 0 && (
              <tr>
                <td colSpan={6}>{t("no_conversations")}</td>
              </tr>
            )}
            {rows.map((row) => (
              <tr key={row.session_id} data-session={row.session_id}>
                <td>
                  <a href={`#/conversations/${encodeURIComponent(row.session_id)}`}>{new Date(row.created_at).toLocaleString()}</a>
                </td>
                <td>{row.status}</td>
                <td>{row.stop_reason ?? "—"}</td>
                <td>{row.objective_reached ? t("yes") : t("no")}</td>
                <td>{row.turns}</td>
                <td>
                  <code>{row.configuration_version}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {cursor && (
        <button type="button" class="secondary" onClick={() => void loadMore()}>
          {t("load_more")}
        </button>
      )}
    </Page>
  );
}
