// The process limit of unsandboxed executions (EXC-31): they all run as one user, and RLIMIT_NPROC counts every
// process of that user. Each execution's `max_processes` must hold for it alone: not shared with the executions
// running beside it, nor used up by what the user already runs.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { countUserThreads, hardProcessLimit, userProcessLimit } from "../../../src/zino/exc/user-processes.js";
import { startExc, waitFor, type ExcHarness } from "./exc-harness.js";

/** Python that forks up to `tries` children (each sleeps 3 s) until the kernel refuses one, and says how many it got. */
function forkingCode(tries: number): string {
  const python = [
    "import os, time",
    "n = 0",
    `for i in range(${tries}):`,
    "    try:",
    "        pid = os.fork()",
    "    except OSError:",
    "        break",
    "    if pid == 0:",
    "        time.sleep(3)",
    "        os._exit(0)",
    "    n += 1",
    "print('forked', n, flush=True)",
  ].join("\n");
  return `python3 -c "${python}"`;
}

function forked(frame: Record<string, unknown>): number {
  const match = /^forked (\d+)$/m.exec(String(frame.stdout));
  assert.ok(match, JSON.stringify(frame));
  return Number(match[1]);
}

const UNSANDBOXED = { sandbox: "none", allow_unsandboxed: true, static_analysis: "off", max_processes: 24, timeout_ms: 20_000 };

/**
 * As root, the executions run as a uid of the test's own that nothing else on the machine uses (other test files run
 * theirs as nobody at the same time, and RLIMIT_NPROC would count those too); otherwise as the test's own user.
 */
function privateUser(uid: number): { uid: number; gid: number } | undefined {
  return process.getuid?.() === 0 ? { uid, gid: uid } : undefined;
}

async function withExc(
  options: { cgroups: boolean; uid: number },
  body: (h: ExcHarness, caps: Record<string, unknown>) => Promise<void>,
): Promise<void> {
  const user = privateUser(options.uid);
  const h = await startExc({
    defaults: { exec: { static_analysis: "off" } },
    exc: { cgroups: options.cgroups, ...(user ? { sandboxUser: user } : {}) },
  });
  try {
    h.configure("loose", { exec: UNSANDBOXED });
    await body(h, await h.request({ type: "capabilities", ctxkey: "loose" }));
  } finally {
    await h.close();
  }
}

void describe("zino-exc unsandboxed executions' process limit", () => {
  void it("EXC-31 with a cgroup per execution, two unsandboxed executions at once each get their own max_processes", async (t) => {
    await withExc({ cgroups: true, uid: 64121 }, async (h, caps) => {
      if (caps.resource_limits === "rlimit-only") {
        t.skip(`no per-execution cgroup on this machine: ${String(caps.resource_limits_detail)}`);
        return;
      }
      // 18 children each (with bash and python, 20 processes): 40 together, over one execution's 24.
      const both = await Promise.all([0, 1].map(() => h.call("loose", "execute_bash", { code: forkingCode(18) })));
      for (const frame of both) {
        assert.equal(frame.isolation, "none");
        assert.equal(forked(frame), 18, JSON.stringify(frame));
      }
      // The cgroup still bounds one execution: past 24 processes, its forks fail.
      const bomb = await h.call("loose", "execute_bash", { code: forkingCode(60) });
      assert.ok(forked(bomb) <= 22, JSON.stringify(bomb));
    });
  });

  void it("EXC-31 without cgroups, an unsandboxed execution gets max_processes on top of what its user already runs", async (t) => {
    const user = privateUser(64122);
    if (!user) {
      t.skip("needs root: the test's own user runs other processes meanwhile, which would move the count");
      return;
    }
    await withExc({ cgroups: false, uid: user.uid }, async (h, caps) => {
      assert.equal(caps.resource_limits, "rlimit-only");
      // 30 processes of the execution's user exist before it starts: more than its max_processes.
      const sleepers: ChildProcess[] = Array.from({ length: 30 }, () => spawn("sleep", ["60"], { ...user, stdio: "ignore" }));
      t.after(() => {
        for (const sleeper of sleepers) sleeper.kill("SIGKILL");
      });
      await waitFor("the sleepers run", () => sleepers.every((s) => s.pid !== undefined), 3000);
      // A rule set of its own: no warm process made before the sleepers started.
      h.configure("fresh", { exec: UNSANDBOXED });
      const frame = await h.call("fresh", "execute_bash", { code: forkingCode(60) });
      assert.equal(frame.isolation, "none");
      const count = forked(frame);
      assert.ok(count >= 18, `its own 24 processes, whatever the user runs beside it: ${JSON.stringify(frame)}`);
      assert.ok(count <= 24, `and no more: ${JSON.stringify(frame)}`);
    });
  });
});

void describe("user-processes: what RLIMIT_NPROC counts", () => {
  void it("counts the threads of one real user's processes, skipping other users, other entries and unreadable ones", () => {
    const proc = mkdtempSync(join(tmpdir(), "zx-proc-"));
    try {
      const status = (pid: string, text: string) => {
        mkdirSync(join(proc, pid));
        writeFileSync(join(proc, pid, "status"), text);
      };
      status("10", "Name:\ta\nUid:\t1000\t1000\t1000\t1000\nThreads:\t7\n");
      status("11", "Name:\tb\nUid:\t1000\t0\t0\t0\nThreads:\t1\n"); // a setuid program: its real user counts
      status("12", "Name:\tc\nUid:\t0\t1000\t1000\t1000\nThreads:\t5\n");
      status("13", "Name:\td\nUid:\t1000\t1000\t1000\t1000\n"); // no thread count: skipped
      mkdirSync(join(proc, "14")); // exited meanwhile: no status
      mkdirSync(join(proc, "self"));
      writeFileSync(join(proc, "uptime"), "1 1\n");
      assert.equal(countUserThreads(1000, proc), 8);
      assert.equal(countUserThreads(0, proc), 5);
      assert.equal(countUserThreads(4242, proc), 0);
      assert.equal(countUserThreads(1000, join(proc, "missing")), undefined);
    } finally {
      rmSync(proc, { recursive: true, force: true });
    }
  });

  void it("counts this process's own threads in the real /proc", () => {
    const uid = process.getuid!();
    const own = Number(/^Threads:\s+(\d+)/m.exec(readFileSync("/proc/self/status", "utf8"))![1]);
    assert.ok(countUserThreads(uid)! >= own, `at least this process's ${own} threads`);
  });

  void it("adds max_processes to the user's count, taken again once it is a second old (or unknown: none)", () => {
    let clock = 0;
    const counts = [30, 50];
    const calls: number[] = [];
    const limit = userProcessLimit(7, {
      now: () => clock,
      count: (uid) => {
        calls.push(uid);
        return counts.shift();
      },
    });
    assert.equal(limit.forExecution(24), 54);
    clock = 999;
    assert.equal(limit.forExecution(10), 40, "the same count within a second");
    clock = 1000;
    assert.equal(limit.forExecution(24), 74);
    clock = 2000;
    assert.equal(limit.forExecution(24), 24, "no count: max_processes alone");
    assert.deepEqual(calls, [7, 7, 7]);
  });

  void it("never past exc's hard limit, which an execution cannot raise", () => {
    const limit = userProcessLimit(7, { count: () => 1000, hardLimit: 1024 });
    assert.equal(limit.forExecution(64), 1024);
    const limits = (hard: string) =>
      `Limit  Soft Limit  Hard Limit  Units\nMax cpu time  unlimited  unlimited  seconds\nMax processes  512  ${hard}  processes\n`;
    assert.equal(hardProcessLimit(limits("4096")), 4096);
    assert.equal(hardProcessLimit(limits("unlimited")), Number.POSITIVE_INFINITY);
    assert.equal(hardProcessLimit(undefined), Number.POSITIVE_INFINITY);
    assert.equal(hardProcessLimit(readFileSync("/proc/self/limits", "utf8")) > 0, true);
  });
});
