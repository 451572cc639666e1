// The shell: sign-in state, language and theme, navigation by scope, and the current page.
import type { ComponentType } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import { activeKey, baseKey, call, signOut as forgetKeys } from "./api.js";
import { ErrorBox } from "./components.js";
import { I18nContext, translator, useI18n } from "./i18n.js";
import type { Locale, MessageKey } from "./i18n.js";
import { ConversationsPage } from "./pages/conversations.js";
import { DomainsPage } from "./pages/domains.js";
import { EditorPage } from "./editor/editor-page.js";
import { SignInPage } from "./pages/sign-in.js";
import { TranscriptPage } from "./pages/transcript.js";
import { TryPage } from "./pages/try-it.js";
import { navigate, useRoute } from "./router.js";
import { SessionContext, exchangeSignInCode, hasScope, pendingSignInCode, useSession } from "./session.js";
import type { Session } from "./session.js";
import type { Whoami } from "./types.js";

type Theme = "auto" | "light" | "dark";
const THEME = "zelinqa.studio.theme";
const LOCALE = "zelinqa.studio.locale";

interface NavItem {
  page: string;
  label: MessageKey;
  visible: (whoami: Whoami | null, admin: boolean) => boolean;
}

const NAV: NavItem[] = [
  { page: "domains", label: "nav_domains", visible: (_w, admin) => admin },
  { page: "editor", label: "nav_editor", visible: (w) => hasScope(w, "configuration:read") },
  { page: "try", label: "nav_try", visible: (w) => hasScope(w, "runtime") },
  { page: "conversations", label: "nav_conversations", visible: (w) => hasScope(w, "runtime") || hasScope(w, "configuration:read") },
  { page: "analytics", label: "nav_analytics", visible: (w) => hasScope(w, "configuration:read") },
];

/** The pages this key may open, in the navigation's order. */
function allowedPages(session: Session): string[] {
  return NAV.filter((item) => item.visible(session.whoami, session.admin)).map((item) => item.page);
}

function firstPage(session: Session): string | undefined {
  return allowedPages(session)[0];
}

function useTheme(): [Theme, (theme: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(() => (localStorage.getItem(THEME) as Theme | null) ?? "auto");
  useEffect(() => {
    if (theme === "auto") delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
    localStorage.setItem(THEME, theme);
  }, [theme]);
  return [theme, setTheme];
}

const IDENTITY = "zelinqa.studio.identity";

function cachedIdentity(): { whoami: Whoami | null; admin: boolean } | null {
  try {
    return JSON.parse(sessionStorage.getItem(IDENTITY) ?? "null") as { whoami: Whoami | null; admin: boolean } | null;
  } catch {
    return null;
  }
}

function remember(whoami: Whoami | null, admin: boolean | null): void {
  const previous = cachedIdentity() ?? { whoami: null, admin: false };
  const next = { whoami: admin === null ? whoami : previous.whoami, admin: admin ?? previous.admin };
  if (!next.whoami) sessionStorage.removeItem(IDENTITY);
  else sessionStorage.setItem(IDENTITY, JSON.stringify(next));
}

function useSignedIn(): { session: Session; ready: boolean; error: unknown } {
  // The last identity of this tab draws the header at once on a reload (no shift when whoami answers).
  const cached = activeKey() ? cachedIdentity() : null;
  const [whoami, setWhoamiState] = useState<Whoami | null>(cached?.whoami ?? null);
  const [admin, setAdminState] = useState(cached?.admin ?? false);
  const setWhoami = (value: Whoami | null) => {
    setWhoamiState(value);
    remember(value, null);
  };
  const setAdmin = (value: boolean) => {
    setAdminState(value);
    remember(null, value);
  };
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const refresh = async () => {
    if (!activeKey()) {
      setWhoami(null);
      return;
    }
    const [mine, base] = await Promise.all([
      call<Whoami>("/v1/whoami"),
      baseKey() === activeKey() ? null : call<Whoami>("/v1/whoami", { key: baseKey() }).catch(() => null),
    ]);
    setWhoami(mine);
    setAdmin(hasScope(base ?? mine, "admin"));
  };
  const signOut = () => {
    forgetKeys();
    setWhoami(null);
    setAdmin(false);
    navigate("signin");
  };
  useEffect(() => {
    const start = () => {
      const code = pendingSignInCode();
      (code ? exchangeSignInCode(code) : Promise.resolve())
        .then(refresh)
        .then(() => setError(null))
        .catch((failure: unknown) => setError(failure))
        .finally(() => setReady(true));
    };
    start();
    // A sign-in link opened in a tab that already shows the studio changes only the hash.
    const onHash = () => pendingSignInCode() && start();
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);
  return { session: { whoami, admin, refresh, signOut }, ready, error };
}

/** The analytics page (and its chart library) is loaded only when it is opened. */
function LazyAnalytics() {
  const [Page, setPage] = useState<ComponentType | null>(null);
  useEffect(() => {
    void import("./pages/analytics.js").then((module) => setPage(() => module.AnalyticsPage));
  }, []);
  return Page ? <Page /> : <div class="page placeholder" aria-busy="true" />;
}

function CurrentPage({ page, param }: { page: string; param: string | null }) {
  const session = useSession();
  const { t } = useI18n();
  if (session.whoami && page !== "signin" && page !== "" && !allowedPages(session).includes(page)) {
    return <p class="note">{t("no_access")}</p>;
  }
  switch (page) {
    case "domains":
      return <DomainsPage />;
    case "editor":
      return <EditorPage />;
    case "try":
      return <TryPage />;
    case "conversations":
      return param ? <TranscriptPage sessionId={param} /> : <ConversationsPage />;
    case "analytics":
      return <LazyAnalytics />;
    default:
      return <SignInPage />;
  }
}

export function App() {
  const [theme, setTheme] = useTheme();
  const { session, ready, error } = useSignedIn();
  const [chosenLocale, setChosenLocale] = useState<Locale | null>(() => localStorage.getItem(LOCALE) as Locale | null);
  const locale: Locale = chosenLocale ?? session.whoami?.locale ?? (navigator.language.startsWith("fr") ? "fr" : "en");
  const i18n = useMemo(() => ({ locale, t: translator(locale) }), [locale]);
  const route = useRoute();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  useEffect(() => {
    if (!ready) return;
    if (!session.whoami && route.page !== "signin") navigate("signin");
    else if (session.whoami && (route.page === "" || route.page === "signin")) navigate(firstPage(session) ?? "signin");
  }, [ready, session.whoami, route.page]);
  const chooseLocale = (next: Locale) => {
    localStorage.setItem(LOCALE, next);
    setChosenLocale(next);
  };
  return (
    <I18nContext.Provider value={i18n}>
      <SessionContext.Provider value={session}>
        <Shell theme={theme} setTheme={setTheme} locale={locale} setLocale={chooseLocale} page={route.page} />
        <main id="content">
          <ErrorBox error={error} />
          {ready ? <CurrentPage page={session.whoami ? route.page : "signin"} param={route.param} /> : <div class="page placeholder" />}
        </main>
      </SessionContext.Provider>
    </I18nContext.Provider>
  );
}

interface ShellProps {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  locale: Locale;
  setLocale: (locale: Locale) => void;
  page: string;
}

function Shell({ theme, setTheme, locale, setLocale, page }: ShellProps) {
  const { t } = useI18n();
  const session = useSession();
  return (
    <header class="top">
      <a class="skip" href="#content">
        {t("skip_to_content")}
      </a>
      <div class="brand">
        <strong>{t("app_title")}</strong>
        <span class="domain-name">{session.whoami?.domain.name ?? ""}</span>
      </div>
      <nav aria-label={t("app_title")}>
        {NAV.filter((item) => item.visible(session.whoami, session.admin)).map((item) => (
          <a key={item.page} href={`#/${item.page}`} aria-current={page === item.page ? "page" : undefined}>
            {t(item.label)}
          </a>
        ))}
      </nav>
      <div class="prefs">
        <select aria-label={t("language")} value={locale} onChange={(e) => setLocale(e.currentTarget.value as Locale)}>
          <option value="en">English</option>
          <option value="fr">Français</option>
        </select>
        <select aria-label={t("theme")} value={theme} onChange={(e) => setTheme(e.currentTarget.value as Theme)}>
          <option value="auto">{t("theme_auto")}</option>
          <option value="light">{t("theme_light")}</option>
          <option value="dark">{t("theme_dark")}</option>
        </select>
        {session.whoami && (
          <button type="button" class="secondary" onClick={session.signOut}>
            {t("sign_out")}
          </button>
        )}
      </div>
    </header>
  );
}
