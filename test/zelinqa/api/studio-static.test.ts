// [ext] The studio's static files at /studio (issue 15) on the real app: index.html for /studio/ and page paths,
// files with their types, year-long caching of hashed assets only, a CSP without external hosts on every answer,
// 404 for a missing asset or a path leaving the folder, and the "not built" page without a build.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BACKENDS, skipReason } from "../../support/zelinqa-databases.js";
import { startTestApp } from "../../support/zelinqa-app.js";
import type { InjectResult, TestApp } from "../../support/zelinqa-app.js";

const INDEX = '<!doctype html><html><head><script type="module" src="/studio/assets/index-AbCdEf12.js"></script></head></html>';

function assertSecured(r: InjectResult): void {
  const csp = String(r.headers["content-security-policy"]);
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.doesNotMatch(csp, /unsafe-inline|https?:|\*/);
  assert.equal(r.headers["x-content-type-options"], "nosniff");
  assert.equal(r.headers["referrer-policy"], "no-referrer");
}

for (const backend of BACKENDS) {
  void describe(`[ext] studio static files on ${backend}`, { skip: skipReason(backend) }, () => {
    let dir: string;
    let built: TestApp;
    let bare: TestApp;
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), "zelinqa-studio-"));
      mkdirSync(join(dir, "assets"));
      writeFileSync(join(dir, "index.html"), INDEX);
      writeFileSync(join(dir, "assets", "index-AbCdEf12.js"), "console.log('studio');\n");
      writeFileSync(join(dir, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      built = await startTestApp({ backend, options: { studioDir: dir, worker: false } });
      bare = await startTestApp({ backend, options: { studioDir: join(dir, "missing"), worker: false } });
    });
    after(async () => {
      await built.close();
      await bare.close();
      rmSync(dir, { recursive: true, force: true });
    });

    void it("redirects /studio to /studio/ and answers index.html there and on every page path", async () => {
      const redirect = await built.request("GET", "/studio");
      assert.equal(redirect.status, 301);
      assert.equal(redirect.headers.location, "/studio/");
      for (const path of ["/studio/", "/studio/conversations", "/studio/domains/dom_1/analytics"]) {
        const r = await built.request("GET", path);
        assert.equal(r.status, 200, path);
        assert.equal(r.text, INDEX);
        assert.match(String(r.headers["content-type"]), /^text\/html/);
        assert.equal(r.headers["cache-control"], "no-cache");
        assertSecured(r);
      }
    });

    void it("serves files with their type, caching only content-hashed assets for good", async () => {
      const js = await built.request("GET", "/studio/assets/index-AbCdEf12.js");
      assert.equal(js.status, 200);
      assert.match(String(js.headers["content-type"]), /javascript/);
      assert.equal(js.headers["cache-control"], "public, max-age=31536000, immutable");
      assertSecured(js);
      const icon = await built.request("GET", "/studio/favicon.svg");
      assert.equal(icon.status, 200);
      assert.equal(icon.headers["cache-control"], "no-cache");
    });

    void it("answers 404 for a missing asset and for paths leaving the folder", async () => {
      for (const path of [
        "/studio/assets/gone-12345678.js",
        "/studio/missing.css",
        "/studio/..%2fpackage.json",
        "/studio/%2e%2e/%2e%2e/etc/passwd",
      ]) {
        const r = await built.request("GET", path);
        assert.ok(r.status === 404 || (r.status === 200 && r.text === INDEX), `${path}: ${r.status}`);
        assert.doesNotMatch(r.text, /root:|"name"/);
      }
      assert.equal((await built.request("GET", "/studio/assets/gone-12345678.js")).status, 404);
    });

    void it("answers a path holding an encoded percent sign as any other path, never 500", async () => {
      // The router decodes the path once; a second decoding threw on `%25` and read `%252e%252e` as `..`.
      writeFileSync(join(dir, "100%.txt"), "percent\n");
      const file = await built.request("GET", "/studio/100%25.txt");
      assert.equal(file.status, 200);
      assert.equal(file.text, "percent\n");
      for (const path of ["/studio/%25", "/studio/%25E0", "/studio/assets/%25zz.js", "/studio/%252e%252e/%252e%252e/package.json"]) {
        const r = await built.request("GET", path);
        assert.ok(r.status === 404 || (r.status === 200 && r.text === INDEX), `${path}: ${r.status} ${r.text.slice(0, 80)}`);
        assertSecured(r);
      }
    });

    void it("says how to build the studio when dist/studio is missing, and the API is unaffected", async () => {
      const r = await bare.request("GET", "/studio/");
      assert.equal(r.status, 503);
      assert.match(r.text, /npm run build/);
      assertSecured(r);
      assert.equal((await bare.request("GET", "/v1/health")).status, 200);
    });
  });
}
