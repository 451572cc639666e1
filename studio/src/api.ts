// The studio's only way to the server: the public v1 API and its documented [ext] routes, same origin, with the
// key from sessionStorage as a Bearer token. Every failure becomes an ApiError carrying the API's code and message.

const KEY = "zelinqa.studio.key";
const BASE_KEY = "zelinqa.studio.baseKey";
const TIMEOUT_MS = 30_000;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | null,
    readonly details: unknown,
  ) {
    super(message);
  }
}

/** The key every v1 call uses (a domain's session key once a domain is opened). */
export function activeKey(): string | null {
  return sessionStorage.getItem(KEY);
}

/** The key the person signed in with (it may hold the admin scope); domains are listed and opened with it. */
export function baseKey(): string | null {
  return sessionStorage.getItem(BASE_KEY) ?? sessionStorage.getItem(KEY);
}

export function signIn(key: string): void {
  sessionStorage.setItem(BASE_KEY, key);
  sessionStorage.setItem(KEY, key);
}

export function switchToDomainKey(key: string): void {
  sessionStorage.setItem(KEY, key);
}

export function signOut(): void {
  sessionStorage.removeItem(KEY);
  sessionStorage.removeItem(BASE_KEY);
}

export interface CallOptions {
  method?: "GET" | "POST";
  body?: unknown;
  /** Mutations of v1 need an Idempotency-Key: a fresh one per user action. */
  idempotent?: boolean;
  key?: string | null;
  auth?: boolean;
  accept?: string;
}

function headersFor(options: CallOptions): Headers {
  const headers = new Headers({ Accept: options.accept ?? "application/json" });
  const key = options.key === undefined ? activeKey() : options.key;
  if (options.auth !== false && key) headers.set("Authorization", `Bearer ${key}`);
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  if (options.idempotent) headers.set("Idempotency-Key", `studio-${crypto.randomUUID()}`);
  return headers;
}

async function errorOf(response: Response): Promise<ApiError> {
  const requestId = response.headers.get("X-Request-Id");
  let body: { code?: unknown; message?: unknown; request_id?: unknown; details?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not JSON (a proxy's page): the status alone describes it.
  }
  const code = typeof body.code === "string" ? body.code : `http_${response.status}`;
  const message = typeof body.message === "string" ? body.message : response.statusText || `HTTP ${response.status}`;
  return new ApiError(response.status, code, message, typeof body.request_id === "string" ? body.request_id : requestId, body.details);
}

async function send(path: string, options: CallOptions): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers: headersFor(options),
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: controller.signal,
      cache: "no-store",
    });
    if (!response.ok) throw await errorOf(response);
    return response;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, "network_error", error instanceof Error ? error.message : String(error), null, null);
  } finally {
    clearTimeout(timer);
  }
}

export async function call<T>(path: string, options: CallOptions = {}): Promise<T> {
  const response = await send(path, options);
  return (await response.json()) as T;
}

/** A CSV (or any text) answer, for downloads. */
export async function callText(path: string, options: CallOptions = {}): Promise<string> {
  return (await send(path, options)).text();
}

/** `?a=1&b=2` from the defined, non-empty entries. */
export function query(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/**
 * A day picked in a date field as an instant for a range query: its start (the browser's time zone), or for the
 * end of a range the start of the next day (ranges are end-exclusive).
 */
export function dayBoundary(value: string, end: boolean): string | undefined {
  if (!value) return undefined;
  const date = new Date(`${value}T00:00:00`);
  if (Number.isNaN(date.getTime())) return undefined;
  if (end) date.setDate(date.getDate() + 1);
  return date.toISOString();
}

/** Offers a text as a file download (CSV exports, change batches). */
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
