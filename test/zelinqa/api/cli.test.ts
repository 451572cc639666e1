// The `zelinqa` command of docs/zelinqa-api.md §2.1: domains, keys (printed once), config import/export, database flags in any
// position, and exit codes 0/1/2. Mostly in-process through runCli; a few real processes check the streams.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { hashApiKey } from "../../../src/zelinqa/operations/index.js";
import { runCli } from "../../../src/zelinqa/cli/run-cli.js";
import { startServer } from "../../../src/zelinqa/api/server.js";
import { resolveServerConfig } from "../../../src/zelinqa/api/server-config.js";
import { DEFAULT_DATABASE_POOL_SIZE } from "../../../src/zelinqa/store/index.js";
import { Client } from "undici";
import pino from "pino";
import { openStore } from "../../../src/zelinqa/store/index.js";
import { runZelinqa } from "../../support/zelinqa-processes.js";
import { corpusDocument } from "../../support/zelinqa-config-file.js";

async function cli(args: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, { env, stdout: (s) => (stdout += s), stderr: (s) => (stderr += s) });
  return { code, stdout, stderr };
}

void describe("zelinqa CLI", () => {
  let dir: string;
  let db: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "zelinqa-cli-"));
    db = join(dir, "z.sqlite");
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  void it("creates a default domain with the first key and prints the key once as JSON", async () => {
    const r = await cli(["keys", "create", "--sqlite-path", db, "--scopes", "runtime", "--label", "demo"]);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trim().split("\n");
    assert.equal(lines.length, 1);
    const printed = JSON.parse(lines[0]!) as Record<string, unknown>;
    assert.deepEqual(Object.keys(printed), ["key_id", "api_key", "domain_id", "scopes", "expires_at"]);
    assert.match(printed.api_key as string, /^nbq_live_[A-Za-z0-9_-]{43}$/);
    assert.match(printed.key_id as string, /^key_[a-z0-9]{12}$/);
    assert.deepEqual(printed.scopes, ["runtime"]);
    assert.match(r.stderr, /cannot be shown again/);
    const store = openStore({ sqlitePath: db });
    try {
      const keys = await store.listApiKeys();
      assert.equal(keys[0]?.keyHash, hashApiKey(printed.api_key as string));
      assert.equal((await store.listDomains())[0]?.name, "default");
    } finally {
      await store.close();
    }
    const list = await cli(["keys", "list", "--sqlite-path", db]);
    assert.ok(!list.stdout.includes(printed.api_key as string));
    assert.deepEqual(Object.keys(JSON.parse(list.stdout.trim()) as object), [
      "key_id",
      "label",
      "domain_id",
      "scopes",
      "created_at",
      "expires_at",
      "revoked_at",
    ]);
    const revoke = await cli(["keys", "revoke", "--sqlite-path", db, printed.key_id as string]);
    assert.equal(revoke.code, 0, revoke.stderr);
    const after = JSON.parse((await cli(["keys", "list", "--sqlite-path", db])).stdout.trim()) as { revoked_at: string | null };
    assert.ok(after.revoked_at);
  });

  void it("requires --domain when several domains exist, and rejects unknown scopes, as usage errors", async () => {
    const created = await cli(["domains", "create", "--name", "Second", "--organization", "acme", "--sqlite-path", db]);
    assert.equal(created.code, 0, created.stderr);
    const domain = JSON.parse(created.stdout) as { domain_id: string; name: string; organization: string };
    assert.deepEqual([domain.name, domain.organization], ["Second", "acme"]);
    assert.match(domain.domain_id, /^dom_/);
    const ambiguous = await cli(["keys", "create", "--scopes", "runtime", "--sqlite-path", db]);
    assert.equal(ambiguous.code, 2);
    // The message names the domains and their ids, so the person can pick one without another command.
    assert.match(
      ambiguous.stderr,
      new RegExp(
        `^zelinqa: several domains exist: .*Second \\(--domain ${domain.domain_id}\\).*; pass --domain with the id of the one you mean$`,
        "m",
      ),
    );
    assert.equal((await cli(["keys", "create", "--scopes", "runtime,root", "--domain", domain.domain_id, "--sqlite-path", db])).code, 2);
    assert.equal(
      (await cli(["keys", "create", "--scopes", "runtime", "--domain", domain.domain_id, "--expires-at", "soon", "--sqlite-path", db]))
        .code,
      2,
    );
    const past = await cli([
      "keys",
      "create",
      "--scopes",
      "runtime",
      "--domain",
      domain.domain_id,
      "--expires-at",
      "2001-01-01",
      "--sqlite-path",
      db,
    ]);
    assert.equal(past.code, 2, past.stderr);
    assert.equal(past.stdout, "", "no key printed");
    assert.match(
      past.stderr,
      /^zelinqa: --expires-at 2001-01-01T00:00:00\.000Z is not in the future \(now [^)]+\): give a later date, or leave it out/,
    );
    const bogus = await cli(["keys", "create", "--scopes", "bogus", "--domain", domain.domain_id, "--sqlite-path", db]);
    assert.equal(bogus.code, 2);
    assert.match(
      bogus.stderr,
      /^zelinqa: unknown scope bogus: the scopes are runtime, configuration:read, configuration:write, configuration:publish, admin\n/,
    );
    const ok = await cli([
      "keys",
      "create",
      "--scopes",
      "configuration:read,runtime",
      "--domain",
      domain.domain_id,
      "--expires-at",
      "2030-01-01T00:00:00Z",
      "--sqlite-path",
      db,
    ]);
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal((JSON.parse(ok.stdout) as { expires_at: string }).expires_at, "2030-01-01T00:00:00.000Z");
    const listed = (await cli(["domains", "list", "--sqlite-path", db])).stdout.trim().split("\n");
    assert.equal(listed.length, 2);
    assert.equal((await cli(["keys", "revoke", "key_unknown", "--sqlite-path", db])).code, 2);
  });

  void it("imports a whole configuration as one batch, publishes it and exports it as JSON or YAML", async () => {
    const fresh = join(dir, "import.sqlite");
    const file = join(dir, "corpus.json");
    writeFileSync(file, JSON.stringify(corpusDocument()));
    const imported = await cli(["config", "import", file, "--publish", "--sqlite-path", fresh]);
    assert.equal(imported.code, 0, imported.stderr);
    const summary = JSON.parse(imported.stdout) as Record<string, unknown>;
    assert.equal(summary.applied, 13);
    assert.equal(summary.configuration_version, "cfg_00001");
    const again = await cli(["config", "import", file, "--sqlite-path", fresh]);
    assert.equal(again.code, 0, again.stderr);
    assert.equal((JSON.parse(again.stdout) as { draft_revision: number }).draft_revision, 2);
    const yaml = await cli(["config", "export", "--format", "yaml", "--sqlite-path", fresh]);
    assert.equal(yaml.code, 0, yaml.stderr);
    const doc = parseYaml(yaml.stdout) as { objective: { name: string }; questions: Array<{ id: string }> };
    assert.equal(doc.objective.name, "SDK MCP V1 Recette");
    assert.equal(doc.questions.length, 5);
    const yamlFile = join(dir, "corpus.yaml");
    writeFileSync(yamlFile, yaml.stdout);
    const reimport = await cli(["config", "import", yamlFile, "--sqlite-path", fresh]);
    assert.equal(reimport.code, 0, reimport.stderr);
    const json = await cli(["config", "export", "--sqlite-path", fresh]);
    assert.deepEqual((JSON.parse(json.stdout) as { domain: unknown }).domain, { name: "default" });
    const broken = join(dir, "broken.json");
    writeFileSync(broken, "{nope");
    assert.equal((await cli(["config", "import", broken, "--sqlite-path", fresh])).code, 2);
    const unterminated = join(dir, "unterminated.json");
    writeFileSync(unterminated, '{\n  "questions": [\n    {"id": "q, "text": 1}]}');
    const syntax = await cli(["config", "import", unterminated, "--sqlite-path", fresh]);
    assert.equal(syntax.code, 2);
    assert.match(syntax.stderr, /^zelinqa: .*unterminated\.json:3:\d+: /, "the file, line and column, not a character offset");
    assert.doesNotMatch(syntax.stderr, /at position/);
    assert.equal((await cli(["config", "import", join(dir, "missing.json"), "--sqlite-path", fresh])).code, 2);
    const invalid = join(dir, "invalid.json");
    writeFileSync(invalid, JSON.stringify({ questions: [{ id: "q", text: "Q?", type: "open", dimension_id: "nowhere" }] }));
    // A configuration the file describes wrongly is a usage error, as a schema error is; one readable line per issue.
    const blocked = await cli(["config", "import", invalid, "--sqlite-path", fresh]);
    assert.equal(blocked.code, 2, blocked.stderr);
    assert.match(
      blocked.stderr,
      /^zelinqa: the configuration has blocking issues, nothing was imported:\n {2}changes\.0 question q: unknown_reference: .*nowhere/,
    );
    assert.doesNotMatch(blocked.stderr, /\[\{/, "no raw JSON array");
  });

  void it("names the SQLite file it cannot open and says what to do, exit 2", async () => {
    writeFileSync(join(dir, "afile"), "");
    for (const path of [join(dir, "no", "such", "dir", "z.sqlite"), join(dir, "afile", "z.sqlite")]) {
      const r = await cli(["keys", "create", "--sqlite-path", path, "--scopes", "runtime"]);
      assert.equal(r.code, 2, r.stderr);
      assert.equal(r.stdout, "", "no key printed");
      assert.match(
        r.stderr,
        new RegExp(`^zelinqa: cannot open the SQLite database ${path.replace(/[.]/g, "\\.")}: .*; check that its folder exists`),
      );
    }
  });

  void it("imports the sample change batch examples/zelinqa/furniture.json twice and publishes it", async () => {
    const furniture = join(dir, "furniture.sqlite");
    const sample = new URL("../../../examples/zelinqa/furniture.json", import.meta.url).pathname;
    const first = await cli(["config", "import", sample, "--publish", "--sqlite-path", furniture]);
    assert.equal(first.code, 0, first.stderr);
    assert.equal((JSON.parse(first.stdout) as { configuration_version: string }).configuration_version, "cfg_00001");
    const second = await cli(["config", "import", sample, "--publish", "--sqlite-path", furniture]);
    assert.equal(second.code, 0, second.stderr);
    assert.equal((JSON.parse(second.stdout) as { configuration_version: string }).configuration_version, "cfg_00002");
    // U24: synonyms travel through import and export.
    const exported = JSON.parse((await cli(["config", "export", "--sqlite-path", furniture])).stdout) as {
      questions: Array<{ id: string; choices: Array<{ id: string; synonyms?: string[] }> }>;
      success_informations: Array<{ id: string; synonyms?: Record<string, string[]> }>;
    };
    const canape = exported.questions.find((q) => q.id === "fur_q_piece")?.choices.find((c) => c.id === "fur_c_canape");
    assert.ok(canape?.synonyms?.includes("sofa"));
    assert.ok(exported.success_informations.find((s) => s.id === "fur_financing")?.synonyms?.false?.includes("comptant"));
  });

  void it("reads the database from the environment and refuses a non-PostgreSQL URL as a usage error", async () => {
    const viaEnv = await cli(["domains", "list"], { ZELINQA_SQLITE_PATH: db });
    assert.equal(viaEnv.code, 0);
    assert.equal(viaEnv.stdout.trim().split("\n").length, 2);
    assert.equal((await cli(["migrate", "--database-url", "mysql://x"])).code, 2);
  });

  void it("serves on a Unix socket with --socket, configured from flags over the environment", async () => {
    const socketPath = join(dir, "zelinqa.sock");
    // A socket file left behind by a killed process is replaced.
    const stale = spawn(
      process.execPath,
      ["-e", `require("net").createServer().listen(${JSON.stringify(socketPath)}, () => console.log("up"))`],
      { stdio: ["ignore", "pipe", "ignore"] },
    );
    await new Promise((resolve) => stale.stdout.once("data", resolve));
    stale.kill("SIGKILL");
    await new Promise((resolve) => stale.once("exit", resolve));
    const config = resolveServerConfig(
      { ZELINQA_SQLITE_PATH: join(dir, "socket.sqlite"), ZELINQA_LOG_LEVEL: "error", ZELINQA_PORT: "1" },
      { socket: socketPath, logLevel: "warn" },
    );
    assert.equal(config.logLevel, "warn");
    const server = await startServer(config, pino({ level: "silent" }));
    const client = new Client("http://localhost", { socketPath });
    try {
      const response = await client.request({ path: "/v1/health", method: "GET" });
      assert.equal(response.statusCode, 200);
      assert.equal(await response.body.text(), '{"status":"ok","nbq_version":"1.0.0"}');
    } finally {
      await client.close();
      await server.close();
    }
    assert.throws(() => resolveServerConfig({ ZELINQA_LOG_LEVEL: "loud" }, {}));
    assert.throws(() => resolveServerConfig({ ZELINQA_MODEL_BASE_URL: "http://model" }, {}));
    assert.throws(() => resolveServerConfig({}, { port: "http" }));
    assert.equal(resolveServerConfig({ ZELINQA_MODEL_BASE_URL: "http://model", ZELINQA_MODEL_NAME: "m" }, {}).model?.timeoutMs, 8000);
    // One pool-size default (deploy/zelinqa-postgres.md §"Pool sizes"), which ZELINQA_DATABASE_POOL_SIZE overrides.
    assert.equal(resolveServerConfig({}, {}).databasePoolSize, DEFAULT_DATABASE_POOL_SIZE);
    assert.equal(DEFAULT_DATABASE_POOL_SIZE, 8);
    assert.equal(resolveServerConfig({ ZELINQA_DATABASE_POOL_SIZE: "3" }, {}).databasePoolSize, 3);
    assert.throws(() => resolveServerConfig({ ZELINQA_DATABASE_POOL_SIZE: "0" }, {}), /ZELINQA_DATABASE_POOL_SIZE must be an integer/);
  });

  void it("exits 0, 1 and 2 as a real process, keeping stdout to the JSON result", async () => {
    const usage = await runZelinqa(["keys", "create", "--sqlite-path", db]);
    assert.equal(usage.code, 2);
    assert.equal(usage.stdout, "");
    const unknownCommand = await runZelinqa(["frobnicate"]);
    assert.equal(unknownCommand.code, 2);
    const unreachable = await runZelinqa(["migrate", "--database-url", "postgres://127.0.0.1:1/none"]);
    assert.equal(unreachable.code, 1);
    const migrate = await runZelinqa(["migrate", "--sqlite-path", join(dir, "p.sqlite")]);
    assert.equal(migrate.code, 0, migrate.stderr);
  });
});
