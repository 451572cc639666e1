// The terminal a command talks to: its output streams (with the TTY facts the rendering needs), input and
// environment. Both the zino CLI and the guide take one, so tests pass their own streams.
import type { Readable, Writable } from "node:stream";

export type OutputStream = Writable & { isTTY?: boolean; columns?: number };

export interface TerminalIo {
  stdout: OutputStream;
  stderr: OutputStream;
  stdin: Readable & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}
