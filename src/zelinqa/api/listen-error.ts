// Why `serve` could not listen, as one line saying what happened and what to do (port taken, unknown host, a
// socket folder that is missing or not writable, a socket path over the kernel's limit), with a stable code.
import { Buffer } from "node:buffer";
import { MAX_SOCKET_PATH_BYTES } from "../../shared/unix-socket.js";

export class ListenError extends Error {
  readonly code = "listen_failed";

  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
    this.name = "ListenError";
  }
}

export interface ListenTarget {
  host: string;
  port: number;
  socketPath?: string | undefined;
}

/** A socket path the kernel would truncate (and then report a false EADDRINUSE for): refused before listening. */
export function checkSocketPath(socketPath: string): void {
  const bytes = Buffer.byteLength(socketPath);
  if (bytes > MAX_SOCKET_PATH_BYTES)
    throw new ListenError(
      `cannot listen on ${socketPath}: the path is ${bytes} bytes, over the ${MAX_SOCKET_PATH_BYTES}-byte limit of Unix socket paths`,
      "pass a shorter --socket path",
    );
}

export function listenError(error: unknown, target: ListenTarget): Error {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const where = target.socketPath ?? `${target.host}:${target.port}`;
  const what = `cannot listen on ${where}`;
  if (target.socketPath !== undefined) {
    if (code === "EADDRINUSE")
      return new ListenError(`${what}: another process listens on that socket`, "stop it or pass another --socket");
    if (code === "EACCES" || code === "ENOENT" || code === "ENOTDIR" || code === "EROFS")
      return new ListenError(
        `${what}: its folder does not exist or is not writable (${code})`,
        "create the folder or pass another --socket",
      );
  } else {
    if (code === "EADDRINUSE")
      return new ListenError(
        `${what}: the port is in use by another program`,
        "pass another --port (or ZELINQA_PORT), or stop the other server",
      );
    if (code === "EACCES")
      return new ListenError(`${what}: permission denied (ports below 1024 need privileges)`, "pass a --port above 1023");
    if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EADDRNOTAVAIL")
      return new ListenError(
        `${what}: ${target.host} is not an address of this machine (${code})`,
        "pass --host with a local address such as 127.0.0.1 or 0.0.0.0",
      );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ListenError(`${what}: ${message}`, "check --host, --port and --socket");
}
