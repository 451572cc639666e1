// Integer query parameters (`limit`) on a real `zelinqa serve` over HTTP: only plain decimal digits are a number in a
// query string. "0x10", "1e1", " 16", "+16", "16.0" or "" were read by Number() as 16, 10, 16, 16, 16 and 0 and
// accepted (or refused as "too small"); now each is a 400 invalid_request at query.<name> saying what to write,
// on every route that takes one.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../../../src/zelinqa/cli/run-cli.js";
import { corpusDocument } from "../../support/zelinqa-config-file.js";
import { createTestDatabase, type TestDatabase } from "../../support/zelinqa-databases.js";
import { startServe, type ServeProcess } from "../../support/zelinqa-processes.js";

const ROUTES = ["/v1/sessions", "/v1/configuration/questions", "/v1/configuration/audit"];
/** As written in the URL: hex, exponent, leading/trailing space, plus sign (encoded, and raw: read as a space), decimal
 * point, minus, empty, underscore, full-width digits. */
const BAD = ["0x10", "1e1", "%2016", "16%20", "%2B16", "+16", "16.0", "-16", "", "1_6", encodeURIComponent("１６")];

void describe("integer query parameters on a real zelinqa serve", () => {
  let dir: string;
  let database: TestDatabase;
  let server: ServeProcess;
  let key = "";

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "zelinqa-query-int-"));
    database = await createTestDatabase("sqlite");
    const flags = ["--sqlite-path", database.sqlitePath ?? ""];
    writeFileSync(join(dir, "corpus.json"), JSON.stringify(corpusDocument()));
    let stdout = "";
    const io = { env: {}, stdout: (s: string) => (stdout += s), stderr: () => undefined };
    assert.equal(await runCli(["config", "import", join(dir, "corpus.json"), "--publish", ...flags], io), 0);
    stdout = "";
    assert.equal(await runCli(["keys", "create", "--scopes", "runtime,configuration:read,configuration:publish", ...flags], io), 0);
    key = (JSON.parse(stdout) as { api_key: string }).api_key;
    server = await startServe(flags);
  });
  after(async () => {
    await server?.stop();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };

  void it("accepts plain digits, leading zeros included", async () => {
    for (const route of ROUTES) {
      for (const limit of ["16", "016", "1", "200"]) {
        const r = await get(`${route}?limit=${limit}`);
        assert.equal(r.status, 200, `${route}?limit=${limit}: ${JSON.stringify(r.json)}`);
      }
    }
  });

  void it("refuses every other spelling with a 400 at query.limit that says to use digits", async () => {
    for (const route of ROUTES) {
      for (const limit of BAD) {
        const r = await get(`${route}?limit=${limit}`);
        assert.equal(r.status, 400, `${route}?limit=${limit}: ${JSON.stringify(r.json)}`);
        assert.equal(r.json.code, "invalid_request");
        const issues = (r.json.details as { issues: Array<{ path: string; message: string }> }).issues;
        assert.deepEqual(
          issues.map((i) => i.path),
          ["query.limit"],
          `${route}?limit=${limit}`,
        );
        assert.match(issues[0]!.message, /digits 0-9 only, between 1 and 200/);
      }
      const twice = await get(`${route}?limit=16&limit=17`);
      assert.equal(twice.status, 400, JSON.stringify(twice.json));
    }
  });

  void it("still bounds digits: 0 and 201 are refused, and the server keeps serving", async () => {
    for (const limit of ["0", "201", "99999999999999999999999"]) {
      assert.equal((await get(`/v1/sessions?limit=${limit}`)).status, 400);
    }
    assert.equal((await get("/v1/sessions")).status, 200);
  });
});
