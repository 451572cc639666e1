// The folder a service puts its socket in (docs/zino-protocol.md §7: a runtime directory 0700, sockets 0600). A folder we create
// is made 0700; a folder that already exists is checked and never changed: a shared one (world-writable, sticky,
// such as /tmp) or another user's is refused, because changing it would take it away from its other users.
import { chmodSync, existsSync, mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";

/** A stable code for logs and for the CLI (`zino up` prints the message). */
export const UNSAFE_SOCKET_DIR = "unsafe_socket_dir";
/** Another process listens on the socket path. */
export const SOCKET_IN_USE = "socket_in_use";
/** The socket path is longer than the kernel accepts. */
export const SOCKET_PATH_TOO_LONG = "socket_path_too_long";

/** A start failure with a stable code, which the services print as one plain line. */
export function codedError(code: string, message: string): Error & { code: string } {
  return Object.assign(new Error(message), { code });
}

export class UnsafeSocketDirError extends Error {
  readonly code = UNSAFE_SOCKET_DIR;
  constructor(
    readonly dir: string,
    problem: string,
  ) {
    super(
      `refusing to put sockets in ${dir}: ${problem}. ZINO does not change folders it did not create; set [paths] runtime_dir ` +
        "(or ZINO_RUNTIME_DIR, or the [sockets] paths) to a folder of your own that ZINO can create, e.g. $XDG_RUNTIME_DIR/zino or .zino/run",
    );
    this.name = "UnsafeSocketDirError";
  }
}

export interface SocketDirReport {
  created: boolean;
  /** Set when the folder is usable but readable by others (its sockets are 0600 all the same). */
  warning?: string;
}

const octal = (mode: number) => (mode & 0o7777).toString(8).padStart(4, "0");

/** Creates the socket's folder 0700, or checks the existing one; throws UnsafeSocketDirError when it is not ours alone. */
export function prepareSocketDir(socketPath: string): SocketDirReport {
  const dir = dirname(socketPath);
  checkAncestors(dirname(dir));
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700); // ours: the umask may have left it wider
    return { created: true };
  }
  const stats = statSync(dir);
  if (!stats.isDirectory()) throw new UnsafeSocketDirError(dir, "it is not a folder");
  // A shared folder is said to be one first: that is what /tmp is, whoever owns it.
  if ((stats.mode & 0o1000) !== 0) throw new UnsafeSocketDirError(dir, `it is a shared folder (sticky, mode ${octal(stats.mode)})`);
  const uid = process.geteuid?.();
  if (uid !== undefined && stats.uid !== uid) throw new UnsafeSocketDirError(dir, `it belongs to another user (uid ${stats.uid})`);
  if ((stats.mode & 0o022) !== 0) throw new UnsafeSocketDirError(dir, `other users can write in it (mode ${octal(stats.mode)})`);
  if ((stats.mode & 0o077) !== 0)
    return { created: false, warning: `${dir} is readable by other users (mode ${octal(stats.mode)}); 0700 is advised` };
  return { created: false };
}

/** Above the socket folder, anyone may create or rename entries in a world-writable folder that is not sticky. */
function checkAncestors(from: string): void {
  let dir = from;
  for (;;) {
    if (existsSync(dir)) {
      const stats = statSync(dir);
      if ((stats.mode & 0o002) !== 0 && (stats.mode & 0o1000) === 0) {
        throw new UnsafeSocketDirError(dir, `any user can replace its entries (mode ${octal(stats.mode)}, not sticky)`);
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}
