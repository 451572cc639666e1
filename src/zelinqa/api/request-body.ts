// The request body of docs/zelinqa-api.md §5.4, read once and checked before anything recursive touches it: a JSON Content-Type,
// strict UTF-8, a nesting depth bounded by a linear scan before JSON.parse, and no character PostgreSQL cannot
// store (NUL, lone surrogates) in any string, so both stores answer the same.
import type { RequestIssue } from "../contracts/index.js";
import { OperationError } from "../operations/index.js";
import { jsonShapeExcess } from "../../shared/json-shape.js";

/** Deeper bodies are refused before parsing; every later walk (zod, canonical JSON, clones) stays shallow. */
export const MAX_BODY_DEPTH = 64;

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** `application/json` or any `+json` type, parameters allowed (`; charset=utf-8`). */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;.*)?$/i;

export function isJsonContentType(header: string | undefined): boolean {
  return header !== undefined && JSON_MEDIA_TYPE.test(header.trim());
}

/** The `charset` parameter of a media type, lower-cased and unquoted; undefined without one. */
function charsetOf(mediaType: string): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(mediaType)?.[1]?.toLowerCase();
}

/**
 * The refusal of a body its headers rule out, or null. JSON between systems is UTF-8 (RFC 8259, section 8.1), so a
 * declared charset other than UTF-8 is refused rather than ignored; and the server decodes no content coding, so a
 * compressed body is refused with a message that says so, not as invalid UTF-8 or JSON.
 */
function bodyHeaderRefusal(contentType: string | undefined, contentEncoding: string | undefined): OperationError | null {
  const refusal = (issue: RequestIssue, variant?: string) =>
    new OperationError("invalid_request", { issues: [issue] }, variant === undefined ? {} : { variant });
  if (!isJsonContentType(contentType)) {
    return refusal({ path: "header.Content-Type", message: "must be application/json" }, "content_type");
  }
  const charset = charsetOf(contentType!);
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
    return refusal({ path: "header.Content-Type", message: "the charset must be utf-8" });
  }
  if (contentEncoding !== undefined && contentEncoding.trim().toLowerCase() !== "identity") {
    return refusal({ path: "header.Content-Encoding", message: "not supported: send the body uncompressed, without Content-Encoding" });
  }
  return null;
}

/**
 * What a route's body may cost to parse. JSON.parse time grows with the number of values (objects most of all),
 * not only with bytes: 2 MiB of `{},` takes over 100 ms. Counting containers and separators in the same linear
 * scan keeps the worst parse of a runtime body near a millisecond and of a configuration batch near ten.
 */
export interface BodyLimits {
  maxBytes: number;
  maxContainers: number;
  /** Commas and colons: about the number of values and keys. */
  maxSeparators: number;
}

/**
 * No valid body has an array or object of more than 500 members (`changes`, `excluded_question_ids`); refusing
 * longer ones before parsing spares the schema validation one issue per extra member.
 */
export const MAX_CONTAINER_MEMBERS = 1000;

/** The largest valid runtime body holds a few hundred containers (100 messages, 100 data items). */
export const RUNTIME_BODY_LIMITS: BodyLimits = { maxBytes: 256 * 1024, maxContainers: 4096, maxSeparators: 16_384 };
/** A full batch (500 changes of questions with 50 choices each) holds about 27,000 containers. */
export const CONFIGURATION_BODY_LIMITS: BodyLimits = { maxBytes: 2 * 1024 * 1024, maxContainers: 32_768, maxSeparators: 196_608 };

export function bodyLimitsFor(path: string): BodyLimits {
  return path.startsWith("/v1/configuration/") ? CONFIGURATION_BODY_LIMITS : RUNTIME_BODY_LIMITS;
}

/**
 * Why a JSON text is too costly to parse, or null: brackets nested deeper than MAX_BODY_DEPTH, more containers or
 * separators than allowed, or a container of more than MAX_CONTAINER_MEMBERS members, outside strings. The scan
 * (src/shared/json-shape.ts) stops at the first excess, so a body of nested brackets costs a few bytes.
 */
export function jsonShapeProblem(body: Buffer | string, limits: Pick<BodyLimits, "maxContainers" | "maxSeparators">): string | null {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  const excess = jsonShapeExcess(bytes, MAX_BODY_DEPTH, {
    maxContainers: limits.maxContainers,
    maxSeparators: limits.maxSeparators,
    maxMembers: MAX_CONTAINER_MEMBERS,
  });
  switch (excess) {
    case null:
      return null;
    case "depth":
      return `the body nests deeper than ${MAX_BODY_DEPTH} levels`;
    case "containers":
      return `the body holds more than ${limits.maxContainers} objects and arrays`;
    case "separators":
      return `the body holds more than ${limits.maxSeparators} values`;
    case "members":
      return `an array or object of the body has more than ${MAX_CONTAINER_MEMBERS} members`;
  }
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

const MAYBE_UNSTORABLE_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

const invalidJson = (message: string) =>
  new OperationError("invalid_request", { issues: [{ path: "", message }] }, { variant: "invalid_json" });

export const unstorableIssue = (path: string): RequestIssue => ({ path, message: "contains NUL or an unpaired surrogate" });

/**
 * Decodes, checks and parses a POST body into a JSON object. `contentType` is the header as the client sent
 * it; an empty body needs none. Called after authentication (docs/zelinqa-api.md §5.5 step 4).
 */
export function parseJsonBody(input: {
  raw: Buffer | undefined;
  contentType: string | undefined;
  /** The Content-Encoding header; a body with any coding but identity is refused. */
  contentEncoding?: string | undefined;
  optional: boolean;
  limits: BodyLimits;
}): unknown {
  const bytes = input.raw ?? Buffer.alloc(0);
  const refusal = bytes.length > 0 ? bodyHeaderRefusal(input.contentType, input.contentEncoding) : null;
  if (refusal) throw refusal;
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw invalidJson("the body is not valid UTF-8");
  }
  if (text.trim() === "" && input.optional) return {};
  const problem = jsonShapeProblem(bytes, input.limits);
  if (problem !== null) throw invalidJson(problem);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw invalidJson((error as Error).message);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw invalidJson("the body must be a JSON object");
  // In a valid JSON text NUL and surrogates can only be escapes (strict UTF-8 has no surrogates, JSON no raw
  // control characters): only a text holding such an escape needs the walk, which builds JSON Pointers.
  const bad = MAYBE_UNSTORABLE_ESCAPE.test(text) ? findUnstorableString(parsed) : null;
  if (bad !== null) throw new OperationError("invalid_request", { issues: [unstorableIssue(bad)] });
  return parsed;
}
