// Unix-socket files of servers: whether one accepts connections, and the removal of one left by a killed process
// (a stale socket file refuses connections and makes the next `listen` on its path fail).
import { existsSync, statSync, unlinkSync } from "node:fs";
import { createConnection } from "node:net";

/** The longest Unix socket path Linux accepts (`sun_path` is 108 bytes with its terminating NUL). */
export const MAX_SOCKET_PATH_BYTES = 107;

/** Whether something accepts connections on the socket (the probe connection is closed at once). */
export async function socketAccepts(socketPath: string): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const probe = createConnection(socketPath);
    probe.once("connect", () => {
      probe.destroy();
      resolve(true);
    });
    probe.once("error", () => resolve(false));
  });
}

/**
 * Removes the file at `socketPath` when nobody listens on it. Says what it found: `"live"` (left in place, the caller
 * decides whether that is an error), `"removed"`, or `"absent"`. With `socketsOnly`, a file that is not a socket is
 * left alone (reported `"absent"`), for a path a person may have mistyped.
 */
export async function removeStaleSocket(
  socketPath: string,
  options: { socketsOnly?: boolean } = {},
): Promise<"absent" | "removed" | "live"> {
  if (!existsSync(socketPath)) return "absent";
  if (options.socketsOnly && !statSync(socketPath).isSocket()) return "absent";
  if (await socketAccepts(socketPath)) return "live";
  try {
    unlinkSync(socketPath);
  } catch {
    // removed by someone else meanwhile
  }
  return "removed";
}
