// One cgroup per execution (issue 11): a memory limit (swap included) and a process limit that hold for all the
// processes of an execution together, files in its tmpfs mounts included, where rlimits only bound each process.
// cgroup v2 (memory.max, memory.swap.max = 0, pids.max) where exc's cgroup offers the memory and pids controllers,
// the v1 memory and pids hierarchies otherwise (the hybrid layout), under exc's own cgroup(s) as read from
// /proc/self/cgroup: <own>/zino-exc-<pid>/x<n>. Neither usable (not root and nothing delegated, no controllers):
// `rlimit-only`, with the reason, which capabilities reports. The cgroup is made when the sandbox is prepared (a
// warm one ahead of its call); the sandbox's own command joins it first thing, through descriptors exc opens
// (sandbox.ts), or, where the kernel refuses that, a process in front of bwrap joins it (joinCgroupCommand). Either
// way the script runs in it from its first instruction; bwrap's own processes stay in exc's cgroup.
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmdirSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Logger } from "../../wire/index.js";
import type { SandboxCommand, SandboxUser } from "./sandbox.js";

/**
 * A cgroup directory the sandbox user can traverse to its own cgroup.procs: services run with umask 077
 * (run-service.ts), which would make it 0700 and stop the tool's shell from joining.
 */
function makeTraversableDir(dir: string): void {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
}

export type ResourceLimits = "cgroup-v2" | "cgroup-v1" | "rlimit-only";

export interface ExecCgroup {
  /** The cgroup.procs files a process writes "0" to, to join (one per hierarchy). */
  readonly procsFiles: string[];
  /** The sandbox user may join it itself (its cgroup.procs files are the user's): no root process in front. */
  readonly delegated: boolean;
  /** Processes the kernel's OOM killer killed in this cgroup so far. */
  oomKills(): number;
  /**
   * Kills what is left in it and removes it, after the current work (the result being answered), retried in the
   * background while killed processes exit. The processes are normally gone already (their group and PID
   * namespace died with the execution); this catches any that left both.
   */
  release(): void;
}

export interface ExecCgroups {
  readonly mechanism: ResourceLimits;
  /** Why cgroups are not in force (rlimit-only), or where they are made. */
  readonly detail: string;
  /**
   * A new cgroup with these limits; undefined when rlimit-only (or when making it failed: logged). With `joiner`
   * (v1 only), its cgroup.procs files are given to that user, so the sandbox joins it without a root process in
   * front (setpriv costs a few ms per sandbox). In v1 a process may move itself into a cgroup whose cgroup.procs
   * it can write: only into other executions' cgroups, and only from where /sys/fs/cgroup is visible (never from
   * bubblewrap, which mounts no /sys).
   */
  create(limits: { memoryBytes: number; maxProcesses: number; joiner?: { uid: number; gid: number } | undefined }): ExecCgroup | undefined;
  /** Removes exc's parent cgroups once every execution's cgroup is gone. */
  close(): Promise<void>;
}

export interface ExecCgroupsOptions {
  logger: Logger;
  /** /proc/self/cgroup and /proc/self/mountinfo (tests pass a fake layout). */
  selfCgroup?: string;
  mountInfo?: string;
  /** Name of exc's parent cgroup (default zino-exc-<pid>-<n>: one per runner, several may share a process in tests). */
  name?: string;
  /** Whether the v2 controllers may be enabled by moving exc's own processes into a leaf (default true). */
  moveSelfIntoLeaf?: boolean;
}

interface Hierarchy {
  /** Directory of exc's parent cgroup (zino-exc-<pid>) in this hierarchy. */
  base: string;
  kind: "v1-memory" | "v1-pids" | "v2";
}

const RELEASE_RETRY_MS = 25;
/** v2: the leaf exc's own processes move into, so that its cgroup can enable controllers for its children. */
const V2_LEAF = "zino-exc-main";
let instances = 0;
const PARENT_NAME = /^zino-exc-(\d+)-\d+$/;
const RELEASE_ATTEMPTS = 200;

/** The cgroup paths of this process: `controllers → path` ("" for the v2 line). */
export function parseSelfCgroup(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split("\n")) {
    const match = /^\d+:([^:]*):(.*)$/.exec(line.trim());
    if (!match) continue;
    const [, controllers, path] = match;
    for (const controller of controllers!.split(",")) out.set(controller, path!);
  }
  return out;
}

interface CgroupMount {
  root: string;
  mountPoint: string;
  fsType: string;
  superOptions: string[];
}

export function parseCgroupMounts(text: string): CgroupMount[] {
  const mounts: CgroupMount[] = [];
  for (const line of text.split("\n")) {
    const [left, right] = line.split(" - ");
    if (!left || !right) continue;
    const fields = left.split(" ");
    const [fsType, , superOptions] = right.split(" ");
    if (fsType !== "cgroup" && fsType !== "cgroup2") continue;
    mounts.push({
      root: unescapeMount(fields[3] ?? "/"),
      mountPoint: unescapeMount(fields[4] ?? ""),
      fsType,
      superOptions: (superOptions ?? "").split(","),
    });
  }
  return mounts;
}

function unescapeMount(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

/** The directory of `path` (a /proc/self/cgroup path) inside a mount whose root may be a sub-tree (containers). */
function dirIn(mount: CgroupMount, path: string): string | undefined {
  const root = mount.root === "/" ? "" : mount.root;
  if (root && path !== root && !path.startsWith(`${root}/`)) return undefined;
  return join(mount.mountPoint, path.slice(root.length));
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function errorCode(err: unknown): string {
  return (err as NodeJS.ErrnoException).code ?? (err instanceof Error ? err.message : String(err));
}

function readPids(procsFile: string): number[] {
  try {
    return readFileSync(procsFile, "utf8").split("\n").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Whether `pid` is this process or one of its descendants (it may then be moved with exc). */
function isOwnProcess(pid: number): boolean {
  for (let current = pid, hops = 0; current > 1 && hops < 64; hops += 1) {
    if (current === process.pid) return true;
    try {
      const stat = readFileSync(`/proc/${current}/stat`, "utf8");
      current = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * v2: the memory and pids controllers must be enabled in exc's cgroup for its children, which the kernel allows
 * only while that cgroup holds no process (except at the root). A delegated cgroup (systemd Delegate=yes) holding
 * only exc and its launcher is split: they move into a `zino-exc-main` leaf, as systemd's delegation rules ask.
 */
function enableV2Controllers(own: string, moveSelf: boolean): void {
  const enable = (dir: string) => writeFileSync(join(dir, "cgroup.subtree_control"), "+memory +pids");
  try {
    enable(own);
    return;
  } catch (err) {
    if (errorCode(err) !== "EBUSY" || !moveSelf) throw err;
  }
  const pids = readPids(join(own, "cgroup.procs"));
  const foreign = pids.filter((pid) => !isOwnProcess(pid));
  if (foreign.length > 0)
    throw new Error(
      `exc's cgroup ${own} also holds other processes (${foreign.slice(0, 5).join(", ")}); run exc in a cgroup of its own (systemd Delegate=yes)`,
    );
  const leaf = join(own, V2_LEAF);
  mkdirSync(leaf, { recursive: true });
  for (const pid of pids) writeFileSync(join(leaf, "cgroup.procs"), String(pid));
  enable(own);
}

function detect(options: ExecCgroupsOptions, name: string): { mechanism: ResourceLimits; detail: string; hierarchies: Hierarchy[] } {
  let selfText: string;
  let mountText: string;
  try {
    selfText = options.selfCgroup ?? readFileSync("/proc/self/cgroup", "utf8");
    mountText = options.mountInfo ?? readFileSync("/proc/self/mountinfo", "utf8");
  } catch (err) {
    return { mechanism: "rlimit-only", detail: `cannot read this process's cgroups (${errorCode(err)})`, hierarchies: [] };
  }
  const paths = parseSelfCgroup(selfText);
  const mounts = parseCgroupMounts(mountText);
  const problems: string[] = [];

  const v2Mount = mounts.find((mount) => mount.fsType === "cgroup2");
  const v2Path = paths.get("");
  const v2Dir = v2Mount && v2Path !== undefined ? dirIn(v2Mount, v2Path) : undefined;
  // Already moved into its leaf (enableV2Controllers) by an earlier runner of this process: the cgroup is its parent.
  const v2Own = v2Dir && basename(v2Dir) === V2_LEAF ? dirname(v2Dir) : v2Dir;
  if (v2Own) {
    const controllers = existsSync(join(v2Own, "cgroup.controllers"))
      ? readFileSync(join(v2Own, "cgroup.controllers"), "utf8").split(/\s+/)
      : [];
    if (controllers.includes("memory") && controllers.includes("pids")) {
      try {
        enableV2Controllers(v2Own, options.moveSelfIntoLeaf !== false);
        const base = join(v2Own, name);
        makeTraversableDir(base);
        writeFileSync(join(base, "cgroup.subtree_control"), "+memory +pids");
        return { mechanism: "cgroup-v2", detail: `per-execution cgroups under ${base}`, hierarchies: [{ base, kind: "v2" }] };
      } catch (err) {
        problems.push(`cgroup v2 at ${v2Own}: ${err instanceof Error && !("code" in err) ? err.message : errorCode(err)}`);
      }
    } else {
      problems.push(`cgroup v2 at ${v2Own} offers no memory and pids controllers (${controllers.filter(Boolean).join(" ") || "none"})`);
    }
  }

  const v1 = (controller: "memory" | "pids") => {
    const mount = mounts.find((candidate) => candidate.fsType === "cgroup" && candidate.superOptions.includes(controller));
    const path = paths.get(controller);
    return mount && path !== undefined ? dirIn(mount, path) : undefined;
  };
  const memory = v1("memory");
  const pids = v1("pids");
  if (memory && pids) {
    const bases = { memory: join(memory, name), pids: join(pids, name) };
    try {
      if (!writable(memory) || !writable(pids))
        throw new Error(`exc cannot create cgroups in ${memory} and ${pids} (not root, and nothing delegated to its user)`);
      makeTraversableDir(bases.memory);
      makeTraversableDir(bases.pids);
      return {
        mechanism: "cgroup-v1",
        detail: `per-execution cgroups under ${bases.memory} and ${bases.pids}`,
        hierarchies: [
          { base: bases.memory, kind: "v1-memory" },
          { base: bases.pids, kind: "v1-pids" },
        ],
      };
    } catch (err) {
      problems.push(`cgroup v1: ${err instanceof Error && !("code" in err) ? err.message : errorCode(err)}`);
    }
  } else if (!v2Own) {
    problems.push("no cgroup v2 with controllers and no v1 memory and pids hierarchies mounted");
  } else {
    problems.push("no v1 memory and pids hierarchies mounted");
  }
  return { mechanism: "rlimit-only", detail: problems.join("; "), hierarchies: [] };
}

/**
 * The parent cgroups an exc that was killed left next to ours (its pid is gone): what is still in them is killed
 * and they are removed, so a crash does not leave cgroups behind for ever. One that cannot go yet is left.
 */
function removeStaleParents(hierarchies: Hierarchy[], logger: Logger): void {
  for (const { base } of hierarchies) {
    const parent = join(base, "..");
    for (const entry of readdirSync(parent)) {
      const match = PARENT_NAME.exec(entry);
      if (!match || existsSync(`/proc/${match[1]!}`)) continue;
      const stale = join(parent, entry);
      try {
        for (const child of readdirSync(stale, { withFileTypes: true })) {
          if (!child.isDirectory()) continue;
          killAll(join(stale, child.name, "cgroup.procs"));
          rmdirSync(join(stale, child.name));
        }
        rmdirSync(stale);
        logger.info({ cgroup: stale }, "removed the cgroup an earlier zino-exc left behind");
      } catch (err) {
        logger.debug({ err, cgroup: stale }, "an earlier zino-exc's cgroup is not removed yet");
      }
    }
  }
}

/** Kills every process listed in a cgroup.procs file (a cgroup being released). */
function killAll(procsFile: string): number {
  const pids = readPids(procsFile);
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone already
    }
  }
  return pids.length;
}

function oomKillsIn(file: string): number {
  try {
    const match = /^oom_kill (\d+)$/m.exec(readFileSync(file, "utf8"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * rmdir of every directory, retried while the killed processes are still exiting. `keep`, asked at each attempt
 * until one directory is gone, may take the emptied cgroup instead (spare cgroups).
 */
function removeCgroupDirs(dirs: string[], procsFiles: string[], logger: Logger, keep?: () => boolean): Promise<void> {
  const all = dirs.length;
  return new Promise<void>((resolve) => {
    let attempts = 0;
    const attempt = () => {
      attempts += 1;
      for (const file of procsFiles) killAll(file);
      if (dirs.length === all && keep?.() === true) return resolve();
      const left = dirs.filter((dir) => {
        try {
          rmdirSync(dir);
          return false;
        } catch (err) {
          return errorCode(err) !== "ENOENT";
        }
      });
      if (left.length === 0) return resolve();
      if (attempts >= RELEASE_ATTEMPTS) {
        logger.warn({ cgroups: left }, "cannot remove an execution's cgroup: processes are still in it");
        return resolve();
      }
      dirs = left;
      setTimeout(attempt, RELEASE_RETRY_MS).unref();
    };
    attempt();
  });
}

/** One hierarchy's directory of an execution's cgroup, with its memory and process limits. */
function makeLimitedCgroup(options: {
  dir: string;
  kind: Hierarchy["kind"];
  memoryBytes: number;
  maxProcesses: number;
  joiner: SandboxUser | undefined;
}): void {
  const { dir, kind, memoryBytes, maxProcesses, joiner } = options;
  makeTraversableDir(dir);
  if (kind === "v1-memory") {
    writeFileSync(join(dir, "memory.limit_in_bytes"), String(memoryBytes));
    // Absent when swap accounting is off: then there is no swap to count.
    if (existsSync(join(dir, "memory.memsw.limit_in_bytes"))) writeFileSync(join(dir, "memory.memsw.limit_in_bytes"), String(memoryBytes));
  } else if (kind === "v1-pids") {
    writeFileSync(join(dir, "pids.max"), String(maxProcesses));
  } else {
    writeFileSync(join(dir, "memory.max"), String(memoryBytes));
    if (existsSync(join(dir, "memory.swap.max"))) writeFileSync(join(dir, "memory.swap.max"), "0");
    writeFileSync(join(dir, "pids.max"), String(maxProcesses));
  }
  if (joiner && kind !== "v2") chownSync(join(dir, "cgroup.procs"), joiner.uid, joiner.gid);
}

/** An execution's cgroup as made: its directories (one per hierarchy) and the files exc reads. */
interface MadeCgroup {
  /** The limits it was made with (spareKey). */
  key: string;
  dirs: string[];
  procsFiles: string[];
  memoryDir: string;
  /** Where pids.current is: v1's pids hierarchy, v2's one directory. */
  pidsDir: string;
  eventsFile: string;
  delegated: boolean;
}

type Limits = Parameters<ExecCgroups["create"]>[0];

/** The files of a cgroup just made in `dirs` (one per hierarchy). */
function madeCgroup(dirs: (Hierarchy & { dir: string })[], limits: Limits, mechanism: ResourceLimits): MadeCgroup {
  const memoryDir = dirs.find((d) => d.kind !== "v1-pids")!.dir;
  return {
    key: spareKey(limits),
    dirs: dirs.map((d) => d.dir),
    procsFiles: dirs.map((d) => join(d.dir, "cgroup.procs")),
    memoryDir,
    pidsDir: dirs.find((d) => d.kind !== "v1-memory")!.dir,
    eventsFile: mechanism === "cgroup-v2" ? join(memoryDir, "memory.events") : join(memoryDir, "memory.oom_control"),
    delegated: limits.joiner !== undefined && mechanism === "cgroup-v1",
  };
}

function spareKey({ memoryBytes, maxProcesses, joiner }: Limits): string {
  return `${memoryBytes}/${maxProcesses}/${joiner ? `${joiner.uid}:${joiner.gid}` : ""}`;
}

/** Cgroups kept empty for the next executions, all limits together. */
export const SPARE_CGROUPS = 4;
/** A released cgroup is kept only while it holds less memory than this (page cache its processes left charged). */
const SPARE_MAX_MEMORY_BYTES = 4 * 1024 * 1024;

function readNumber(file: string): number {
  try {
    return Number(readFileSync(file, "utf8").trim());
  } catch {
    return Number.NaN;
  }
}

/**
 * Released cgroups kept for executions with the same limits, so that most executions neither make nor remove one:
 * that is kernel work (a memory cgroup's counters are set up and torn down), with exc's own mkdir, limit writes and
 * rmdir around it, which every tool call paid while its turn went on. Measured on the 2-core VM (cgroup v1), `echo
 * hi` tool turns back to back, two alternated pairs each: unsandboxed p50 6.16 / 5.88 ms against 6.68 / 6.57,
 * sandboxed 8.56 / 8.83 against 8.96 / 9.52; machine CPU per turn −0.5 to −0.9 ms.
 * One is kept only when it is empty (no process, none of its directories populated, no task still counted in
 * pids.current) and holds under SPARE_MAX_MEMORY_BYTES, so that an execution never starts with an earlier one's
 * processes or memory; its OOM kills are counted from when it is handed out. A process that has exited but is not
 * reaped yet (killed with its execution, or a zombie its parent has not waited for) is no longer listed in
 * cgroup.procs, and v2 no longer counts it as populated, but it holds its place in pids.current until it is reaped:
 * kept then, the cgroup would start the next execution with fewer processes than its `max_processes`. Seen in a
 * stress run (16 clients, 288 mixed executions with `max_processes` 32): cgroups handed out with 1 to 8 places still
 * taken, and now and then an execution whose first fork failed. At most SPARE_CGROUPS: keeping one more removes the oldest (`evict`).
 * Its limit files are exc's own: a sandbox sees no /sys, and an unsandboxed run as exc's own user could write them
 * as it could anything else of exc's.
 */
function createSpareCgroups(evict: (made: MadeCgroup) => void): {
  take(limits: Limits): MadeCgroup | undefined;
  keep(made: MadeCgroup, mechanism: ResourceLimits): boolean;
  /** The kept ones, to remove; none is kept any more (a release racing exc's close removes its own). */
  close(): MadeCgroup[];
} {
  let kept: MadeCgroup[] = [];
  let closed = false;
  const empty = (made: MadeCgroup, mechanism: ResourceLimits) =>
    made.procsFiles.every((file) => readFileSync(file, "utf8") === "") &&
    (mechanism !== "cgroup-v2" || /^populated 0$/m.test(readFileSync(join(made.memoryDir, "cgroup.events"), "utf8"))) &&
    readNumber(join(made.pidsDir, "pids.current")) === 0;
  const memoryHeld = (made: MadeCgroup, mechanism: ResourceLimits) =>
    readNumber(join(made.memoryDir, mechanism === "cgroup-v2" ? "memory.current" : "memory.usage_in_bytes"));
  return {
    take(limits) {
      const key = spareKey(limits);
      const index = kept.findIndex((made) => made.key === key);
      return index < 0 ? undefined : kept.splice(index, 1)[0];
    },
    keep(made, mechanism) {
      if (closed) return false;
      try {
        if (!empty(made, mechanism) || !(memoryHeld(made, mechanism) < SPARE_MAX_MEMORY_BYTES)) return false;
      } catch {
        return false; // gone, or unreadable: removed the usual way
      }
      kept.push(made);
      if (kept.length > SPARE_CGROUPS) evict(kept.shift()!);
      return true;
    },
    close() {
      closed = true;
      const all = kept;
      kept = [];
      return all;
    },
  };
}

/** v2's cgroup.kill: every process of the cgroup in one write (v1 has none: they are killed one by one). */
function killAllAtOnce(made: MadeCgroup, mechanism: ResourceLimits): void {
  const kill = mechanism === "cgroup-v2" ? join(made.memoryDir, "cgroup.kill") : undefined;
  if (!kill || !existsSync(kill)) return;
  try {
    writeFileSync(kill, "1");
  } catch {
    // killed one by one by the removal
  }
}

export function createExecCgroups(options: ExecCgroupsOptions): ExecCgroups {
  const { logger } = options;
  instances += 1;
  const name = options.name ?? `zino-exc-${process.pid}-${instances}`;
  const found = detect(options, name);
  if (!options.name) removeStaleParents(found.hierarchies, logger);
  let sequence = 0;
  const pending = new Set<Promise<void>>();

  const remove = (dirs: string[], procsFiles: string[], keep?: () => boolean) => removeCgroupDirs(dirs, procsFiles, logger, keep);
  const track = (gone: Promise<void>) => {
    pending.add(gone);
    void gone.finally(() => pending.delete(gone));
  };
  const spare = createSpareCgroups((made) => track(remove(made.dirs, made.procsFiles)));

  /** An execution's cgroup, new or kept from an earlier one: its OOM kills counted from now. */
  function handOut(made: MadeCgroup): ExecCgroup {
    const oomBefore = oomKillsIn(made.eventsFile);
    let released = false;
    return {
      procsFiles: made.procsFiles,
      delegated: made.delegated,
      oomKills: () => oomKillsIn(made.eventsFile) - oomBefore,
      release() {
        if (released) return;
        released = true;
        // Kept at once (release is called once the answer is on its way), so that the next execution's cgroup,
        // made right after (a warm sandbox), is this one.
        if (spare.keep(made, found.mechanism)) return;
        track(
          new Promise<void>((resolve) =>
            setImmediate(() => {
              killAllAtOnce(made, found.mechanism);
              void remove(made.dirs, made.procsFiles, () => spare.keep(made, found.mechanism)).then(resolve);
            }),
          ),
        );
      },
    };
  }

  return {
    mechanism: found.mechanism,
    detail: found.detail,
    create(limits) {
      if (found.hierarchies.length === 0) return undefined;
      const kept = spare.take(limits);
      if (kept) return handOut(kept);
      sequence += 1;
      const dirs = found.hierarchies.map((h) => ({ ...h, dir: join(h.base, `x${sequence}`) }));
      try {
        for (const { dir, kind } of dirs) makeLimitedCgroup({ dir, kind, ...limits, joiner: limits.joiner });
      } catch (err) {
        logger.warn({ err }, "cannot make an execution's cgroup; it runs with rlimits only");
        void remove(
          dirs.map((d) => d.dir),
          [],
        );
        return undefined;
      }
      return handOut(madeCgroup(dirs, limits, found.mechanism));
    },
    async close() {
      await Promise.all([...pending]);
      await Promise.all(spare.close().map((made) => remove(made.dirs, made.procsFiles)));
      for (const { base } of found.hierarchies) {
        // Executions still running (a close racing them) keep theirs; their release removes it.
        const children = readdirSync(base, { withFileTypes: true }).filter((entry) => entry.isDirectory());
        if (children.length > 0) continue;
        try {
          rmdirSync(base);
        } catch (err) {
          logger.debug({ err, base }, "exc's cgroup not removed");
        }
      }
    },
  };
}

/** The shells exc launches itself with `-c` (the held and limited commands of sandbox.ts): they can join first thing. */
const SHELLS = new Set(["/bin/sh", "/bin/bash"]);

/**
 * The command that joins the cgroup and then runs `command`, so that it and all it starts are in the cgroup from
 * their first instruction. Each cgroup.procs gets "0" (the writer itself).
 * - `command` is one of our shells with a `-c` script (an unsandboxed run) and nothing has to drop to another user:
 *   the join goes first into that script. One exec fewer than a shell in front, about 4 ms of CPU per sandbox where
 *   process creation is dear (issue 14, a tool turn's cost).
 * - Otherwise a small sh in front joins and then execs the command: bwrap where its own command cannot join through
 *   descriptors (sandbox-hardening.ts `joinFilesInside`: cgroup v2 before Linux 5.16). Writing a root-owned
 *   cgroup.procs needs root, so when exc is root the sh runs as root and setpriv drops to the sandbox user before the
 *   command (the spawn then takes no uid/gid).
 */
export function joinCgroupCommand(
  command: SandboxCommand,
  cgroup: ExecCgroup,
  drop: { user: SandboxUser; setprivPath: string } | undefined,
): SandboxCommand {
  const inScript = drop ? undefined : joinInScript(command, cgroup.procsFiles);
  if (inScript) return inScript;
  const script = 'while [ "$1" != -- ]; do echo 0 >"$1" || exit 125; shift; done; shift; exec "$@"';
  const setpriv = drop ? [drop.setprivPath, `--reuid=${drop.user.uid}`, `--regid=${drop.user.gid}`, "--clear-groups", "--"] : [];
  return {
    ...command,
    command: "/bin/sh",
    args: ["-c", script, "zino-cgroup", ...cgroup.procsFiles, "--", ...setpriv, command.command, ...command.args],
  };
}

/** `sh|bash [options] -c SCRIPT …` with the joins in front of SCRIPT; undefined for any other command. */
function joinInScript(command: SandboxCommand, procsFiles: readonly string[]): SandboxCommand | undefined {
  if (!SHELLS.has(command.command)) return undefined;
  const at = command.args.indexOf("-c");
  if (at < 0 || at + 1 >= command.args.length || !command.args.slice(0, at).every((arg) => arg.startsWith("-"))) return undefined;
  // The paths are exc's own cgroup directories; one with a quote is left to the sh in front rather than escaped.
  if (procsFiles.some((file) => file.includes("'"))) return undefined;
  const joins = procsFiles.map((file) => `echo 0 >'${file}' || exit 125; `).join("");
  const args = [...command.args];
  args[at + 1] = `${joins}${args[at + 1]!}`;
  return { ...command, args };
}
