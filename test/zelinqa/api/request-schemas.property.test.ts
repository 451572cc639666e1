// Property tests (fast-check) of the HTTP request layer (issue 11 item 7): the pre-parse scan, the body parser,
// the closed request schemas with their docs/zelinqa-api.md §5.4 error mapping, and the canonical JSON of the fingerprint.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  ConfigurationChangesRequestSchema,
  ConversionRequestSchema,
  FeedbackRequestSchema,
  LegacyNextRequestSchema,
  NextRequestSchema,
  PublishRequestSchema,
  SessionCreateRequestSchema,
  SessionEventsRequestSchema,
} from "../../../src/zelinqa/contracts/index.js";
import { OperationError } from "../../../src/zelinqa/operations/index.js";
import { canonicalJson } from "../../../src/zelinqa/api/idempotency.js";
import {
  CONFIGURATION_BODY_LIMITS,
  MAX_BODY_DEPTH,
  RUNTIME_BODY_LIMITS,
  findUnstorableString,
  jsonShapeProblem,
  parseJsonBody,
} from "../../../src/zelinqa/api/request-body.js";
import { bodyValidationError } from "../../../src/zelinqa/api/request-issues.js";

const RUNS = { numRuns: 300 };

const SCHEMAS = {
  createSession: { schema: SessionCreateRequestSchema, runtime: true },
  nextQuestions: { schema: NextRequestSchema, runtime: true },
  applySessionEvents: { schema: SessionEventsRequestSchema, runtime: true },
  submitSessionFeedback: { schema: FeedbackRequestSchema, runtime: true },
  applyConfigurationChanges: { schema: ConfigurationChangesRequestSchema, runtime: false },
  publishConfiguration: { schema: PublishRequestSchema, runtime: false },
  nextQuestionsLegacy: { schema: LegacyNextRequestSchema, runtime: false },
  conversionLegacy: { schema: ConversionRequestSchema, runtime: true },
} as const;

/** Well-formed text only: NUL and lone surrogates have their own property. */
const storable = fc.string({ unit: "grapheme", maxLength: 12 }).filter((s) => !s.includes("\u0000"));
const jsonLeaf = fc.oneof(storable, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, jsonLeaf, tie("array"), tie("object")),
  array: fc.array(tie("value"), { maxLength: 5 }),
  object: fc.dictionary(storable, tie("value"), { maxKeys: 5 }),
})).value;
const jsonObject = fc.dictionary(storable, json, { maxKeys: 6 });

function depthOf(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

function wrap(value: unknown, levels: number, asArray: boolean): unknown {
  let out = value;
  for (let i = 0; i < levels; i += 1) out = asArray ? [out] : { k: out };
  return out;
}

const parse = (text: string, limits = RUNTIME_BODY_LIMITS) =>
  parseJsonBody({ raw: Buffer.from(text, "utf8"), contentType: "application/json; charset=utf-8", optional: false, limits });

void describe("request layer properties", () => {
  void it("the pre-parse scan reports excess depth exactly when the value nests deeper than 64 levels", () => {
    fc.assert(
      fc.property(json, fc.integer({ min: 0, max: 80 }), fc.boolean(), (value, levels, asArray) => {
        const wrapped = wrap(value, levels, asArray);
        const problem = jsonShapeProblem(JSON.stringify(wrapped), CONFIGURATION_BODY_LIMITS);
        assert.equal(problem !== null && problem.includes("deeper"), depthOf(wrapped) > MAX_BODY_DEPTH);
      }),
      RUNS,
    );
  });

  void it("brackets and quotes inside strings never count as nesting", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("[", "{", "]", "}", '"', "\\", ",", ":", "a") }), (text) => {
        assert.equal(jsonShapeProblem(JSON.stringify({ text }), RUNTIME_BODY_LIMITS), null);
      }),
      RUNS,
    );
  });

  void it("any storable JSON object within the limits parses back to itself", () => {
    fc.assert(
      fc.property(jsonObject, (value) => {
        assert.deepEqual(parse(JSON.stringify(value)), JSON.parse(JSON.stringify(value)));
      }),
      RUNS,
    );
  });

  void it("a NUL or an unpaired surrogate anywhere is refused with invalid_request and its JSON Pointer", () => {
    const bad = fc.constantFrom("\u0000", "\ud800", "\udfff", "a\udc00b", "\ud83d");
    fc.assert(
      fc.property(
        jsonObject,
        fc.array(fc.constantFrom("a", "b/c", "~", "0"), { minLength: 1, maxLength: 4 }),
        bad,
        fc.boolean(),
        (base, path, text, inKey) => {
          const value: Record<string, unknown> = { ...base };
          let cursor = value;
          for (const segment of path.slice(0, -1)) {
            const next: Record<string, unknown> = {};
            cursor[segment] = next;
            cursor = next;
          }
          const last = path[path.length - 1]!;
          if (inKey) cursor[last + text] = 1;
          else cursor[last] = text;
          const found = findUnstorableString(value);
          assert.ok(found !== null);
          try {
            parse(JSON.stringify(value));
            assert.fail("accepted");
          } catch (error) {
            assert.ok(error instanceof OperationError);
            assert.equal(error.code, "invalid_request");
            assert.deepEqual(error.details, { issues: [{ path: found, message: "contains NUL or an unpaired surrogate" }] });
          }
        },
      ),
      RUNS,
    );
  });

  void it("any non-object JSON body, or a body that is not JSON, is invalid_request and never another error", () => {
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      json.map((v) => JSON.stringify(v)),
      jsonObject.map((v) => JSON.stringify(v).slice(0, -1)),
    );
    fc.assert(
      fc.property(text, (body) => {
        try {
          const parsed = parse(body);
          assert.equal(typeof parsed, "object");
          assert.ok(parsed !== null && !Array.isArray(parsed));
        } catch (error) {
          assert.ok(error instanceof OperationError, String(error));
          assert.equal(error.code, "invalid_request");
        }
      }),
      RUNS,
    );
  });

  void it("every request schema is closed: an unknown top-level field is reported at its JSON Pointer", () => {
    const names = Object.keys(SCHEMAS) as Array<keyof typeof SCHEMAS>;
    fc.assert(
      fc.property(fc.constantFrom(...names), jsonObject, storable, json, (name, body, extra, value) => {
        const { schema } = SCHEMAS[name];
        const key = `x_${extra}`;
        const result = schema.safeParse({ ...body, [key]: value });
        assert.equal(result.success, false);
      }),
      RUNS,
    );
  });

  void it("a schema violation always maps to a docs/zelinqa-api.md §5.4 envelope with JSON-Pointer issues", () => {
    const names = Object.keys(SCHEMAS) as Array<keyof typeof SCHEMAS>;
    const pointer = /^(|(\/([^~/]|~0|~1)*)+)$/;
    fc.assert(
      fc.property(fc.constantFrom(...names), jsonObject, (name, body) => {
        const { schema, runtime } = SCHEMAS[name];
        const result = schema.safeParse(body);
        if (result.success) return;
        const error = bodyValidationError(result.error, body, runtime);
        assert.ok(["invalid_request", "invalid_previous_turn", "invalid_choice"].includes(error.code), error.code);
        if (!runtime) assert.equal(error.code, "invalid_request");
        const issues = (error.details as { issues: Array<{ path: string; message: string }> }).issues;
        assert.ok(issues.length > 0);
        for (const issue of issues) {
          assert.match(issue.path, pointer);
          assert.equal(typeof issue.message, "string");
        }
      }),
      RUNS,
    );
  });

  void it("the canonical JSON of the fingerprint ignores key order and keeps the value", () => {
    const reorder = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(reorder);
      if (typeof value === "object" && value !== null)
        return Object.fromEntries(
          Object.entries(value)
            .reverse()
            .map(([k, v]) => [k, reorder(v)]),
        );
      return value;
    };
    fc.assert(
      fc.property(json, (value) => {
        const canonical = canonicalJson(value);
        assert.equal(canonicalJson(reorder(value)), canonical);
        assert.deepEqual(JSON.parse(canonical), JSON.parse(JSON.stringify(value)));
      }),
      RUNS,
    );
  });
});
