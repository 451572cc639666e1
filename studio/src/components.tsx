// Small shared pieces: the API error box, progress bars, async loading with reserved space.
import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useState } from "preact/hooks";
import { ApiError } from "./api.js";
import { useI18n } from "./i18n.js";

export function ErrorBox({ error, onDismiss }: { error: unknown; onDismiss?: () => void }) {
  const { t } = useI18n();
  if (!error) return null;
  const api = error instanceof ApiError ? error : null;
  return (
    <div class="error" role="alert">
      <p>{api ? api.message : error instanceof Error ? error.message : JSON.stringify(error)}</p>
      {api && (api.status === 401 || api.status === 403) && !api.code.startsWith("invalid_") && <p>{t("error_key")}</p>}
      {api && (
        <p class="meta">
          {t("error_code")}: <code>{api.code}</code> (HTTP {api.status}){api.requestId && ` · ${t("error_request")}: ${api.requestId}`}
        </p>
      )}
      {onDismiss && (
        <button type="button" class="link" onClick={onDismiss}>
          {t("dismiss")}
        </button>
      )}
    </div>
  );
}

export function Bar({ label, value, id }: { label: string; value: number; id?: string }) {
  const percent = Math.round(Math.max(0, Math.min(1, value)) * 100);
  return (
    <div class="bar" data-dimension={id}>
      <span class="bar-label">{label}</span>
      <progress max={100} value={percent} aria-label={label} />
      <span class="bar-value">{percent}%</span>
    </div>
  );
}

export interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
  setData: (data: T) => void;
}

/** Runs `load` when `deps` change; keeps the previous data while reloading so that nothing jumps. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    load().then(
      (value) => {
        if (!live) return;
        setData(value);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!live) return;
        setError(failure);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, error, loading, reload, setData };
}

export function Page({ title, children, actions }: { title: string; children: ComponentChildren; actions?: ComponentChildren }) {
  return (
    <section class="page" aria-labelledby="page-title">
      <header class="page-head">
        <h1 id="page-title" tabIndex={-1}>
          {title}
        </h1>
        {actions && <div class="actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

export function Field({ label, children, hint }: { label: string; children: ComponentChildren; hint?: ComponentChildren }) {
  return (
    <label class="field">
      <span class="field-label">{label}</span>
      {children}
      {hint}
    </label>
  );
}

export function formatValue(value: unknown): string {
  if (value === undefined) return "—";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}
