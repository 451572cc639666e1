// A Zelinqa app listening on a loopback port, called over real HTTP with the test keys, and a probe of how long the
// server's thread is held while some work runs (the tests of compile threads and of artefact loading).
import type { ZelinqaAppOptions } from "../../src/zelinqa/api/app.js";
import { newIdempotencyKey, startTestApp } from "./zelinqa-app.js";
import type { TestApp } from "./zelinqa-app.js";

export type Json = Record<string, unknown>;

export interface Served {
  t: TestApp;
  base: string;
  /** One request with the key of profile `key` (a POST gets an idempotency key); its status, headers and JSON body. */
  call(method: "GET" | "POST", path: string, key: string, body?: unknown): Promise<{ status: number; headers: Headers; json: Json }>;
}

/** The app on SQLite (a 50 ms compilation worker poll unless `options` says otherwise), listening on 127.0.0.1. */
export async function serveListening(options: Partial<ZelinqaAppOptions> = {}): Promise<Served> {
  const t = await startTestApp({ backend: "sqlite", options: { workerPollMs: 50, ...options } });
  const base = await t.app.fastify.listen({ host: "127.0.0.1", port: 0 });
  return {
    t,
    base,
    async call(method, path, key, body) {
      const headers: Record<string, string> = { authorization: `Bearer ${t.keys[key as keyof TestApp["keys"]]}` };
      if (method === "POST") Object.assign(headers, { "content-type": "application/json", "idempotency-key": newIdempotencyKey() });
      const r = await fetch(`${base}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      const text = await r.text();
      return { status: r.status, headers: r.headers, json: (text.startsWith("{") ? JSON.parse(text) : {}) as Json };
    },
  };
}

/**
 * Runs `ask` in a loop, 10 ms apart, until `work` ends: how many answers, the longest time between two of them (or
 * from the start to the first, or from the last to the end), and how long the work took. The client runs in the
 * server's thread too, so the longest gap is how long that thread was held.
 */
export async function answeredDuring(
  ask: () => Promise<void>,
  work: () => Promise<void>,
): Promise<{ answers: number; longestMs: number; workMs: number }> {
  let stop = false;
  let answers = 0;
  let longestMs = 0;
  const started = performance.now();
  let last = started;
  const answered = () => {
    longestMs = Math.max(longestMs, performance.now() - last);
    last = performance.now();
  };
  const loop = (async () => {
    while (!stop) {
      await ask();
      answers += 1;
      answered();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    await work();
  } finally {
    stop = true;
    await loop;
  }
  answered();
  return { answers, longestMs, workMs: performance.now() - started };
}
