// src/shared/pid-process.ts against real processes: pid files, liveness (a zombie is not alive), command lines, and
// SIGTERM-then-SIGKILL.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { after, describe, it } from "node:test";
import { isProcessAlive, processCommandLine, readPidFile, terminateProcess } from "../../src/shared/pid-process.js";

const dir = mkdtempSync(join(tmpdir(), "pid-process-"));
const children: ChildProcess[] = [];
after(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `sh -c script`; resolves once it has printed its first line, with the child and that line. */
async function shell(script: string): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn("sh", ["-c", script], { stdio: ["ignore", "pipe", "ignore"] });
  children.push(child);
  const line = await new Promise<string>((resolve) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      if (out.includes("\n")) resolve(out.split("\n")[0]!);
    });
  });
  return { child, line };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (condition()) return;
    await sleep(10);
  }
  assert.fail(`timed out waiting for ${what}`);
}

void describe("pid files and background processes", () => {
  void it("reads a pid file holding a positive integer and nothing else", () => {
    const cases: Array<[string | undefined, number | undefined]> = [
      [undefined, undefined],
      ["4242\n", 4242],
      [" 17 ", 17],
      ["", undefined],
      ["0\n", undefined],
      ["-5\n", undefined],
      ["12abc\n", undefined],
      ["1.5\n", undefined],
      ["99999999999999999999\n", undefined],
    ];
    for (const [n, [content, expected]] of cases.entries()) {
      const path = join(dir, `case-${n}.pid`);
      if (content !== undefined) writeFileSync(path, content);
      assert.equal(readPidFile(path), expected, JSON.stringify(content));
    }
  });

  void it("tells a running process from one that is gone, and a zombie counts as gone", async () => {
    assert.equal(isProcessAlive(process.pid), true);
    // The background child's parent becomes `sleep 30` (the shell exec'd it), which never reaps it: it stays a zombie.
    // It exits only once that exec is done; a child that ended before it could be reaped by the shell (dash does, now
    // and then, on a loaded machine: /proc/<pid> was gone in 9 of 300 tries).
    const waitForExec = `while [ "$(cat /proc/$PPID/comm 2>/dev/null || echo sleep)" != sleep ]; do sleep 0.01; done; exec sleep 0`;
    const { child, line } = await shell(`sh -c '${waitForExec}' & echo $!; exec sleep 30`);
    const zombie = Number(line);
    await until(() => /^\S+ \(sleep\) Z/.test(readFileSync(`/proc/${zombie}/stat`, "utf8")), "the zombie");
    process.kill(zombie, 0); // signal 0 still reaches it...
    assert.equal(isProcessAlive(zombie), false); // ...but it does not run
    assert.equal(isProcessAlive(child.pid!), true);
    child.kill("SIGKILL");
    await until(() => !isProcessAlive(child.pid!), "the shell to end");
  });

  void it("reads a process's command line, argument by argument", async () => {
    const { child } = await shell("echo started; exec sleep 30");
    await until(() => processCommandLine(child.pid!)?.[0] === "sleep", "the exec");
    assert.deepEqual(processCommandLine(child.pid!), ["sleep", "30"]);
    child.kill("SIGKILL");
    await until(() => processCommandLine(child.pid!) === undefined, "the process to be reaped");
  });

  void it("stops a process with SIGTERM, and with SIGKILL after the grace when it ignores SIGTERM", async () => {
    const polite = await shell("echo started; exec sleep 30");
    assert.equal(await terminateProcess(polite.child.pid!, 2000), "SIGTERM");
    assert.equal(isProcessAlive(polite.child.pid!), false);

    const stubborn = await shell("trap '' TERM; echo started; while :; do sleep 1; done");
    const started = Date.now();
    assert.equal(await terminateProcess(stubborn.child.pid!, 300), "SIGKILL");
    assert.ok(Date.now() - started >= 300, "waited for the grace first");
    assert.equal(isProcessAlive(stubborn.child.pid!), false);
  });

  void it("stops as soon as the caller's own check says the process is no longer its own", async () => {
    const { child } = await shell("trap '' TERM; echo started; while :; do sleep 1; done");
    let checks = 0;
    // The caller stops recognising it at the second check: terminateProcess takes that as ended, without SIGKILL.
    assert.equal(await terminateProcess(child.pid!, 5000, () => (checks += 1) < 2), "SIGTERM");
    assert.equal(isProcessAlive(child.pid!), true);
    child.kill("SIGKILL");
  });
});
