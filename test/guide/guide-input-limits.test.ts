// `zino guide` on input it cannot send (real processes, piped stdio): an answer over the API's 8000 characters is
// refused with a message and asked again, nothing recorded; a --domain file that cannot be read is a usage error
// said before any service starts.
import assert from "node:assert/strict";
import { existsSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, it } from "node:test";
import { apiSession, cleanupGuide, guideInstance, spawnGuide } from "../support/zino-guide.js";
import { runZinoCli, type TempInstance } from "../../harness/zino-processes.js";
import { MAX_PIPED_LINE_CHARS } from "../../src/guide/line-reader.js";

let instance: TempInstance;

before(() => {
  instance = guideInstance("http://127.0.0.1:9/v1");
});

after(async () => {
  await cleanupGuide(instance);
});

void it("GUIDE-INPUT-1 a missing --domain file is named, exit 2, and no service is started", async () => {
  const r = await runZinoCli(["guide", "--direct", "--domain", "nonexist.json"], { instance, timeoutMs: 60_000 });
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /^zino: cannot read the domain file nonexist\.json \(no such file\)/m);
  assert.doesNotMatch(r.stderr, /starting|ready on|unexpected failure|\n\s+at /);
  assert.equal(existsSync(join(instance.runtimeDir, "ctx.sock")), false);
});

void it("GUIDE-INPUT-3 a --domain file over the bound or not UTF-8 is a usage error said before any service starts", async () => {
  const big = join(instance.dir, "big.json");
  writeFileSync(big, "");
  truncateSync(big, 64 * 1024 * 1024 + 1);
  const latin = join(instance.dir, "latin1.json");
  writeFileSync(
    latin,
    Buffer.from('{"changes":[{"entity":"objective","operation":"update","objective":{"description":"caf\xe9"}}]}', "latin1"),
  );
  const expected = [/is larger than 64\.0 MiB .*give a smaller file/, /is not UTF-8 text: save it as UTF-8/];
  for (const [i, file] of [big, latin].entries()) {
    const r = await runZinoCli(["guide", "--direct", "--domain", file], { instance, timeoutMs: 60_000 });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, expected[i]!);
    assert.doesNotMatch(r.stderr, /starting|ready on|unexpected failure|\n\s+at /);
    assert.equal(existsSync(join(instance.runtimeDir, "ctx.sock")), false);
  }
});

void it("GUIDE-INPUT-2 an answer over 8000 characters is refused without a crash and the question is asked again, nothing recorded", async () => {
  const long = "9".repeat(9000);
  const r = await runZinoCli(["guide", "--direct"], {
    instance,
    input: `${long}\n`,
    env: { ZELINQA_LOG_LEVEL: "warn" },
    timeoutMs: 180_000,
  });
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stdout,
    /Answer too long \(9000 characters, at most 8000\): nothing recorded\. Please answer more briefly\.\nQuel meuble cherchez-vous \?\n/,
  );
  assert.doesNotMatch(r.stderr, /unexpected failure|\n\s+at /);
  assert.doesNotMatch(r.stdout, /9{9000}/, "the long answer is not echoed back");
  assert.equal((await apiSession(instance, "guide")).state.turn_count, 0);
});

void it("GUIDE-INPUT-4 a piped line over the read bound is skipped with its length, never held whole, and the next answer counts", async () => {
  const long = "x".repeat(MAX_PIPED_LINE_CHARS * 3);
  const r = await runZinoCli(["guide", "--direct"], {
    instance,
    input: `${long}\n1\n`,
    env: { ZELINQA_LOG_LEVEL: "warn" },
    timeoutMs: 180_000,
  });
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stdout,
    new RegExp(
      `Line too long \\(${MAX_PIPED_LINE_CHARS * 3} characters, at most ${MAX_PIPED_LINE_CHARS} are read\\): nothing recorded\\. Please answer more briefly\\.\\n> 1\\n`,
    ),
  );
  assert.doesNotMatch(r.stderr, /unexpected failure|Invalid string length|\n\s+at /);
  assert.equal((await apiSession(instance, "guide")).state.turn_count, 1);
});

void it("GUIDE-INPUT-5 a long line piped while the prompt waits is reported, and the answer after it in the same read is echoed and counts", async () => {
  const cli = spawnGuide(instance, ["--direct", "--ctx", "long-line"]);
  await cli.waitForStdout(/\(a number, or your own words\)\n> $/);
  cli.child.stdin!.end(`${"x".repeat(MAX_PIPED_LINE_CHARS + 10)}\n2\n`);
  const { code } = await cli.exited;
  assert.equal(code, 0, cli.stderr());
  assert.match(
    cli.stdout(),
    new RegExp(
      `\\(a number, or your own words\\)\\n> \\nLine too long \\(${MAX_PIPED_LINE_CHARS + 10} characters, at most ${MAX_PIPED_LINE_CHARS} are read\\): nothing recorded\\. Please answer more briefly\\.\\n> 2\\n`,
    ),
  );
  assert.equal((await apiSession(instance, "long-line")).state.turn_count, 1);
});
