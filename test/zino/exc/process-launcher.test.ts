// zino-exc's process launcher (src/zino/exc/process-launcher.ts): executions are started by a small child of exc,
// a launcher that dies fails only what it was running (a result saying so) and is started again, and closing exc
// stops it with everything it started.
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { silentLogger, type Frame } from "../../../src/wire/index.js";
import { BROKEN_AFTER, EARLY_EXIT_MS, createProcessLauncher } from "../../../src/zino/exc/process-launcher.js";
import { startProcess } from "../../../src/zino/exc/run-process.js";
import { nativeSpawnUnavailable } from "../../../src/zino/exc/native-spawn.js";
import { launcherByDefault } from "../../../src/zino/exc/execution-runner.js";
import { nativeSpawnLoadedIn } from "../../support/native-spawn.js";
import { parentOf, processesWith, startExc, waitFor as waitUntil, type ExcHarness } from "./exc-harness.js";
import { needs } from "../../support/system-requirements.js";

/** This test process's launchers: children of this process running process-launcher-main. */
function launchers(): number[] {
  return processesWith("process-launcher-main").filter((pid) => parentOf(pid) === process.pid);
}

/** Within 15 s: sandboxes start and processes go in well under a second, but a loaded machine can take seconds. */
const waitFor = (what: string, check: () => boolean) => waitUntil(what, check, 15_000);

void describe("zino-exc process launcher", { skip: needs("bubblewrap") }, () => {
  let h: ExcHarness;
  before(async () => {
    h = await startExc({ defaults: { exec: { static_analysis: "off" } }, exc: { processLauncher: true } });
  });
  after(async () => {
    await h.close();
  });

  void it("EXC-30 executions are started by exc's launcher process, not by exc itself", async () => {
    const marker = `51.${process.pid % 1000}3`;
    const running = h.call("k", "execute_bash", { code: `sleep ${marker} & wait` });
    await waitFor("the tool runs", () => processesWith(`sleep ${marker}`).length > 0);
    const [launcher] = launchers();
    assert.ok(launcher, "exc has a launcher");
    // The sandbox (bwrap) is the launcher's child; the tool runs inside it.
    const bwraps = processesWith(h.workRoot).filter(
      (pid) =>
        readFileSync(`/proc/${pid}/cmdline`, "utf8").startsWith("bwrap") ||
        readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("/bwrap\0"),
    );
    assert.ok(bwraps.length > 0, "a sandbox runs");
    // bwrap forks once more for the new PID namespace: its first process is the launcher's child.
    const descendsFromLauncher = (pid: number) => {
      for (let at: number | undefined = pid, depth = 0; at !== undefined && depth < 4; at = parentOf(at), depth += 1) {
        if (at === launcher) return true;
      }
      return false;
    };
    assert.ok(bwraps.every(descendsFromLauncher), `sandboxes descend from the launcher ${launcher}`);
    assert.ok(
      bwraps.some((pid) => parentOf(pid) === launcher),
      "the launcher started them",
    );
    // Through the native spawn addon, when the build made one (native-spawn.test.ts tests it both ways).
    if (nativeSpawnUnavailable() === undefined) assert.ok(nativeSpawnLoadedIn(launcher), "the launcher loaded the native spawn addon");
    for (const pid of processesWith(`sleep ${marker}`)) process.kill(pid, "SIGKILL");
    const frame = await running;
    assert.equal(frame.type, "result");
  });

  void it("EXC-30 a launcher that dies fails the execution it ran with a clear result, and the next one runs in a new launcher", async () => {
    const marker = `52.${process.pid % 1000}7`;
    const running = h.call("k", "execute_bash", { code: `echo started; sleep ${marker}` });
    await waitFor("the tool runs", () => processesWith(`sleep ${marker}`).length > 0);
    const [first] = launchers();
    assert.ok(first);
    process.kill(first, "SIGKILL");
    const lost = await running;
    assert.equal(lost.exit_code, 126);
    assert.match(String(lost.stderr), /process launcher stopped \(SIGKILL\); the execution's result is lost, run it again/);
    await waitFor("the sandbox died with its launcher", () => processesWith(`sleep ${marker}`).length === 0);
    const next = await h.call("k", "execute_bash", { code: "echo again" });
    assert.equal(next.exit_code, 0, JSON.stringify(next));
    assert.equal(next.stdout, "again\n");
    const [second] = launchers();
    assert.ok(second !== undefined && second !== first, "a new launcher");
    assert.deepEqual(await h.request({ type: "ping" }), { type: "pong" });
  });

  void it("EXC-30 closing exc stops the launcher and every process it started", async () => {
    await h.call("k", "execute_bash", { code: "true" });
    await waitFor("a launcher runs", () => launchers().length === 1);
    const [launcher] = launchers();
    await h.stopExc();
    await waitFor("the launcher exited", () => !readdirSync("/proc").includes(String(launcher)) || parentOf(launcher!) !== process.pid);
    // Killed with their group; a process in its own namespaces can take a moment to be gone from /proc.
    await waitFor("no sandbox is left", () => processesWith(h.workRoot).length === 0);
    assert.deepEqual(readdirSync(h.workRoot), []);
  });
});

void describe("a process launcher that cannot run", () => {
  void it("EXC-30 fails each start with a result saying so, and after a few early deaths reports itself unhealthy", async () => {
    const dir = mkdtempSync(join(tmpdir(), "zx-launcher-"));
    const broken = join(dir, "broken-launcher.mjs");
    // It dies before it is ready, later than EARLY_EXIT_MS after its start: as a launcher that cannot run does on a
    // loaded machine, where Node's start alone can take that long.
    writeFileSync(broken, `setTimeout(() => process.exit(3), ${EARLY_EXIT_MS + 300});\n`);
    const launcher = createProcessLauncher({ logger: silentLogger(), mainPath: broken });
    try {
      assert.equal(launcher.healthy, true);
      for (let i = 0; i < BROKEN_AFTER; i += 1) {
        const outcome = await launcher
          .start({ command: "/bin/echo", args: ["never"], env: {}, cwd: "/" })
          .release({ timeoutMs: 5000, outputCapBytes: 1000 });
        assert.equal(outcome.exitCode, 126);
        assert.equal(outcome.stdout, "");
        assert.match(outcome.stderr, /process launcher stopped \(exit 3\)/);
      }
      assert.equal(launcher.healthy, false, "exc then starts processes itself");
    } finally {
      await launcher.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

void describe("exc's start and its launcher", { skip: needs("bubblewrap") }, () => {
  void it("EXC-30 by default, exc has a launcher only where its own spawns would fork it (no native spawn addon)", async () => {
    assert.equal(launcherByDefault({}), nativeSpawnUnavailable() !== undefined);
    assert.equal(launcherByDefault({ ZINO_EXC_LAUNCHER: "1" }), true);
    assert.equal(launcherByDefault({ ZINO_EXC_LAUNCHER: "0" }), false);
    const h = await startExc({ defaults: { exec: { static_analysis: "off" } } });
    try {
      const result = await h.call("k", "execute_bash", { code: "echo started" });
      assert.equal(result.stdout, "started\n", JSON.stringify(result));
      assert.equal(launchers().length, nativeSpawnUnavailable() === undefined ? 0 : 1);
    } finally {
      await h.close();
    }
  });

  void it("EXC-30 exc starts its launcher as it starts, and its sandbox self-test does not go through it", async () => {
    // A working launcher: running as soon as exc answers, before any ctxkey is readied.
    const h = await startExc({ defaults: { exec: { static_analysis: "off" } }, exc: { processLauncher: true } });
    try {
      await waitFor("exc's launcher runs", () => launchers().length === 1);
    } finally {
      await h.close();
    }
    // A launcher that cannot run: the self-test ran the sandbox itself, so bubblewrap is still found to work, and the
    // executions (started by exc itself once the launcher is known broken) run sandboxed.
    const dir = mkdtempSync(join(tmpdir(), "zx-launcher-"));
    const broken = join(dir, "broken-launcher.mjs");
    writeFileSync(broken, "process.exit(3);\n");
    const b = await startExc({
      defaults: { exec: { static_analysis: "off" } },
      exc: { processLauncher: true, processLauncherMain: broken },
    });
    try {
      const caps = await b.request({ type: "capabilities" });
      assert.equal(caps.isolation, "bwrap", JSON.stringify(caps));
      let result: Frame | undefined;
      for (let i = 0; i <= BROKEN_AFTER && result?.exit_code !== 0; i += 1)
        result = await b.call("k", "execute_bash", { code: "echo sandboxed" });
      assert.equal(result?.stdout, "sandboxed\n", JSON.stringify(result));
      assert.equal(result?.isolation, "bwrap");
    } finally {
      await b.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

void describe("a started process released after it exited", () => {
  void it("EXC-30 keeps the output a quick child wrote before its release (Node drops unread pipes of an exited child)", async () => {
    const child = startProcess({ command: "/bin/sh", args: ["-c", "echo out; echo err >&2"], env: { PATH: "/usr/bin:/bin" }, cwd: "/" });
    await child.exited;
    // Past the exit and the tick in which Node resumes the pipes nobody reads.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outcome = await child.release({ timeoutMs: 5000, outputCapBytes: 1024 });
    assert.equal(outcome.exitCode, 0);
    assert.equal(outcome.stdout, "out\n");
    assert.equal(outcome.stderr, "err\n");
  });
});
