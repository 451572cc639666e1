// Domains of the key's organisation (scope admin): list, create, and open one by minting a short-lived key for it.
import { useState } from "preact/hooks";
import { baseKey, call, switchToDomainKey } from "../api.js";
import { ErrorBox, Field, Page, useLoad } from "../components.js";
import { useI18n } from "../i18n.js";
import { navigate } from "../router.js";
import { useSession } from "../session.js";
import type { DomainSummary, SessionKey } from "../types.js";

export function DomainsPage() {
  const { t } = useI18n();
  const session = useSession();
  const list = useLoad(() => call<{ domains: DomainSummary[] }>("/v1/domains", { key: baseKey() }), []);
  const [name, setName] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const open = async (domainId: string) => {
    setError(null);
    setBusy(true);
    try {
      const minted = await call<SessionKey>(`/v1/domains/${encodeURIComponent(domainId)}/session-keys`, {
        key: baseKey(),
        body: {},
        idempotent: true,
      });
      switchToDomainKey(minted.api_key);
      await session.refresh();
      navigate("editor");
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const create = async (event: Event) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const created = await call<DomainSummary>("/v1/domains", { key: baseKey(), body: { name: name.trim() }, idempotent: true });
      setName("");
      list.reload();
      await open(created.domain_id);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return (
    <Page title={t("domains_title")}>
      <ErrorBox error={list.error ?? error} />
      <form class="card row-form" onSubmit={create}>
        <Field label={t("name")}>
          <input name="domain_name" required maxLength={200} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </Field>
        <button type="submit" disabled={busy || !name.trim()}>
          {t("domain_create")}
        </button>
      </form>
      <div class="table-wrap reserve" aria-busy={list.loading}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t("name")}</th>
              <th scope="col">{t("published_version")}</th>
              <th scope="col">{t("created_at")}</th>
              <th scope="col">
                <span class="visually-hidden">{t("open")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data?.domains.length === 0 && (
              <tr>
                <td colSpan={4}>{t("domains_empty")}</td>
              </tr>
            )}
            {list.data?.domains.map((domain) => (
              <tr key={domain.domain_id}>
                <td>{domain.name}</td>
                <td>{domain.published_version ?? t("not_published")}</td>
                <td>{new Date(domain.created_at).toLocaleString()}</td>
                <td>
                  {session.whoami?.domain_id === domain.domain_id ? (
                    <span class="badge">{t("domain_current")}</span>
                  ) : (
                    <button type="button" class="secondary" disabled={busy} onClick={() => void open(domain.domain_id)}>
                      {t("domain_open")}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Page>
  );
}
