// One call to an OpenAI-compatible `POST {base_url}/chat/completions` with `stream: true`, turned into
// normalised events. Owns the per-attempt timeout (first byte and every silence in the stream) and the
// upstream abort; failures become AttemptFailure values carrying no secret.
import { AttemptFailure } from "./attempt-failure.js";
import { ChunkSchema, chunkEvents, plainChunk, type Chunk, type StreamEvent } from "./provider-chunk.js";
import { BodyTooLarge, readText, type ProviderExchange, type ProviderHttp, type ProviderResponse } from "./provider-http.js";
import { isRecord } from "../../shared/is-record.js";
import { StringDecoder } from "node:string_decoder";
import { parseRetryAfter } from "./retry-policy.js";
import { SseEventTooLarge, SseParser, type SsePayload } from "./sse-parser.js";
import { wellFormedJson } from "../../shared/text-cut.js";
import { jsonShapeExcess } from "../../shared/json-shape.js";

export type { FetchFunction } from "./provider-http.js";
export type { StreamEvent };

export interface ProviderTarget {
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
}

export interface StreamCallOptions {
  target: ProviderTarget;
  /** The request body without `model` and `stream` (set here). */
  body: Record<string, unknown>;
  http: ProviderHttp;
  timeoutMs: number;
  /** The caller's signal: aborting it aborts the upstream HTTP request. */
  signal: AbortSignal;
  now?: () => number;
}

/** Hosts of the endpoints seen, by base URL: a turn names its provider several times, and a URL parse is not free. */
const hosts = new Map<string, string>();
const MAX_HOSTS = 1_000;

/** The host of an endpoint, which is what errors and logs name (never the full URL: it may carry a token). */
export function endpointHost(baseUrl: string): string {
  let host = hosts.get(baseUrl);
  if (host === undefined) {
    host = parseHost(baseUrl);
    if (hosts.size >= MAX_HOSTS) hosts.clear();
    hosts.set(baseUrl, host);
  }
  return host;
}

function parseHost(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return "invalid-url";
  }
}

/**
 * The provider's answer as batches of events: all the events of one network read in one batch (a read often
 * carries several stream events, each yielded on its own cost several promises on every event).
 */
export async function* streamChatCompletion(options: StreamCallOptions): AsyncGenerator<StreamEvent[]> {
  const { target } = options;
  if (target.apiKey !== undefined && !HEADER_SAFE.test(target.apiKey)) {
    // undici refuses such a header: that is no connection error, and a retry would fail the same way.
    throw new AttemptFailure(
      "protocol",
      false,
      "the API key is malformed: it contains a line break, a control or a non-ASCII character, so it was not sent " +
        "(fix the value of llm.api_key, of the variable llm.api_key_env names, or of LLM_API_KEY)",
    );
  }
  const call = createUpstreamCall(options.signal, options.timeoutMs);
  try {
    const response = await call.guard(
      () =>
        call.start(
          options.http.post(chatUrl(target.baseUrl), {
            headers: {
              "content-type": "application/json",
              accept: "text/event-stream",
              // Without it any coding is acceptable (RFC 9110, section 12.5.3), and rtr reads the body as it comes.
              "accept-encoding": "identity",
              ...(target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}),
            },
            body: wellFormedJson({ ...options.body, model: target.model, stream: true }),
          }),
        ),
      "while waiting for the response",
    );
    if (response.status < 200 || response.status > 299) throw await httpFailure(response, (options.now ?? Date.now)());
    if (!response.hasBody) throw new AttemptFailure("protocol", true, "the response has no body");
    const coding = (response.header("content-encoding") ?? "identity").trim().toLowerCase();
    if (coding !== "identity" && coding !== "") {
      throw new AttemptFailure(
        "protocol",
        false,
        `the provider's answer is compressed (content-encoding ${coding.slice(0, 40)}) though rtr asks for none`,
      );
    }
    const contentType = response.header("content-type") ?? "";
    if (contentType.includes("application/json")) {
      // Some proxies and local servers label their event stream JSON: the body's first line tells.
      const sniffed = await sniffBody(response.body, call);
      if (sniffed.sse) {
        yield* sseEvents(sniffed.body, call);
        return;
      }
      // The provider ignored `stream: true`: accept its whole answer as one chunk.
      const text = await call.guard(() => wholeAnswer(sniffed.body, call), "while reading the response");
      const events = chunkEvents(parseChunk(text, "the provider's JSON answer is not valid JSON"));
      if (!events.some(isAnswer)) throw noAnswer(text);
      yield events;
      return;
    }
    if (NOT_A_STREAM.test(contentType)) {
      // A proxy's or a web server's page (a captive portal, a "502 Bad Gateway" sent with 200): not the API.
      const start = await call.guard(() => response.text(ERROR_BODY_MAX_BYTES), "while reading the page").catch(() => "");
      throw new AttemptFailure("protocol", true, `the provider answered ${oneLine(contentType)}, not an event stream: ${pageGist(start)}`);
    }
    yield* sseEvents(response.body, call);
  } finally {
    call.dispose();
  }
}

interface UpstreamCall {
  /** Takes the request under way; a stop that came before (timeout, caller's abort) ends it at once. */
  start(exchange: ProviderExchange): Promise<ProviderResponse>;
  /** Awaits `step`, turning its failure into the caller's abort reason, a timeout or a network AttemptFailure. */
  guard<T>(step: () => Promise<T>, phase: string): Promise<T>;
  /** Restarts the silence timer (after each piece of the stream). */
  arm(): void;
  /** Clears the timer and ends the upstream request if it is still open (the consumer stopped early). */
  dispose(): void;
}

/** The abort reason of a call whose consumer is done with it: one instance, not an Error (and stack) per call. */
const CALL_OVER = new Error("done");

function createUpstreamCall(callerSignal: AbortSignal, timeoutMs: number): UpstreamCall {
  callerSignal.throwIfAborted();
  let exchange: ProviderExchange | undefined;
  let stopped: Error | undefined;
  const stop = (reason: Error) => {
    stopped ??= reason;
    exchange?.abort(reason);
  };
  let timedOut = false;
  // One timer for the call, restarted after each piece of the stream (not a new one per piece).
  const timer = setTimeout(() => {
    timedOut = true;
    stop(new Error("timeout"));
  }, timeoutMs);
  const onCallerAbort = () => stop(callerSignal.reason instanceof Error ? callerSignal.reason : new Error("aborted"));
  callerSignal.addEventListener("abort", onCallerAbort, { once: true });
  return {
    start(started) {
      exchange = started;
      if (stopped) started.abort(stopped);
      return started.response;
    },
    arm: () => void timer.refresh(),
    async guard(step, phase) {
      try {
        return await step();
      } catch (err) {
        if (callerSignal.aborted) throw callerSignal.reason;
        if (timedOut) throw new AttemptFailure("timeout", false, `no data for ${timeoutMs} ms ${phase}`);
        if (err instanceof AttemptFailure) throw err;
        throw new AttemptFailure("network", true, networkDetail(err));
      }
    },
    dispose() {
      clearTimeout(timer);
      callerSignal.removeEventListener("abort", onCallerAbort);
      stop(CALL_OVER);
    },
  };
}

async function* sseEvents(body: AsyncIterable<Uint8Array>, call: UpstreamCall): AsyncGenerator<StreamEvent[]> {
  const parser = new SseParser();
  const reader = body[Symbol.asyncIterator]();
  let finished = false;
  let answered = false;
  /** The first payload that gave no event and had no `choices`: what a stream without an answer is quoted by. */
  let odd: string | undefined;
  try {
    for (;;) {
      const read = finished ? await readAfterFinish(reader, call) : await call.guard(() => reader.next(), "in the middle of the stream");
      call.arm();
      const batch: StreamEvent[] = [];
      let ended = false;
      try {
        for (const payload of parsed(parser, read.done === true ? undefined : read.value)) {
          if (typeof payload !== "string") throw streamError(payload.error);
          const trimmed = payload.trim();
          if (trimmed === "[DONE]") {
            ended = true;
            break;
          }
          if (trimmed === "") continue; // an empty `data:` event, a keep-alive of some proxies
          const before = batch.length;
          const chunk = parseChunk(payload);
          chunkEvents(chunk, batch);
          if (batch.length === before && odd === undefined && (chunk.choices ?? undefined) === undefined) odd = payload;
        }
      } finally {
        // What came before a malformed event still reaches the caller first, as it would one event at a time.
        for (const event of batch) {
          if (event.kind === "finish") finished = true;
          answered ||= isAnswer(event);
        }
        if (batch.length > 0) yield batch;
      }
      if (ended) {
        // `[DONE]` after nothing but unrecognised events is not an empty answer: a provider said something else.
        if (!answered) throw noAnswer(odd);
        await drainEnd(reader);
        return;
      }
      if (read.done) break;
    }
  } finally {
    // Stopping early releases the body (and its connection); the upstream abort in dispose() covers the rest.
    void reader.return?.()?.catch(() => undefined);
  }
  if (!answered) throw noAnswer(odd);
  if (!finished) throw new AttemptFailure("network", true, "the stream ended before the answer was complete");
}

/**
 * How long a stream may stay silent after its finish_reason before the answer counts as complete: the usage chunk
 * and `[DONE]` follow at once from servers that send them.
 */
const FINISHED_GRACE_MS = 2_000;

const ENDED: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * A read once the finish_reason is in: the answer is complete, so a connection that is then cut (no chunked
 * terminator, a reset, a proxy's close) or left open ends the stream instead of failing a finished answer.
 */
async function readAfterFinish(reader: AsyncIterator<Uint8Array>, call: UpstreamCall): Promise<IteratorResult<Uint8Array>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof ENDED>((resolve) => {
    timer = setTimeout(() => resolve(ENDED), FINISHED_GRACE_MS);
  });
  try {
    return await call.guard(() => Promise.race([reader.next(), late]), "after the finish_reason");
  } catch (err) {
    if (err instanceof AttemptFailure) return ENDED;
    throw err; // the caller's abort
  } finally {
    clearTimeout(timer);
  }
}

const isAnswer = (event: StreamEvent) => event.kind === "text" || event.kind === "tool_call" || event.kind === "finish";

function noAnswer(payload: string | undefined): AttemptFailure {
  const quoted = payload === undefined ? "" : `: ${oneLine(payload).slice(0, 200)}`;
  return new AttemptFailure("protocol", true, `the provider's answer holds no text, tool call or finish_reason${quoted}`);
}

/** An error event of the stream (`event: error`, llama.cpp's `error:` line), its data JSON or text. */
function streamError(data: string): AttemptFailure {
  let message = oneLine(data).slice(0, 200) || "unspecified";
  try {
    if (tooCostly(data)) throw new Error("not read");
    const value = JSON.parse(data) as unknown;
    message = errorMessageOf(isRecord(value) && value.error !== undefined ? value.error : value);
  } catch {
    // not JSON: keep the text
  }
  return providerError(message);
}

/**
 * A failure the provider reported in the stream. One saying the prompt is longer than the model's context is not
 * retried: the same prompt would fail the same way.
 */
function providerError(message: string): AttemptFailure {
  const detail = `provider error in stream: ${message}`;
  return CONTEXT_EXCEEDED.test(message) ? new AttemptFailure("context", false, detail) : new AttemptFailure("provider", true, detail);
}

/** How providers say that the prompt does not fit (OpenAI, vLLM, llama.cpp, Ollama, Anthropic-compatible, Mistral). */
const CONTEXT_EXCEEDED =
  /context[_ ]length|maximum context|context window|exceeds? the (available )?context|context size|prompt is too long|input is too long|reduce the length of the (messages|prompt)/i;

/** The parser's payloads for the next piece of the stream (its end when undefined); an endless event is refused. */
function parsed(parser: SseParser, piece: Uint8Array | undefined): SsePayload[] {
  try {
    return piece === undefined ? parser.end() : parser.push(piece);
  } catch (err) {
    if (!(err instanceof SseEventTooLarge)) throw err;
    throw new AttemptFailure("protocol", true, `the provider sent a stream event longer than ${mib(err.maxChars)} MiB`);
  }
}

/**
 * Bounds of what rtr reads from a provider outside the stream: an answer sent whole as JSON (a provider that
 * ignored `stream: true`) and an error body, of which only the start is reported.
 */
const WHOLE_ANSWER_MAX_BYTES = 16 * 1024 * 1024;
const ERROR_BODY_MAX_BYTES = 64 * 1024;

async function wholeAnswer(body: AsyncIterable<Uint8Array>, call: UpstreamCall): Promise<string> {
  try {
    // Read piece by piece like a stream: timeout_ms bounds each silence, not the time the whole answer takes.
    return await readText(armed(body, call), WHOLE_ANSWER_MAX_BYTES);
  } catch (err) {
    if (!(err instanceof BodyTooLarge)) throw err;
    throw new AttemptFailure("protocol", true, `the provider's answer is longer than ${mib(err.maxBytes)} MiB`);
  }
}

async function* armed(body: AsyncIterable<Uint8Array>, call: UpstreamCall): AsyncGenerator<Uint8Array> {
  for await (const piece of body) {
    call.arm();
    yield piece;
  }
}

/** How an event stream can begin (after blank lines and a BOM): a field (`data:`, `event:`, `id:`, `retry:`) or a comment. */
const SSE_START = /^(?:data|event|id|retry)?:/;
/** Text that may still grow into an SSE_START (`dat`, `eve`...). */
const SSE_START_PREFIX = /^(?:d(?:a(?:ta?)?)?|e(?:v(?:e(?:nt?)?)?)?|i(?:d)?|r(?:e(?:t(?:ry?)?)?)?)$/;
/** Bytes read at most to decide (a body that is all blank lines this long is no event stream). */
const SNIFF_MAX_BYTES = 4096;

/**
 * Reads the start of a body labelled JSON until its first non-blank text says whether it is in fact an event
 * stream; the body handed back still yields every byte, the ones read here first.
 */
async function sniffBody(body: AsyncIterable<Uint8Array>, call: UpstreamCall): Promise<{ sse: boolean; body: AsyncIterable<Uint8Array> }> {
  const reader = body[Symbol.asyncIterator]();
  const read: Uint8Array[] = [];
  let bytes = 0;
  let ended = false;
  let sse = false;
  const decoder = new StringDecoder("utf8");
  let start = "";
  while (bytes < SNIFF_MAX_BYTES) {
    const next = await call.guard(() => reader.next(), "while reading the response");
    call.arm();
    if (next.done === true) {
      ended = true;
      break;
    }
    read.push(next.value);
    bytes += next.value.length;
    start = (start + decoder.write(next.value)).replace(/^[\s\uFEFF]+/, "");
    if (start === "") continue;
    sse = SSE_START.test(start);
    if (sse || !SSE_START_PREFIX.test(start)) break;
  }
  const replayed: AsyncIterable<Uint8Array> = {
    [Symbol.asyncIterator]: () => {
      let index = 0;
      return {
        next: () => {
          const piece = read[index];
          if (piece !== undefined) {
            index += 1;
            return Promise.resolve({ done: false, value: piece });
          }
          return ended ? Promise.resolve({ done: true, value: undefined }) : reader.next();
        },
        return: () => reader.return?.() ?? Promise.resolve({ done: true, value: undefined }),
      };
    },
  };
  return { sse, body: replayed };
}

const mib = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** How long the end of a response may lag behind its `[DONE]` event before the body is abandoned. */
const DRAIN_GRACE_MS = 20;

/**
 * After `[DONE]` only the end of the HTTP body is left, usually already received with it. Reading it to the end
 * keeps the connection reusable and avoids destroying an unfinished body (an abort error, a stack trace to
 * build); a provider that keeps the response open is abandoned after DRAIN_GRACE_MS.
 */
async function drainEnd(reader: AsyncIterator<Uint8Array>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), DRAIN_GRACE_MS);
  });
  try {
    for (let reads = 0; reads < 4; reads += 1) {
      const next = await Promise.race([reader.next().catch(() => ({ done: true as const, value: undefined })), late]);
      if (next === "late" || next.done === true) return;
    }
  } finally {
    clearTimeout(timer);
  }
}

async function httpFailure(response: ProviderResponse, nowMs: number): Promise<AttemptFailure> {
  const location = response.header("location");
  if (response.status >= 300 && response.status < 400 && location) {
    // Not followed (the POST and its key would go elsewhere): the user points base_url at the target.
    return new AttemptFailure("http", false, `HTTP ${response.status} redirect to ${redirectTarget(location)}`, response.status);
  }
  const detail = await errorDetail(response).catch(() => "");
  const message = `HTTP ${response.status}${detail ? ` ${detail}` : ""}`;
  if (response.status >= 400 && response.status < 500 && CONTEXT_EXCEEDED.test(detail)) {
    return new AttemptFailure("context", false, message, response.status);
  }
  const retryable = response.status === 408 || response.status === 429 || response.status >= 500;
  const retryAfterMs = parseRetryAfter(response.header("retry-after") ?? null, nowMs);
  return new AttemptFailure("http", retryable, message, response.status, retryAfterMs);
}

/** A header value undici sends: printable ASCII (a key with a line break would be refused, or split the header). */
const HEADER_SAFE = /^[\x20-\x7e]*$/;

/** Content types that are a page, not an event stream a provider could have mislabelled. */
const NOT_A_STREAM = /^\s*(text\/html|application\/xhtml|text\/xml|application\/xml)/i;

/** The title of an HTML page, else the start of its text. */
function pageGist(page: string): string {
  const title = /<title[^>]*>([^<]*)</i.exec(page)?.[1];
  return oneLine(title ?? page.replace(/<[^>]*>/g, " ")).slice(0, 120) || "(empty)";
}

/** Where a redirect points, without its query (it may carry a token). */
function redirectTarget(location: string): string {
  const [withoutQuery = ""] = location.split(/[?#]/, 1);
  return withoutQuery.slice(0, 200);
}

function chatUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/chat/completions`;
}

/**
 * What one event or answer may hold. JSON.parse costs about a second per million nested levels or small objects, in
 * rtr's one thread: one 6 MB event nested 3 million levels deep held every other stream (and a ping) for 3.4 s, and
 * a stream may send such events until max_request_ms. A real chunk nests a few levels; a long answer with
 * log-probabilities holds a few objects per token.
 */
export const MAX_CHUNK_DEPTH = 1024;
export const MAX_CHUNK_CONTAINERS = 524_288;
/** Payloads shorter than this cannot be costly: the check is skipped on the common small chunk. */
const SHAPE_CHECK_CHARS = 64 * 1024;

function tooCostly(payload: string): AttemptFailure | undefined {
  if (payload.length < SHAPE_CHECK_CHARS) return undefined;
  const excess = jsonShapeExcess(Buffer.from(payload, "utf8"), MAX_CHUNK_DEPTH, { maxContainers: MAX_CHUNK_CONTAINERS });
  if (excess === null) return undefined;
  const what =
    excess === "depth" ? `nested deeper than ${MAX_CHUNK_DEPTH} levels` : `holding more than ${MAX_CHUNK_CONTAINERS} objects and arrays`;
  return new AttemptFailure("protocol", false, `the provider sent JSON ${what} (${payload.length} characters); it was not read`);
}

function parseChunk(payload: string, notJson = "the provider sent a stream event that is not JSON"): Chunk {
  const costly = tooCostly(payload);
  if (costly) throw costly;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    throw new AttemptFailure("protocol", true, `${notJson}: ${oneLine(payload).slice(0, 80)}`);
  }
  // vLLM's older servers send their ErrorResponse unwrapped: `{object: "error", message, type, code}`.
  if (
    isRecord(value) &&
    value.choices === undefined &&
    (value.object === "error" || (value.error === undefined && typeof value.message === "string"))
  ) {
    throw providerError(errorMessageOf(value));
  }
  const plain = plainChunk(value);
  if (plain) return plain;
  const parsed = ChunkSchema.safeParse(value);
  if (!parsed.success) throw new AttemptFailure("protocol", true, "the provider sent a stream event of an unknown shape");
  if (parsed.data.error !== undefined && parsed.data.error !== null) throw providerError(errorMessageOf(parsed.data.error));
  return parsed.data;
}

async function errorDetail(response: ProviderResponse): Promise<string> {
  const text = (await response.text(ERROR_BODY_MAX_BYTES)).slice(0, 2000);
  let message = text;
  try {
    const error = (JSON.parse(text) as { error?: unknown }).error;
    message = errorMessageOf(error ?? text);
    // OpenAI's code says it when the message does not.
    if (isRecord(error) && error.code === "context_length_exceeded" && !CONTEXT_EXCEEDED.test(message)) {
      message = `${message} (context_length_exceeded)`;
    }
  } catch {
    // not JSON: keep the text
  }
  return oneLine(message).slice(0, 200);
}

function errorMessageOf(error: unknown): string {
  if (typeof error === "string") return oneLine(error).slice(0, 200);
  if (typeof error === "object" && error !== null && "message" in error && typeof error.message === "string") {
    return oneLine(error.message).slice(0, 200);
  }
  return "unspecified";
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Name the system error code (ECONNREFUSED, ...): fetch hides it in `cause` behind `fetch failed`, undici's
 * `request` rejects with the system error itself.
 */
function networkDetail(err: unknown): string {
  const cause = err instanceof Error ? (err.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (cause && typeof cause.code === "string") return `connection error ${cause.code}`;
  const own = err instanceof Error ? (err as { code?: unknown }).code : undefined;
  if (typeof own === "string") return `connection error ${own}`;
  if (cause && typeof cause.message === "string") return `connection error: ${oneLine(cause.message).slice(0, 120)}`;
  return `connection error: ${err instanceof Error ? oneLine(err.message).slice(0, 120) : "unknown"}`;
}
