// What exc, its MCP launcher and `zino status` tell a user whose bubblewrap cannot run: "install bubblewrap" only
// where it is missing; where it is installed but the kernel keeps this user from user namespaces (a user who is not
// root on Ubuntu 23.10+, or with user.max_user_namespaces = 0), the setting and the command that changes it.
import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { bwrapFix } from "../../../src/zino/exc/bwrap-advice.js";
import { formatStatus, type StatusReport } from "../../../src/zino/cli/status-command.js";
import { startExc, type ExcHarness } from "./exc-harness.js";

const USERNS_DENIED = "bwrap: setting up uid map: Permission denied";
const settings = (values: Record<string, string>) => (file: string) => values[file];

void describe("what to do when bubblewrap cannot run", () => {
  void it("says to install bubblewrap only where it is missing", () => {
    const fix = bwrapFix({ bwrapPath: "/nonexistent/bwrap", exists: () => false, readSetting: settings({}) });
    assert.match(fix, /^install bubblewrap \(sudo apt-get install bubblewrap\)$/);
  });

  void it("names the kernel setting that keeps users who are not root from user namespaces, and the command", () => {
    const apparmor = bwrapFix({
      bwrapPath: "/usr/bin/bwrap",
      problem: USERNS_DENIED,
      exists: () => true,
      readSetting: settings({
        "/proc/sys/kernel/apparmor_restrict_unprivileged_userns": "1\n",
        "/proc/sys/user/max_user_namespaces": "63000\n",
      }),
    });
    assert.doesNotMatch(apparmor, /install bubblewrap/);
    assert.match(apparmor, /bubblewrap \(\/usr\/bin\/bwrap\) is installed/);
    assert.match(
      apparmor,
      /\(kernel\.apparmor_restrict_unprivileged_userns = 1\): allow them with sudo sysctl kernel\.apparmor_restrict_unprivileged_userns=0 /,
    );
    assert.match(apparmor, /or run zino-exc as root$/);
    const both = bwrapFix({
      bwrapPath: "/usr/bin/bwrap",
      exists: () => true,
      readSetting: settings({ "/proc/sys/kernel/unprivileged_userns_clone": "0\n", "/proc/sys/user/max_user_namespaces": "0\n" }),
    });
    assert.match(both, /sudo sysctl kernel\.unprivileged_userns_clone=1 and sudo sysctl user\.max_user_namespaces=15000/);
  });

  void it("without such a setting, points at user namespaces only when bubblewrap's error is about them", () => {
    const open = settings({ "/proc/sys/kernel/unprivileged_userns_clone": "1\n", "/proc/sys/user/max_user_namespaces": "63000\n" });
    const userns = bwrapFix({ bwrapPath: "/usr/bin/bwrap", problem: USERNS_DENIED, exists: () => true, readSetting: open });
    assert.match(userns, /cannot start a sandbox: check that this user may create user namespaces \(`unshare --user true`/);
    const other = bwrapFix({
      bwrapPath: "/usr/bin/bwrap",
      problem: "bwrap: execvp /bin/sh: No such file",
      exists: () => true,
      readSetting: open,
    });
    assert.equal(other, "bubblewrap (/usr/bin/bwrap) is installed but its sandbox fails here: fix what its error says");
  });

  void it("`zino status` says why exc's bubblewrap cannot run and what to do, and nothing more where it runs", () => {
    const report = (sandbox: StatusReport["sandbox"]): StatusReport => ({
      ok: true,
      services: [],
      zelinqa_api: { state: "stopped", pid: null, url: null, uptime_s: null },
      model: { base_url: null, model: null, reachable: false, source: "none" },
      sandbox,
      database: "/x/zino.sqlite",
      database_state: { store: "sqlite", state: "ok", code: null, message: null },
    });
    const refused = formatStatus(report({ bwrap: "/usr/bin/bwrap", exc_isolation: "refused", problem: USERNS_DENIED }));
    const line = refused.split("\n").find((l) => l.startsWith("sandbox"))!;
    assert.match(line, /exc isolation refused: bubblewrap cannot run \(bwrap: setting up uid map: Permission denied\); /);
    assert.match(line, /user namespaces.*, or set \[exec\] allow_unsandboxed = true$/);
    const working = formatStatus(report({ bwrap: "/usr/bin/bwrap", exc_isolation: "bwrap", problem: null }));
    assert.match(working, /^sandbox {6}bubblewrap \/usr\/bin\/bwrap, exc isolation bwrap$/m);
  });
});

void describe("zino-exc with a bubblewrap that cannot get a user namespace", () => {
  let dir: string;
  let h: ExcHarness;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "zx-bwrap-"));
    chmodSync(dir, 0o755); // exc run as root probes bubblewrap as nobody
    const fake = join(dir, "bwrap");
    writeFileSync(fake, `#!/bin/sh\necho "${USERNS_DENIED}" >&2\nexit 1\n`);
    chmodSync(fake, 0o755);
    h = await startExc({ exc: { bwrapPath: fake } });
  });
  after(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  void it("EXC-13 refuses an execution with bubblewrap's error and the user-namespace fix, not 'install bubblewrap'", async () => {
    const refused = await h.call("k", "execute_bash", { code: "echo should-not-run" });
    assert.equal(refused.exit_code, 126);
    const stderr = String(refused.stderr);
    assert.match(stderr, /no sandbox is available \(bwrap: setting up uid map: Permission denied\)/);
    assert.doesNotMatch(stderr, /install bubblewrap/);
    assert.match(stderr, /is installed[^;]*user namespaces.*, or set exec\.allow_unsandboxed = true/);
    const caps = await h.request({ type: "capabilities", ctxkey: "k" });
    assert.equal(caps.isolation, "refused");
  });
});
