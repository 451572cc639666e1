// Progress on stderr while a turn runs (docs/zino-protocol.md §7 "tool spinners"): a spinner line per running tool,
// replaced by a ✓/✗ line when it ends, and a line counting the seconds while the model has not answered yet. Drawn
// only on a terminal, so piped stderr stays clean.
import type { OutputStream } from "../../shared/cli.js";
import { terminalText } from "../../shared/terminal-text.js";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

export interface ToolSpinner {
  /** Something is drawn (stderr is a terminal): worth asking the daemon for status frames. */
  readonly interactive: boolean;
  start(name: string, description: string): void;
  /** A waiting line with the seconds since `sinceMs` (Date.now()), until clear() or another line. */
  wait(label: string, sinceMs: number): void;
  finish(name: string, ok: boolean, ms: number | undefined): void;
  /** Clears a drawn spinner line (before text is written to the terminal). Idempotent. */
  clear(): void;
}

export function createToolSpinner(stderr: OutputStream, intervalMs = 80): ToolSpinner {
  if (!stderr.isTTY) return { interactive: false, start() {}, wait() {}, finish() {}, clear() {} };
  let timer: NodeJS.Timeout | undefined;
  let label = () => "";
  let frame = 0;
  const draw = () => {
    stderr.write(`\r\x1b[2K${FRAMES[frame % FRAMES.length]} ${label()}`);
    frame += 1;
  };
  const clear = () => {
    if (timer === undefined) return;
    clearInterval(timer);
    timer = undefined;
    stderr.write("\r\x1b[2K");
  };
  const show = (next: () => string) => {
    clear();
    label = next;
    frame = 0;
    draw();
    timer = setInterval(draw, intervalMs);
    timer.unref();
  };
  return {
    interactive: true,
    start(name, description) {
      const text = description ? `${terminalText(name)}: ${oneLine(description)}` : terminalText(name);
      show(() => text);
    },
    wait(text, sinceMs) {
      // One terminal line: a wrapped line would not be cleared by the next frame.
      const line = oneLine(text, Math.max(20, (stderr.columns ?? 80) - 28));
      show(() => `${line}… ${Math.floor((Date.now() - sinceMs) / 1000)} s (Ctrl-C cancels)`);
    },
    finish(name, ok, ms) {
      clear();
      stderr.write(`${ok ? "✓" : "✗"} ${terminalText(name)}${ms === undefined ? "" : ` (${Math.round(ms)} ms)`}\n`);
    },
    clear,
  };
}

/** One terminal line of text from the daemon (a tool's name and arguments, a provider's reason), controls shown. */
function oneLine(text: string, max = 70): string {
  const flat = terminalText(text.replace(/\s+/g, " ")).trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
