// One agent turn through the daemon (docs/zino-protocol.md §3): send `{message, ctxkey}`, hand each streamed frame to the
// caller as it arrives, and return how the turn ended. Closing the connection (abort) cancels the turn.
import { RequestEncodeError, RequestTimeoutError, ServiceUnavailableError, requestFrames } from "../../wire/frame-client.js";
import type { Frame } from "../../wire/frame-codec.js";
import type { OutputStream } from "../../shared/cli.js";
import { terminalText, terminalWriter } from "../../shared/terminal-text.js";
import type { ToolSpinner } from "./tool-spinner.js";

export interface TurnHandlers {
  onChunk(delta: string): void;
  onToolStart?(frame: { kind: string; name: string; description: string }): void;
  onToolDone?(frame: { kind: string; name: string; ok: boolean; ms: number | undefined }): void;
  /** `status` frames, sent only when the request asked for `events: "all"`. */
  onStatus?(frame: Frame): void;
}

export type TurnOutcome =
  | { kind: "done"; fullText: string; iterations: number | undefined; frame: Frame }
  | { kind: "error"; code: string; message: string }
  | { kind: "cancelled" };

export interface TurnRequest {
  socketPath: string;
  message: string;
  ctxkey: string | undefined;
  signal?: AbortSignal;
  /** Longest silence between two frames. Default: none (a turn with slow tools may be quiet for long). */
  idleTimeoutMs?: number;
  /** `"all"`: the daemon adds its status frames (model calls, retries, fallbacks). */
  events?: "all";
}

export async function runTurn(request: TurnRequest, handlers: TurnHandlers): Promise<TurnOutcome> {
  const frame: Frame = { message: request.message };
  if (request.ctxkey !== undefined) frame.ctxkey = request.ctxkey;
  if (request.events !== undefined) frame.events = request.events;
  try {
    for await (const answer of requestFrames(request.socketPath, frame, { signal: request.signal, idleTimeoutMs: request.idleTimeoutMs })) {
      switch (answer.type) {
        case "chunk":
          if (typeof answer.delta === "string") handlers.onChunk(answer.delta);
          break;
        case "tool_start":
          handlers.onToolStart?.({ kind: text(answer.kind), name: text(answer.name), description: text(answer.description) });
          break;
        case "tool_done":
          handlers.onToolDone?.({
            kind: text(answer.kind),
            name: text(answer.name),
            ok: answer.ok !== false,
            ms: typeof answer.ms === "number" ? answer.ms : undefined,
          });
          break;
        case "done":
          return {
            kind: "done",
            fullText: text(answer.full_text),
            iterations: typeof answer.iterations === "number" ? answer.iterations : undefined,
            frame: answer,
          };
        case "error":
          return { kind: "error", code: text(answer.code) || "error", message: text(answer.message) || "the daemon reported an error" };
        case "status":
          handlers.onStatus?.(answer);
          break;
        default:
          break; // anything unknown is ignored
      }
    }
  } catch (err) {
    if (request.signal?.aborted) return { kind: "cancelled" };
    if (err instanceof ServiceUnavailableError && err.connected) {
      return { kind: "error", code: "connection", message: `the daemon on ${request.socketPath}: ${err.reason}` };
    }
    if (err instanceof RequestEncodeError) return { kind: "error", code: "usage", message: err.message };
    if (err instanceof ServiceUnavailableError) {
      return {
        kind: "error",
        code: "unavailable",
        message: `the daemon does not answer on ${request.socketPath}; start the services with \`zino up\``,
      };
    }
    if (err instanceof RequestTimeoutError) return { kind: "error", code: "timeout", message: err.message };
    return { kind: "error", code: "connection", message: err instanceof Error ? err.message : String(err) };
  }
  if (request.signal?.aborted) return { kind: "cancelled" };
  return { kind: "error", code: "connection", message: "the daemon closed the connection before the end of the turn" };
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** A turn shown in a terminal (`ask`, `chat`): text to stdout as it streams, tool spinners, a final newline. */
export async function streamTurnToTerminal(
  request: TurnRequest,
  out: { stdout: OutputStream; spinner: ToolSpinner },
): Promise<TurnOutcome> {
  const { stdout, spinner } = out;
  // A terminal shows the answer's control characters; piped output keeps the text as sent.
  const writeAnswer = terminalWriter(stdout);
  let endsWithNewline = true;
  const waiting = modelWait(spinner);
  const outcome = await runTurn(spinner.interactive ? { ...request, events: "all" } : request, {
    onChunk(delta) {
      if (delta.length === 0) return;
      waiting.stop();
      writeAnswer(delta);
      endsWithNewline = delta.endsWith("\n");
    },
    onToolStart: ({ name, description }) => {
      waiting.stop();
      spinner.start(name, description);
    },
    onToolDone: ({ name, ok, ms }) => spinner.finish(name, ok, ms),
    onStatus: (frame) => waiting.status(frame),
  }).finally(() => waiting.stop());
  spinner.clear();
  if (!endsWithNewline) stdout.write("\n");
  // The message is written to stderr for a person to read, and may come from a provider.
  return outcome.kind === "error" ? { ...outcome, code: terminalText(outcome.code), message: terminalText(outcome.message) } : outcome;
}

/** Shown while the model has not answered: a model call quiet for a second, and each retry or fallback with its reason. */
const QUIET_MS = 1000;

function modelWait(spinner: ToolSpinner): { status(frame: Frame): void; stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let since = Date.now();
  const arm = (label: string, delayMs: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => spinner.wait(label, since), delayMs);
    timer.unref();
  };
  arm("waiting for the model", QUIET_MS);
  return {
    status(frame) {
      const reason = text(frame.reason);
      if (frame.phase === "model") {
        since = Date.now();
        arm("waiting for the model", QUIET_MS);
      } else if (frame.phase === "retry") {
        arm(`waiting for the model: attempt ${typeof frame.attempt === "number" ? frame.attempt : "?"} after ${reason}`, 0);
      } else if (frame.phase === "fallback") {
        arm(`trying the fallback ${text(frame.provider)} ${text(frame.model)} after ${reason}`, 0);
      }
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      spinner.clear();
    },
  };
}
