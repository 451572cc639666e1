// The per-execution cgroup layout (exec-cgroups.ts) on fake /proc and cgroup trees, and the seccomp program's
// shape (seccomp-filter.ts). The real mechanisms are attacked in sandbox-limits.test.ts.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { silentLogger } from "../../../src/wire/index.js";
import {
  createExecCgroups,
  joinCgroupCommand,
  parseCgroupMounts,
  parseSelfCgroup,
  SPARE_CGROUPS,
} from "../../../src/zino/exc/exec-cgroups.js";
import { bwrapCommand, limitedCommand } from "../../../src/zino/exc/sandbox.js";
import { joinsThroughDescriptors } from "../../../src/zino/exc/sandbox-hardening.js";
import { CLONE_NAMESPACE_FLAGS, deniedSyscalls, seccompProgram } from "../../../src/zino/exc/seccomp-filter.js";

const root = mkdtempSync(join(tmpdir(), "zx-cgroups-"));
/** Above the largest pid Linux hands out: a fake cgroup.procs line that no kill can reach. */
const NO_SUCH_PID = 4194304 + 1;
after(() => rmSync(root, { recursive: true, force: true }));

function mountLine(id: number, mountPoint: string, fsType: string, options: string): string {
  return `${id} 31 0:${id} / ${mountPoint} rw,relatime - ${fsType} ${fsType} rw${options}`;
}

/** A fake cgroup v2 tree under `root`/`dir` whose exc runs in /svc with these controllers, and its cgroups. */
function fakeV2Cgroups(dir: string, name: string, controllers: string) {
  const unified = join(root, dir);
  mkdirSync(join(unified, "svc"), { recursive: true });
  writeFileSync(join(unified, "svc", "cgroup.controllers"), `${controllers}\n`);
  const cgroups = createExecCgroups({
    logger: silentLogger(),
    name,
    selfCgroup: "0::/svc\n",
    mountInfo: mountLine(30, unified, "cgroup2", ""),
  });
  return { unified, cgroups };
}

void describe("per-execution cgroups: layout", () => {
  void it("EXC-31 reads /proc/self/cgroup and the cgroup mounts of /proc/self/mountinfo (v1 controllers, the v2 line)", () => {
    const paths = parseSelfCgroup("9:name=systemd:/\n8:pids:/\n4:memory:/process_api/abc\n2:cpu,cpuacct:/x\n0::/\n");
    assert.equal(paths.get("memory"), "/process_api/abc");
    assert.equal(paths.get("pids"), "/");
    assert.equal(paths.get("cpuacct"), "/x");
    assert.equal(paths.get(""), "/");
    const mounts = parseCgroupMounts(
      [
        mountLine(35, "/sys/fs/cgroup/memory", "cgroup", ",memory"),
        mountLine(41, "/sys/fs/cgroup/unified", "cgroup2", ""),
        "23 1 0:5 / /dev rw - devtmpfs udev rw",
      ].join("\n"),
    );
    assert.deepEqual(
      mounts.map((m) => [m.mountPoint, m.fsType]),
      [
        ["/sys/fs/cgroup/memory", "cgroup"],
        ["/sys/fs/cgroup/unified", "cgroup2"],
      ],
    );
  });

  void it("EXC-31 v1 (hybrid layout): a cgroup in the memory and pids hierarchies under exc's own, with memory (swap included) and pids limits", () => {
    const memory = join(root, "v1", "memory");
    const pids = join(root, "v1", "pids");
    mkdirSync(join(memory, "svc"), { recursive: true });
    mkdirSync(pids, { recursive: true });
    const cgroups = createExecCgroups({
      logger: silentLogger(),
      name: "zino-exc-1",
      selfCgroup: "8:pids:/\n4:memory:/svc\n0::/\n",
      mountInfo: [mountLine(35, memory, "cgroup", ",memory"), mountLine(39, pids, "cgroup", ",pids")].join("\n"),
    });
    assert.equal(cgroups.mechanism, "cgroup-v1", cgroups.detail);
    const made = cgroups.create({ memoryBytes: 512 * 1024 * 1024, maxProcesses: 64 })!;
    assert.deepEqual(made.procsFiles, [
      join(memory, "svc", "zino-exc-1", "x1", "cgroup.procs"),
      join(pids, "zino-exc-1", "x1", "cgroup.procs"),
    ]);
    assert.equal(readFileSync(join(memory, "svc", "zino-exc-1", "x1", "memory.limit_in_bytes"), "utf8"), String(512 * 1024 * 1024));
    assert.equal(readFileSync(join(pids, "zino-exc-1", "x1", "pids.max"), "utf8"), "64");
    writeFileSync(join(memory, "svc", "zino-exc-1", "x1", "memory.oom_control"), "oom_kill_disable 0\nunder_oom 0\noom_kill 3\n");
    assert.equal(made.oomKills(), 3);
    assert.equal(made.delegated, false);
  });

  void it("EXC-31 v2: controllers enabled for exc's subtree, memory.max, no swap, pids.max", () => {
    const { unified, cgroups } = fakeV2Cgroups("v2", "zino-exc-2", "cpu io memory pids");
    assert.equal(cgroups.mechanism, "cgroup-v2", cgroups.detail);
    assert.equal(readFileSync(join(unified, "svc", "cgroup.subtree_control"), "utf8"), "+memory +pids");
    const made = cgroups.create({ memoryBytes: 1024, maxProcesses: 8 })!;
    assert.deepEqual(made.procsFiles, [join(unified, "svc", "zino-exc-2", "x1", "cgroup.procs")]);
    assert.equal(readFileSync(join(unified, "svc", "zino-exc-2", "x1", "memory.max"), "utf8"), "1024");
    assert.equal(readFileSync(join(unified, "svc", "zino-exc-2", "x1", "pids.max"), "utf8"), "8");
    // A process already moved into exc's leaf (an earlier runner) makes its cgroups next to it, not under it.
    mkdirSync(join(unified, "svc", "zino-exc-main"), { recursive: true });
    const again = createExecCgroups({
      logger: silentLogger(),
      name: "zino-exc-3",
      selfCgroup: "0::/svc/zino-exc-main\n",
      mountInfo: mountLine(30, unified, "cgroup2", ""),
    });
    assert.equal(again.detail, `per-execution cgroups under ${join(unified, "svc", "zino-exc-3")}`);
  });

  void it("EXC-31 an emptied cgroup is kept for the next execution with the same limits, counting OOM kills anew", async () => {
    const { unified, cgroups } = fakeV2Cgroups("v2-spare", "zino-exc-9", "memory pids");
    const base = join(unified, "svc", "zino-exc-9");
    // What the kernel shows of an emptied cgroup (the fake tree has no kernel behind it).
    const state = (n: number, procs: string, populated: 0 | 1, memoryBytes: number, oomKills = 0, tasks = procs === "" ? 0 : 1) => {
      writeFileSync(join(base, `x${n}`, "cgroup.procs"), procs);
      writeFileSync(join(base, `x${n}`, "cgroup.events"), `populated ${populated}\nfrozen 0\n`);
      writeFileSync(join(base, `x${n}`, "pids.current"), `${tasks}\n`);
      writeFileSync(join(base, `x${n}`, "memory.current"), String(memoryBytes));
      writeFileSync(join(base, `x${n}`, "memory.events"), `low 0\nhigh 0\nmax 2\noom 1\noom_kill ${oomKills}\n`);
    };
    const limits = { memoryBytes: 1 << 30, maxProcesses: 32 };
    const first = cgroups.create(limits)!;
    state(1, "", 0, 64 * 1024, 3);
    assert.equal(first.oomKills(), 3);
    first.release();
    const second = cgroups.create(limits)!;
    assert.deepEqual(second.procsFiles, first.procsFiles, "the emptied cgroup again, none made");
    assert.equal(second.oomKills(), 0, "the earlier execution's OOM kills are not this one's");
    state(1, "", 0, 64 * 1024, 4);
    assert.equal(second.oomKills(), 1);
    // Other limits: a cgroup of their own.
    const other = cgroups.create({ memoryBytes: 1 << 29, maxProcesses: 32 })!;
    assert.deepEqual(other.procsFiles, [join(base, "x2", "cgroup.procs")]);
    // Still holding a process, or memory its processes left charged: not kept (removed once empty).
    state(1, `${NO_SUCH_PID}\n`, 1, 0);
    second.release();
    state(2, "", 0, 64 << 20);
    other.release();
    assert.deepEqual(cgroups.create(limits)!.procsFiles, [join(base, "x3", "cgroup.procs")]);
    assert.deepEqual(cgroups.create({ memoryBytes: 1 << 29, maxProcesses: 32 })!.procsFiles, [join(base, "x4", "cgroup.procs")]);
    // Its processes gone from cgroup.procs and no longer populated, but one exited and not yet reaped still holds a
    // place in pids.current: not kept either.
    state(1, "", 0, 0, 0, 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(cgroups.create(limits)!.procsFiles, [join(base, "x5", "cgroup.procs")]);
    // Emptied later (its processes exiting after the kill, then reaped): kept then, by the removal's next attempt.
    state(1, "", 0, 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(cgroups.create(limits)!.procsFiles, first.procsFiles);
    // At most SPARE_CGROUPS kept at once: the latest released.
    const many = Array.from({ length: SPARE_CGROUPS + 2 }, () => cgroups.create({ memoryBytes: 1 << 28, maxProcesses: 8 })!);
    for (const made of many) {
      const n = Number(/x(\d+)\/cgroup\.procs$/.exec(made.procsFiles[0]!)![1]);
      state(n, "", 0, 0);
      made.release();
    }
    const again = Array.from({ length: SPARE_CGROUPS + 1 }, () => cgroups.create({ memoryBytes: 1 << 28, maxProcesses: 8 })!.procsFiles[0]);
    const reused = again.filter((file) => many.some((made) => made.procsFiles[0] === file));
    assert.deepEqual(
      reused.sort(),
      many
        .slice(2)
        .map((made) => made.procsFiles[0])
        .sort(),
    );
  });

  void it("EXC-31 without usable controllers: rlimit-only, with the reason", () => {
    const unified = join(root, "bare");
    mkdirSync(unified, { recursive: true });
    writeFileSync(join(unified, "cgroup.controllers"), "hugetlb\n");
    const cgroups = createExecCgroups({ logger: silentLogger(), selfCgroup: "0::/\n", mountInfo: mountLine(41, unified, "cgroup2", "") });
    assert.equal(cgroups.mechanism, "rlimit-only");
    assert.match(cgroups.detail, /offers no memory and pids controllers \(hugetlb\)/);
    assert.equal(cgroups.create({ memoryBytes: 1, maxProcesses: 1 }), undefined);
  });

  void it("EXC-31 an exc that is not root and has no delegated cgroup says rlimit-only, and why", (t) => {
    // The check runs in a process of its own, as nobody when the tests run as root, else as the tests' own user.
    const asRoot = process.getuid?.() === 0;
    if (asRoot && !existsSync("/usr/bin/setpriv")) {
      t.skip("as root, needs setpriv (util-linux) to run the check as an unprivileged user");
      return;
    }
    const script = join(root, "probe.mts");
    writeFileSync(
      script,
      `import { createExecCgroups } from ${JSON.stringify(join(process.cwd(), "src/zino/exc/exec-cgroups.ts"))};\n` +
        `import { silentLogger } from ${JSON.stringify(join(process.cwd(), "src/wire/index.ts"))};\n` +
        "const c = createExecCgroups({ logger: silentLogger() });\nconsole.log(JSON.stringify({ mechanism: c.mechanism, detail: c.detail }));\n",
      { mode: 0o644 },
    );
    chmodSync(root, 0o755);
    const node = [process.execPath, "--import", "tsx", script];
    const run = spawnSync(
      asRoot ? "/usr/bin/setpriv" : node[0]!,
      asRoot ? ["--reuid=65534", "--regid=65534", "--clear-groups", ...node] : node.slice(1),
      { cwd: process.cwd(), env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: root }, encoding: "utf8", timeout: 30_000 },
    );
    if (asRoot && run.status !== 0) {
      t.skip(`the repository cannot run as nobody here: ${run.stderr.trim().split("\n").pop() ?? ""}`);
      return;
    }
    assert.equal(run.status, 0, run.stderr);
    const answer = JSON.parse(run.stdout.trim()) as { mechanism: string; detail: string };
    if (!asRoot && answer.mechanism !== "rlimit-only") {
      t.skip(`a cgroup is delegated to this user here (${answer.mechanism}: ${answer.detail}), so there is no rlimit-only case to see`);
      return;
    }
    assert.equal(answer.mechanism, "rlimit-only");
    assert.match(answer.detail, /cannot create cgroups|offers no memory and pids controllers|no cgroup/);
  });

  void it("EXC-31 a sandbox joins its cgroup before it starts, then drops to the sandbox user", () => {
    const command = joinCgroupCommand(
      { command: "/usr/bin/bwrap", args: ["--", "x"], env: {}, cwd: "/" },
      { procsFiles: ["/m/cgroup.procs", "/p/cgroup.procs"], delegated: false, oomKills: () => 0, release: () => undefined },
      { user: { uid: 65534, gid: 65534 }, setprivPath: "/usr/bin/setpriv" },
    );
    assert.equal(command.command, "/bin/sh");
    assert.deepEqual(command.args.slice(2), [
      "zino-cgroup",
      "/m/cgroup.procs",
      "/p/cgroup.procs",
      "--",
      "/usr/bin/setpriv",
      "--reuid=65534",
      "--regid=65534",
      "--clear-groups",
      "--",
      "/usr/bin/bwrap",
      "--",
      "x",
    ]);
  });

  void it("EXC-31 a shell we launch with -c joins first thing in its own script; bwrap, or a drop to the user, keeps the sh in front", () => {
    const cgroup = { procsFiles: ["/m/cgroup.procs", "/p/cgroup.procs"], delegated: true, oomKills: () => 0, release: () => undefined };
    const bash = {
      command: "/bin/bash",
      args: ["--noprofile", "--norc", "-c", 'read -r _ || exit 125; . "$0"', "/w/main.sh"],
      env: {},
      cwd: "/",
    };
    const joined = joinCgroupCommand(bash, cgroup, undefined);
    assert.equal(joined.command, "/bin/bash");
    assert.deepEqual(joined.args, [
      "--noprofile",
      "--norc",
      "-c",
      "echo 0 >'/m/cgroup.procs' || exit 125; echo 0 >'/p/cgroup.procs' || exit 125; read -r _ || exit 125; . \"$0\"",
      "/w/main.sh",
    ]);
    // The script really joins: run with two plain files standing in for cgroup.procs, each gets the "0".
    const dir = mkdtempSync(join(tmpdir(), "zx-join-"));
    try {
      const files = [join(dir, "a"), join(dir, "b")];
      const run = joinCgroupCommand(
        { command: "/bin/sh", args: ["-c", "echo ran"], env: {}, cwd: "/" },
        { ...cgroup, procsFiles: files },
        undefined,
      );
      const result = spawnSync(run.command, run.args, { encoding: "utf8" });
      assert.equal(result.stdout, "ran\n");
      assert.deepEqual(
        files.map((file) => readFileSync(file, "utf8")),
        ["0\n", "0\n"],
      );
      // A join that fails stops the run before the script (exit 125), as the sh in front does.
      const blocked = joinCgroupCommand(
        { command: "/bin/sh", args: ["-c", "echo ran"], env: {}, cwd: "/" },
        { ...cgroup, procsFiles: [join(dir, "none", "x")] },
        undefined,
      );
      const failed = spawnSync(blocked.command, blocked.args, { encoding: "utf8" });
      assert.equal(failed.status, 125);
      assert.equal(failed.stdout, "");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const setpriv = { user: { uid: 65534, gid: 65534 }, setprivPath: "/usr/bin/setpriv" };
    const kept = [
      joinCgroupCommand({ command: "/usr/bin/bwrap", args: ["--", "x"], env: {}, cwd: "/" }, cgroup, undefined),
      joinCgroupCommand(bash, cgroup, setpriv),
      joinCgroupCommand({ command: "/bin/bash", args: ["/w/main.sh", "-c", "x"], env: {}, cwd: "/" }, cgroup, undefined),
      joinCgroupCommand(bash, { ...cgroup, procsFiles: ["/m/it's/cgroup.procs"] }, undefined),
    ];
    for (const used of kept) {
      assert.equal(used.command, "/bin/sh", JSON.stringify(used));
      assert.equal(used.args[2], "zino-cgroup");
    }
  });
});

void describe("joining the cgroup inside the sandbox", () => {
  const exec = { memory_mb: 64, cpu_seconds: 5, max_processes: 16, network: false } as Parameters<typeof bwrapCommand>[0]["exec"];
  const paths = { codeDir: "/c", workDir: "/w", tmpDir: "/t", scriptName: "main.py" };

  void it("EXC-31 bwrap's command joins through descriptors (3, 4; 6, 7 in a warm sandbox, after its report pipes), bwrap's own inputs come after", () => {
    const base = { bwrapPath: "/usr/bin/bwrap", paths, exec, interpreter: ["/usr/bin/python3"], prlimitPath: "/usr/bin/prlimit" };
    const joinFiles = ["/m/cgroup.procs", "/p/cgroup.procs"];
    const descriptors = (args: string[]) =>
      args.flatMap((arg, i) => (arg === "--file" || arg === "--seccomp" ? [Number(args[i + 1])] : []));
    const commandOf = (command: { args: string[] }) => command.args.slice(command.args.indexOf("--") + 1);
    // Started on the call's path: the joins are 3 and 4, and every descriptor bwrap reads (--file, --seccomp) moves
    // up by the two join files.
    const plain = bwrapCommand({ ...base, seccompFile: "/s.bpf" });
    const joined = bwrapCommand({ ...base, seccompFile: "/s.bpf", joinFiles });
    assert.equal(plain.joinFiles, undefined);
    assert.deepEqual(joined.joinFiles, joinFiles);
    assert.deepEqual(joined.inputFiles, plain.inputFiles);
    assert.equal(joined.reportsExit, undefined);
    assert.ok(descriptors(plain.args).length > 0);
    assert.deepEqual(
      descriptors(joined.args),
      descriptors(plain.args).map((fd) => fd + 2),
    );
    assert.equal(Math.min(...descriptors(joined.args)), 5);
    // The command after `--`: a sh that joins, closes the descriptors, then runs the limited interpreter.
    const command = commandOf(joined);
    assert.equal(command[0], "/bin/sh");
    assert.equal(command[2], 'echo 0 >&3 || exit 125; echo 0 >&4 || exit 125; exec 3>&- 4>&-; exec "$@"');
    assert.deepEqual(command.slice(-2), ["/usr/bin/python3", "/code/main.py"]);
    assert.ok(!joined.args.includes("--json-status-fd"));
    // A warm (held) sandbox: its three report pipes come first, so the joins are 6 and 7 and bwrap's inputs follow;
    // bwrap reports the exit on the status pipe (5), and the command joins, waits for the go line, then writes on the
    // script's own pipes (3 and 4) before it runs the limited interpreter. No process stands in front of it.
    const warm = bwrapCommand({ ...base, seccompFile: "/s.bpf", held: true, joinFiles });
    assert.equal(warm.reportsExit, true);
    assert.equal(warm.args[warm.args.indexOf("--json-status-fd") + 1], "5");
    assert.ok(!warm.args.includes("--as-pid-1"), "bwrap's reaper is PID 1, the script's shell is not");
    assert.equal(Math.min(...descriptors(warm.args)), 8);
    const held = commandOf(warm);
    assert.deepEqual(held.slice(0, 2), ["/bin/sh", "-c"]);
    assert.equal(
      held[2],
      'echo 0 >&6 || exit 125; echo 0 >&7 || exit 125; exec 6>&- 7>&-; read -r _ || exit 125; exec </dev/null; exec >&3 2>&4 3>&- 4>&-; exec "$@"',
    );
    assert.deepEqual(held.slice(-2), ["/usr/bin/python3", "/code/main.py"]);
    // A warm bash script: bash itself joins, waits for the go line, takes its pipes, sets its limits and sources it.
    const bash = commandOf(bwrapCommand({ ...base, interpreter: ["/bin/bash"], held: true, joinFiles: ["/m/cgroup.procs"] }));
    assert.deepEqual(bash.slice(0, 2), ["/bin/bash", "-c"]);
    assert.match(
      bash[2]!,
      /^echo 0 >&6 \|\| exit 125; exec 6>&-; read -r _ \|\| exit 125; exec <\/dev\/null; exec >&3 2>&4 3>&- 4>&-; ulimit /,
    );
    // A bash script started on the call's path: bash itself sets its limits and sources the script, nothing in front.
    const coldBash = commandOf(bwrapCommand({ ...base, interpreter: ["/bin/bash"] }));
    assert.deepEqual([coldBash[0], coldBash[1]], ["/bin/bash", "-c"]);
    assert.match(coldBash[2]!, /^ulimit .* && \. "\$0"$/);
    // An analyser's sandbox, held or not, reports nothing: its command joins through descriptors 3, 4.
    const analyser = bwrapCommand({ ...base, seccompFile: "/s.bpf", analyser: true, held: true, joinFiles });
    assert.equal(analyser.reportsExit, undefined);
    assert.equal(Math.min(...descriptors(analyser.args)), 5);
    assert.match(commandOf(analyser)[2]!, /^echo 0 >&3 \|\| exit 125; echo 0 >&4 \|\| exit 125; exec 3>&- 4>&-; read -r _ /);
  });

  void it("EXC-31 where the kernel allows the join inside: cgroup v1 always, v2 from Linux 5.16, never without cgroups", () => {
    assert.equal(joinsThroughDescriptors("cgroup-v1", "4.19.0-27-amd64"), true);
    assert.equal(joinsThroughDescriptors("cgroup-v2", "5.15.0-91-generic"), false);
    assert.equal(joinsThroughDescriptors("cgroup-v2", "5.16.0"), true);
    assert.equal(joinsThroughDescriptors("cgroup-v2", "6.1.0-18-amd64"), true);
    assert.equal(joinsThroughDescriptors("cgroup-v2", "4.20.17"), false);
    assert.equal(joinsThroughDescriptors("cgroup-v2", "unknown"), false);
    assert.equal(joinsThroughDescriptors("rlimit-only", "6.1.0"), false);
    assert.equal(joinsThroughDescriptors(undefined, "6.1.0"), false);
  });

  void it('EXC-31 the join really writes "0" to each descriptor before the command, and a refused write stops it (125)', () => {
    const dir = mkdtempSync(join(tmpdir(), "zx-joinfd-"));
    try {
      const files = [join(dir, "memory"), join(dir, "pids")];
      const out = join(dir, "out");
      // Run by sh with plain files standing in for cgroup.procs; the command reports which descriptors it still has.
      const argv = limitedCommand(exec, undefined, ["/bin/sh"], join(dir, "probe.sh"), { sourced: false, joinFds: [3, 4] });
      writeFileSync(join(dir, "probe.sh"), `for fd in 3 4; do [ -e /proc/$$/fd/$fd ] && echo "open $fd"; done; echo ran >'${out}'\n`);
      const run = (fds: number[]) => {
        try {
          return spawnSync(argv[0]!, argv.slice(1), { encoding: "utf8", stdio: ["ignore", "pipe", "pipe", ...fds] });
        } finally {
          for (const fd of fds) closeSync(fd);
        }
      };
      const ok = run(files.map((file) => openSync(file, "w")));
      assert.equal(ok.status, 0, ok.stderr);
      assert.equal(ok.stdout, "", "the script sees neither descriptor");
      assert.deepEqual(
        files.map((file) => readFileSync(file, "utf8")),
        ["0\n", "0\n"],
      );
      assert.equal(readFileSync(out, "utf8"), "ran\n");
      rmSync(out);
      // The second descriptor is read-only: its write fails, and the script never runs.
      const refused = run([openSync(files[0]!, "w"), openSync(files[1]!, "r")]);
      assert.equal(refused.status, 125);
      assert.equal(existsSync(out), false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

void describe("seccomp program", () => {
  for (const arch of ["x64", "arm64"] as const) {
    void it(`EXC-33 ${arch}: checks the architecture first, denies each listed call once, ends in its return values`, () => {
      const program = seccompProgram(arch);
      assert.equal(program.length % 8, 0);
      const insn = (i: number) => ({
        code: program.readUInt16LE(i * 8),
        jt: program[i * 8 + 2]!,
        jf: program[i * 8 + 3]!,
        k: program.readUInt32LE(i * 8 + 4),
      });
      const count = program.length / 8;
      assert.deepEqual(insn(0), { code: 0x20, jt: 0, jf: 0, k: 4 }, "load seccomp_data.arch");
      assert.equal(insn(1).k, arch === "x64" ? 0xc000003e : 0xc00000b7);
      assert.equal(1 + 1 + insn(1).jf, count - 1, "a foreign architecture jumps to the last instruction");
      assert.deepEqual(insn(count - 1), { code: 0x06, jt: 0, jf: 0, k: 0x80000000 }, "kill the process");
      assert.deepEqual(insn(count - 2), { code: 0x06, jt: 0, jf: 0, k: 0x00050000 | 38 }, "ENOSYS (clone3)");
      assert.deepEqual(insn(count - 3), { code: 0x06, jt: 0, jf: 0, k: 0x00050000 | 1 }, "EPERM");
      assert.equal(insn(count - 5).k, CLONE_NAMESPACE_FLAGS, "clone/unshare: denied only with a namespace flag");
      const denied = deniedSyscalls(arch);
      assert.equal(new Set(denied).size, denied.length, "no call listed twice");
      assert.ok(count < 120);
    });
  }
});
