// What to do when bubblewrap cannot make a sandbox here: install it where it is missing; where it is installed but
// fails (mostly a user who is not root on a kernel that keeps such users from user namespaces), the setting at fault
// when one is found and how to change it. Used by exc's refusals, the MCP launcher's and `zino status`.
import { existsSync, readFileSync } from "node:fs";

/** Kernel settings that keep bubblewrap from the user namespace it needs, with the value that does so. */
const USERNS_SETTINGS = [
  // Ubuntu 23.10 and later (AppArmor): unprivileged programs without a profile allowing it get no user namespace.
  {
    file: "/proc/sys/kernel/apparmor_restrict_unprivileged_userns",
    name: "kernel.apparmor_restrict_unprivileged_userns",
    blocks: "1",
    allow: "0",
  },
  // Debian's patch before Debian 11, still on some kernels.
  { file: "/proc/sys/kernel/unprivileged_userns_clone", name: "kernel.unprivileged_userns_clone", blocks: "0", allow: "1" },
  { file: "/proc/sys/user/max_user_namespaces", name: "user.max_user_namespaces", blocks: "0", allow: "15000" },
] as const;

/** bubblewrap's errors where it could not get a user namespace ("setting up uid map: Permission denied", …). */
const NAMESPACE_ERROR = /namespace|uid map|gid map|unshare|clone|Operation not permitted|Permission denied/i;

export interface BwrapAdviceOptions {
  bwrapPath: string;
  /** Reads a /proc/sys file (tests pass their own); undefined where it does not exist. */
  readSetting?: (file: string) => string | undefined;
  /** bubblewrap's error, when known: advice on user namespaces only where it is about them. */
  problem?: string;
  /** Whether `bwrapPath` exists (tests pass their own). */
  exists?: (path: string) => boolean;
}

function readProcSetting(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/**
 * What to do about a bubblewrap that cannot run, as a clause that a caller ends with its own way around it
 * ("…, or set exec.allow_unsandboxed = true"): "install bubblewrap (…)" only where it is missing.
 */
export function bwrapFix(options: BwrapAdviceOptions): string {
  const { bwrapPath } = options;
  const exists = options.exists ?? existsSync;
  if (!exists(bwrapPath)) return "install bubblewrap (sudo apt-get install bubblewrap)";
  const read = options.readSetting ?? readProcSetting;
  const blocking = USERNS_SETTINGS.filter((setting) => read(setting.file)?.trim() === setting.blocks);
  if (blocking.length > 0) {
    const settings = blocking.map((s) => `${s.name} = ${s.blocks}`).join(", ");
    const commands = blocking.map((s) => `sudo sysctl ${s.name}=${s.allow}`).join(" and ");
    return (
      `bubblewrap (${bwrapPath}) is installed, but this kernel keeps users who are not root from user namespaces ` +
      `(${settings}): allow them with ${commands} (add it to /etc/sysctl.d/ to keep it), or run zino-exc as root`
    );
  }
  if (options.problem !== undefined && !NAMESPACE_ERROR.test(options.problem))
    return `bubblewrap (${bwrapPath}) is installed but its sandbox fails here: fix what its error says`;
  return (
    `bubblewrap (${bwrapPath}) is installed but cannot start a sandbox: check that this user may create user ` +
    "namespaces (`unshare --user true` fails where it may not), or run zino-exc as root"
  );
}
