// An execution's directories (src/zino/exc/execution-dirs.ts) on a real work root: made fresh per execution, removed
// right after the answer (cleanupAfterAnswer) or at once (settle), whatever the run left in them.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { ExecConfigSchema } from "../../../src/zino/config/index.js";
import { silentLogger } from "../../../src/wire/index.js";
import { createExecutionDirs } from "../../../src/zino/exc/execution-dirs.js";
import { loadExecutors } from "../../../src/zino/exc/executor-catalog.js";

const workRoot = mkdtempSync(join(tmpdir(), "zx-dirs-"));
after(() => rmSync(workRoot, { recursive: true, force: true }));

const bash = loadExecutors(join(workRoot, "no-tools"), silentLogger()).get("bash")!;
const exec = ExecConfigSchema.parse({});
const dirs = createExecutionDirs({ logger: silentLogger(), workRoot, user: undefined, cgroupFor: () => undefined });
const nextPass = () => new Promise((resolve) => setImmediate(resolve));

void describe("execution directories", () => {
  void it("EXC-27 an execution's directories are removed right after its answer, not before it is sent", async () => {
    const prepared = dirs.prepare(bash, true, exec);
    dirs.writeScript(prepared, "echo hi");
    // What a run may leave behind: the work dir then takes the thorough way out.
    writeFileSync(join(prepared.workDir, "left.txt"), "output");
    dirs.cleanupAfterAnswer(prepared);
    assert.equal(existsSync(prepared.baseDir), true, "still there while the current work (the answer) goes out");
    await nextPass();
    assert.equal(existsSync(prepared.baseDir), false);
    assert.deepEqual(readdirSync(workRoot), []);
  });

  void it("EXC-27 settle removes the scheduled directories at once, and only once", async () => {
    const first = dirs.prepare(bash, true, exec);
    const second = dirs.prepare(bash, false, exec);
    dirs.cleanupAfterAnswer(first);
    dirs.cleanupAfterAnswer(second);
    dirs.settle();
    assert.deepEqual(readdirSync(workRoot), [], "gone before the next pass of the event loop");
    // A directory made afterwards under the same root is not touched by the pass scheduled earlier.
    const later = dirs.prepare(bash, true, exec);
    await nextPass();
    assert.equal(existsSync(later.baseDir), true);
    dirs.cleanup(later);
    assert.deepEqual(readdirSync(workRoot), []);
  });

  void it("EXC-27 a sandboxed execution's directories go under the sandbox root, a host run's under the work root", () => {
    const sandboxRoot = join(workRoot, "in-memory");
    mkdirSync(sandboxRoot, { mode: 0o711 });
    const split = createExecutionDirs({ logger: silentLogger(), workRoot, sandboxRoot, user: undefined, cgroupFor: () => undefined });
    const sandboxed = split.prepare(bash, false, exec);
    const onHost = split.prepare(bash, true, exec);
    assert.equal(join(sandboxed.baseDir, ".."), sandboxRoot);
    assert.equal(join(onHost.baseDir, ".."), workRoot);
    split.writeScript(sandboxed, "echo hi");
    split.cleanup(sandboxed);
    split.cleanup(onHost);
    assert.deepEqual(readdirSync(sandboxRoot), []);
    // Removed meanwhile (a temp-dir cleaner): not made again unchecked (another user may hold the name by then), the
    // work root serves instead.
    rmSync(sandboxRoot, { recursive: true });
    const again = split.prepare(bash, false, exec);
    assert.equal(join(again.baseDir, ".."), workRoot);
    assert.equal(existsSync(sandboxRoot), false);
    split.cleanup(again);
    assert.deepEqual(readdirSync(workRoot), []);
  });
});
