// Requests between services that share one thread [ext] (zino-host: the daemon, rtr and exc on its main thread). Once a
// process turns this on (`answerInProcess`), a frame server registers its answerer under its socket path while it
// listens, and a client channel to that path (frame-channel.ts) hands its requests to that answerer directly instead of
// writing them to the socket: no system call, no socket buffer, no wake-up of the event loop per frame.
//
// What the service sees is what the socket would have delivered. Each request and each answer frame is copied through
// JSON, as the wire does (a field set to undefined disappears, nothing is shared between caller and service); frames over
// the size limit are refused as on the socket; `ping`, bad envelopes and the handler's failures are answered by the same
// answerer; the handler's signal aborts when the caller cancels. Clients in other processes or threads (ctx in its worker,
// the CLI, a Python peer) still reach the same service through its socket.
//
// A send never waits for the reader (no back-pressure, no cap on requests in flight), as a multiplexed connection's
// reader also queues what arrives: in zino-host the callers are the daemon's turns, which its connection cap bounds.
//
// Off unless a process asks: tests and single-service processes keep every exchange on a real socket.
import type { Decoded, Frame } from "./frame-codec.js";
import type { Answerer } from "./frame-server-answer.js";
import { clientGone } from "./frame-server-answer.js";
import { NOT_SENT, SENT, type FrameWriter } from "./frame-writer.js";

/** A service answering on this thread: its answerer and the frame size limit of its socket. */
export interface InProcessService {
  answer: Answerer;
  maxFrameBytes: number;
}

/** One request's answer as the client channel reads it (the same record a multiplexed connection fills). */
export interface AnswerQueue {
  queue: Frame[];
  ended: boolean;
  failure: Error | undefined;
  wake: (() => void) | undefined;
}

let enabled = false;
const services = new Map<string, InProcessService>();

/** Lets this thread's clients call this thread's services directly from now on (zino-host's main thread). */
export function answerInProcess(): void {
  enabled = true;
}

/** Registers a listening server; returns what removes it (called when it closes). A no-op unless turned on. */
export function registerInProcess(socketPath: string, service: InProcessService): () => void {
  if (!enabled) return () => {};
  services.set(socketPath, service);
  return () => {
    if (services.get(socketPath) === service) services.delete(socketPath);
  };
}

/** The service listening on `socketPath` in this thread, when calls to it are made in process. */
export function inProcessService(socketPath: string): InProcessService | undefined {
  return enabled ? services.get(socketPath) : undefined;
}

/**
 * Starts one request at `service`: its answer frames go to `entry`, `ended` is set when the handler is done (the `end`
 * frame of a multiplexed connection). Returns what cancels it. The handler starts in a microtask, never inside the
 * caller's own call stack, as it would start on a later read of the socket.
 */
export function startInProcess(service: InProcessService, request: Frame, entry: AnswerQueue): () => void {
  const controller = new AbortController();
  const wake = () => wakeReader(entry);
  let framesSent = 0;
  const out: FrameWriter = {
    get framesSent() {
      return framesSent;
    },
    get closed() {
      return controller.signal.aborted;
    },
    send(frame) {
      if (controller.signal.aborted) return NOT_SENT;
      framesSent += 1;
      const copied = copyFrame(frame, service.maxFrameBytes);
      if (copied.kind === "frame") entry.queue.push(copied.frame);
      else {
        // As a client's decoder would: the answer cannot be read, and the request fails.
        entry.failure ??= new Error(`the service sent an unreadable frame (${copied.kind})`);
        controller.abort(clientGone());
      }
      wake();
      return SENT;
    },
  };
  const decoded = copyFrame(request, service.maxFrameBytes);
  let answered = false;
  queueMicrotask(() => {
    void service.answer(decoded, out, controller.signal).finally(() => {
      answered = true;
      if (controller.signal.aborted) return;
      entry.ended = true;
      wake();
    });
  });
  // A caller that stops reading once it has the frame it wanted (a terminal `done`, a `ready`) would otherwise abort a
  // handler that is only finishing its last statements after that send. On a socket the handler's end travels with its
  // last frame and no cancel is sent; here the cancel waits for the microtasks under way, as a cancel frame would wait
  // for its round trip.
  return () => {
    if (answered || controller.signal.aborted) return;
    setImmediate(() => {
      if (!answered && !controller.signal.aborted) controller.abort(clientGone());
    });
  };
}

/** Lets the reader waiting on `entry` look at it again. */
export function wakeReader(entry: AnswerQueue): void {
  const wake = entry.wake;
  entry.wake = undefined;
  wake?.();
}

/** The frame as a socket would carry it: through JSON, refused over `maxFrameBytes` (its UTF-8 length, as on the wire). */
function copyFrame(frame: Frame, maxFrameBytes: number): Decoded {
  const json = JSON.stringify(frame);
  // UTF-8 takes one to three bytes per UTF-16 unit: the exact length is needed only between those bounds.
  const bytes = json.length * 3 <= maxFrameBytes ? json.length : Buffer.byteLength(json, "utf8");
  if (bytes > maxFrameBytes) return { kind: "too_large", declaredBytes: bytes };
  return { kind: "frame", frame: JSON.parse(json) as Frame };
}
