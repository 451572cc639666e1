// Issue 11, item 7: a bounded fuzz of every ZINO socket (daemon, ctx, rtr, exc as real processes) for a few seconds
// each: random bytes, lying headers, random envelopes and typed requests, deep JSON, invalid UTF-8. No process
// crashes, every answer is a readable frame, every error frame carries a catalogue code (never internal_error for
// what a client sent), and each service still answers a valid request afterwards.
import assert from "node:assert/strict";
import { connect } from "node:net";
import { describe, it } from "node:test";
import fc from "fast-check";
import { FrameDecoder, WIRE_ERRORS, requestOne, type Frame } from "../../src/wire/index.js";
import type { ServiceName } from "../../src/zino/config/index.js";
import { zinoServicesSuite } from "../support/zino-services-suite.js";

const FUZZ_MS_PER_SOCKET = 2500;
/** Exchanges each socket gets however slow the machine is: a loaded one may fit fewer in FUZZ_MS_PER_SOCKET. */
const MIN_EXCHANGES = 60;
const PARALLEL = 4;
const MAX_FRAME_BYTES = 256 * 1024;

const TYPES = [
  undefined,
  "ping",
  "capabilities",
  "get_config",
  "set_config",
  "append_history",
  "get_history",
  "clear_history",
  "get_value",
  "set_value",
  "build",
  "get",
  "set_soft_memory",
  "set_soft",
  "get_soft",
  "store_hard",
  "search_hard",
  "list_tools",
  "list_skills",
  "infer",
  "execute",
  "validate",
  "tools",
  "nope",
];
const KEYS = [
  "message",
  "ctxkey",
  "channel_id",
  "messages",
  "config",
  "key",
  "value",
  "limit",
  "secrets",
  "events",
  "turn_id",
  "subagent",
  "user_message",
  "skill",
  "content",
  "query",
  "top_k",
  "executor",
  "code",
  "stream",
  "replace",
  "include_skills",
  "tools",
];

const header = (declared: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(declared >>> 0, 0);
  return bytes;
};
const framed = (body: Buffer) => Buffer.concat([header(body.length), body]);

const jsonish = fc.jsonValue({ maxDepth: 4 });
const typedFrame = fc
  .record({
    type: fc.constantFrom(...TYPES),
    ctxkey: fc.oneof(fc.constantFrom("fz", "default", ""), fc.string({ unit: "binary", maxLength: 6 }), fc.integer(), fc.constant(null)),
    fields: fc.dictionary(fc.constantFrom(...KEYS), jsonish, { maxKeys: 4 }),
  })
  .map(({ type, ctxkey, fields }) => Buffer.from(JSON.stringify({ ...fields, ...(type ? { type } : {}), ctxkey })));

/** Inputs a client could send; some are whole frames, some are cut short. */
const inputArb: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
  fc.tuple(fc.nat(), fc.uint8Array({ maxLength: 64 })).map(([n, b]) => Buffer.concat([header(n), Buffer.from(b)])),
  fc.uint8Array({ maxLength: 200 }).map((b) => framed(Buffer.from(b))),
  jsonish.map((v) => framed(Buffer.from(JSON.stringify(v) ?? "null"))),
  typedFrame.map(framed),
  typedFrame.map(framed),
  fc.integer({ min: 100, max: 200_000 }).map((n) => framed(Buffer.from(`{"message":${"[".repeat(n)}${"]".repeat(n)}}`))),
  // Deep values where a service walks them after parsing (the probe's internal_error in ctx: set_value, append_history).
  fc
    .tuple(
      fc.constantFrom("set_value", "append_history", "store_hard", "set_config", "execute", "infer"),
      fc.integer({ min: 100, max: 100_000 }),
    )
    .map(([type, n]) =>
      framed(
        Buffer.from(
          `{"type":"${type}","ctxkey":"fz","key":"k","value":${"[".repeat(n)}${"]".repeat(n)},` +
            `"messages":[{"role":"user","content":"x","extra":${"[".repeat(n)}${"]".repeat(n)}}]}`,
        ),
      ),
    ),
  fc
    .uint8Array({ minLength: 1, maxLength: 4 })
    .map((junk) =>
      framed(Buffer.concat([Buffer.from('{"message":"x","ctxkey":"'), Buffer.from(junk.map((b) => b | 0x80)), Buffer.from('"}')])),
    ),
);

/** Whether the bytes hold a first frame the server must answer (complete, or refused from its header). */
function holdsRequest(bytes: Buffer): boolean {
  if (bytes.length < 4) return false;
  const declared = bytes.readUInt32BE(0);
  return declared > MAX_FRAME_BYTES || bytes.length >= 4 + declared;
}

interface Exchange {
  frames: Frame[];
  unreadable: number;
}

function exchange(socketPath: string, bytes: Buffer): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    const decoder = new FrameDecoder(16 * 1024 * 1024);
    const result: Exchange = { frames: [], unreadable: 0 };
    const timer = setTimeout(() => socket.destroy(), 15_000);
    // Bytes without a whole request are ended at once (half-closed: they get bad_request), as a client that gives up
    // does; a whole request is answered whichever way the client ends.
    socket.on("connect", () => (holdsRequest(bytes) ? socket.write(bytes) : socket.end(bytes)));
    socket.on("data", (chunk: Buffer) => {
      for (const item of decoder.push(chunk)) {
        if (item.kind === "frame") result.frames.push(item.frame);
        else result.unreadable += 1;
      }
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(result);
    });
  });
}

void describe("fuzz of every ZINO socket (real processes)", () => {
  const zino = zinoServicesSuite({
    instance: {
      extraToml: `[limits]\nmax_frame_bytes = ${MAX_FRAME_BYTES}\nidle_timeout_ms = 2000\n[exec]\nsandbox = "none"\nallow_unsandboxed = true\n`,
    },
    services: ["ctx", "rtr", "exc", "daemon"],
  });

  const validRequest: Record<ServiceName, Frame> = {
    ctx: { type: "get_history", ctxkey: "fz-check" },
    rtr: { type: "capabilities" },
    exc: { type: "capabilities" },
    daemon: { message: "still there?", ctxkey: "fz-check" },
  };

  for (const name of ["ctx", "rtr", "exc", "daemon"] as const) {
    void it(`[Z11-FUZZ] zino-${name} survives ${FUZZ_MS_PER_SOCKET} ms of malformed and random frames`, { timeout: 60_000 }, async () => {
      const socketPath = zino.instance.sockets[name];
      const deadline = Date.now() + FUZZ_MS_PER_SOCKET;
      const stats = { sent: 0, answered: 0, errors: new Map<string, number>() };
      const problems: string[] = [];
      const worker = async () => {
        while (Date.now() < deadline || stats.sent < MIN_EXCHANGES) {
          const [bytes] = fc.sample(inputArb, 1);
          const result = await exchange(socketPath, bytes!);
          stats.sent += 1;
          if (result.frames.length > 0) stats.answered += 1;
          if (result.unreadable > 0) problems.push(`unreadable answer to ${bytes!.subarray(0, 80).toString("hex")}`);
          if (holdsRequest(bytes!) && result.frames.length === 0) problems.push(`no answer to ${bytes!.subarray(0, 80).toString("hex")}`);
          for (const frame of result.frames) {
            if (frame.type !== "error") continue;
            const code = String(frame.code);
            stats.errors.set(code, (stats.errors.get(code) ?? 0) + 1);
            if (!Object.hasOwn(WIRE_ERRORS, code) || typeof frame.message !== "string")
              problems.push(`bad error frame ${JSON.stringify(frame)}`);
            if (code === "internal_error")
              problems.push(`internal_error for ${bytes!.subarray(0, 120).toString("utf8")}: ${String(frame.message)}`);
          }
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
      const proc = zino.services.find((p) => p.name === name)!;
      assert.equal(proc.child.exitCode, null, `zino-${name} exited:\n${proc.stderr()}`);
      assert.deepEqual(problems.slice(0, 5), []);
      assert.ok(stats.sent >= MIN_EXCHANGES, `only ${stats.sent} exchanges`);
      assert.deepEqual(await requestOne(socketPath, { type: "ping" }, { idleTimeoutMs: 5000 }), { type: "pong" });
      const answer = await requestOne(socketPath, validRequest[name], { idleTimeoutMs: 15_000 });
      assert.notEqual(answer.type, "error", JSON.stringify(answer));
      process.stderr.write(
        `# zino-${name}: ${stats.sent} exchanges, ${stats.answered} answered, errors ${JSON.stringify(Object.fromEntries(stats.errors))}\n`,
      );
    });
  }
});
