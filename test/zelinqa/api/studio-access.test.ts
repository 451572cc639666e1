// [ext] The studio's identity and access routes (issue 15) on the real app over HTTP, on SQLite and PostgreSQL:
// `GET /v1/whoami`, the `admin` scope's domains and short-lived keys, and the one-time sign-in code.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createIdGenerator, mintSignInCode, SIGN_IN_SCOPES } from "../../../src/zelinqa/operations/index.js";
import { BACKENDS, skipReason } from "../../support/zelinqa-databases.js";
import { newIdempotencyKey, startTestApp } from "../../support/zelinqa-app.js";
import type { InjectResult, TestApp } from "../../support/zelinqa-app.js";

function assertScopeRefusal(r: InjectResult, required: string[]): void {
  assert.equal(r.status, 403, r.text);
  assert.equal(r.json.code, "insufficient_scope");
  assert.deepEqual((r.json.details as { required_scopes: string[] }).required_scopes, required);
}

function assertInvalid(r: InjectResult, path: string): void {
  assert.equal(r.status, 400, r.text);
  assert.equal(r.json.code, "invalid_request");
  const issues = (r.json.details as { issues: Array<{ path: string }> }).issues;
  assert.ok(
    issues.some((i) => i.path === path),
    `expected an issue at ${path}: ${r.text}`,
  );
}

for (const backend of BACKENDS) {
  void describe(`[ext] studio identity and domains on ${backend}`, { skip: skipReason(backend) }, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ backend });
    });
    after(async () => t.close());

    void it("whoami describes the calling key, its domain, scopes and the locale", async () => {
      const r = await t.request("GET", "/v1/whoami", { key: "runtime" });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(Object.keys(r.json), [
        "request_id",
        "key_id",
        "domain_id",
        "domain",
        "organization",
        "scopes",
        "locale",
        "expires_at",
      ]);
      assert.equal(r.json.key_id, t.keyIds.runtime);
      assert.equal(r.json.domain_id, t.domainId);
      assert.deepEqual(r.json.scopes, ["runtime"]);
      assert.equal(r.json.locale, "en");
      assert.equal(r.json.expires_at, null);
      assert.equal((await t.request("GET", "/v1/whoami", { key: null })).status, 401);
      assert.equal((await t.request("GET", "/v1/whoami", { key: "revoked" })).status, 403);
    });

    void it("documents every studio route in the OpenAPI document", async () => {
      const r = await t.request("GET", "/docs/json");
      assert.equal(r.status, 200);
      const paths = r.json.paths as Record<string, Record<string, { operationId?: string }>>;
      const operations = Object.values(paths).flatMap((methods) => Object.values(methods).map((m) => m.operationId));
      for (const id of [
        "whoami",
        "listDomains",
        "createDomain",
        "createDomainSessionKey",
        "studioSignIn",
        "listSessions",
        "getSessionTranscript",
        "getAnalyticsChart",
        "getConfigurationIssues",
      ]) {
        assert.ok(operations.includes(id), `${id} is documented`);
      }
      assert.ok(!Object.keys(paths).some((p) => p.startsWith("/studio")), "the static files stay out of the API document");
    });

    void it("refuses the domain routes to a key without admin with insufficient_scope", async () => {
      assertScopeRefusal(await t.request("GET", "/v1/domains", { key: "all" }), ["admin"]);
      assertScopeRefusal(await t.request("POST", "/v1/domains", { key: "runtime", body: { name: "x" } }), ["admin"]);
      assertScopeRefusal(await t.request("POST", `/v1/domains/${t.domainId}/session-keys`, { key: "manage", body: {} }), ["admin"]);
    });

    void it("creates a domain in the organisation and lists it, with the name's limits", async () => {
      assertInvalid(await t.request("POST", "/v1/domains", { key: "admin", body: {} }), "/name");
      assertInvalid(await t.request("POST", "/v1/domains", { key: "admin", body: { name: "   " } }), "/name");
      assertInvalid(await t.request("POST", "/v1/domains", { key: "admin", body: { name: "x".repeat(201) } }), "/name");
      assertInvalid(await t.request("POST", "/v1/domains", { key: "admin", body: { name: "ok", extra: 1 } }), "/extra");
      const idem = newIdempotencyKey();
      const created = await t.request("POST", "/v1/domains", { key: "admin", body: { name: " Mobilier " }, idempotencyKey: idem });
      assert.equal(created.status, 201, created.text);
      assert.equal(created.json.name, "Mobilier");
      assert.equal(created.json.published_version, null);
      const replay = await t.request("POST", "/v1/domains", { key: "admin", body: { name: " Mobilier " }, idempotencyKey: idem });
      assert.equal(replay.text, created.text);
      const list = await t.request("GET", "/v1/domains", { key: "admin" });
      assert.equal(list.status, 200, list.text);
      const domains = list.json.domains as Array<{ domain_id: string; name: string }>;
      assert.deepEqual(
        domains.map((d) => d.domain_id),
        [t.domainId, created.json.domain_id],
      );
    });

    void it("issues a short-lived key on a domain of the organisation, never with more scopes than the caller", async () => {
      const other = await t.request("POST", "/v1/domains", { key: "admin", body: { name: "Autre" } });
      const domainId = other.json.domain_id as string;
      const issued = await t.request("POST", `/v1/domains/${domainId}/session-keys`, { key: "admin", body: { ttl_seconds: 600 } });
      assert.equal(issued.status, 201, issued.text);
      assert.deepEqual(issued.json.scopes, ["runtime", "configuration:read", "configuration:write", "configuration:publish"]);
      const expires = Date.parse(issued.json.expires_at as string) - Date.now();
      assert.ok(expires > 590_000 && expires <= 600_000, String(expires));
      const me = await t.request("GET", "/v1/whoami", { key: issued.json.api_key as string });
      assert.equal(me.json.domain_id, domainId);
      assert.equal(me.json.expires_at, issued.json.expires_at);

      const unknown = await t.request("POST", "/v1/domains/dom_nope/session-keys", { key: "admin", body: {} });
      assert.equal(unknown.status, 404, unknown.text);
      assert.equal(unknown.json.code, "unknown_domain");
      assertInvalid(
        await t.request("POST", `/v1/domains/${domainId}/session-keys`, { key: "admin", body: { ttl_seconds: 59 } }),
        "/ttl_seconds",
      );
      assertInvalid(
        await t.request("POST", `/v1/domains/${domainId}/session-keys`, { key: "admin", body: { ttl_seconds: 86_401 } }),
        "/ttl_seconds",
      );
      assertInvalid(
        await t.request("POST", `/v1/domains/${domainId}/session-keys`, { key: "admin", body: { scopes: ["root"] } }),
        "/scopes/0",
      );
      // A key never outlives the key that issued it: a 10-minute admin key cannot mint a day-long one.
      const shortAdmin = await t.request("POST", `/v1/domains/${domainId}/session-keys`, {
        key: "admin",
        body: { scopes: ["admin", "runtime"], ttl_seconds: 600 },
      });
      assert.equal(shortAdmin.status, 201, shortAdmin.text);
      const longChild = await t.request("POST", `/v1/domains/${domainId}/session-keys`, {
        key: shortAdmin.json.api_key as string,
        body: { scopes: ["runtime"], ttl_seconds: 86_400 },
      });
      assert.equal(longChild.status, 201, longChild.text);
      assert.equal(longChild.json.expires_at, shortAdmin.json.expires_at);
      const narrow = await t.request("POST", `/v1/domains/${domainId}/session-keys`, { key: "admin", body: { scopes: ["runtime"] } });
      assert.equal(narrow.status, 201, narrow.text);
      const escalate = await t.request("POST", `/v1/domains/${domainId}/session-keys`, {
        key: narrow.json.api_key as string,
        body: {},
      });
      assertScopeRefusal(escalate, ["admin"]);
    });
  });

  void describe(`[ext] studio sign-in code on ${backend}`, { skip: skipReason(backend) }, () => {
    let t: TestApp;
    let clockMs = Date.now();
    before(async () => {
      t = await startTestApp({ backend, options: { clock: { now: () => new Date(clockMs) } } });
    });
    after(async () => t.close());
    const mint = () => mintSignInCode({ store: t.store, ids: createIdGenerator() }, { domainId: t.domainId, now: new Date(clockMs) });
    const signIn = (body: unknown, headers: Record<string, string> = {}) =>
      t.request("POST", "/v1/studio/sign-in", { key: null, body, headers: { "x-forwarded-for": "ignored", ...headers } });

    void it("exchanges a code once for a 12-hour key with the studio's scopes", async () => {
      const code = await mint();
      const r = await signIn({ code });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(Object.keys(r.json), ["request_id", "api_key", "key_id", "domain_id", "scopes", "expires_at"]);
      assert.deepEqual(r.json.scopes, [...SIGN_IN_SCOPES]);
      assert.equal(Date.parse(r.json.expires_at as string) - clockMs, 12 * 3600 * 1000);
      const me = await t.request("GET", "/v1/whoami", { key: r.json.api_key as string });
      assert.equal(me.status, 200, me.text);
      const again = await signIn({ code });
      assert.equal(again.status, 401, again.text);
      assert.equal(again.json.code, "invalid_sign_in_code");
      assert.match(again.json.message as string, /zelinqa studio-link/);
    });

    void it("refuses an expired or unknown code and a malformed body", async () => {
      const code = await mint();
      clockMs += 10 * 60 * 1000;
      assert.equal((await signIn({ code })).json.code, "invalid_sign_in_code");
      assert.equal((await signIn({ code: "nope" })).json.code, "invalid_sign_in_code");
      assertInvalid(await signIn({}), "/code");
      assertInvalid(await signIn({ code: "x".repeat(129) }), "/code");
      const raw = await t.request("POST", "/v1/studio/sign-in", {
        key: null,
        rawBody: "{",
        headers: { "content-type": "application/json" },
      });
      assert.equal(raw.status, 400, raw.text);
      const codes = await t.store.listApiKeys(t.domainId);
      assert.equal(codes.filter((k) => k.label === "studio sign-in").length, 1);
    });

    void it("limits the attempts of one address per minute", async () => {
      clockMs = Math.ceil(clockMs / 60_000) * 60_000 + 60_000;
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) statuses.push((await signIn({ code: `guess-${i}` })).status);
      assert.deepEqual(statuses, [...Array<number>(10).fill(401), 429]);
      const limited = await signIn({ code: "guess" });
      assert.ok(Number(limited.headers["retry-after"]) >= 1);
    });
  });
}
