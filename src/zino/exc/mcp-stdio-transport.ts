// The stdio transport of one MCP server process, in place of the SDK's StdioClientTransport, which sees the server
// only through its pipes and its own pid. A server is a process tree: `npx`, `uvx` or a shell start the real server
// as a child, and servers start helpers. Here:
// - the server starts in a process group of its own, and stopping it (or its exit) ends the whole group: helpers do
//   not outlive the server they were started by;
// - the server's exit is its end, even while a helper still holds its stdout or stderr (the SDK waited for the pipes
//   to close: a crash went unseen and every call waited for its timeout);
// - what exc writes to a server that stops reading is bounded: past MAX_UNREAD_INPUT_BYTES unread, the server is
//   stopped (it is started again on the next use) instead of keeping every timed-out call's arguments in exc.
// Loaded with the SDK, on the first MCP server's start (mcp-connection.ts).
import { spawn, type ChildProcess } from "node:child_process";
import { PassThrough } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { deserializeMessage, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { jsonShapeExcess } from "../../shared/json-shape.js";
import type { McpLaunch } from "./mcp-launch.js";

/** Bytes written to the server and not yet read by it, past which it is taken for deaf and stopped. */
export const MAX_UNREAD_INPUT_BYTES = 32 * 1024 * 1024;
/** A line the server writes (one JSON-RPC message) is read up to this size; past it the server is stopped. */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
/**
 * What one message may hold: JSON.parse takes about a second per million nested levels or small objects, all that
 * time in exc's one thread. One 6 MB result nested 3 million levels deep stalled every request to exc for 4.6 s (and
 * then failed anyway, too deep to walk). Generous for a real message: a tool whose schema is too deep is left out
 * of the listing (mcp-connection.ts), not refused with all its server's tools here.
 */
export const MAX_MESSAGE_DEPTH = 1024;
export const MAX_MESSAGE_CONTAINERS = 262_144;
/** close(): how long the server has to exit after its stdin is closed, then after SIGTERM. */
const CLOSE_GRACE_MS = 2000;

export class McpStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly stderr = new PassThrough();
  private child: ChildProcess | undefined;
  /** The start of the line being received, in pieces (one copy when it is complete, not one per piece). */
  private pieces: Buffer[] = [];
  private pending = 0;
  /** Why exc stopped the server for what it wrote (undefined: it did not). */
  stoppedBecause: string | undefined;
  private exited: Promise<void> | undefined;
  private ended = false;
  private groupGone = false;

  constructor(private readonly launch: McpLaunch) {}

  /** Bytes handed to the server's stdin that it has not read yet. */
  get unreadInputBytes(): number {
    return this.child?.stdin?.writableLength ?? 0;
  }

  /** The server's pid (its process group's too), once started. */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  start(): Promise<void> {
    if (this.child) throw new Error("McpStdioTransport already started");
    const child = spawn(this.launch.command, this.launch.args, {
      env: { ...getDefaultEnvironment(), ...this.launch.env },
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
    child.stderr?.pipe(this.stderr);
    child.stdout?.on("data", (chunk: Buffer) => this.received(chunk));
    child.stdout?.on("error", (error) => this.onerror?.(error));
    child.stdin?.on("error", (error) => this.onerror?.(error));
    // The server's exit ends the connection, whoever still holds its pipes: the rest of its group is killed so that
    // they close, and the pending requests fail now rather than at their timeout.
    child.once("exit", () => {
      this.killGroup("SIGKILL");
      // Its members are gone: the group's number may now be reused by anyone, and is never signalled again.
      this.groupGone = true;
      this.end();
    });
    return new Promise((resolve, reject) => {
      child.once("spawn", () => resolve());
      child.once("error", (error) => {
        this.onerror?.(error);
        this.end();
        reject(error);
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.ended) return Promise.reject(new Error("Not connected"));
    if (stdin.writableLength > MAX_UNREAD_INPUT_BYTES) {
      const error = new Error(`the MCP server has not read its last ${stdin.writableLength} bytes of input: it is stopped`);
      void this.close();
      return Promise.reject(error);
    }
    // Resolved once handed to the pipe: a server that reads slowly must not hold its caller past the call's timeout.
    stdin.write(serializeMessage(message));
    return Promise.resolve();
  }

  /** Ends stdin, then SIGTERM, then SIGKILL, each after CLOSE_GRACE_MS; the server's whole process group goes. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || !this.exited) return this.end();
    if (child.exitCode === null && child.signalCode === null) {
      child.stdin?.end();
      if (!(await settlesWithin(this.exited, CLOSE_GRACE_MS))) {
        this.killGroup("SIGTERM");
        if (!(await settlesWithin(this.exited, CLOSE_GRACE_MS))) this.killGroup("SIGKILL");
      }
    }
    this.killGroup("SIGKILL");
    this.end();
  }

  private received(chunk: Buffer): void {
    let rest = chunk;
    for (let newline = rest.indexOf(0x0a); newline !== -1 && !this.refused; newline = rest.indexOf(0x0a)) {
      const line = this.pieces.length === 0 ? rest.subarray(0, newline) : Buffer.concat([...this.pieces, rest.subarray(0, newline)]);
      this.pieces = [];
      this.pending = 0;
      rest = rest.subarray(newline + 1);
      if (!this.lineFits(line.length)) return;
      this.handleLine(line);
    }
    if (this.refused || rest.length === 0) return;
    if (!this.lineFits(this.pending + rest.length)) return;
    this.pieces.push(rest);
    this.pending += rest.length;
  }

  private get refused(): boolean {
    return this.ended || this.stoppedBecause !== undefined;
  }

  private lineFits(bytes: number): boolean {
    if (bytes <= MAX_MESSAGE_BYTES) return true;
    this.refuse(`it wrote a message over ${MAX_MESSAGE_BYTES} bytes`);
    return false;
  }

  private handleLine(line: Buffer): void {
    const excess = jsonShapeExcess(line, MAX_MESSAGE_DEPTH, { maxContainers: MAX_MESSAGE_CONTAINERS });
    if (excess !== null) {
      const what =
        excess === "depth" ? `nested deeper than ${MAX_MESSAGE_DEPTH} levels` : `of more than ${MAX_MESSAGE_CONTAINERS} objects and arrays`;
      this.refuse(`it wrote a message ${what}, too costly to read`);
      return;
    }
    const text = line.toString("utf8").replace(/\r$/, "");
    if (text.trim() === "") return;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(text);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.onmessage?.(message);
  }

  /** A message the server should not have written: it is stopped, and the calls in flight fail now. */
  private refuse(reason: string): void {
    this.stoppedBecause = reason;
    this.pieces = [];
    this.pending = 0;
    this.onerror?.(new Error(`the MCP server was stopped: ${reason}`));
    void this.close();
  }

  /** Signals the server's process group (it leads it: spawned detached) until the server has exited. */
  private killGroup(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid === undefined || this.groupGone) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // the group is empty already
    }
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.pieces = [];
    this.pending = 0;
    this.child?.stdin?.destroy();
    this.child?.stdout?.destroy();
    this.onclose?.();
  }
}

function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([promise.then(() => true), timeout]).finally(() => clearTimeout(timer));
}
