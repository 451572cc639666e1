// [ext] The studio's command-line side (issue 15): `zelinqa keys create` accepts the admin scope, `zelinqa serve`
// prints the studio's address on stderr (with a one-time code on a loopback address only), and
// `zelinqa studio-link` mints a fresh code that a running server exchanges once for a key.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../../../src/zelinqa/cli/run-cli.js";
import { isLoopbackHost } from "../../../src/zelinqa/cli/studio-link.js";

async function cli(args: string[], options: { untilStopped?: () => Promise<void>; onStderr?: (s: string) => void } = {}) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    env: {},
    stdout: (s) => (stdout += s),
    stderr: (s) => {
      stderr += s;
      options.onStderr?.(s);
    },
    ...(options.untilStopped ? { untilStopped: options.untilStopped } : {}),
  });
  return { code, stdout, stderr };
}

/** Runs `zelinqa serve` in process until the returned stop() is called; resolves once the studio line is out. */
async function serve(args: string[]): Promise<{ line: string; stop: () => Promise<{ code: number; stdout: string }> }> {
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  let resolveLine!: (line: string) => void;
  const lineSeen = new Promise<string>((resolve) => (resolveLine = resolve));
  const run = cli(["serve", ...args, "--log-level", "error"], {
    untilStopped: () => stopped,
    onStderr: (s) => {
      if (s.startsWith("Studio: ")) resolveLine(s);
    },
  });
  const line = await Promise.race([lineSeen, run.then((r) => Promise.reject(new Error(`serve exited: ${r.stderr}`)))]);
  return {
    line,
    stop: async () => {
      stop();
      return run;
    },
  };
}

void describe("[ext] studio links from the zelinqa command", () => {
  let dir: string;
  let db: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "zelinqa-studio-cli-"));
    db = join(dir, "z.sqlite");
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  void it("creates keys with the admin scope and still refuses unknown scopes", async () => {
    const r = await cli(["keys", "create", "--sqlite-path", db, "--scopes", "admin,runtime"]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual((JSON.parse(r.stdout) as { scopes: string[] }).scopes, ["runtime", "admin"]);
    const bad = await cli(["keys", "create", "--sqlite-path", db, "--scopes", "admin,root"]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /unknown scope root/);
  });

  void it("serve prints a one-time studio link on a loopback address, and studio-link mints another", async () => {
    const server = await serve(["--sqlite-path", db, "--host", "127.0.0.1", "--port", "0"]);
    try {
      const match = /^Studio: (http:\/\/127\.0\.0\.1:(\d+))\/studio\/#code=([\w-]+) /.exec(server.line);
      assert.ok(match, server.line);
      const [, base, , code] = match;
      const signIn = (c: string) =>
        fetch(`${base}/v1/studio/sign-in`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ code: c }),
        });
      assert.equal((await signIn(code!)).status, 200);
      assert.equal((await signIn(code!)).status, 401);
      const link = await cli(["studio-link", "--sqlite-path", db, "--base-url", base!]);
      assert.equal(link.code, 0, link.stderr);
      const fresh = new RegExp(`^${base}/studio/#code=([\\w-]+)\\n$`).exec(link.stdout);
      assert.ok(fresh, link.stdout);
      const answer = await signIn(fresh[1]!);
      assert.equal(answer.status, 200);
      assert.deepEqual(((await answer.json()) as { scopes: string[] }).scopes, [
        "runtime",
        "configuration:read",
        "configuration:write",
        "configuration:publish",
        "admin",
      ]);
    } finally {
      const result = await server.stop();
      assert.equal(result.code, 0);
      assert.equal(result.stdout, "", "serve keeps stdout free");
    }
  });

  void it("serve on a non-loopback address prints the studio address without a code", async () => {
    const server = await serve(["--sqlite-path", db, "--host", "0.0.0.0", "--port", "0"]);
    await server.stop();
    assert.doesNotMatch(server.line, /code=/);
    assert.match(server.line, /sign in with an API key/);
  });

  void it("studio-link refuses an unknown domain and a malformed base URL as usage errors", async () => {
    assert.equal((await cli(["studio-link", "--sqlite-path", db, "--domain", "dom_nope"])).code, 2);
    assert.equal((await cli(["studio-link", "--sqlite-path", db, "--base-url", "ftp://x"])).code, 2);
  });

  void it("treats only loopback hosts as loopback", () => {
    for (const host of ["127.0.0.1", "127.1.2.3", "localhost", "::1"]) assert.ok(isLoopbackHost(host), host);
    for (const host of ["0.0.0.0", "192.168.1.2", "example.org", "::"]) assert.ok(!isLoopbackHost(host), host);
  });
});
