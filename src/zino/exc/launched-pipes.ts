// The pipes of a child that exc's process launcher started and handed over (process-launcher.ts): its stdin when it
// is held, its stdout and stderr, and the status pipe on which bwrap reports the exit (`--json-status-fd`, sandbox.ts).
// exc then writes the go line, reads the output and learns the exit status itself, so that a call into a warm sandbox
// passes from exc to the sandbox and back without waking the launcher: two process wake-ups fewer per execution
// (0.3–0.5 ms each on a small VM). The launcher still starts the child, reaps it, and kills its group when exc asks
// (a timeout, a flood, a cancellation) or when the child has exited.
import { PassThrough, type Duplex } from "node:stream";
import { performance } from "node:perf_hooks";
import { drainPipes, EarlyOutput, outcomeWithoutRun, runOutcome, watchRun, type ReleaseOptions, type RunOutcome } from "./run-process.js";

export type PipeName = "stdin" | "stdout" | "stderr" | "status";

/** bwrap writes two short lines; anything longer is not its status and is not kept. */
const STATUS_LINE_MAX_CHARS = 4096;

export class LaunchedPipes {
  private readonly sockets = new Map<PipeName, Duplex>();
  private early: EarlyOutput | undefined;
  private statusLine = "";
  /** Settles with the reported exit code, or undefined once the status pipe ended without one. */
  private readonly exitStatus: Promise<number | undefined>;
  private settleStatus!: (code: number | undefined) => void;
  private readonly complete: Promise<void>;
  private settleComplete!: () => void;
  private closed = false;

  constructor(private readonly held: boolean) {
    this.exitStatus = new Promise((resolve) => (this.settleStatus = resolve));
    this.complete = new Promise((resolve) => (this.settleComplete = resolve));
  }

  /**
   * A pipe handed over by the launcher; none when it lost the pipe before it could send it (it then reads as
   * empty, and the exit code comes from the launcher).
   */
  attach(name: PipeName, pipe: Duplex | undefined): void {
    const socket = pipe ?? new PassThrough().end();
    // A go line to a child that died meanwhile fails with EPIPE; the outcome says what happened.
    socket.on("error", () => undefined);
    this.sockets.get(name)?.destroy();
    this.sockets.set(name, socket);
    if (name === "status") this.readStatus(socket);
    const stdout = this.sockets.get("stdout");
    const stderr = this.sockets.get("stderr");
    if (stdout && stderr && !this.early) this.early = new EarlyOutput(stdout, stderr);
    if (this.early && this.sockets.has("status") && (!this.held || this.sockets.has("stdin"))) this.settleComplete();
  }

  private readStatus(socket: Duplex): void {
    socket.setEncoding("utf8");
    socket.on("data", (text: string) => {
      this.statusLine += text;
      for (let end = this.statusLine.indexOf("\n"); end >= 0; end = this.statusLine.indexOf("\n")) {
        const code = exitCodeIn(this.statusLine.slice(0, end));
        this.statusLine = this.statusLine.slice(end + 1);
        if (code !== undefined) this.settleStatus(code);
      }
      if (this.statusLine.length > STATUS_LINE_MAX_CHARS) this.statusLine = "";
    });
    const ended = () => this.settleStatus(undefined);
    socket.once("end", ended);
    socket.once("close", ended);
  }

  /**
   * Lets the child go and runs it to its outcome, as run-process.ts `release` does for a child of this process. The
   * exit code is the one bwrap reported, or else `exited` (the launcher's, once it reaped the child); `kill` asks the
   * launcher to kill the child's group. `notStarted`: the held child had already exited.
   */
  async release(run: ReleaseOptions, options: { kill: () => void; exited: Promise<number>; notStarted: boolean }): Promise<RunOutcome> {
    await this.complete;
    if (this.closed) return outcomeWithoutRun(126, "[zino-exc] the execution's pipes were closed before it could start\n");
    const stdout = this.sockets.get("stdout")!;
    const stderr = this.sockets.get("stderr")!;
    const started = performance.now();
    const watch = watchRun(options.kill, this.early!, run);
    this.sockets.get("stdin")?.end("go\n");
    const exitCode = (await this.exitStatus) ?? (await options.exited);
    watch.stop();
    // The sandbox's PID namespace ended with its command: what it left behind is gone, and the pipes reach EOF.
    await drainPipes(stdout, stderr);
    this.close();
    return runOutcome(exitCode, watch, started, options.notStarted);
  }

  /** Closes every pipe (the child is gone or discarded). */
  close(): void {
    this.closed = true;
    for (const socket of this.sockets.values()) socket.destroy();
    this.settleStatus(undefined);
    this.settleComplete();
  }
}

/** The exit code in one of bwrap's status lines (`{ "exit-code": 3 }`), or undefined. */
function exitCodeIn(line: string): number | undefined {
  if (!line.includes('"exit-code"')) return undefined;
  try {
    const status = JSON.parse(line) as Record<string, unknown>;
    const code = status["exit-code"];
    return typeof code === "number" && Number.isInteger(code) && code >= 0 ? code : undefined;
  } catch {
    return undefined;
  }
}
