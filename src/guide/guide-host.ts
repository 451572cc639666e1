// What the guide needs from the `zino` command that hosts it: the terminal, the ZINO services started, agent turns
// streamed to the terminal, command names as the user types them. The zino CLI builds it (`zino/cli/guide-host.ts`)
// and passes it in, so the bridge never imports the CLI that registers it.
import type { TerminalIo } from "../shared/terminal-io.js";

export const GUIDE_EXIT = { ok: 0, failure: 1, usage: 2, paused: 130 } as const;

/** The terminal of the conversation (the zino CLI's own, without its working directory). */
export type GuideIo = TerminalIo;

/** How an agent turn ended (the daemon's `done`, an `error` frame, or the caller's abort). */
export type GuideTurnOutcome = { kind: "done" } | { kind: "error"; code: string; message: string } | { kind: "cancelled" };

export interface GuideHost {
  /** Starts the ZINO services that do not answer yet; `say` tells the person about a start that takes time. */
  startServices(say: (text: string) => void): Promise<void>;
  /** One agent turn of `ctxkey`, its text on stdout and its tools as spinners on stderr as they stream. */
  streamTurn(request: { message: string; ctxkey: string; signal?: AbortSignal | undefined }): Promise<GuideTurnOutcome>;
  /** `zino <args>` as the person runs it here (`npm run zino -- <args>` under npm). */
  commandName(args: string): string;
}

/** An expected failure of the guide: one line on stderr, then the process exits with `exitCode`. */
export class GuideError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = GUIDE_EXIT.failure,
  ) {
    super(message);
    this.name = "GuideError";
  }
}
