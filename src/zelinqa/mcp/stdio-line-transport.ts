// The stdio transport of zelinqa-mcp: newline-delimited JSON-RPC like the SDK's, but every bad input gets the
// JSON-RPC 2.0 error the specification names (JSON-RPC 2.0 section 5.1: -32700 parse error, -32600 invalid request, -32602 invalid
// params; -32601 comes from the protocol layer) instead of being dropped, and a line over the size limit is
// answered and skipped while the process keeps serving.
import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ClientRequestSchema, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { Logger } from "./logger.js";
import { jsonShapeExcess } from "../../shared/json-shape.js";

export const MAX_LINE_BYTES = 10 * 1024 * 1024;
/**
 * How deep a message may nest, and how many objects and arrays it may hold, checked on its bytes before JSON.parse
 * (src/shared/json-shape.ts): JSON.parse costs about a second per million levels or small objects, and an 8 MB line
 * nested millions deep held this process for 7.8 s. The API refuses bodies past 64 levels and 32,768 containers
 * (docs/zelinqa-api.md); a tool call wraps one such body in a few levels of JSON-RPC.
 */
export const MAX_MESSAGE_DEPTH = 80;
export const MAX_MESSAGE_CONTAINERS = 131_072;

export const JSON_RPC_ERRORS = { parse: -32700, invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602 } as const;

type Id = string | number | null;

/** The request schema of each client method the SDK knows, to tell bad params (-32602) from unknown methods. */
const REQUEST_SCHEMAS = new Map<string, (typeof ClientRequestSchema.options)[number]>(
  ClientRequestSchema.options.map((schema) => [schema.shape.method.value, schema]),
);

const idOf = (value: unknown): Id => {
  const id = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as { id?: unknown }).id : undefined;
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : null;
};

export interface StdioLineTransportOptions {
  stdin?: Readable;
  stdout?: Writable;
  maxLineBytes?: number;
  logger?: Logger;
}

export class StdioLineTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private readonly stdin: Readable;
  private readonly stdout: Writable;
  private readonly maxLineBytes: number;
  private readonly logger: Logger | undefined;
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** Inside a line already refused for its size: bytes are dropped up to its newline. */
  private skipping = false;
  private started = false;
  /** stdout is full: stdin is paused until it drains. */
  private waitingForDrain = false;

  constructor(options: StdioLineTransportOptions = {}) {
    this.stdin = options.stdin ?? process.stdin;
    this.stdout = options.stdout ?? process.stdout;
    this.maxLineBytes = options.maxLineBytes ?? MAX_LINE_BYTES;
    this.logger = options.logger;
  }

  start(): Promise<void> {
    if (this.started) throw new Error("the stdio transport is already started");
    this.started = true;
    this.stdin.on("data", this.onData);
    this.stdin.on("error", this.onStreamError);
    return Promise.resolve();
  }

  private readonly onStreamError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string) => {
    let rest = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    while (rest.length > 0) {
      const newline = rest.indexOf(0x0a);
      const piece = newline === -1 ? rest : rest.subarray(0, newline);
      rest = newline === -1 ? Buffer.alloc(0) : rest.subarray(newline + 1);
      if (this.skipping) {
        if (newline !== -1) this.skipping = false;
        continue;
      }
      if (this.buffered + piece.length > this.maxLineBytes) {
        this.chunks = [];
        this.buffered = 0;
        this.skipping = newline === -1;
        this.logger?.warning(`a message over ${this.maxLineBytes} bytes was refused`);
        this.reply(null, JSON_RPC_ERRORS.invalidRequest, `Invalid Request: a message may not exceed ${this.maxLineBytes} bytes`);
        continue;
      }
      this.chunks.push(piece);
      this.buffered += piece.length;
      if (newline === -1) continue;
      const line = Buffer.concat(this.chunks, this.buffered);
      this.chunks = [];
      this.buffered = 0;
      this.handleLine(line);
    }
  };

  private handleLine(bytes: Buffer): void {
    const excess = jsonShapeExcess(bytes, MAX_MESSAGE_DEPTH, { maxContainers: MAX_MESSAGE_CONTAINERS });
    if (excess !== null) {
      const what =
        excess === "depth" ? `nest deeper than ${MAX_MESSAGE_DEPTH} levels` : `hold more than ${MAX_MESSAGE_CONTAINERS} objects and arrays`;
      this.logger?.warning(`a message that would ${what} was refused`);
      this.reply(null, JSON_RPC_ERRORS.invalidRequest, `Invalid Request: a message may not ${what}`);
      return;
    }
    const text = bytes.toString("utf8").replace(/\r$/, "");
    if (text.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.reply(null, JSON_RPC_ERRORS.parse, "Parse error");
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      this.reply(idOf(value), JSON_RPC_ERRORS.invalidRequest, "Invalid Request");
      return;
    }
    const message = parsed.data;
    if ("method" in message && "id" in message) {
      const checked = REQUEST_SCHEMAS.get(message.method)?.safeParse(message);
      if (checked && !checked.success) {
        const issues = checked.error.issues
          .slice(0, 10)
          .map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
        this.reply(message.id, JSON_RPC_ERRORS.invalidParams, `Invalid params for ${message.method}`, { issues });
        return;
      }
    }
    try {
      this.onmessage?.(message);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private reply(id: Id, code: number, message: string, data?: unknown): void {
    // JSON-RPC 2.0, section 5: an error whose request id cannot be read is answered with id null.
    const error = data === undefined ? { code, message } : { code, message, data };
    this.write(`${JSON.stringify({ jsonrpc: "2.0", id, error })}\n`);
  }

  /**
   * Writes one line. While the host leaves what was written unread (stdout full), its next messages are not read
   * either: each would be answered into memory, without bound.
   */
  private write(line: string): boolean {
    const written = this.stdout.write(line);
    if (!written && !this.waitingForDrain) {
      this.waitingForDrain = true;
      this.stdin.pause();
      this.stdout.once("drain", () => {
        this.waitingForDrain = false;
        this.stdin.resume();
      });
    }
    return written;
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once("drain", resolve);
    });
  }

  close(): Promise<void> {
    this.stdin.off("data", this.onData);
    this.stdin.off("error", this.onStreamError);
    this.chunks = [];
    this.buffered = 0;
    this.onclose?.();
    return Promise.resolve();
  }
}
