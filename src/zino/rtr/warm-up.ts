// rtr's warm-up (issue 14): once rtr has listened for WARM_UP_IDLE_MS without a turn, one streamed completion through
// rtr's own provider path (request parsing, the context budget, undici, the SSE parser, the chunk schema, the frame
// sink) against a stand-in provider inside this process, on a Unix socket beside rtr's own in the instance's private
// runtime directory.
// It never reaches the configured provider nor ctx, and nothing of it is kept but what the process compiled: undici's
// HTTP parser (WebAssembly, compiled at the first connection), zod's parsers built at their first use, V8's inline
// caches. Measured on the 2-core VM (fresh services from dist/, idle 1.5 s, then one call of each kind): rtr's first
// completion took 47–54 ms against 4–9 ms for the next ones; the first rtr `ready` 13–15 ms against 3–6. Its memory is
// what the first turn would take anyway: an idle rtr 54.6 MiB RSS, after the warm-up 70–71, after a first turn without
// it 70–71 (3 rounds each).
// Only when idle: started at once, it competed with the other services' start on 2 cores, and a cold start to the first
// turn (services spawned at once, turns tried every 5 ms) went from 902 to 968 ms (medians of 10 alternated rounds,
// first-turn call itself unchanged, 65 against 66 ms). A turn (any request but `capabilities`) before the delay
// cancels it: that turn compiles the same code, and the warm-up never competes with traffic.
// ZINO_RTR_WARM_UP=0 turns it off.
import { createServer, type Server, type Socket } from "node:net";
import { unlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { SENT, type Frame, type FrameWriter } from "../../wire/index.js";
import { createUndiciHttp, type ProviderHttp } from "./provider-http.js";

/** rtr's warm-up runs once it has listened this long without a turn. */
export const WARM_UP_IDLE_MS = 1_000;

/**
 * `work` once, after `idleMs` from `arm()`, unless `cancel()` came first; `stop()` cancels, aborts the work if it runs,
 * and waits for it. The timer does not keep the process alive.
 */
export function idleOnce(idleMs: number, work: (signal: AbortSignal) => Promise<void>) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let done = false;
  const abort = new AbortController();
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    done = true;
  };
  return {
    arm() {
      if (done || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        done = true;
        running = work(abort.signal);
      }, idleMs);
      timer.unref();
    },
    cancel,
    async stop() {
      cancel();
      abort.abort();
      await running;
    },
  };
}

/** Longest Unix socket path the kernel takes (sun_path is 108 bytes with its terminating NUL). */
const MAX_SOCKET_PATH = 107;
/** The warm-up gives up past this; it only ever talks to itself, so it is never near. */
export const WARM_UP_TIMEOUT_MS = 5_000;

/** The text the stand-in provider streams, in these pieces; a warm-up that went the whole way ends with all of it. */
const TEXT_PIECES = ["warm", "ing ", "up"];
export const WARM_UP_TEXT = TEXT_PIECES.join("");

/** What the stand-in provider streams: the text in pieces, one tool call, the end. */
const SSE_EVENTS: readonly unknown[] = [
  ...TEXT_PIECES.map((content, i) => ({ choices: [{ index: 0, delta: i === 0 ? { role: "assistant", content } : { content } }] })),
  {
    choices: [
      { index: 0, delta: { tool_calls: [{ index: 0, id: "w1", type: "function", function: { name: "warm_up", arguments: "{}" } }] } },
    ],
  },
  { choices: [{ index: 0, delta: {}, finish_reason: "stop" }], usage: { prompt_tokens: 1, completion_tokens: 3, total_tokens: 4 } },
];
const SSE_BODY = `${SSE_EVENTS.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("")}data: [DONE]\n\n`;
/** The stand-in's whole answer to any request, written by hand on a plain socket: rtr loads no HTTP server otherwise. */
const HTTP_ANSWER =
  "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n" +
  `content-length: ${Buffer.byteLength(SSE_BODY)}\r\nconnection: close\r\n\r\n${SSE_BODY}`;

/** rtr's own request head is well under this (headers of a JSON POST). */
const MAX_HEAD_BYTES = 16 * 1024;

/** The stand-in provider's socket for an rtr listening on `rtrSocket`, or undefined when the path would be too long. */
export function warmUpSocketPath(rtrSocket: string, pid = process.pid): string | undefined {
  const path = join(dirname(rtrSocket), `.rtr-warm-up-${pid}.sock`);
  return Buffer.byteLength(path) <= MAX_SOCKET_PATH ? path : undefined;
}

/** A writer that keeps only the last frame (the warm-up's answer goes nowhere, but its end is checked). */
export function lastFrameWriter(): FrameWriter & { readonly last: Frame | undefined } {
  let framesSent = 0;
  let last: Frame | undefined;
  return {
    send(frame: Frame) {
      framesSent += 1;
      last = frame;
      return SENT;
    },
    get framesSent() {
      return framesSent;
    },
    get last() {
      return last;
    },
    closed: false,
  };
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // not there
  }
}

/**
 * Runs `call` with an HTTP client whose every request goes to a stand-in provider on `socketPath`, which answers each
 * POST with SSE_BODY; the server and its socket are gone when the returned promise settles, whatever happened.
 */
export async function withStandInProvider(socketPath: string, call: (http: ProviderHttp) => Promise<void>): Promise<void> {
  removeQuietly(socketPath);
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    // The request is ours (a POST with a body, rtr's own): answered once its head has arrived, its body ignored. The
    // socket is rtr's user's alone (umask 077, a 0700 directory); a head past MAX_HEAD_BYTES is not ours.
    let head = "";
    let answered = false;
    socket.on("data", (chunk: Buffer) => {
      if (answered) return;
      head += chunk.toString("latin1");
      if (head.length > MAX_HEAD_BYTES) socket.destroy();
      else if (head.includes("\r\n\r\n")) {
        answered = true;
        socket.end(HTTP_ANSWER);
      }
    });
  });
  const http = createUndiciHttp({ socketPath });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => resolve());
    });
    await call(http);
  } finally {
    await http.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    removeQuietly(socketPath);
  }
}
