// The one command-line convention of `zino` and `zelinqa`: what a command may touch, its exit codes (0 success,
// 1 failure of the operation, 2 usage error), the error a command throws for an expected failure, and how that
// error is printed: `<program>: <what happened>[; <what to do next>]` on one line of stderr.
import type { CommanderError } from "commander";
import type { OutputStream, TerminalIo } from "./terminal-io.js";

export type { OutputStream };

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
/** A run the user interrupted (Ctrl-C): 128 + SIGINT, as shells report it. */
export const EXIT_CANCELLED = 130;

/** The terminal of a command plus its working directory; tests pass their own streams. */
export interface CliIo extends TerminalIo {
  cwd: string;
}

export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, cwd: process.cwd() };
}

/** Stable machine-readable kinds of an expected failure (never printed; for callers and tests). */
export type CliErrorCode =
  "usage" | "failure" | "service_unavailable" | "service_error" | "config_invalid" | "listen_failed" | "instance_busy";

export interface CliErrorOptions {
  code?: CliErrorCode;
  exitCode?: number;
  /** What to do next, printed after the message (`; start the services with \`zino up\``). */
  hint?: string;
}

/** An expected failure of a command: printed by {@link formatCliError}, then the process exits with `exitCode`. */
export class CliError extends Error {
  readonly code: CliErrorCode;
  readonly exitCode: number;
  readonly hint: string | undefined;

  constructor(message: string, options: CliErrorOptions = {}) {
    super(message);
    this.name = "CliError";
    this.exitCode = options.exitCode ?? (options.code === "usage" ? EXIT_USAGE : EXIT_FAILURE);
    this.code = options.code ?? (this.exitCode === EXIT_USAGE ? "usage" : "failure");
    this.hint = options.hint;
  }
}

export function usageError(message: string, hint?: string): CliError {
  return new CliError(message, { code: "usage", hint });
}

/** The line a CLI prints for an expected failure: what happened, then what to do next when there is a hint. */
export function formatCliError(program: string, error: CliError): string {
  return `${program}: ${error.message}${error.hint === undefined ? "" : `; ${error.hint}`}\n`;
}

/**
 * The exit code of commander's own exits (help and version print and succeed; anything else is a usage error
 * commander has already explained). `okCodes` adds codes a CLI also treats as success.
 */
export function commanderExitCode(error: CommanderError, okCodes: readonly string[] = []): number {
  const ok = error.code === "commander.helpDisplayed" || error.code === "commander.version" || okCodes.includes(error.code);
  return ok ? EXIT_OK : EXIT_USAGE;
}
