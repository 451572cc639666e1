// The optional bubblewrap sandbox of an MCP server (docs/zino-protocol.md §6: one isolated process per ctxkey, `sandbox = "bwrap"`):
// the host file system read-only, a private /tmp holding HOME, /run and the instance's runtime dir, sockets and
// database hidden, every namespace unshared (the network kept unless `network = false`) and no capabilities.
import { realpathSync, statSync } from "node:fs";
import { isAbsolute } from "node:path";
import type { InstanceConfig, McpServerConfig } from "../config/index.js";
import { probeBwrap } from "./sandbox.js";
import { findExecutable } from "./static-analysis.js";

/** HOME inside the sandbox: in its private /tmp, so programs writing caches (npm, pip, tsx) work and leave nothing. */
export const MCP_SANDBOX_HOME = "/tmp/home";

/** The instance paths a sandboxed MCP server must not reach. */
export type McpInstancePaths = Pick<InstanceConfig, "runtimeDir" | "sockets" | "databasePath"> & Pick<Partial<InstanceConfig>, "store">;

/**
 * Hidden whatever the instance: /run holds other services' sockets (D-Bus, systemd, docker), which authenticate the
 * peer by uid and would let a server act outside its sandbox as exc's user.
 */
const SYSTEM_HIDDEN = ["/run", "/var/run"];
/** SQLite keeps a database's recent writes in these side files; `.key` seals its secrets (src/zino/ctx/secret-box.ts). */
const SQLITE_SUFFIXES = ["", "-wal", "-shm", "-journal", ".key"];

export function defaultBwrapPath(): string {
  return findExecutable("bwrap") ?? "/usr/bin/bwrap";
}

/**
 * The runtime dir (ctx's socket there answers `get_value` for every ctxkey), sockets configured elsewhere, the
 * ctx database with its side files and key, and the key of a PostgreSQL ctx store.
 */
export function instanceHiddenPaths(instance: McpInstancePaths): string[] {
  return [
    instance.runtimeDir,
    ...Object.values(instance.sockets),
    ...SQLITE_SUFFIXES.map((suffix) => `${instance.databasePath}${suffix}`),
    ...(instance.store ? [instance.store.keyPath] : []),
  ];
}

function realPath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/**
 * An empty tmpfs over each directory, /dev/null over each other file (a socket included). Paths are resolved first so
 * that a symlinked alias cannot dodge them; absent paths have nothing to hide, and paths inside a hidden directory are
 * hidden with it.
 */
function hideArgs(paths: readonly string[]): string[] {
  const resolved = [...new Set(paths.map(realPath).filter((path): path is string => path !== undefined && path !== "/"))].sort(
    (a, b) => a.length - b.length,
  );
  const hiddenDirs: string[] = [];
  const args: string[] = [];
  for (const path of resolved) {
    if (hiddenDirs.some((dir) => path.startsWith(`${dir}/`))) continue;
    if (statSync(path).isDirectory()) {
      hiddenDirs.push(path);
      args.push("--tmpfs", path);
    } else {
      args.push("--ro-bind", "/dev/null", path);
    }
  }
  return args;
}

/** /etc/resolv.conf often points into /run (systemd-resolved): name resolution needs that one file back. */
function resolverArgs(): string[] {
  const target = realPath("/etc/resolv.conf");
  return target?.startsWith("/run/") ? ["--ro-bind", target, target] : [];
}

/**
 * What the command needs that the private /tmp would cover: the working directory the server starts in (exc's),
 * the command itself and its absolute path arguments, when they live under the host's /tmp (an installation or a
 * checkout there). They are bound back read-only; nothing else of the host's /tmp is visible.
 */
export function commandPathArgs(config: Pick<McpServerConfig, "command" | "args">, cwd: string): string[] {
  const wanted = [cwd, config.command, ...config.args].filter((path) => isAbsolute(path));
  const paths = [...new Set(wanted.map(realPath).filter((path): path is string => path?.startsWith("/tmp/") === true))].sort(
    (a, b) => a.length - b.length,
  );
  const bound: string[] = [];
  for (const path of paths) if (!bound.some((dir) => path.startsWith(`${dir}/`))) bound.push(path);
  return bound.flatMap((path) => ["--ro-bind", path, path]);
}

function writableArgs(paths: readonly string[]): string[] {
  return paths.flatMap((path) => {
    const real = realPath(path);
    if (real === undefined) throw new Error(`writable path ${path} does not exist`);
    return ["--bind", real, real];
  });
}

/**
 * The bwrap arguments running the server's command. Hidden paths come after the writable ones, so that they win.
 * No `--clearenv`: the environment given to bwrap is already only the server's (the SDK's safe list, `env`,
 * `env_from_ctx`), and `--setenv` would put `env_from_ctx` secrets on bwrap's command line, which `ps` shows.
 * `--new-session` is harmless to stdio (pipes, not a terminal) and keeps the server from injecting input into a
 * terminal exc may hold.
 */
export function mcpBwrapArgs(options: { config: McpServerConfig; hiddenPaths: readonly string[]; cwd?: string }): string[] {
  const { config } = options;
  return [
    "--ro-bind",
    "/",
    "/",
    "--dev",
    "/dev",
    "--proc",
    "/proc",
    "--tmpfs",
    "/tmp",
    "--dir",
    MCP_SANDBOX_HOME,
    ...commandPathArgs(config, options.cwd ?? process.cwd()),
    ...writableArgs(config.writable),
    ...hideArgs([...SYSTEM_HIDDEN, ...options.hiddenPaths]),
    ...resolverArgs(),
    "--unshare-all",
    ...(config.network ? ["--share-net"] : []),
    "--die-with-parent",
    "--new-session",
    // Root keeps every capability in bwrap otherwise, and could remount the host's root writable.
    "--cap-drop",
    "ALL",
    "--",
    config.command,
    ...config.args,
  ];
}

/** Whether bubblewrap can create a sandbox here; a success is remembered per path, a failure is probed again. */
export function createBwrapCheck(): (bwrapPath: string) => Promise<string | undefined> {
  const usable = new Set<string>();
  return async (bwrapPath) => {
    if (usable.has(bwrapPath)) return undefined;
    const probe = await probeBwrap(bwrapPath, undefined);
    if (!probe.ok) return probe.reason;
    usable.add(bwrapPath);
    return undefined;
  };
}
