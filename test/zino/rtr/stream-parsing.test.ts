// The pure pieces under rtr's streaming: SSE decoding across arbitrary splits, Retry-After and backoff, and
// the reasoning filter fed one character at a time.
import assert from "node:assert/strict";
import { it } from "node:test";
import {
  MAX_RETRY_DELAY_MS,
  ReasoningFilter,
  SseEventTooLarge,
  SseParser,
  type SsePayload,
  backoffDelayMs,
  parseRetryAfter,
  stripReasoning,
} from "../../../src/zino/rtr/index.js";
import { cpuMs } from "../../support/cpu-time.js";

const STREAM = ': keep-alive\r\n\r\ndata: {"a":1}\r\n\r\nevent: message\nid: 7\ndata: {"b":\ndata: "é€"}\n\nretry: 100\n\ndata:[DONE]\n\n';

void it("R5.sse: events are decoded identically whatever the chunk boundaries (CRLF, comments, multi-line data, UTF-8)", () => {
  const bytes = Buffer.from(STREAM, "utf8");
  const expected = ['{"a":1}', '{"b":\n"é€"}', "[DONE]"];
  const whole = new SseParser();
  assert.deepEqual([...whole.push(bytes), ...whole.end()], expected);
  for (let size = 1; size <= 7; size += 1) {
    const parser = new SseParser();
    const out: SsePayload[] = [];
    for (let i = 0; i < bytes.length; i += size) out.push(...parser.push(bytes.subarray(i, i + size)));
    out.push(...parser.end());
    assert.deepEqual(out, expected, `chunks of ${size} bytes`);
  }
});

void it("R5.sse: a bare CR ends a line, and a last event without its blank line is delivered at the end", () => {
  const parser = new SseParser();
  assert.deepEqual(parser.push("data: x\r\rdata: y"), ["x"]);
  assert.deepEqual(parser.end(), ["y"]);
});

void it("R5.sse: a leading byte order mark is dropped, a later one kept, and invalid bytes become U+FFFD, split or not", () => {
  const bytes = Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    Buffer.from('data: {"a":"\ufeffx"}\n\ndata: ', "utf8"),
    Buffer.from([0xff, 0xe2, 0x82]), // an invalid byte, then a euro sign cut short by the next ASCII byte
    Buffer.from("!\n\n", "utf8"),
  ]);
  const expected = ['{"a":"\ufeffx"}', "\ufffd\ufffd!"];
  for (let size = 1; size <= bytes.length; size += 1) {
    const parser = new SseParser();
    const out: SsePayload[] = [];
    for (let i = 0; i < bytes.length; i += size) out.push(...parser.push(bytes.subarray(i, i + size)));
    out.push(...parser.end());
    assert.deepEqual(out, expected, `chunks of ${size} bytes`);
  }
  // A stream cut in the middle of a character ends with one replacement character.
  const cut = new SseParser();
  assert.deepEqual([...cut.push(Buffer.from([0x64, 0x61, 0x74, 0x61, 0x3a, 0xe2, 0x82])), ...cut.end()], ["\ufffd"]);
});

void it("R5.sse: an event, or a line without its end, longer than the bound is refused; events under it pass", () => {
  const parser = new SseParser(100);
  assert.deepEqual(parser.push(`data: ${"a".repeat(90)}\n\n`), ["a".repeat(90)]);
  // Two data lines of one event count together.
  const lines = new SseParser(100);
  assert.deepEqual(lines.push(`data: ${"b".repeat(60)}\n`), []);
  assert.throws(
    () => lines.push(`data: ${"b".repeat(60)}\n`),
    (err) => err instanceof SseEventTooLarge && err.maxChars === 100,
  );
  // A line that never ends, fed in small pieces.
  const endless = new SseParser(100);
  assert.throws(() => {
    for (let i = 0; i < 20; i += 1) endless.push(`data: ${"c".repeat(10)}`);
  }, SseEventTooLarge);
});

void it("R5.sse: `event: error` and an `error:` field line come out as error events, whatever the other fields", () => {
  const parser = new SseParser();
  const out = parser.push('event: error\ndata: {"message":"boom"}\n\nerror: {"code":400}\n\nevent: message\ndata: x\n\nevent: error\n\n');
  assert.deepEqual(out, [{ error: '{"message":"boom"}' }, { error: '{"code":400}' }, "x", { error: "" }]);
});

void it("R5.sse: a line of 6 MB arriving in network-sized pieces is parsed in time linear in its length, and still bounded", () => {
  const line = `data: {"a":"${"x".repeat(6 * 1024 * 1024)}"}\n\n`;
  const parser = new SseParser();
  const out: SsePayload[] = [];
  const ms = cpuMs(() => {
    for (let i = 0; i < line.length; i += 1460) out.push(...parser.push(line.slice(i, i + 1460)));
  });
  assert.equal(out.length, 1);
  assert.equal((out[0] as string).length, line.length - 8);
  // Scanning the unfinished line again at every piece took about 8 s here; once, tens of milliseconds.
  assert.ok(ms < 2_000, `${Math.round(ms)} ms`);
  const bounded = new SseParser(1000);
  assert.throws(() => {
    for (let i = 0; i < 100; i += 1) bounded.push("data: 0123456789".slice(i === 0 ? 0 : 6));
  }, SseEventTooLarge);
});

void it("R5.retry-after: seconds and HTTP dates are read; garbage is ignored", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");
  assert.equal(parseRetryAfter("3", now), 3000);
  assert.equal(parseRetryAfter("0.5", now), 500);
  assert.equal(parseRetryAfter("Thu, 01 Jan 2026 00:00:10 GMT", now), 10_000);
  assert.equal(parseRetryAfter("Wed, 31 Dec 2025 00:00:00 GMT", now), 0);
  assert.equal(parseRetryAfter("soon", now), undefined);
  assert.equal(parseRetryAfter(null, now), undefined);
});

void it("R5.backoff: delays grow exponentially with jitter, Retry-After wins when longer, and everything is capped", () => {
  assert.equal(backoffDelayMs({ retry: 0, baseMs: 100, random: () => 0 }), 50);
  assert.equal(backoffDelayMs({ retry: 0, baseMs: 100, random: () => 0.999 }), 100);
  assert.equal(backoffDelayMs({ retry: 3, baseMs: 100, random: () => 0 }), 400);
  assert.equal(backoffDelayMs({ retry: 0, baseMs: 100, retryAfterMs: 2000, random: () => 0 }), 2000);
  assert.equal(backoffDelayMs({ retry: 20, baseMs: 1000, random: () => 1 }), MAX_RETRY_DELAY_MS);
  assert.equal(backoffDelayMs({ retry: 0, baseMs: 10, retryAfterMs: 3_600_000 }), MAX_RETRY_DELAY_MS);
});

void it("R5.strip: the reasoning filter gives the same text whether fed whole or one character at a time", () => {
  const input = "<think>plan <b> a</think>\n Answer with <i>tags</i> and < signs <thin";
  const filter = new ReasoningFilter();
  let out = "";
  for (const ch of input) out += filter.push(ch);
  out += filter.flush();
  assert.equal(out, "Answer with <i>tags</i> and < signs <thin");
  assert.equal(stripReasoning(input), out);
  assert.equal(stripReasoning("  <think>never closed"), "  ", "an unclosed section before the answer is reasoning cut short");
});

void it("R5.strip: a <think> after visible text that never closes is the answer mentioning the tag: given back whole at the end", () => {
  const inputs = [
    "Reasoning models wrap their thoughts in a <think> tag, which ZINO hides. Anything else?",
    "a<think>never closed",
    "Use <think then more",
  ];
  for (const input of inputs) {
    assert.equal(stripReasoning(input), input);
    const filter = new ReasoningFilter();
    let out = "";
    for (const ch of input) out += filter.push(ch);
    assert.equal(out + filter.flush(), input);
  }
  assert.equal(stripReasoning("<think>a</think>\n<think>b</think> Answer <think>c</think>ok"), "Answer ok", "closed sections go");
});
