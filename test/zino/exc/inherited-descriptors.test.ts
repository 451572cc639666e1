// What a process that starts sandboxes does with descriptors its parent leaked to it (inherited-descriptors.ts): a
// child started with an extra pipe at fd 20 (no close-on-exec, as a CI runner or a terminal multiplexer leaves them)
// closes it, keeps its standard streams and what it is told to keep, and its own children no longer get it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, it } from "node:test";
import { REPO_ROOT, TSX_LOADER } from "../../../harness/zino-processes.js";

const MODULE = join(REPO_ROOT, "src", "zino", "exc", "inherited-descriptors.ts");

/** Runs `body` in a child whose fd 20 is a pipe it inherited; returns what the body printed as JSON. */
function inChildWithLeakedPipe(body: string): { closed: number[]; before: string[]; after: string[]; grandchild: string[] } {
  const script = `
    import { readdirSync } from "node:fs";
    import { execFileSync } from "node:child_process";
    import { closeInheritedDescriptors } from ${JSON.stringify(MODULE)};
    const before = readdirSync("/proc/self/fd");
    ${body}
    const after = readdirSync("/proc/self/fd");
    // A child's view of its own descriptors: what a sandbox started now would get.
    const grandchild = execFileSync("/bin/sh", ["-c", "ls /proc/$$/fd"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim().split(/\\s+/);
    process.stdout.write(JSON.stringify({ closed, before, after, grandchild }));
  `;
  const stdio = ["ignore", "pipe", "pipe", ...Array<"ignore">(17).fill("ignore"), "pipe"] as const;
  const run = spawnSync(process.execPath, ["--import", TSX_LOADER, "--input-type=module", "-e", script], {
    encoding: "utf8",
    stdio: [...stdio],
  });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout) as { closed: number[]; before: string[]; after: string[]; grandchild: string[] };
}

void describe("descriptors inherited by the processes that start sandboxes", () => {
  void it("EXC-06 an inherited descriptor past stdio is closed, so that no child (no sandbox) gets it", () => {
    const seen = inChildWithLeakedPipe("const closed = closeInheritedDescriptors();");
    assert.ok(seen.before.includes("20"), `the child inherited fd 20: ${seen.before.join(" ")}`);
    assert.ok(seen.closed.includes(20), JSON.stringify(seen));
    assert.ok(!seen.after.includes("20"));
    for (const fd of ["0", "1", "2"]) assert.ok(seen.after.includes(fd), `fd ${fd} kept`);
    // Node's own descriptors are close-on-exec: they are left open, and no child sees them either.
    assert.ok(seen.closed.every((fd) => fd > 2));
    assert.deepEqual(
      seen.grandchild.filter((fd) => Number(fd) > 2),
      [],
      seen.grandchild.join(" "),
    );
  });

  void it("EXC-06 a descriptor it is told to keep (the launcher's IPC channel) stays", () => {
    const seen = inChildWithLeakedPipe("const closed = closeInheritedDescriptors([20]);");
    assert.ok(!seen.closed.includes(20));
    assert.ok(seen.after.includes("20"));
    assert.ok(seen.grandchild.includes("20"), "kept, and so inherited by the next child");
  });
});
