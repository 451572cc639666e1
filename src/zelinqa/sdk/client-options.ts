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

/** What each option takes, named as TypeScript code spells it (the messages use the wire's snake_case names). */
const OPTION_HINTS = {
  apiKey: "pass the key as apiKey: new ZelinqaClient({ apiKey: process.env.ZELINQA_API_KEY, baseUrl }); `zelinqa keys create` prints one",
  baseUrl: "baseUrl is the server's address, e.g. http://127.0.0.1:8080, without user, query or fragment",
  timeoutMs: "timeoutMs is in milliseconds per attempt, from 1 to 2147483647",
  maxRetries: "maxRetries is a whole number of retries, 0 for none",
} as const;

/**
 * The TypeError of docs/zelinqa-mcp.md §3.1: its message exactly as specified (zelinqa-mcp shows it verbatim), and
 * `option` and `hint` naming the option as written in code (`apiKey`, not `api_key`); Node prints both under the
 * stack of an uncaught error.
 */
function optionError(message: string, option: keyof typeof OPTION_HINTS): TypeError {
  return Object.assign(new TypeError(message), { option, hint: OPTION_HINTS[option] });
}

function normaliseBaseUrl(raw: unknown): string {
  const invalid = () => optionError("base_url must be an absolute HTTP(S) URL", "baseUrl");
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
  if (typeof options !== "object" || options === null) throw optionError("api_key must be a non-blank string", "apiKey");
  const { apiKey } = options;
  if (typeof apiKey !== "string" || apiKey.trim() === "") throw optionError("api_key must be a non-blank string", "apiKey");
  const baseUrl = options.baseUrl === undefined ? DEFAULT_BASE_URL : normaliseBaseUrl(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (typeof timeoutMs !== "number" || !(timeoutMs > 0)) throw optionError("timeout must be greater than zero", "timeoutMs");
  // [ext] Node's timers hold at most 2^31 - 1 ms; a longer one fires at once, so every request would time out.
  if (timeoutMs > MAX_TIMEOUT_MS) throw optionError(`timeout must be at most ${Math.floor(MAX_TIMEOUT_MS / 1000)} seconds`, "timeoutMs");
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  if (typeof maxRetries !== "number" || !Number.isInteger(maxRetries) || maxRetries < 0) {
    throw optionError("max_retries must be zero or greater", "maxRetries");
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
