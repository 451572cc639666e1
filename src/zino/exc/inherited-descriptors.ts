// Descriptors a process got from its parent without close-on-exec (a CI runner's pipe, a terminal multiplexer's
// socket, whatever the service manager leaked) pass on to every child it starts, and bubblewrap hands a sandbox
// every descriptor it was given: a tool's script would get them. Node opens its own with close-on-exec, so the
// processes that start sandboxes (zino-exc, its launcher) close, at start, every inherited one past stdio: ZINO uses
// none (its sockets are its own, made at start).
import { closeSync, readdirSync, readFileSync } from "node:fs";

/** O_CLOEXEC as /proc/<pid>/fdinfo prints it (octal flags). */
const O_CLOEXEC = 0o2000000;

/**
 * Closes this process's descriptors past stdio that a child would inherit (no close-on-exec), except `keep`;
 * returns the ones closed. Nothing on a system without /proc/self/fd.
 */
export function closeInheritedDescriptors(keep: readonly number[] = []): number[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc/self/fd");
  } catch {
    return [];
  }
  const closed: number[] = [];
  for (const entry of entries) {
    const fd = Number(entry);
    if (!Number.isInteger(fd) || fd <= 2 || keep.includes(fd)) continue;
    let flags: number;
    try {
      const match = /^flags:\s*([0-7]+)$/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, "utf8"));
      if (!match) continue;
      flags = parseInt(match[1]!, 8);
    } catch {
      continue; // the listing's own descriptor, closed by now
    }
    if ((flags & O_CLOEXEC) !== 0) continue;
    try {
      closeSync(fd);
      closed.push(fd);
    } catch {
      // closed meanwhile
    }
  }
  return closed;
}

/** The IPC channel's descriptor of a process started with one (the launcher): never closed. */
export function ipcChannelDescriptor(): number[] {
  const channel = (process as { channel?: { fd?: unknown } }).channel;
  return typeof channel?.fd === "number" ? [channel.fd] : [];
}
