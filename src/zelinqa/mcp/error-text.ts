// Turns any failure into the single text of an isError tool result (docs/zelinqa-mcp.md §7.2), secret-scrubbed (§8).
import {
  ZelinqaAPIError,
  ZelinqaAnswerError,
  ZelinqaAuthenticationError,
  ZelinqaConnectionError,
  ZelinqaRequestValidationError,
} from "../sdk/index.js";
import { McpConfigurationError, MISSING_KEY_TEXT } from "./configuration-error.js";
import type { Scrubber } from "./secrets.js";

export type Mode = "business" | "advanced";

const CONFLICT_HINT: Record<Mode, string> = {
  advanced: " — call zelinqa_get_session then retry",
  business: " — call zelinqa_status, reconcile the pending question, and do not blindly replay",
};
const MAX_DETAILS_CHARS = 2000;
const MAX_ISSUES = 10;

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((k) => [k, sortKeys(record[k])]),
    );
  }
  return value;
}

/** Compact JSON, keys sorted recursively, non-ASCII as lowercase `\uXXXX`, cut at 2000 characters. */
export function formatDetails(details: Record<string, unknown>, scrubber: Scrubber): string {
  const json = (JSON.stringify(sortKeys(details)) ?? "{}").replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  const scrubbed = scrubber.text(json);
  return scrubbed.length > MAX_DETAILS_CHARS ? `${scrubbed.slice(0, MAX_DETAILS_CHARS)}…(truncated)` : scrubbed;
}

function apiErrorText(error: ZelinqaAPIError, mode: Mode, scrubber: Scrubber): string {
  const requestId = error.requestId === null ? "" : ` (request_id=${error.requestId})`;
  if (error instanceof ZelinqaAuthenticationError) {
    return `unauthorized (HTTP ${error.statusCode}): the Zelinqa API key is missing, invalid, revoked, expired, or does not carry the \`runtime\` scope (check ZELINQA_API_KEY)${requestId}`;
  }
  let text = `${error.code ?? error.statusCode}: ${error.message}${requestId}`;
  if (error.code === "state_version_conflict") text += CONFLICT_HINT[mode];
  if (Object.keys(error.details).length > 0) text += ` — ${formatDetails(error.details, scrubber)}`;
  return text;
}

function rawText(error: unknown, mode: Mode, scrubber: Scrubber): string {
  if (error instanceof ZelinqaAPIError) return apiErrorText(error, mode, scrubber);
  if (error instanceof ZelinqaConnectionError) {
    const reason = error.message === "" ? error.constructor.name : error.message;
    const cause = connectionCause(error);
    return `connection_error: the Zelinqa API could not be reached after retrying (${reason}${cause ? `: ${cause.what}` : ""}). ${cause?.next ?? "Check network access to the configured API URL (ZELINQA_BASE_URL) and retry."}`;
  }
  if (error instanceof ZelinqaRequestValidationError) {
    const issues = error.issues.slice(0, MAX_ISSUES).map((i) => `${i.path}: ${i.message}`);
    return `invalid_request: the arguments do not satisfy the contract — ${issues.join("; ")}`;
  }
  if (error instanceof McpConfigurationError) {
    return error.code === "unauthorized" ? MISSING_KEY_TEXT : `${error.code}: ${error.message}`;
  }
  if (error instanceof ZelinqaAnswerError || error instanceof TypeError) return `invalid_request: ${error.message}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return `Error: ${String(error)}`;
}

/** What the network said, from the error's cause chain (node's fetch: `TypeError: fetch failed`, cause `{code}`). */
const CONNECTION_CAUSES: Record<string, { what: string; next: string }> = {
  ECONNREFUSED: {
    what: "connection refused",
    next: "Nothing listens at ZELINQA_BASE_URL: start the Zelinqa API there (`zelinqa serve`, or `zino guide` for its local API) or point ZELINQA_BASE_URL at the one that runs, then retry.",
  },
  ENOTFOUND: {
    what: "host not found",
    next: "The host name of ZELINQA_BASE_URL does not resolve: check its spelling, then retry.",
  },
  EAI_AGAIN: {
    what: "host name lookup failed",
    next: "The host name of ZELINQA_BASE_URL could not be looked up (DNS): check the network and the name, then retry.",
  },
  TimeoutError: {
    what: "no answer in time",
    next: "The Zelinqa API at ZELINQA_BASE_URL accepted no request within the timeout: check that it is not overloaded or stopped, then retry.",
  },
};

function connectionCause(error: Error): { what: string; next: string } | undefined {
  let current: unknown = error.cause;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1, current = current.cause) {
    const code = (current as NodeJS.ErrnoException).code;
    const found = CONNECTION_CAUSES[typeof code === "string" ? code : current.name];
    if (found) return found;
  }
  return undefined;
}

export function errorText(error: unknown, mode: Mode, scrubber: Scrubber): string {
  return scrubber.text(rawText(error, mode, scrubber));
}
