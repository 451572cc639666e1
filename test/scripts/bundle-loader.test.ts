// scripts/bundle-loader.cjs, which runs a bundle of dist/bundle/ with V8's code cache (issue 14), on a bundle made
// here: a cache is written by the run that asks for it, taken by the next runs (from a copy at another path too), and
// never used for other code or when damaged: the code then runs as without a cache.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { REPO_ROOT } from "../../harness/zino-processes.js";
import { codeCacheTaken } from "../support/bundle-cache.js";

const LOADER = join(REPO_ROOT, "scripts", "bundle-loader.cjs");

/** A bundle's code: prints its word, its __filename and what it sees of the cache request; `throw` makes it fail. */
const code = (word: string) =>
  [
    "#!/usr/bin/env node",
    `if (process.argv[2] === "throw") throw new Error("thrown by ${word}");`,
    `process.stdout.write(JSON.stringify({ word: "${word}", file: __filename, request: process.env.ZINO_WRITE_CODE_CACHE ?? null }));`,
    "",
  ].join("\n");

/** A bundle `zino-t` in a new directory: the loader, the entry, the code. */
function makeBundle(root: string, word: string): string {
  const dir = mkdtempSync(join(root, "bundle-"));
  copyFileSync(LOADER, join(dir, "bundle-loader.cjs"));
  writeFileSync(join(dir, "zino-t.cjs"), 'require("./bundle-loader.cjs").runBundle(module);\n');
  writeFileSync(join(dir, "zino-t.code.cjs"), code(word));
  return dir;
}

function run(dir: string, options: { args?: string[]; env?: NodeJS.ProcessEnv; flags?: string[] } = {}) {
  const result = spawnSync(process.execPath, [...(options.flags ?? []), join(dir, "zino-t.cjs"), ...(options.args ?? [])], {
    encoding: "utf8",
    env: { ...process.env, ZINO_WRITE_CODE_CACHE: "", ZINO_NO_CODE_CACHE: "", ...options.env },
  });
  return {
    ...result,
    out: result.status === 0 ? (JSON.parse(result.stdout) as { word: string; file: string; request: string | null }) : undefined,
  };
}

/** Whether a new node process would take the cache of the bundle in `dir`. */
const cacheTaken = (dir: string, env: NodeJS.ProcessEnv = {}) => codeCacheTaken(join(dir, "zino-t.cjs"), { env });

void describe("bundle-loader", () => {
  const root = mkdtempSync(join(tmpdir(), "zino-bundle-loader-"));
  after(() => rmSync(root, { recursive: true, force: true }));

  void it("[BUNDLE-17] writes the cache when asked, then runs the code with it as the entry's own module", () => {
    const dir = makeBundle(root, "first");
    assert.ok(!cacheTaken(dir), "no cache yet");
    const plain = run(dir);
    assert.deepEqual(plain.out, { word: "first", file: join(dir, "zino-t.cjs"), request: null }, plain.stderr);
    assert.ok(!existsSync(join(dir, "zino-t.v8cache")), "written only when asked");

    const writing = run(dir, { env: { ZINO_WRITE_CODE_CACHE: "1" } });
    // The request is removed before the code runs: nothing the bundle starts inherits it.
    assert.deepEqual(writing.out, { word: "first", file: join(dir, "zino-t.cjs"), request: null }, writing.stderr);
    assert.ok(existsSync(join(dir, "zino-t.v8cache")));
    assert.ok(cacheTaken(dir));
    assert.deepEqual(run(dir).out?.word, "first");
  });

  void it("[BUNDLE-18] never uses a cache for other code, even of the same length: the new code runs", () => {
    const dir = makeBundle(root, "alpha");
    run(dir, { env: { ZINO_WRITE_CODE_CACHE: "1" } });
    assert.ok(cacheTaken(dir));
    writeFileSync(join(dir, "zino-t.code.cjs"), code("omega"));
    assert.equal(code("alpha").length, code("omega").length);
    assert.ok(!cacheTaken(dir));
    assert.equal(run(dir).out?.word, "omega");
  });

  void it("[BUNDLE-19] a copy at another path (the package installed elsewhere) takes the same cache; traces name the package's file", () => {
    const dir = makeBundle(root, "moved");
    run(dir, { env: { ZINO_WRITE_CODE_CACHE: "1" } });
    const copy = join(root, "copy-of-moved");
    cpSync(dir, copy, { recursive: true });
    assert.ok(cacheTaken(copy));
    assert.deepEqual(run(copy).out, { word: "moved", file: join(copy, "zino-t.cjs"), request: null });
    // The same name with the cache and without it: the code's path in the package, not the build's directory.
    for (const where of [dir, copy]) {
      const failed = run(where, { args: ["throw"] });
      assert.equal(failed.status, 1);
      assert.match(failed.stderr, /thrown by moved/);
      assert.match(failed.stderr, /\(?dist\/bundle\/zino-t\.code\.cjs:2:/, failed.stderr);
      assert.ok(!failed.stderr.includes(`${dir}/zino-t.code.cjs`), failed.stderr);
    }
    rmSync(join(copy, "zino-t.v8cache"));
    assert.match(run(copy, { args: ["throw"] }).stderr, /\(?dist\/bundle\/zino-t\.code\.cjs:2:/);
  });

  void it("[BUNDLE-20] a damaged cache is not used, and neither is one V8 refuses (other flags): the code still runs", () => {
    const dir = makeBundle(root, "sturdy");
    run(dir, { env: { ZINO_WRITE_CODE_CACHE: "1" } });
    const cache = join(dir, "zino-t.v8cache");
    const whole = readFileSync(cache);
    writeFileSync(cache, whole.subarray(0, Math.floor(whole.length / 2)));
    assert.ok(!cacheTaken(dir), "cut in half");
    assert.equal(run(dir).out?.word, "sturdy");
    writeFileSync(cache, whole.subarray(0, 10));
    assert.ok(!cacheTaken(dir), "shorter than its digest");
    assert.equal(run(dir).out?.word, "sturdy");

    writeFileSync(cache, whole);
    assert.ok(cacheTaken(dir));
    const jitless = run(dir, { flags: ["--jitless"] });
    assert.equal(jitless.out?.word, "sturdy", jitless.stderr);
  });

  void it("[BUNDLE-23] keeps a cache per set of node flags, each taken under its own flags only", () => {
    const dir = makeBundle(root, "flagged");
    const flags = ["--max-semi-space-size=4"];
    const entry = join(dir, "zino-t.cjs");
    run(dir, { flags, env: { ZINO_WRITE_CODE_CACHE: "1" } });
    assert.ok(codeCacheTaken(entry, { flags }), "under the flags it was made with");
    assert.ok(!codeCacheTaken(entry), "not under node's defaults: that cache is not written yet");
    assert.ok(!existsSync(join(dir, "zino-t.v8cache")), "the flags' cache has a file of its own");
    // The same flags through NODE_OPTIONS, as the systemd units give them.
    assert.ok(codeCacheTaken(entry, { env: { NODE_OPTIONS: flags.join(" ") } }));

    run(dir, { env: { ZINO_WRITE_CODE_CACHE: "1" } });
    assert.ok(codeCacheTaken(entry), "under node's defaults");
    assert.ok(codeCacheTaken(entry, { flags }), "the flags' cache is still there");
    assert.ok(!codeCacheTaken(entry, { flags: ["--max-semi-space-size=8"] }), "no cache for other flags");
    assert.equal(run(dir, { flags: ["--max-semi-space-size=8"] }).out?.word, "flagged");
    // A node option V8 does not count, beside the flags or alone: the cache made under the rest.
    assert.ok(codeCacheTaken(entry, { flags: [...flags, "--trace-warnings"] }), "the flags and a node option");
    assert.ok(codeCacheTaken(entry, { flags: ["--trace-warnings"] }), "a node option alone");
    assert.ok(existsSync(join(dir, "zino-t.max-semi-space-size=4.v8cache")), "the cache's file names its flags");
  });

  void it("[BUNDLE-22] ZINO_NO_CODE_CACHE=1 compiles the code without its cache, which stays for the next runs", () => {
    const dir = makeBundle(root, "uncached");
    run(dir, { env: { ZINO_WRITE_CODE_CACHE: "1" } });
    assert.ok(cacheTaken(dir));
    assert.ok(!cacheTaken(dir, { ZINO_NO_CODE_CACHE: "1" }));
    assert.equal(run(dir, { env: { ZINO_NO_CODE_CACHE: "1" } }).out?.word, "uncached");
    assert.ok(cacheTaken(dir, { ZINO_NO_CODE_CACHE: "0" }), "only 1 turns it off");
  });

  void it("[BUNDLE-21] under --enable-source-maps the code is required as a file (Node maps its stack traces)", () => {
    const dir = makeBundle(root, "mapped");
    const mapped = run(dir, { flags: ["--enable-source-maps"], env: { ZINO_WRITE_CODE_CACHE: "1" } });
    assert.deepEqual(mapped.out, { word: "mapped", file: join(dir, "zino-t.code.cjs"), request: null }, mapped.stderr);
    assert.ok(!existsSync(join(dir, "zino-t.v8cache")), "no cache in that mode");
  });
});
