// Credentials inside `llm.base_url` (`user:password@`, `?key=`): never shown by `zino status` (text or --json),
// `zino ctx show` or ctx's masked get_config, and no obstacle to status's reachability probe.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { maskUrlCredentials, withoutUserinfo } from "../../../src/shared/url-credentials.js";
import { redactDatabaseUrl } from "../../../src/shared/database-url.js";
import { TEST_TOML, type CtxHarness, startCtx } from "../ctx/ctx-harness.js";
import { runInProcess } from "./cli-harness.js";

const SECRET = "sk-URLSECRET-789";

void describe("credentials in a model URL", () => {
  let model: Server;
  let port = 0;
  const paths: string[] = [];
  let ctx: CtxHarness;
  before(async () => {
    model = createServer((request, response) => {
      paths.push(request.url ?? "");
      response.writeHead(200, { "content-type": "application/json" }).end('{"data":[]}');
    });
    await new Promise<void>((resolve) => model.listen(0, "127.0.0.1", resolve));
    port = (model.address() as AddressInfo).port;
    const toml = TEST_TOML.replace('base_url = "http://127.0.0.1:11434/v1"', `base_url = "http://user:${SECRET}@127.0.0.1:${port}/v1"`);
    ctx = await startCtx({ toml });
  });
  after(async () => {
    await ctx.cleanup();
    await new Promise((resolve) => model.close(resolve));
  });

  void it("masks a URL's password, a lone user name and secret query values, and keeps the rest as written", () => {
    assert.equal(maskUrlCredentials(`http://user:${SECRET}@h:1/v1`), "http://user:***@h:1/v1");
    assert.equal(maskUrlCredentials(`https://${SECRET}@h/v1`), "https://***@h/v1");
    assert.equal(maskUrlCredentials(`http://h/v1?key=${SECRET}&x=1&api_key=a&token=b`), "http://h/v1?key=***&x=1&api_key=***&token=***");
    assert.equal(maskUrlCredentials("http://127.0.0.1:11434"), "http://127.0.0.1:11434");
    assert.equal(maskUrlCredentials(`not a url ?access_token=${SECRET}`), "not a url ?access_token=***");
    assert.equal(redactDatabaseUrl(`postgres://zadmin:${SECRET}@db/zino`), "postgres://zadmin:***@db/zino");
    assert.equal(redactDatabaseUrl("postgres://zadmin@db/zino"), "postgres://zadmin@db/zino");
    assert.equal(withoutUserinfo(`http://user:${SECRET}@h:1/v1?key=k`), "http://h:1/v1?key=k");
  });

  void it("zino status shows the model URL masked and calls a working endpoint with credentials reachable", async () => {
    const text = await runInProcess(["status"], { cwd: ctx.dir });
    assert.doesNotMatch(text.stdout + text.stderr, new RegExp(SECRET));
    assert.match(text.stdout, new RegExp(`^model\\s+test-model at http://user:\\*\\*\\*@127\\.0\\.0\\.1:${port}/v1: reachable$`, "m"));
    const json = await runInProcess(["status", "--json"], { cwd: ctx.dir });
    assert.doesNotMatch(json.stdout + json.stderr, new RegExp(SECRET));
    const report = JSON.parse(json.stdout) as { model: { base_url: string; reachable: boolean } };
    assert.deepEqual(report.model, {
      base_url: `http://user:***@127.0.0.1:${port}/v1`,
      model: "test-model",
      source: "ctx",
      reachable: true,
    });
    assert.ok(paths.includes("/v1/models"), `the probe reached the endpoint: ${paths.join(", ")}`);
  });

  void it("zino ctx show and ctx's get_config mask a key in the query; get_config with secrets keeps it", async () => {
    const url = `http://127.0.0.1:${port}/v1?key=${SECRET}`;
    const set = await runInProcess(["ctx", "set", "uk2", `llm.base_url=${url}`], { cwd: ctx.dir });
    assert.equal(set.code, 0, set.stderr);
    const show = await runInProcess(["ctx", "show", "uk2"], { cwd: ctx.dir });
    assert.equal(show.code, 0, show.stderr);
    assert.doesNotMatch(show.stdout, new RegExp(SECRET));
    assert.match(show.stdout, new RegExp(`"base_url": "http://127\\.0\\.0\\.1:${port}/v1\\?key=\\*\\*\\*"`));
    const masked = await ctx.request({ type: "get_config", ctxkey: "uk2" });
    assert.doesNotMatch(JSON.stringify(masked), new RegExp(SECRET));
    const clear = await ctx.request({ type: "get_config", ctxkey: "uk2", secrets: true });
    assert.equal((clear.config as { llm: { base_url: string } }).llm.base_url, url);
    const resent = await ctx.request({
      type: "set_config",
      ctxkey: "uk2",
      config: { llm: { base_url: `http://127.0.0.1:${port}/v1?key=***` } },
    });
    assert.equal(resent.type, "error", "the mask sent back is refused, not stored as the key");
    assert.match(String(resent.message), /mask get_config shows for a URL's credentials/);
  });
});
