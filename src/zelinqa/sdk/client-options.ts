// Construction options shared by both clients and their checks, with the exact TypeError messages of docs/zelinqa-mcp.md §3.1.
import { DEFAULT_BASE_URL, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS } from "./version.js";
import { abortableSleep } from "../../shared/abortable-sleep.js";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ClientOptions {
  apiKey: string;
  baseUrl?: string;
  /** Per attempt. */
  timeoutMs?: number;
  maxRetries?: number;
  fetch?: FetchLike;
  /** Test seams: the wait between attempts and the jitter source in [0, 1). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

export interface ResolvedOptions {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  maxRetries: number;
  fetch: FetchLike;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
}

/** Per-call options of every client method (docs/zelinqa-mcp.md §3.5). */
export interface RequestOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
}

function normaliseBaseUrl(raw: unknown): string {
  const invalid = () => new TypeError("base_url must be an absolute HTTP(S) URL");
  if (typeof raw !== "string" || raw.trim() === "") throw invalid();
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid();
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw invalid();
  if (url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "") throw invalid();
  if (raw.includes("?") || raw.includes("#")) throw invalid();
  return url.toString().replace(/\/+$/, "");
}

/** The longest timeout Node's timers hold (about 24.8 days). */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export function resolveOptions(options: ClientOptions): ResolvedOptions {
  if (typeof options !== "object" || options === null) throw new TypeError("api_key must be a non-blank string");
  const { apiKey } = options;
  if (typeof apiKey !== "string" || apiKey.trim() === "") throw new TypeError("api_key must be a non-blank string");
  const baseUrl = options.baseUrl === undefined ? DEFAULT_BASE_URL : normaliseBaseUrl(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (typeof timeoutMs !== "number" || !(timeoutMs > 0)) throw new TypeError("timeout must be greater than zero");
  // [ext] Node's timers hold at most 2^31 - 1 ms; a longer one fires at once, so every request would time out.
  if (timeoutMs > MAX_TIMEOUT_MS) throw new TypeError(`timeout must be at most ${Math.floor(MAX_TIMEOUT_MS / 1000)} seconds`);
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  if (typeof maxRetries !== "number" || !Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new TypeError("max_retries must be zero or greater");
  }
  const fetchImpl = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  return {
    apiKey,
    baseUrl,
    timeoutMs,
    maxRetries,
    fetch: fetchImpl,
    sleep: options.sleep ?? abortableSleep,
    random: options.random ?? Math.random,
  };
}
