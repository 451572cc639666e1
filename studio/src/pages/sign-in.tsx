import { useState } from "preact/hooks";
import { call, signIn, signOut } from "../api.js";
import { ErrorBox, Field, Page } from "../components.js";
import { useI18n } from "../i18n.js";
import { useSession } from "../session.js";

export function SignInPage() {
  const { t } = useI18n();
  const session = useSession();
  const [key, setKey] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await call("/v1/whoami", { key: key.trim() });
      signIn(key.trim());
      await session.refresh();
    } catch (failure) {
      signOut();
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page title={t("signin_title")}>
      <form class="card narrow" onSubmit={submit}>
        <p>{t("signin_intro")}</p>
        <Field label={t("api_key")}>
          <input
            name="api_key"
            type="password"
            autoComplete="off"
            required
            maxLength={512}
            value={key}
            onInput={(e) => setKey(e.currentTarget.value)}
          />
        </Field>
        <ErrorBox error={error} />
        <button type="submit" disabled={busy || !key.trim()}>
          {t("signin_submit")}
        </button>
      </form>
    </Page>
  );
}
