// What a CLI command may touch: its output streams, input, environment and working directory, plus the exit
// codes of spec §7 (0 success, 1 failure of the operation, 2 usage error). Tests pass their own streams.
import type { OutputStream, TerminalIo } from "../../shared/terminal-io.js";

export type { OutputStream };

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export interface CliIo extends TerminalIo {
  cwd: string;
}

export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, cwd: process.cwd() };
}

/** An expected failure of a command: printed as one line on stderr, then the process exits with `exitCode`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_FAILURE,
  ) {
    super(message);
    this.name = "CliError";
  }
}

export function usageError(message: string): CliError {
  return new CliError(message, EXIT_USAGE);
}
