// A fake OpenAI-compatible provider for every ZINO test and benchmark: a real node:http server on 127.0.0.1
// serving `POST /v1/chat/completions` (SSE streaming and plain JSON) and `GET /v1/models`, with replies
// programmed per request and every request recorded (headers included, to check the key and the model).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { isRecord } from "../src/shared/is-record.js";

export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface FakeToolCall {
  /** Default: `call_<n>`. */
  id?: string;
  name: string;
  /** An object is serialised with JSON.stringify; a string is sent as is (may be invalid JSON on purpose). */
  arguments: string | Record<string, unknown>;
  /** Number of streamed pieces the arguments string is split into (default 3). */
  argumentChunks?: number;
}

/** One programmed answer. Fields combine: e.g. text then tool calls, or text that disconnects mid-stream. */
export interface FakeReply {
  /** Assistant text (may contain inline `<tool_call>…</tool_call>` or `<think>…</think>`). */
  text?: string;
  /** Split `text` into this many deltas of near-equal length. Default: one delta per word (spaces kept). */
  chunks?: number;
  /** Explicit text deltas, overriding `text`/`chunks`. */
  deltas?: string[];
  /** Native tool calls, streamed as OpenAI `tool_calls` deltas after the text. */
  toolCalls?: FakeToolCall[];
  /** Default: `tool_calls` when there are tool calls, else `stop`. */
  finishReason?: string;
  /** Usage to report; `false` to omit it. Default: a chars/4 estimate. Streamed only if the client asked
   * for it (`stream_options.include_usage`), as OpenAI does. */
  usage?: FakeUsage | false;
  /** A non-200 answer with an OpenAI-style error body. */
  status?: number;
  /** `Retry-After` header value (seconds as a number, or any string such as an HTTP date). */
  retryAfter?: number | string;
  /** Error body for `status` (default `{error:{message, type, code}}`). */
  errorBody?: unknown;
  /** Never answer (not even headers) until the client aborts or the server closes. */
  hang?: boolean;
  /** Stream headers and this many data chunks, then go silent (an idle stream). */
  stallAfterChunks?: number;
  /** Stream this many data chunks, then destroy the connection (no `[DONE]`). */
  disconnectAfterChunks?: number;
  /** Delay before the status line/headers. */
  headersDelayMs?: number;
  /** Delay before each streamed chunk. */
  chunkDelayMs?: number;
  /** Model name reported in the answer (default: the requested model). */
  model?: string;
  /** Answer with a plain JSON completion even when the client asked for `stream: true`. */
  forceJson?: boolean;
  /** Send exactly these body pieces (status 200, one write each, `chunkDelayMs` apart) instead of a generated
   * answer: for testing stream parsers against odd framing (CRLF, comments, events split anywhere). */
  raw?: { contentType?: string; pieces: (string | Uint8Array)[] };
}

export interface RecordedRequest {
  /** Position of the request among all requests to this server (0-based). */
  index: number;
  method: string;
  /** Path without the query string, e.g. `/v1/chat/completions`. */
  path: string;
  /** Lower-cased header names. */
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (undefined when absent or not JSON). */
  body: unknown;
  rawBody: string;
  /** `body.model` when present. */
  model: string | undefined;
  /** `Authorization` header without the `Bearer ` prefix. */
  apiKey: string | undefined;
  /** The reply chosen for it (chat requests only). */
  reply: FakeReply | undefined;
  /** The client went away before the answer was complete (e.g. rtr aborted the upstream fetch). */
  aborted: boolean;
  /** The answer was written completely. */
  completed: boolean;
  receivedAt: number;
}

export type FakeReplyFunction = (request: RecordedRequest) => FakeReply;

export interface FakeProviderOptions {
  /** How long the server keeps an idle connection (node's default 5 s); it tells clients in its Keep-Alive header. */
  keepAliveTimeoutMs?: number;
  /** Reply used when nothing is enqueued. Default: echo the last user message (`echo: <text>`). */
  defaultReply?: FakeReplyFunction;
  /** When set, chat requests without `Authorization: Bearer <apiKey>` get 401. */
  apiKey?: string;
  /** Listed by `GET /v1/models` (default `["fake-model"]`). */
  models?: string[];
}

export interface FakeProvider {
  /** Base URL ending in `/v1`, e.g. `http://127.0.0.1:40123/v1`. */
  readonly url: string;
  /** Every request received, in order (chat and models). */
  readonly requests: RecordedRequest[];
  /** Chat requests only. */
  chatRequests(): RecordedRequest[];
  /** Queue replies: each chat request consumes the next one; when empty the script/default reply is used. */
  enqueue(...replies: FakeReply[]): void;
  /** Replace the reply function used when the queue is empty. */
  script(fn: FakeReplyFunction): void;
  /** Resolves when `predicate(requests)` holds (polling every 5 ms), rejects after `timeoutMs` (default 5 s). */
  waitFor(predicate: (requests: RecordedRequest[]) => boolean, timeoutMs?: number): Promise<void>;
  /** Forget recorded requests and queued replies. */
  reset(): void;
  /** Client connections open now (keep-alive ones included). */
  openConnections(): number;
  /** Idempotent; ends hanging answers and every connection. */
  close(): Promise<void>;
}

/** An inline Hermes-style call block, as a model would write it in its text. */
export function inlineToolCall(name: string, args: Record<string, unknown>): string {
  return `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;
}

export function echoLastUserMessage(request: RecordedRequest): FakeReply {
  const messages = isRecord(request.body) && Array.isArray(request.body.messages) ? request.body.messages : [];
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message: unknown = messages[i];
    if (isRecord(message) && message.role === "user") {
      const content = typeof message.content === "string" ? message.content : JSON.stringify(message.content);
      return { text: `echo: ${content}` };
    }
  }
  return { text: "echo: (no user message)" };
}

export async function startFakeProvider(options: FakeProviderOptions = {}): Promise<FakeProvider> {
  const requests: RecordedRequest[] = [];
  const queue: FakeReply[] = [];
  const sockets = new Set<Socket>();
  let replyFn: FakeReplyFunction = options.defaultReply ?? echoLastUserMessage;
  let closing: Promise<void> | undefined;
  let shuttingDown = false;

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });
  if (options.keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = options.keepAliveTimeoutMs;
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawBody = await readBody(req);
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    let body: unknown;
    try {
      body = rawBody.length > 0 ? JSON.parse(rawBody) : undefined;
    } catch {
      body = undefined;
    }
    const auth = req.headers.authorization;
    const record: RecordedRequest = {
      index: requests.length,
      method: req.method ?? "GET",
      path,
      headers: { ...req.headers },
      body,
      rawBody,
      model: isRecord(body) && typeof body.model === "string" ? body.model : undefined,
      apiKey: typeof auth === "string" && auth.startsWith("Bearer ") ? auth.slice("Bearer ".length) : undefined,
      reply: undefined,
      aborted: false,
      completed: false,
      receivedAt: Date.now(),
    };
    requests.push(record);
    res.on("close", () => {
      if (!res.writableFinished && !shuttingDown) record.aborted = true;
    });
    res.on("finish", () => {
      record.completed = true;
    });

    if (record.method === "GET" && path.endsWith("/models")) {
      const data = (options.models ?? ["fake-model"]).map((id) => ({ id, object: "model", owned_by: "fake" }));
      sendJson(res, 200, { object: "list", data });
      return;
    }
    if (record.method !== "POST" || !path.endsWith("/chat/completions")) {
      sendJson(res, 404, { error: { message: `no route ${record.method} ${path}`, type: "invalid_request_error" } });
      return;
    }
    if (options.apiKey !== undefined && record.apiKey !== options.apiKey) {
      sendJson(res, 401, { error: { message: "Incorrect API key provided.", type: "invalid_request_error", code: "invalid_api_key" } });
      return;
    }
    if (!isRecord(body) || !Array.isArray(body.messages)) {
      sendJson(res, 400, { error: { message: "body must be a JSON object with messages", type: "invalid_request_error" } });
      return;
    }
    const reply = queue.shift() ?? replyFn(record);
    record.reply = reply;
    await answerChat(res, record, reply, body);
  }

  async function answerChat(res: ServerResponse, record: RecordedRequest, reply: FakeReply, body: Record<string, unknown>): Promise<void> {
    if (reply.hang) return; // the response stays open until the client aborts or close() destroys the socket
    if (reply.headersDelayMs) await sleep(reply.headersDelayMs);
    if (res.destroyed) return;
    if (reply.status !== undefined && reply.status !== 200) {
      const headers: Record<string, string> = {};
      if (reply.retryAfter !== undefined) headers["retry-after"] = String(reply.retryAfter);
      const errorBody = reply.errorBody ?? {
        error: { message: `fake provider error ${reply.status}`, type: "server_error", code: String(reply.status) },
      };
      sendJson(res, reply.status, errorBody, headers);
      return;
    }
    if (reply.raw) {
      res.writeHead(200, { "content-type": reply.raw.contentType ?? "text/event-stream" });
      res.flushHeaders();
      for (const piece of reply.raw.pieces) {
        if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
        if (res.destroyed) return;
        res.write(piece);
      }
      res.end();
      return;
    }
    const model = reply.model ?? record.model ?? "fake-model";
    const deltas = textDeltas(reply);
    const toolCalls = reply.toolCalls ?? [];
    const finishReason = reply.finishReason ?? (toolCalls.length > 0 ? "tool_calls" : "stop");
    const fullText = deltas.join("");
    const usage = reply.usage === false ? undefined : (reply.usage ?? estimateUsage(record.rawBody, fullText, toolCalls));

    if (body.stream !== true || reply.forceJson) {
      const message: Record<string, unknown> = { role: "assistant", content: toolCalls.length > 0 && fullText === "" ? null : fullText };
      if (toolCalls.length > 0) {
        message.tool_calls = toolCalls.map((call, i) => ({
          id: call.id ?? `call_${i}`,
          type: "function",
          function: { name: call.name, arguments: argumentsText(call) },
        }));
      }
      sendJson(res, 200, {
        id: `chatcmpl-fake-${record.index}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, message, finish_reason: finishReason }],
        ...(usage ? { usage } : {}),
      });
      return;
    }

    const base = { id: `chatcmpl-fake-${record.index}`, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model };
    const payloads: unknown[] = [];
    const choice = (delta: Record<string, unknown>, finish: string | null = null) => ({
      ...base,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    payloads.push(choice({ role: "assistant", content: "" }));
    for (const delta of deltas) payloads.push(choice({ content: delta }));
    toolCalls.forEach((call, index) => {
      payloads.push(
        choice({ tool_calls: [{ index, id: call.id ?? `call_${index}`, type: "function", function: { name: call.name, arguments: "" } }] }),
      );
      for (const piece of splitEven(argumentsText(call), call.argumentChunks ?? 3)) {
        payloads.push(choice({ tool_calls: [{ index, function: { arguments: piece } }] }));
      }
    });
    payloads.push(choice({}, finishReason));
    const streamOptions = isRecord(body.stream_options) ? body.stream_options : {};
    if (usage && streamOptions.include_usage === true) payloads.push({ ...base, choices: [], usage });

    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    res.flushHeaders();
    let sent = 0;
    for (const payload of payloads) {
      if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
      if (res.destroyed) return;
      if (reply.stallAfterChunks !== undefined && sent >= reply.stallAfterChunks) return;
      if (reply.disconnectAfterChunks !== undefined && sent >= reply.disconnectAfterChunks) {
        res.socket?.destroy();
        return;
      }
      res.write(`data: ${JSON.stringify(payload)}\n\n`);
      sent += 1;
    }
    if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
    if (res.destroyed) return;
    res.end("data: [DONE]\n\n");
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    chatRequests: () => requests.filter((r) => r.path.endsWith("/chat/completions")),
    openConnections: () => sockets.size,
    enqueue: (...replies) => {
      queue.push(...replies);
    },
    script: (fn) => {
      replyFn = fn;
    },
    async waitFor(predicate, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(requests)) {
        if (Date.now() > deadline) throw new Error(`fake provider: condition not met within ${timeoutMs} ms`);
        await sleep(5);
      }
    },
    reset() {
      requests.length = 0;
      queue.length = 0;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        shuttingDown = true;
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}

function textDeltas(reply: FakeReply): string[] {
  if (reply.deltas) return reply.deltas;
  const text = reply.text ?? "";
  if (text === "") return [];
  if (reply.chunks !== undefined) return splitEven(text, reply.chunks);
  return text.match(/\S+\s*|\s+/g) ?? [text];
}

/** Splits into `parts` pieces of near-equal length (by code points, so no surrogate pair is cut). */
function splitEven(text: string, parts: number): string[] {
  const chars = Array.from(text);
  if (chars.length === 0) return [];
  const n = Math.max(1, Math.min(parts, chars.length));
  const size = Math.ceil(chars.length / n);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(""));
  return out;
}

function argumentsText(call: FakeToolCall): string {
  return typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
}

function estimateUsage(rawBody: string, text: string, toolCalls: FakeToolCall[]): FakeUsage {
  const prompt = Math.max(1, Math.ceil(rawBody.length / 4));
  const completionChars = text.length + toolCalls.reduce((sum, c) => sum + c.name.length + argumentsText(c).length, 0);
  const completion = Math.max(1, Math.ceil(completionChars / 4));
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
