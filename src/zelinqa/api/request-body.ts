// The request body of §5.4, read once and checked before anything recursive touches it: a JSON Content-Type,
// strict UTF-8, a nesting depth bounded by a linear scan before JSON.parse, and no character PostgreSQL cannot
// store (NUL, lone surrogates) in any string, so both stores answer the same.
import type { RequestIssue } from "../contracts/index.js";
import { ApiError } from "./api-error.js";

/** Deeper bodies are refused before parsing; every later walk (zod, canonical JSON, clones) stays shallow. */
export const MAX_BODY_DEPTH = 64;

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** `application/json` or any `+json` type, parameters allowed (`; charset=utf-8`). */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

export function isJsonContentType(header: string | undefined): boolean {
  return header !== undefined && JSON_MEDIA_TYPE.test(header.trim());
}

/**
 * True when brackets nest deeper than `maxDepth` outside strings. It stops at the first excess, so a body of
 * nested brackets costs a few characters, and a wide body one pass of charCodeAt.
 */
export function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

// NUL is refused by PostgreSQL text; a lone surrogate has no UTF-8 form (the driver would silently alter it).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

function pointerSegment(segment: string | number): string {
  return "/" + String(segment).replace(/~/g, "~0").replace(/\//g, "~1");
}

/** The JSON Pointer of the first string (key or value) PostgreSQL cannot store, or null. Iterative. */
export function findUnstorableString(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: "" }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === "string") {
      if (!isStorableText(item.value)) return item.path;
    } else if (Array.isArray(item.value)) {
      item.value.forEach((v, i) => stack.push({ value: v, path: item.path + pointerSegment(i) }));
    } else if (typeof item.value === "object" && item.value !== null) {
      for (const [k, v] of Object.entries(item.value)) {
        const path = item.path + pointerSegment(k);
        if (!isStorableText(k)) return path;
        stack.push({ value: v, path });
      }
    }
  }
  return null;
}

const invalidJson = (message: string) => new ApiError("invalid_request", { issues: [{ path: "", message }] }, { variant: "invalid_json" });

export const unstorableIssue = (path: string): RequestIssue => ({ path, message: "contains NUL or an unpaired surrogate" });

/**
 * Decodes, checks and parses a POST body into a JSON object. `contentType` is the header as the client sent
 * it; an empty body needs none. Called after authentication (§5.5 step 4).
 */
export function parseJsonBody(input: { raw: Buffer | undefined; contentType: string | undefined; optional: boolean }): unknown {
  const bytes = input.raw ?? Buffer.alloc(0);
  if (bytes.length > 0 && !isJsonContentType(input.contentType)) {
    throw new ApiError(
      "invalid_request",
      { issues: [{ path: "header.Content-Type", message: "must be application/json" }] },
      { variant: "content_type" },
    );
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw invalidJson("the body is not valid UTF-8");
  }
  if (text.trim() === "" && input.optional) return {};
  if (exceedsJsonDepth(text, MAX_BODY_DEPTH)) throw invalidJson(`the body nests deeper than ${MAX_BODY_DEPTH} levels`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw invalidJson((error as Error).message);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw invalidJson("the body must be a JSON object");
  const bad = findUnstorableString(parsed);
  if (bad !== null) throw new ApiError("invalid_request", { issues: [unstorableIssue(bad)] });
  return parsed;
}
