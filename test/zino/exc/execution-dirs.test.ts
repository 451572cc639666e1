// An execution's directories (src/zino/exc/execution-dirs.ts) on a real work root: made fresh per execution, removed
// right after the answer (cleanupAfterAnswer) or at once (settle), whatever the run left in them; an unsandboxed
// execution's left exactly as made serves again.
import assert from "node:assert/strict";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
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
/** What a run may leave behind in its work dir: its base then cannot serve again. */
const leaveOutput = (prepared: { workDir: string }) => writeFileSync(join(prepared.workDir, "left.txt"), "output");

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
    leaveOutput(first);
    dirs.cleanupAfterAnswer(first);
    dirs.cleanupAfterAnswer(second);
    dirs.settle();
    assert.deepEqual(readdirSync(workRoot), [], "gone before the next pass of the event loop");
    // A directory made afterwards under the same root is not touched by the pass scheduled earlier.
    const later = dirs.prepare(bash, true, exec);
    await nextPass();
    assert.equal(existsSync(later.baseDir), true);
    leaveOutput(later);
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
    leaveOutput(onHost);
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

  void it("EXC-27 an unsandboxed execution's base left as made serves the next one, emptied of its script", () => {
    const reused = createExecutionDirs({ logger: silentLogger(), workRoot, user: undefined, cgroupFor: () => undefined });
    const first = reused.prepare(bash, true, exec);
    reused.writeScript(first, "echo hi");
    reused.cleanup(first);
    assert.deepEqual(readdirSync(first.baseDir).sort(), ["code", "tmp", "work"]);
    assert.deepEqual(readdirSync(first.codeDir), [], "the script is gone");
    // A sandboxed execution does not take it (its base holds only a script, in the sandbox root).
    const sandboxed = reused.prepare(bash, false, exec);
    assert.notEqual(sandboxed.baseDir, first.baseDir);
    reused.cleanup(sandboxed);
    const second = reused.prepare(bash, true, exec);
    assert.equal(second.baseDir, first.baseDir);
    assert.equal(second.workDir, first.workDir);
    for (const dir of [second.codeDir, second.workDir, second.tmpDir]) assert.deepEqual(readdirSync(dir), []);
    assert.equal(lstatSync(second.workDir).mode & 0o7777, 0o700);
    // At most two wait; closing removes them, and from then on every base goes.
    const third = reused.prepare(bash, true, exec);
    const fourth = reused.prepare(bash, true, exec);
    for (const prepared of [second, third, fourth]) reused.cleanup(prepared);
    assert.equal(readdirSync(workRoot).length, 2);
    reused.close();
    assert.deepEqual(readdirSync(workRoot), []);
    const afterClose = reused.prepare(bash, true, exec);
    reused.cleanup(afterClose);
    assert.deepEqual(readdirSync(workRoot), []);
  });

  void it("EXC-27 EXC-06 a base the run changed in any way is removed, and the next execution gets a fresh one", () => {
    const changes: Record<string, (prepared: ReturnType<typeof dirs.prepare>) => void> = {
      "a file in the work dir": leaveOutput,
      "a file in the tmp dir": (prepared) => writeFileSync(join(prepared.tmpDir, "t"), "x"),
      "an empty dir in the work dir": (prepared) => mkdirSync(join(prepared.workDir, "d")),
      "another entry in the base": (prepared) => writeFileSync(join(prepared.baseDir, "extra"), "x"),
      "a file left in the code dir": (prepared) => writeFileSync(join(prepared.codeDir, "more.sh"), "x"),
      "the work dir's mode": (prepared) => chmodSync(prepared.workDir, 0o755),
      "the base's mode": (prepared) => chmodSync(prepared.baseDir, 0o755),
      "the work dir replaced by a link": (prepared) => {
        rmdirSync(prepared.workDir);
        symlinkSync(tmpdir(), prepared.workDir);
      },
      "the tmp dir gone": (prepared) => rmdirSync(prepared.tmpDir),
    };
    for (const [change, apply] of Object.entries(changes)) {
      const own = createExecutionDirs({ logger: silentLogger(), workRoot, user: undefined, cgroupFor: () => undefined });
      const run = own.prepare(bash, true, exec);
      own.writeScript(run, "echo hi");
      apply(run);
      own.cleanup(run);
      assert.equal(existsSync(run.baseDir), false, `${change}: removed`);
      const next = own.prepare(bash, true, exec);
      assert.notEqual(next.baseDir, run.baseDir, change);
      own.close();
      own.cleanup(next);
      assert.deepEqual(readdirSync(workRoot), [], change);
    }
  });
});
