// The `result` frame of exc (docs/zino-protocol.md §6): what a tool run produced. Failures are results the model reads.
export interface ExecResult {
  exit_code: number;
  stdout: string;
  stderr: string;
  truncated: boolean;
  ms: number;
  timed_out?: boolean;
  isolation?: string;
}

/** Exit codes of results exc makes itself, following shell conventions. */
export const EXIT = {
  failure: 1,
  badArguments: 2,
  refused: 126,
  unknownTool: 127,
  timeout: 124,
  cancelled: 130,
} as const;

export function failureResult(exitCode: number, stderr: string, ms = 0): ExecResult {
  return { exit_code: exitCode, stdout: "", stderr: stderr.endsWith("\n") ? stderr : `${stderr}\n`, truncated: false, ms };
}

export function resultFrame(result: ExecResult): Record<string, unknown> {
  return { type: "result", ...result };
}
