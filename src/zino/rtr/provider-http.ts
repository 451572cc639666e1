// The HTTP exchange with a provider, reduced to what provider-stream needs: POST a JSON body, read status,
// headers and the body as byte chunks. By default undici's `dispatch` on one keep-alive Pool per origin, with a
// handler of our own (UndiciExchange); a fetch function can still be given (createFetchHttp).
// Why not the global fetch, nor undici's `request`: each builds a body stream per call (fetch's web streams, or
// `request`'s Readable with an AsyncResource and its own abort listener) and reads it through a stream async
// iterator, a few promises and events per network read. The handler below hands each read to the one consumer
// (provider-stream's loop) directly. Measured against `request` (with an AbortController per call and a TextDecoder
// per stream, both gone too), issue 14:
//   the client's CPU per streamed call in one process, alternated blocks after warm-up: 0.31–0.33 → 0.26–0.30 ms one
//   call at a time, 0.16 → 0.13 ms with 16 in flight;
//   rtr's whole CPU per completion, 4 alternated runs: cold ×0.83–1.01, warm ×0.74–0.99, 16 clients ×0.81–1.04.
// Only undici's Pool is loaded, from its own module: undici's index also loads its fetch, WebSocket, cookies, cache,
// EventSource and mock agents, which rtr never uses and which were half of rtr's bundle (733 KB of 1.5 MB); bundled,
// loading undici the one way or the other: 80–85 → 44 ms of CPU, 51 → 46 MiB RSS. undici is pinned to one version
// (package.json) since that is an internal path; undici-internals.d.ts types it.
import type { Client as ClientType, Dispatcher, Pool as PoolType } from "undici";
import type { Socket } from "node:net";
import { StringDecoder } from "node:string_decoder";
import Client from "undici/lib/dispatcher/client.js";
import Pool from "undici/lib/dispatcher/pool.js";
import undiciSymbols from "undici/lib/core/symbols.js";

export interface ProviderResponse {
  status: number;
  /** False when the response came without a body at all (fetch's null body). */
  hasBody: boolean;
  /** A response header (lowercase name), or undefined. */
  header(name: string): string | undefined;
  /** The body, chunk by chunk; ending the iteration early releases the connection. */
  body: AsyncIterable<Uint8Array>;
  /** The whole body as text; past `maxBytes` the body is abandoned and a BodyTooLarge is thrown. */
  text(maxBytes: number): Promise<string>;
}

/** A body longer than its reader's bound: the reader stopped there (a provider is an input like any other). */
export class BodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`the response body is longer than ${maxBytes} bytes`);
    this.name = "BodyTooLarge";
  }
}

/** Reads a body to its end as UTF-8 text, at most `maxBytes` of it; ending the iteration early releases the body. */
export async function readText(body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<string> {
  const decoder = new StringDecoder("utf8");
  let text = "";
  let bytes = 0;
  for await (const chunk of body) {
    bytes += chunk.length;
    if (bytes > maxBytes) throw new BodyTooLarge(maxBytes);
    text += decoder.write(chunk);
  }
  return text + decoder.end();
}

export interface ProviderRequest {
  headers: Record<string, string>;
  body: string;
}

/** One request under way: its response once the headers are in, and the way to end it at any point. */
export interface ProviderExchange {
  response: Promise<ProviderResponse>;
  /**
   * Ends the request and releases its connection: the response, or the body's next read, rejects with `reason`.
   * Does nothing once the body was read to its end. (No AbortController per call: making and firing one was 7 %
   * of rtr's CPU per call, issue 14.)
   */
  abort(reason: Error): void;
}

export interface ProviderHttp {
  post(url: string, request: ProviderRequest): ProviderExchange;
  /**
   * Closes the connections kept for every origin but those of `urls` (the providers some configuration still names):
   * each closes once its requests under way are over. A later request to a closed origin opens a new one.
   */
  retainOrigins?(urls: Iterable<string>): void;
  close(): Promise<void>;
}

export type FetchFunction = typeof globalThis.fetch;

const KEEP_ALIVE_MS = 4_000;

/**
 * A server closing an idle connection does so as the request arrives: the drop comes within a round trip. A request
 * dropped later may be one the server was working on (a crash, a gateway giving up) and is not sent again.
 */
const REPLAY_WINDOW_MS = 1_500;

/** A Client's current socket: undici keeps it under this symbol (undici-internals.d.ts). */
const kSocket = undiciSymbols.kSocket;

/** Bytes of the body received and not yet read by the consumer before the connection is paused. */
const BODY_HIGH_WATER = 64 * 1024;

/** Origins with a keep-alive Pool at once: past it, the one used longest ago is closed (ctxkeys may name any number). */
export const MAX_POOLS = 32;

/**
 * undici Pools, one per origin, created on first use; closed with `close()`, when no configuration names their origin
 * any more (`retainOrigins`), or when MAX_POOLS others were used since. `socketPath`: every origin is reached
 * through that Unix socket instead (rtr's warm-up, warm-up.ts).
 */
export function createUndiciHttp(options: { socketPath?: string } = {}): ProviderHttp {
  /** By origin; a Map keeps insertion order, and a pool used again is moved to the end: the first is used longest ago. */
  const pools = new Map<string, PoolType>();
  const targets = new Map<string, { pool: PoolType; origin: string; path: string }>();
  const socketOption = options.socketPath ? { socketPath: options.socketPath } : {};
  /** One-connection clients of replays (see `replay`), closed once their request is over. */
  const replays = new Set<ClientType>();
  /** Closes the origin's pool once its requests are over; the targets that lead to it go with it. */
  const retire = (origin: string) => {
    const pool = pools.get(origin);
    if (!pool) return;
    pools.delete(origin);
    for (const [url, target] of targets) if (target.pool === pool) targets.delete(url);
    void pool.close().catch(() => undefined);
  };
  const poolOf = (origin: string) => {
    let pool = pools.get(origin);
    if (pool) {
      if (pools.size > 1) {
        pools.delete(origin);
        pools.set(origin, pool);
      }
      return pool;
    }
    if (pools.size >= MAX_POOLS) retire(pools.keys().next().value!);
    pool = new Pool(origin, { keepAliveTimeout: KEEP_ALIVE_MS, factory: trackedClient, ...socketOption });
    pools.set(origin, pool);
    return pool;
  };
  const targetOf = (url: string) => {
    let target = targets.get(url);
    if (!target || target.pool !== pools.get(target.origin)) {
      const parsed = new URL(url);
      target = { pool: poolOf(parsed.origin), origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
      if (targets.size > 1_000) targets.clear();
      targets.set(url, target);
    } else if (pools.size > 1) poolOf(target.origin);
    return target;
  };
  /** The request again, on a connection of its own (a pool could hand out another stale idle connection). */
  const replay = (origin: string, request: ExchangeDispatch) => {
    const client = new Client(origin, { pipelining: 0, ...socketOption });
    replays.add(client);
    client.dispatch(request, request.exchange);
    void client.close().finally(() => replays.delete(client));
  };
  return {
    post(url, { headers, body }) {
      const { pool, origin, path } = targetOf(url);
      const request: ExchangeDispatch = { method: "POST", path, headers, body, exchange: undefined as unknown as UndiciExchange };
      request.exchange = new UndiciExchange(() => replay(origin, request));
      pool.dispatch(request, request.exchange);
      return request.exchange;
    },
    retainOrigins(urls) {
      const kept = new Set<string>();
      for (const url of urls) if (URL.canParse(url)) kept.add(new URL(url).origin);
      for (const origin of [...pools.keys()]) if (!kept.has(origin)) retire(origin);
    },
    async close() {
      const all = [...pools.values(), ...replays];
      pools.clear();
      targets.clear();
      await Promise.all(all.map((dispatcher) => dispatcher.close().catch(() => undefined)));
    },
  };
}

/** The dispatch options of an exchange, which carry the exchange to the client that writes the request. */
interface ExchangeDispatch extends Dispatcher.DispatchOptions {
  exchange: UndiciExchange;
}

/**
 * The pool's clients: each tells the exchange it takes the connection it is written on, so that the exchange knows
 * whether that connection is a reused one (UndiciExchange.onRequestStart). The handler undici passes on is its own
 * wrapper of the exchange, hence the exchange in the options.
 */
class TrackedClient extends Client {
  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    (options as Partial<ExchangeDispatch>).exchange?.takeClient(this);
    return super.dispatch(options, handler);
  }
}

function trackedClient(origin: string | URL, options: object): Dispatcher {
  return new TrackedClient(origin, options);
}

type Waiter = { resolve: (read: IteratorResult<Uint8Array>) => void; reject: (err: unknown) => void };

/**
 * One POST through undici's dispatch: the handler undici calls, the response handed to the caller once the
 * headers are in, and that response's body as an async iterator for a single consumer. Each read of the body
 * returns all that arrived since the previous one, in one piece (as a stream's `read()` does); undici pauses the
 * connection while more than BODY_HIGH_WATER bytes wait unread. `abort` ends the request at any point; so does
 * ending the iteration before the body's end.
 */
class UndiciExchange implements Dispatcher.DispatchHandler, ProviderExchange, ProviderResponse, AsyncIterator<Uint8Array> {
  readonly response: Promise<ProviderResponse>;
  status = 0;
  readonly hasBody = true;
  readonly body: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: () => this };
  private headers: Record<string, string | string[] | undefined> = {};
  private controller: Dispatcher.DispatchController | undefined;
  private readonly queue: Buffer[] = [];
  private queuedBytes = 0;
  private waiter: Waiter | undefined;
  private ended = false;
  private failure: Error | undefined;
  /** Set until the headers are in: the settling of `response`. */
  private pending: { resolve: (response: ProviderResponse) => void; reject: (err: unknown) => void } | undefined;
  /** The client the pool gave the request to, then the socket it is written on and that socket's bytes read by then. */
  private client: ClientType | undefined;
  private socket: Socket | undefined;
  private bytesReadBefore = 0;
  /** When the request went out on a reused connection (performance.now()). */
  private writtenAt = 0;
  /** Sends the request again on a fresh connection; cleared once used (one replay per request). */
  private replay: (() => void) | undefined;
  private aborted = false;

  constructor(replay?: () => void) {
    this.replay = replay;
    this.response = new Promise<ProviderResponse>((resolve, reject) => {
      this.pending = { resolve, reject };
    });
  }

  abort(reason: Error): void {
    if (this.ended || this.failure !== undefined) return;
    this.aborted = true;
    if (this.controller) this.controller.abort(reason);
    // Not on a connection yet: fail now; undici is told when it starts the request (onRequestStart).
    else this.onResponseError(undefined, reason);
  }

  takeClient(client: ClientType): void {
    this.client = client;
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.failure !== undefined) {
      controller.abort(this.failure);
      return;
    }
    // Called as undici writes the request: a socket that has written before carries a reused connection.
    const socket = (this.client as { [kSocket]?: Socket | null } | undefined)?.[kSocket];
    if (socket && socket.bytesWritten > 0) {
      this.socket = socket;
      this.bytesReadBefore = socket.bytesRead;
      this.writtenAt = performance.now();
    }
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    if (statusCode < 200) return; // 1xx: the real answer follows
    this.status = statusCode;
    this.headers = headers;
    const pending = this.pending;
    this.pending = undefined;
    pending?.resolve(this);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    const waiter = this.waiter;
    if (waiter) {
      this.waiter = undefined;
      waiter.resolve({ done: false, value: chunk });
      return;
    }
    this.queue.push(chunk);
    this.queuedBytes += chunk.length;
    if (this.queuedBytes > BODY_HIGH_WATER) controller.pause();
  }

  onResponseEnd(): void {
    this.ended = true;
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.resolve({ done: true, value: undefined });
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, err: Error): void {
    if (this.failure !== undefined) return;
    if (this.replayable()) {
      // A keep-alive connection the server closed as the request went out (it closes idle connections sooner than
      // KEEP_ALIVE_MS): not a byte of answer came, so the server never processed the request. Sent once more, on a
      // connection of its own, before any attempt is counted (as Go's net/http does for a closed idle connection).
      const replay = this.replay;
      this.replay = undefined;
      this.controller = undefined;
      this.client = undefined;
      this.socket = undefined;
      replay?.();
      return;
    }
    this.failure = err;
    const pending = this.pending;
    const waiter = this.waiter;
    this.pending = undefined;
    this.waiter = undefined;
    pending?.reject(err);
    waiter?.reject(err);
  }

  /** The request failed on a reused connection before any byte of its answer, soon after it went out, and was not replayed yet. */
  private replayable(): boolean {
    const socket = this.socket;
    return (
      this.replay !== undefined &&
      !this.aborted &&
      this.pending !== undefined &&
      socket !== undefined &&
      socket.bytesRead === this.bytesReadBefore &&
      performance.now() - this.writtenAt < REPLAY_WINDOW_MS
    );
  }

  header(name: string): string | undefined {
    const value = this.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  }

  next(): Promise<IteratorResult<Uint8Array>> {
    if (this.queue.length > 0) {
      const value = this.queue.length === 1 ? this.queue[0]! : Buffer.concat(this.queue, this.queuedBytes);
      this.queue.length = 0;
      this.queuedBytes = 0;
      if (this.controller?.paused === true) this.controller.resume();
      return Promise.resolve({ done: false, value });
    }
    if (this.failure !== undefined) return Promise.reject(this.failure);
    if (this.ended) return Promise.resolve({ done: true, value: undefined });
    if (this.waiter) return Promise.reject(new Error("the response body has one reader at a time"));
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  /** The consumer stops reading: a body not received to its end is abandoned, which closes its connection. */
  return(): Promise<IteratorResult<Uint8Array>> {
    this.abort(BODY_ABANDONED);
    this.queue.length = 0;
    this.queuedBytes = 0;
    return Promise.resolve({ done: true, value: undefined });
  }

  text(maxBytes: number): Promise<string> {
    return readText(this.body, maxBytes);
  }
}

/** The abort reason of a body its consumer stopped reading: one instance, not an Error (and stack) per call. */
const BODY_ABANDONED = new Error("the response body was abandoned");

/** The same exchange through a fetch function (tests, or a runtime without undici). */
export function createFetchHttp(fetchFn: FetchFunction): ProviderHttp {
  return {
    post(url, { headers, body }) {
      const upstream = new AbortController();
      const response = fetchFn(url, { method: "POST", headers, body, signal: upstream.signal }).then((answer) => {
        const stream = answer.body;
        return {
          status: answer.status,
          hasBody: stream !== null,
          header: (name: string) => answer.headers.get(name) ?? undefined,
          body: stream ?? emptyBody(),
          text: (maxBytes: number) => readText(stream ?? emptyBody(), maxBytes),
        };
      });
      return { response, abort: (reason) => upstream.abort(reason) };
    },
    close: () => Promise.resolve(),
  };
}

async function* emptyBody(): AsyncIterable<Uint8Array> {
  // a response without a body yields nothing
}
