// One logical HTTP call with headers, idempotency key, per-attempt timeout, caller abort and retries (docs/zelinqa-mcp.md §3.2–§3.3).
import { randomUUID } from "node:crypto";
import type { RequestOptions, ResolvedOptions } from "./client-options.js";
import { apiErrorFromResponse } from "./errors/api-error-from-response.js";
import { ZelinqaAPIError } from "./errors/api-error.js";
import { ZelinqaConnectionError, ZelinqaRequestValidationError } from "./errors/zelinqa-error.js";
import { isRetryableResponse, retryDelayMs } from "./retry-policy.js";
import { VERSION } from "./version.js";
import { isRecord } from "../../shared/is-record.js";

export type QueryValue = string | number | boolean | undefined | null;

export interface CallSpec {
  method: "GET" | "POST";
  /** Path segments after the base URL; strings are literal, `{id}` objects are encoded ids. */
  path: ReadonlyArray<string | { id: string; name: string }>;
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
  csv?: boolean;
}

const NON_JSON_MESSAGE = "Zelinqa API returned a non-JSON response";

/**
 * The largest response body read (32 MiB: a whole configuration's CSV export is a few MiB). A server or proxy
 * answering more, or never ending its body, used to be buffered whole until the process ran out of memory.
 */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

const tooLargeMessage = (limit: number) =>
  `Zelinqa API response exceeded ${Math.round(limit / 1024 / 1024)} MiB and was not read; check that ZELINQA_BASE_URL points at the Zelinqa API`;

/** The body as text, or null once it is over `limit` bytes (the rest is not read and the connection is released). */
async function readBoundedText(response: Response, limit: number): Promise<string | null> {
  const declared = Number(response.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (response.body === null) return "";
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    bytes += value.byteLength;
    if (bytes > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
}

class AttemptTimeout extends Error {
  constructor() {
    super("the request timed out");
    this.name = "TimeoutError";
  }
}

export function encodePathSegment(value: unknown, name: string): string {
  if (typeof value !== "string" || value.trim() === "" || value.length > 128) {
    throw new ZelinqaRequestValidationError([{ path: name, message: "must be a non-blank string of at most 128 characters" }]);
  }
  return encodeURIComponent(value);
}

function checkIdempotencyKey(key: unknown): string {
  if (typeof key !== "string" || key.trim() === "" || key.length < 8 || key.length > 128) {
    throw new TypeError("idempotency_key must be 8 to 128 characters");
  }
  return key;
}

export class HttpTransport {
  readonly #options: ResolvedOptions;

  constructor(options: ResolvedOptions) {
    this.#options = options;
  }

  get baseUrl(): string {
    return this.#options.baseUrl;
  }

  buildUrl(spec: CallSpec): string {
    const segments = spec.path.map((s) => (typeof s === "string" ? s : encodePathSegment(s.id, s.name)));
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      if (value === undefined || value === null) continue;
      params.append(key, typeof value === "string" ? value : String(value));
    }
    const search = params.toString();
    return `${this.#options.baseUrl}/${segments.join("/")}${search === "" ? "" : `?${search}`}`;
  }

  async request(spec: CallSpec, options: RequestOptions = {}): Promise<unknown> {
    const url = this.buildUrl(spec);
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.#options.apiKey}`,
      Accept: spec.csv ? "text/csv" : "application/json",
      "User-Agent": `zelinqa-typescript/${VERSION}`,
    };
    let payload: string | undefined;
    if (spec.method === "POST") {
      headers["Content-Type"] = "application/json";
      headers["Idempotency-Key"] = options.idempotencyKey === undefined ? randomUUID() : checkIdempotencyKey(options.idempotencyKey);
      payload = JSON.stringify(spec.body ?? {});
    }
    const signal = options.signal;
    if (signal?.aborted) throw signal.reason;
    let lastError: unknown;
    for (let attempt = 0; attempt <= this.#options.maxRetries; attempt += 1) {
      if (attempt > 0) {
        const hint = lastError instanceof ZelinqaAPIError ? lastError.retryAfter : null;
        await this.#options.sleep(retryDelayMs(attempt - 1, hint, this.#options.random), signal);
      }
      try {
        return await this.#attempt(url, { method: spec.method, headers, body: payload }, spec.csv === true, signal);
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (error instanceof ZelinqaAPIError && !isRetryableResponse(error)) throw error;
        lastError = error;
      }
    }
    if (lastError instanceof ZelinqaAPIError) throw lastError;
    throw new ZelinqaConnectionError("unable to reach the Zelinqa API", { cause: lastError });
  }

  async #attempt(url: string, init: RequestInit, csv: boolean, signal: AbortSignal | undefined): Promise<unknown> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new AttemptTimeout()), this.#options.timeoutMs);
    const onCallerAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener("abort", onCallerAbort, { once: true });
    try {
      const response = await this.#options.fetch(url, { ...init, signal: controller.signal });
      const text = await readBoundedText(response, MAX_RESPONSE_BYTES);
      const requestId = response.headers.get("x-request-id");
      if (text === null) throw new ZelinqaAPIError(tooLargeMessage(MAX_RESPONSE_BYTES), { statusCode: response.status, requestId });
      if (response.status >= 200 && response.status < 300) {
        if (csv) return text;
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        if (!isRecord(parsed)) {
          throw new ZelinqaAPIError(NON_JSON_MESSAGE, { statusCode: response.status, requestId });
        }
        return parsed;
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      throw apiErrorFromResponse(response.status, body, response.headers);
    } catch (error) {
      if (error instanceof ZelinqaAPIError) throw error;
      if (controller.signal.aborted && controller.signal.reason instanceof AttemptTimeout) {
        throw controller.signal.reason;
      }
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onCallerAbort);
    }
  }
}
