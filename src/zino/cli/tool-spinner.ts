// Tool progress on stderr while a turn runs (docs/zino-protocol.md §7 "tool spinners"): a spinner line per running tool,
// replaced by a ✓/✗ line when it ends. Drawn only on a terminal, so piped stderr stays clean.
import type { OutputStream } from "../../shared/cli.js";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

export interface ToolSpinner {
  start(name: string, description: string): void;
  finish(name: string, ok: boolean, ms: number | undefined): void;
  /** Clears a drawn spinner line (before text is written to the terminal). Idempotent. */
  clear(): void;
}

export function createToolSpinner(stderr: OutputStream, intervalMs = 80): ToolSpinner {
  if (!stderr.isTTY) return { start() {}, finish() {}, clear() {} };
  let timer: NodeJS.Timeout | undefined;
  let label = "";
  let frame = 0;
  const draw = () => {
    stderr.write(`\r\x1b[2K${FRAMES[frame % FRAMES.length]} ${label}`);
    frame += 1;
  };
  const clear = () => {
    if (timer === undefined) return;
    clearInterval(timer);
    timer = undefined;
    stderr.write("\r\x1b[2K");
  };
  return {
    start(name, description) {
      clear();
      label = description ? `${name}: ${oneLine(description)}` : name;
      frame = 0;
      draw();
      timer = setInterval(draw, intervalMs);
      timer.unref();
    },
    finish(name, ok, ms) {
      clear();
      stderr.write(`${ok ? "✓" : "✗"} ${name}${ms === undefined ? "" : ` (${Math.round(ms)} ms)`}\n`);
    },
    clear,
  };
}

function oneLine(text: string, max = 70): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
