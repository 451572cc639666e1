// The test command itself (issue 12): on a machine without a requirement (simulated: a PATH without tmux) the tests
// that need it are skipped with the reason and the install command, and the run ends with the summary; under
// CI=true the same missing requirement is a failure.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, it } from "node:test";
import { REPO_ROOT } from "../../harness/zino-processes.js";
import { needs, postgresBinDir } from "../support/system-requirements.js";

function runTests(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // Without NODE_TEST_CONTEXT (set by the runner for its own children): the inner run reports like a top-level one.
  const { NODE_TEST_CONTEXT: _context, ZINO_TEST_MISSING: _missing, ...outer } = process.env;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", join("scripts", "run-tests.ts"), ...args], {
      cwd: REPO_ROOT,
      env: { ...outer, ZINO_TEST_INSTALL: "0", ZINO_TEST_NO_POSTGRES: "1", CI: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (t: string) => (stdout += t));
    child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

void describe("npm run test:only with words that select nothing", () => {
  void it("[TEST-CMD-5] a word no test file's path contains: says so, runs nothing, exit 2 (not a green run of something else)", async () => {
    const result = await runTests(["engine/selection", "engine/selcetion"], {});
    assert.equal(result.code, 2, result.stdout);
    assert.match(
      result.stderr,
      /run-tests: no test file's path contains "engine\/selcetion"; nothing was run\. Words select the files under test\//,
    );
    assert.doesNotMatch(result.stdout, /passed/);
  });

  void it("[TEST-CMD-5] ./test/… selects the same file as test/…", async () => {
    const result = await runTests(["./test/zelinqa/engine/selection.test.ts"], {});
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /# slowest files[^]*test\/zelinqa\/engine\/selection\.test\.ts/);
  });
});

void describe("npm test on a machine without tmux", () => {
  void it("[TEST-CMD-1] skips the tests that need it, each with the reason and the install command, and ends with the summary", async () => {
    const result = await runTests(["zino/cli/chat-terminal"], { ZINO_TEST_SIMULATE_MISSING: "tmux" });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /run-tests: tmux is not installed: the terminal tests are skipped \(install: sudo apt-get install tmux\)/);
    assert.match(result.stdout, /# SKIP needs tmux, not installed \(install: sudo apt-get install tmux\)/);
    assert.match(result.stdout, /^# tests \d+$/m, "node's closing lines are kept");
    assert.match(result.stdout, /^# skipped:\n# {3}1 × needs tmux, not installed \(install: sudo apt-get install tmux\)$/m);
    assert.match(result.stdout, /^# not installed: tmux; their tests were skipped \(install: sudo apt-get install tmux\)$/m);
    assert.match(result.stdout, /\n0 passed, 0 failed\n$/);
  });

  void it("[TEST-CMD-2] fails under CI=true instead of skipping", async () => {
    const result = await runTests(["zino/cli/chat-terminal"], { ZINO_TEST_SIMULATE_MISSING: "tmux", CI: "true" });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /CI=true: a missing requirement is a failure \(tmux\)/);
  });

  void it("[TEST-CMD-3] names each failed test with its first error line and the line of the test that threw it", async () => {
    const result = await runTests(["test/scripts/fixtures/"], { ZINO_TEST_FIXTURES: "1" });
    assert.equal(result.code, 1);
    assert.match(
      result.stdout,
      /^# failed:\n# {3}test\/scripts\/fixtures\/failing\.test\.ts › fails on purpose\n# {7}the first line of the error\n# {7}at test\/scripts\/fixtures\/failing\.test\.ts:10:\d+$/m,
    );
    assert.match(result.stdout, /\n1 passed, 1 failed\n$/);
  });
});

void describe("npm test with PostgreSQL installed where no fixed folder is", () => {
  void it(
    "[TEST-CMD-4] finds initdb and pg_ctl on PATH and runs the PostgreSQL tests with them",
    { skip: needs("postgresql") },
    async () => {
      const real = postgresBinDir()!;
      // A folder of its own on PATH (as /usr/lib/postgresql/<N>/bin of a version no list names, or a source build),
      // whose programs note their use and run the real ones; readable by the `postgres` user the runner runs them as.
      const dir = mkdtempSync(join(tmpdir(), "zino-pgbin-"));
      chmodSync(dir, 0o755);
      const log = join(dir, "used.log");
      writeFileSync(log, "");
      chmodSync(log, 0o666);
      for (const name of ["initdb", "pg_ctl"]) {
        writeFileSync(join(dir, name), `#!/bin/sh\necho ${name} >> '${log}'\nexec '${join(real, name)}' "$@"\n`);
        chmodSync(join(dir, name), 0o755);
      }
      try {
        const result = await runTests(["zelinqa/api/cli-database-failure"], {
          PATH: `${dir}:${process.env.PATH ?? ""}`,
          ZINO_TEST_NO_POSTGRES: "",
          TEST_DATABASE_URL: "",
        });
        assert.equal(result.code, 0, result.stderr);
        assert.match(result.stderr, /run-tests: starting a throwaway PostgreSQL cluster/);
        assert.doesNotMatch(result.stdout, /# SKIP/, "no PostgreSQL test skipped");
        assert.match(readFileSync(log, "utf8"), /^initdb\npg_ctl\n/, "the programs found on PATH made the cluster");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

void describe("npm run test:only with files that do not use PostgreSQL", () => {
  void it("[TEST-CMD-5] starts no PostgreSQL cluster when no selected file (nor a test module it imports) reads TEST_DATABASE_URL", async () => {
    const result = await runTests(["zino/cli/command-name"], { ZINO_TEST_NO_POSTGRES: "", TEST_DATABASE_URL: "" });
    assert.equal(result.code, 0, result.stderr);
    assert.doesNotMatch(result.stderr, /starting a throwaway PostgreSQL cluster/);
    assert.match(result.stdout, /\n[1-9]\d* passed, 0 failed\n$/);
  });
});
