// `zelinqa serve --workers N` (issue 14) as a real process tree: N workers share one port on PostgreSQL, a worker
// killed with SIGKILL is logged and replaced while the others keep answering, SIGTERM stops them all, and a
// SQLite database or a bad count is refused as a usage error.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { workerCompileThreads, workerEnv } from "../../../src/zelinqa/cli/serve-workers.js";
import { resolveServerConfig } from "../../../src/zelinqa/api/server-config.js";
import { createTestDatabase, postgresSkipReason } from "../../support/zelinqa-databases.js";
import type { TestDatabase } from "../../support/zelinqa-databases.js";
import { runZelinqa, startServe } from "../../support/zelinqa-processes.js";
import type { ServeProcess } from "../../support/zelinqa-processes.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** The pids of the workers that logged "zelinqa listening", in order. */
function workerPids(stderr: string): number[] {
  return [...stderr.matchAll(/"pid":(\d+),"msg":"zelinqa listening"/g)].map((m) => Number(m[1]));
}

/** A process's environment variable, read from /proc. */
function envOf(pid: number, name: string): string | undefined {
  const entry = readFileSync(`/proc/${pid}/environ`, "utf8")
    .split("\0")
    .find((e) => e.startsWith(`${name}=`));
  return entry?.slice(name.length + 1);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

void describe("zelinqa serve --workers", () => {
  void it("refuses --workers above 1 on SQLite and a count that is not a positive integer, with exit code 2", async () => {
    const sqlite = await runZelinqa(["serve", "--workers", "2", "--sqlite-path", "/nonexistent/zelinqa.sqlite"]);
    assert.equal(sqlite.code, 2);
    assert.match(sqlite.stderr, /--workers above 1 needs PostgreSQL/);
    const zero = await runZelinqa(["serve", "--workers", "0"]);
    assert.equal(zero.code, 2);
    assert.match(zero.stderr, /--workers must be an integer between 1 and 256/);
  });

  void describe("on PostgreSQL", { skip: postgresSkipReason() }, () => {
    let database: TestDatabase;
    let server: ServeProcess | undefined;

    before(async () => {
      database = await createTestDatabase("postgres");
    });
    after(async () => {
      await server?.kill9().catch(() => undefined);
      await database?.drop();
    });

    void it("runs N workers on one port, replaces a killed worker, and stops them all on SIGTERM", async () => {
      server = await startServe(["--workers", "2", "--database-url", database.databaseUrl ?? ""]);
      const running = server;
      // The primary logs once every worker listens; each worker logs its own line just after.
      await until("both workers", () =>
        /zelinqa workers listening/.test(running.stderr()) && workerPids(running.stderr()).length >= 2 ? true : undefined,
      );
      const [first, second] = workerPids(running.stderr());
      assert.ok(first !== undefined && second !== undefined && first !== second);
      assert.equal((await fetch(`${running.baseUrl}/v1/health`)).status, 200);
      // Each worker sizes its compile threads for its share of the cores, not for the whole machine.
      const share = String(workerCompileThreads(2, availableParallelism()));
      assert.deepEqual([envOf(first, "ZELINQA_COMPILE_THREADS"), envOf(second, "ZELINQA_COMPILE_THREADS")], [share, share]);

      process.kill(first, "SIGKILL");
      await until("the restart log", () =>
        new RegExp(
          `"worker":\\d+,"pid":${first},"code":null,"signal":"SIGKILL","restartInMs":\\d+,"msg":"zelinqa worker exited, restarting"`,
        ).test(running.stderr())
          ? true
          : undefined,
      );
      // The surviving worker answers while its sibling restarts.
      assert.equal((await fetch(`${running.baseUrl}/v1/health`)).status, 200);
      const replacement = await until("a replacement worker", () => workerPids(running.stderr())[2]);
      assert.ok(![first, second].includes(replacement));
      assert.equal((await fetch(`${running.baseUrl}/v1/health`)).status, 200);

      assert.equal(await running.stop(), 0);
      assert.match(running.stderr(), /zelinqa workers stopped/);
      assert.ok(!alive(second) && !alive(replacement), "no worker outlives the primary's graceful stop");
      server = undefined;
    });
  });
});

void describe("compile threads of the workers", () => {
  void it("share the cores less one among the workers, one at least, four at most, unless the operator set them", () => {
    assert.equal(workerCompileThreads(1, 8), 4);
    assert.equal(workerCompileThreads(2, 8), 3);
    assert.equal(workerCompileThreads(4, 8), 1);
    assert.equal(workerCompileThreads(4, 2), 1);
    assert.equal(workerCompileThreads(3, 16), 4);
    assert.equal(workerEnv({ A: "1" }, 4, 8).ZELINQA_COMPILE_THREADS, "1");
    assert.equal(workerEnv({ A: "1" }, 4, 8).A, "1");
    assert.equal(workerEnv({ ZELINQA_COMPILE_THREADS: "3" }, 4, 8).ZELINQA_COMPILE_THREADS, "3");
  });

  void it("are read from ZELINQA_COMPILE_THREADS (1 to 64), the pool's own default when unset", () => {
    assert.equal(resolveServerConfig({}, {}).compileThreads, undefined);
    assert.equal(resolveServerConfig({ ZELINQA_COMPILE_THREADS: "2" }, {}).compileThreads, 2);
    for (const bad of ["0", "65", "1.5", "many"]) {
      assert.throws(
        () => resolveServerConfig({ ZELINQA_COMPILE_THREADS: bad }, {}),
        /ZELINQA_COMPILE_THREADS must be an integer between 1 and 64/,
      );
    }
  });
});
