// The sandbox of docs/zino-protocol.md §6: how one execution is wrapped. With bubblewrap: a read-only system, a minimal /etc, a
// minimal read-only /dev with a size-capped /dev/shm, size-capped tmpfs mounts for /work and /tmp, every namespace
// unshared (no network unless allowed) and no further user namespace, a seccomp filter (seccomp-filter.ts), a new
// PID namespace that dies with its parent, a cleared environment and per-process limits (the per-execution cgroup
// of exec-cgroups.ts bounds them all together). Without it: the same scrubbed environment and limits in a private
// work dir, only when the rules allow it.
import { accessSync, constants, existsSync, lstatSync, readlinkSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { ExecConfig } from "../config/index.js";
import { REPORT_FDS, runProcess } from "./run-process.js";

export type Isolation = "bwrap" | "none" | "refused";

/** The unprivileged user executions run as when exc itself runs as root (root ignores RLIMIT_NPROC). */
export interface SandboxUser {
  uid: number;
  gid: number;
}

export const SANDBOX_PATH = "/usr/local/bin:/usr/bin:/bin";
export const SANDBOX_WORK_DIR = "/work";
export const SANDBOX_CODE_DIR = "/code";
const MIB = 1024 * 1024;
const FILE_SIZE_LIMIT_BYTES = 256 * 1024 * 1024;
const OPEN_FILES_LIMIT = 256;

/**
 * Only what programs need to start, resolve names and verify TLS; never the host's secrets or configuration.
 * The directories are read-only binds; the single files are copied into the sandbox's (then read-only) root from
 * descriptors opened when the sandbox starts, which reads the host's current content like a bind does but saves a
 * bind and a remount each (about 0.15 ms apiece, 1.5 ms per execution for the ten files).
 */
const ETC_DIRS = ["alternatives", "ld.so.conf.d", "ssl", "ca-certificates"];
const ETC_FILES = [
  "ld.so.cache",
  "ld.so.conf",
  "passwd",
  "group",
  "nsswitch.conf",
  "hosts",
  "resolv.conf",
  "host.conf",
  "localtime",
  "mime.types",
];
const ETC_DIR_ARGS = ETC_DIRS.flatMap((entry) => ["--ro-bind-try", `/etc/${entry}`, `/etc/${entry}`]);
/** Descriptors handed to bwrap start here (0-2 are the standard streams). */
const FIRST_INPUT_FD = 3;

export interface ExecutionPaths {
  /** Host path of the writable work dir of this execution. */
  workDir: string;
  /** Host path of the read-only directory holding the script. */
  codeDir: string;
  /** Host path of a private temporary dir (unsandboxed runs only; bwrap mounts a tmpfs). */
  tmpDir: string;
  scriptName: string;
}

export interface SandboxCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
  /**
   * cgroup.procs files the child gets open for writing as fd 3, 4, ..., ahead of `inputFiles`: the sandbox's own
   * command joins them first thing (run-process.ts opens them when it spawns the child).
   */
  joinFiles?: string[];
  /** Files the child gets open read-only as the next descriptors (after `joinFiles`'s). */
  inputFiles?: string[];
  /**
   * The script's end is reported before the sandbox is gone (a warm sandbox's): the child gets the script's stdout and
   * stderr pipes and bwrap's status pipe as fd 3, 4, 5, the files after them (run-process.ts `reportsExit`).
   */
  reportsExit?: boolean;
}

/**
 * The /etc files of the sandbox: a symlink into /usr (localtime) stays a symlink, a file is copied by bwrap from a
 * descriptor opened when the sandbox starts, a missing entry is left out (as --ro-bind-try did), and anything else
 * (a directory, a special file) keeps the read-only bind.
 */
function etcFileArgs(files: InputFiles): string[] {
  const args: string[] = [];
  for (const entry of ETC_FILES) {
    const path = `/etc/${entry}`;
    try {
      if (lstatSync(path).isSymbolicLink()) {
        const target = readlinkSync(path);
        if (resolve("/etc", target).startsWith("/usr/")) {
          args.push("--symlink", target, path);
          continue;
        }
      }
      if (!statSync(path).isFile()) {
        args.push("--ro-bind-try", path, path);
        continue;
      }
      // Throws EACCES for a file this user cannot read (it then keeps the bind), as opening it here would.
      accessSync(path, constants.R_OK);
      args.push("--perms", "0644", "--file", String(files.add(path)), path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") args.push("--ro-bind-try", path, path);
    }
  }
  return args;
}

export function scrubbedEnv(home: string, tmp: string): Record<string, string> {
  return {
    PATH: SANDBOX_PATH,
    HOME: home,
    TMPDIR: tmp,
    LANG: "C.UTF-8",
    TERM: "dumb",
    PYTHONUNBUFFERED: "1",
    PYTHONDONTWRITEBYTECODE: "1",
    NO_COLOR: "1",
  };
}

/**
 * Sizes of the sandbox's tmpfs mounts. They live in RAM, so with a cgroup in force their pages count against the
 * execution's memory limit too (the kernel charges tmpfs pages to the cgroup of the process writing them): the
 * caps give a tool a clean "No space left on device" well before that, and bound them where no cgroup is usable.
 * /work holds what the tool writes (the script is in /code): half the memory limit, at most 256 MiB.
 */
export function tmpfsSizes(exec: ExecConfig): { workBytes: number; tmpBytes: number; shmBytes: number } {
  const memoryBytes = exec.memory_mb * MIB;
  return {
    workBytes: Math.min(256 * MIB, Math.max(MIB, Math.floor(memoryBytes / 2))),
    tmpBytes: Math.min(64 * MIB, Math.max(MIB, Math.floor(memoryBytes / 4))),
    shmBytes: Math.min(64 * MIB, Math.max(MIB, Math.floor(memoryBytes / 8))),
  };
}

/**
 * The `ulimit` arguments (bash units: KiB for -d, 1024-byte blocks for -f) of the resource limits. `nproc`: the
 * RLIMIT_NPROC (-u), which counts every process of the user in its user namespace, or null for none where a cgroup's
 * pids.max bounds the execution and its user is shared with other executions (the zygote's, unsandboxed ones).
 */
function ulimitArgs(exec: ExecConfig, nproc: number | null): string {
  const memoryKib = exec.memory_mb * 1024;
  const processes = nproc === null ? "" : ` -u ${nproc}`;
  return `-t ${exec.cpu_seconds} -d ${memoryKib}${processes} -n ${OPEN_FILES_LIMIT} -f ${FILE_SIZE_LIMIT_BYTES / 1024} -c 0`;
}

/**
 * The resource limits, applied by prlimit inside the sandbox (or a bash `ulimit` prefix where prlimit is absent);
 * `nproc` as for {@link ulimitArgs}.
 */
export function limitPrefix(exec: ExecConfig, prlimitPath: string | undefined, nproc: number | null = exec.max_processes): string[] {
  const memoryBytes = exec.memory_mb * 1024 * 1024;
  if (prlimitPath) {
    // RLIMIT_DATA rather than RLIMIT_AS: V8 reserves gigabytes of address space up front and cannot start under AS.
    return [
      prlimitPath,
      `--cpu=${exec.cpu_seconds}`,
      `--data=${memoryBytes}`,
      ...(nproc === null ? [] : [`--nproc=${nproc}`]),
      `--nofile=${OPEN_FILES_LIMIT}`,
      `--fsize=${FILE_SIZE_LIMIT_BYTES}`,
      "--core=0",
      "--",
    ];
  }
  return ["/bin/bash", "-c", `ulimit ${ulimitArgs(exec, nproc)} && exec "$@"`, "zino-limits"];
}

const BASH = "/bin/bash";

/**
 * Shell words in front of a held command (run-process.ts `held`): wait for exc's go line on stdin (exit if exc went
 * away first), then give the script /dev/null as stdin, as an unheld run has. The limits come after it, so the
 * waiting costs none of the script's CPU time.
 */
const WAIT_FOR_GO = "read -r _ || exit 125; exec </dev/null; ";

/**
 * Shell words that join the execution's cgroup through descriptors `fds` (its cgroup.procs files, opened for writing
 * by exc: the files themselves are not visible in the sandbox), then close them so that nothing after can use them.
 * A join that fails stops the command before its script (125), as the sh in front of bwrap would
 * (exec-cgroups.ts `joinCgroupCommand`). The descriptors are 3 and up: dash reads one digit after `>&`.
 */
function joinThroughDescriptors(fds: readonly number[]): string {
  if (fds.length === 0) return "";
  return `${fds.map((fd) => `echo 0 >&${fd} || exit 125; `).join("")}exec ${fds.map((fd) => `${fd}>&-`).join(" ")}; `;
}

/**
 * Shell words that make the script's stdout and stderr its own pipes (run-process.ts REPORT_FDS), held by nothing
 * else in the sandbox: bwrap's reaper closes every descriptor past stderr, so the pipes reach EOF when the script and
 * what it started are done, not when the sandbox is torn down. bwrap's own stdout and stderr stay its messages'.
 * Measured on the 2-core VM against the sh init that reported the exit before (its exec, ~0.5 ms of CPU per sandbox,
 * is gone), `echo hi` tool turns back to back, three alternated pairs: machine CPU per turn 13.57 / 13.31 / 13.61 ms
 * against 13.63 / 14.44 / 13.85, from the tool call to its result 2.48–2.56 ms against 2.72–2.91, p50 of the turn
 * 8.42 / 8.18 / 8.22 against 8.29 / 8.55 / 8.33.
 */
const ON_REPORT_PIPES = `exec >&${REPORT_FDS.stdout} 2>&${REPORT_FDS.stderr} ${REPORT_FDS.stdout}>&- ${REPORT_FDS.stderr}>&-; `;

/** The descriptors `count` join files get (run-process.ts opens them first, from `first`). */
function joinDescriptors(count: number, first: number): number[] {
  return Array.from({ length: count }, (_, i) => first + i);
}

/**
 * The limited command running the script. A bash script needs no process in front: bash sets the limits itself
 * (`ulimit` without -S/-H sets soft and hard, so the script cannot raise them) and then sources the script, with $0
 * and BASH_SOURCE the script's path as with `bash script` (one exec instead of prlimit's two, ~0.7 ms). Other
 * interpreters get the prlimit (or ulimit) prefix, behind a small sh when the command is held or joins its cgroup
 * through descriptors (`joinFds`); the join comes first, before the wait.
 */
export function limitedCommand(
  exec: ExecConfig,
  prlimitPath: string | undefined,
  interpreter: readonly string[],
  script: string,
  how: LimitedHow = {},
): string[] {
  const { held = false, sourced = true, joinFds = [], reportPipes = false, nproc = exec.max_processes } = how;
  const first = `${joinThroughDescriptors(joinFds)}${held ? WAIT_FOR_GO : ""}${reportPipes ? ON_REPORT_PIPES : ""}`;
  if (interpreter[0] === BASH && sourced) {
    return [...interpreter, "-c", `${first}ulimit ${ulimitArgs(exec, nproc)} && . "$0"`, script];
  }
  const limited = [...limitPrefix(exec, prlimitPath, nproc), ...interpreter, script];
  return first ? ["/bin/sh", "-c", `${first}exec "$@"`, "zino-wait", ...limited] : limited;
}

/** How {@link limitedCommand} wraps its script. */
export interface LimitedHow {
  /** Started ahead of its script, waiting for the go line (see {@link WAIT_FOR_GO}). */
  held?: boolean;
  /** A bash interpreter sources the script (false: an analyser given the script as an argument). */
  sourced?: boolean;
  /** The descriptors of the cgroup.procs files the command joins first (see {@link joinThroughDescriptors}). */
  joinFds?: readonly number[];
  /** The script writes on its own report pipes (see {@link ON_REPORT_PIPES}). */
  reportPipes?: boolean;
  /** The RLIMIT_NPROC, or null for none (see {@link ulimitArgs}); default the rules' `max_processes`. */
  nproc?: number | null;
}

export function bwrapCommand(options: {
  bwrapPath: string;
  paths: ExecutionPaths;
  exec: ExecConfig;
  interpreter: string[];
  prlimitPath: string | undefined;
  /** Started ahead of its script, waiting for the go line (see {@link WAIT_FOR_GO}). */
  held?: boolean;
  /** The compiled seccomp filter (seccomp-filter.ts), handed to bwrap as a descriptor; none when undefined. */
  seccompFile?: string | undefined;
  /** The interpreter is an analyser given the script as an argument, never a bash sourcing it. */
  analyser?: boolean;
  /** False where bwrap lacks --disable-userns (before 0.8): nested user namespaces then stay possible. */
  disableUserns?: boolean;
  /**
   * The execution's cgroup.procs files, joined by the sandbox's command itself through descriptors, so that no
   * process runs in front of bwrap (hardening's `joinFilesInside`); none: no cgroup, or joined in front.
   */
  joinFiles?: readonly string[];
}): SandboxCommand {
  const { paths, exec } = options;
  // A warm sandbox (held) reports its script's exit on its own pipes (see the command below); a sandbox started on the
  // call's path, and an analyser's, end with bwrap's exit.
  const reportsExit = options.held === true && options.analyser !== true;
  // Its report pipes come first (run-process.ts REPORT_FDS), the files after them.
  const firstFd = reportsExit ? REPORT_FDS.firstFile : FIRST_INPUT_FD;
  const joinFiles = [...(options.joinFiles ?? [])];
  const inputFiles = inputFileTable(firstFd + joinFiles.length);
  const sizes = tmpfsSizes(exec);
  const args = [
    ...systemLayoutArgs(inputFiles),
    // bwrap's /dev is a fresh tmpfs of the default size (half the RAM): read-only once /dev/shm, a tmpfs of its own
    // with a cap, is mounted on it.
    "--size",
    String(sizes.shmBytes),
    "--tmpfs",
    "/dev/shm",
    "--remount-ro",
    "/dev",
    "--size",
    String(sizes.tmpBytes),
    "--tmpfs",
    "/tmp",
    "--size",
    String(sizes.workBytes),
    "--tmpfs",
    SANDBOX_WORK_DIR,
    "--ro-bind",
    paths.codeDir,
    SANDBOX_CODE_DIR,
    "--remount-ro",
    "/",
    "--chdir",
    SANDBOX_WORK_DIR,
    "--unshare-all",
    // Explicit (--unshare-all only tries it), as --disable-userns requires: no user namespace inside, so no
    // `unshare -r` root and none of the kernel surface a namespace's root reaches.
    ...(options.disableUserns === false ? [] : ["--unshare-user", "--disable-userns"]),
    ...(exec.network ? ["--share-net"] : []),
    // bwrap writes `{ "exit-code": N }` (128 + the signal for one killed by a signal) on the status pipe as soon as its
    // reaper, PID 1 of the namespace, has seen the script's shell exit: before the namespaces are torn down, which
    // happens when that reaper exits, and which bwrap's own exit waits for. The script's shell is never PID 1 (a
    // namespace's init ignores the signals it sends itself: `kill $$`, even -9; sandbox.test.ts EXC-11).
    ...(reportsExit ? ["--json-status-fd", String(REPORT_FDS.status)] : []),
    "--die-with-parent",
    "--hostname",
    "zino-sandbox",
    "--clearenv",
    ...Object.entries(scrubbedEnv(SANDBOX_WORK_DIR, "/tmp")).flatMap(([key, value]) => ["--setenv", key, value]),
    ...(options.seccompFile ? ["--seccomp", String(inputFiles.add(options.seccompFile))] : []),
    "--",
  ];
  const joinFds = joinDescriptors(joinFiles.length, firstFd);
  const script = `${SANDBOX_CODE_DIR}/${paths.scriptName}`;
  const { prlimitPath, interpreter, held, analyser } = options;
  args.push(
    ...limitedCommand(exec, prlimitPath, interpreter, script, { held, sourced: analyser !== true, joinFds, reportPipes: reportsExit }),
  );
  // The host work dir is not used (/work is a tmpfs); the code dir always exists and the sandbox user can enter it.
  return {
    command: options.bwrapPath,
    args,
    env: { PATH: SANDBOX_PATH },
    cwd: paths.codeDir,
    ...(joinFiles.length > 0 ? { joinFiles } : {}),
    inputFiles: inputFiles.paths,
    ...(reportsExit ? { reportsExit } : {}),
  };
}

/** What every sandbox sees of the system: /usr, /bin and the like, the few /etc entries, its /proc and /dev. */
function systemLayoutArgs(files: InputFiles): string[] {
  return ["--ro-bind", "/usr", "/usr", ...optionalSystemDirs(), ...ETC_DIR_ARGS, ...etcFileArgs(files), "--proc", "/proc", "--dev", "/dev"];
}

/** Where the zygote's base sandbox shows the directory of all executions, and its copy of the zygote's program. */
export const ZYGOTE_EXECUTIONS_DIR = "/.zino-executions";
export const ZYGOTE_FILE = "/.zino-zygote";
/** The zygote's control socket and seccomp program are its descriptors 3 and 4 (native/zino-zygote.c); files follow. */
export const ZYGOTE_FDS = { control: 3, seccomp: 4, firstFile: 5 } as const;

/**
 * The base sandbox of the zygote (sandbox-zygote.ts): the system layout of {@link bwrapCommand}'s sandboxes, empty
 * mount points for what each execution gets of its own (/work, /tmp, /code; /dev/shm is in bwrap's /dev), the
 * directory of all executions read-only and a copy of the zygote's program, every namespace unshared and no further user
 * namespace, and CAP_SYS_ADMIN and CAP_SETPCAP in its user namespace for the zygote alone (each execution drops them
 * all). No seccomp filter here: the zygote makes namespaces; it applies the filter to each command itself.
 */
export function zygoteBaseCommand(options: {
  bwrapPath: string;
  zygotePath: string;
  executionsRoot: string;
  /** False where bwrap lacks --disable-userns (before 0.8), as for {@link bwrapCommand}. */
  disableUserns?: boolean;
  /** The compiled seccomp filter is handed to the zygote as its descriptor 4; none: the zygote is told so. */
  seccomp: boolean;
}): SandboxCommand {
  const inputFiles = inputFileTable(ZYGOTE_FDS.firstFile);
  const args = [
    ...systemLayoutArgs(inputFiles),
    "--remount-ro",
    "/dev",
    "--dir",
    SANDBOX_WORK_DIR,
    "--dir",
    "/tmp",
    "--dir",
    SANDBOX_CODE_DIR,
    "--ro-bind",
    options.executionsRoot,
    ZYGOTE_EXECUTIONS_DIR,
    // Copied from a descriptor exc opened, as the /etc files are: the program may lie where the sandbox user cannot
    // go (a checkout under /root, exc running as root), and a copy needs no mount.
    "--perms",
    "0555",
    "--file",
    String(inputFiles.add(options.zygotePath)),
    ZYGOTE_FILE,
    "--remount-ro",
    "/",
    "--unshare-all",
    ...(options.disableUserns === false ? ["--unshare-user"] : ["--unshare-user", "--disable-userns"]),
    "--cap-add",
    "CAP_SYS_ADMIN",
    "--cap-add",
    "CAP_SETPCAP",
    "--die-with-parent",
    "--hostname",
    "zino-sandbox",
    "--clearenv",
    "--",
    ZYGOTE_FILE,
    ...(options.seccomp ? [] : ["--no-seccomp"]),
  ];
  return { command: options.bwrapPath, args, env: { PATH: SANDBOX_PATH }, cwd: "/", inputFiles: inputFiles.paths };
}

/**
 * One execution started by the zygote: the command a bwrap sandbox of {@link bwrapCommand} would run after its `--`
 * (a warm one's: it reports its script's exit, joins its cgroup through descriptors), its environment, and the sizes
 * of its tmpfs mounts. The descriptors keep bwrap's layout (run-process.ts REPORT_FDS): the status pipe's place, 5,
 * is the zygote's to write, never the command's. Only for an execution with a cgroup (its pids.max is the process limit).
 */
export function zygoteExecution(options: {
  paths: ExecutionPaths;
  exec: ExecConfig;
  interpreter: string[];
  prlimitPath: string | undefined;
  held?: boolean;
  joinFiles?: readonly string[];
}): { argv: string[]; env: Record<string, string>; sizes: { workBytes: number; tmpBytes: number; shmBytes: number } } {
  const joinFds = joinDescriptors(options.joinFiles?.length ?? 0, REPORT_FDS.firstFile);
  const script = `${SANDBOX_CODE_DIR}/${options.paths.scriptName}`;
  // Its user namespace is the zygote's, shared by every execution: RLIMIT_NPROC would count them all together, so the
  // execution's cgroup (pids.max, required: sandbox-starter.ts) bounds its processes instead.
  const argv = limitedCommand(options.exec, options.prlimitPath, options.interpreter, script, {
    held: options.held === true,
    joinFds,
    reportPipes: true,
    nproc: null,
  });
  return { argv, env: scrubbedEnv(SANDBOX_WORK_DIR, "/tmp"), sizes: tmpfsSizes(options.exec) };
}

/** The read-only files handed to bwrap, in descriptor order after the `joinCount` join files. */
interface InputFiles {
  readonly paths: string[];
  /** Adds a file; its descriptor in the child. */
  add(path: string): number;
}

/** The files' table, their descriptors from `first`. */
function inputFileTable(first: number): InputFiles {
  const paths: string[] = [];
  return {
    paths,
    add(path) {
      paths.push(path);
      return first + paths.length - 1;
    },
  };
}

let systemDirs: string[] | undefined;

/**
 * /bin, /lib* and /sbin: symlinks into /usr on merged-/usr systems, read-only binds otherwise. The host's layout
 * does not change under a running exc, so it is looked at once rather than with a dozen stat calls per execution.
 */
function optionalSystemDirs(): string[] {
  systemDirs ??= readSystemDirs();
  return systemDirs;
}

function readSystemDirs(): string[] {
  const out: string[] = [];
  for (const dir of ["bin", "sbin", "lib", "lib32", "lib64", "libx32"]) {
    const host = `/${dir}`;
    if (!existsSync(host)) continue;
    if (lstatSync(host).isSymbolicLink()) out.push("--symlink", readlinkSync(host), host);
    else out.push("--ro-bind", host, host);
  }
  return out;
}

/**
 * An execution on the host, as the sandbox user, with the rlimits. Unsandboxed executions all run as that one user, so
 * RLIMIT_NPROC would count their processes together, and every other process of the user with them: `nproc` is null
 * where the execution's cgroup (pids.max) bounds its processes, else the user's count plus `max_processes`
 * (user-processes.ts).
 */
export function unsandboxedCommand(options: {
  paths: ExecutionPaths;
  exec: ExecConfig;
  interpreter: string[];
  prlimitPath: string | undefined;
  nproc: number | null;
  held?: boolean;
}): SandboxCommand {
  const { paths } = options;
  // Never empty: it ends with the script.
  const [command, ...rest] = limitedCommand(
    options.exec,
    options.prlimitPath,
    options.interpreter,
    `${paths.codeDir}/${paths.scriptName}`,
    { held: options.held === true, nproc: options.nproc },
  ) as [string, ...string[]];
  return { command, args: rest, env: scrubbedEnv(paths.workDir, paths.tmpDir), cwd: paths.workDir };
}

/**
 * Whether bubblewrap can really create a sandbox here (it may be installed but blocked by the kernel), and whether
 * it can keep the sandbox from making user namespaces (`--disable-userns`, bubblewrap 0.8).
 */
export async function probeBwrap(
  bwrapPath: string,
  user: SandboxUser | undefined,
): Promise<{ ok: boolean; reason: string; disableUserns: boolean }> {
  if (!existsSync(bwrapPath)) return { ok: false, reason: `${bwrapPath} not found`, disableUserns: false };
  const hardened = await probeOnce(bwrapPath, user, ["--unshare-user", "--disable-userns"]);
  if (hardened.ok) return { ...hardened, disableUserns: true };
  return { ...(await probeOnce(bwrapPath, user, [])), disableUserns: false };
}

async function probeOnce(bwrapPath: string, user: SandboxUser | undefined, extra: string[]): Promise<{ ok: boolean; reason: string }> {
  const outcome = await runProcess({
    command: bwrapPath,
    args: [
      "--ro-bind",
      "/usr",
      "/usr",
      ...optionalSystemDirs(),
      "--proc",
      "/proc",
      "--dev",
      "/dev",
      "--unshare-all",
      ...extra,
      "--die-with-parent",
      "--clearenv",
      "--",
      "/bin/sh",
      "-c",
      "exit 0",
    ],
    env: { PATH: SANDBOX_PATH },
    cwd: "/",
    ...(user ?? {}),
    timeoutMs: 10_000,
    outputCapBytes: 4096,
  });
  return outcome.exitCode === 0 ? { ok: true, reason: "" } : { ok: false, reason: outcome.stderr.trim() || `exit ${outcome.exitCode}` };
}
