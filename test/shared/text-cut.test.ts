// Cutting text without leaving half of a character (src/shared/text-cut.ts), and JSON that strict parsers accept.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { headOf, tailOf, textParts, wellFormedJson } from "../../src/shared/text-cut.js";
import { boundToolResult } from "../../src/zino/daemon/result-bound.js";

const loneHalf = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

void describe("headOf / tailOf", () => {
  void it("never separate a surrogate pair, at any cut", () => {
    const text = "ok 🎉 é 😀😀 x 𝔘";
    for (let max = 0; max <= text.length + 1; max += 1) {
      const head = headOf(text, max);
      const tail = tailOf(text, max);
      assert.ok(head.length <= max && head.length >= Math.min(max, text.length) - 1, `head ${max}`);
      assert.ok(tail.length <= max && tail.length >= Math.min(max, text.length) - 1, `tail ${max}`);
      assert.ok(text.startsWith(head) && text.endsWith(tail));
      assert.doesNotMatch(head, loneHalf, `head ${max}`);
      assert.doesNotMatch(tail, loneHalf, `tail ${max}`);
    }
  });

  void it("cut plain text at exactly the length asked", () => {
    assert.equal(headOf("abcdef", 4), "abcd");
    assert.equal(tailOf("abcdef", 4), "cdef");
    assert.equal(headOf("abc", 10), "abc");
    assert.equal(tailOf("abc", 0), "");
  });
});

void describe("wellFormedJson", () => {
  void it("is JSON.stringify when every string is well formed, emoji included", () => {
    const value = { messages: [{ role: "user", content: "fête 🎉 \\ud83d spelled out" }], n: 1 };
    assert.equal(wellFormedJson(value), JSON.stringify(value));
  });

  void it("replaces a lone half in any string, keys and nested values included, by U+FFFD", () => {
    const value = { "k\uD83D": ["a\uDE00b", { c: "x\uD83D" }], ok: "😀" };
    const text = wellFormedJson(value);
    assert.doesNotMatch(text, /\\ud[89a-f]/i);
    assert.deepEqual(JSON.parse(text), { "k\uFFFD": ["a\uFFFDb", { c: "x\uFFFD" }], ok: "😀" });
  });
});

void describe("a tool result cut to the prompt budget (src/zino/daemon/result-bound.ts)", () => {
  void it("keeps whole emoji at both ends of the cut, whatever the budget", () => {
    const stdout = "😀".repeat(3000);
    for (let maxChars = 800; maxChars < 1200; maxChars += 1) {
      const bounded = boundToolResult({ exit_code: 0, stdout, stderr: "" }, maxChars);
      assert.equal(bounded.truncated, true);
      assert.doesNotMatch(String(bounded.stdout), loneHalf, `budget ${maxChars}`);
    }
  });
});

void describe("textParts", () => {
  void it("cuts text into pieces of at most the size, joined back to the text, never separating a surrogate pair", () => {
    const text = "ok 🎉 é 😀😀 x 𝔘".repeat(5);
    for (let max = 1; max <= 12; max += 1) {
      const parts = textParts(text, max);
      assert.equal(parts.join(""), text, `size ${max}`);
      for (const part of parts) {
        assert.ok(part.length >= 1 && part.length <= Math.max(2, max), `size ${max}: ${JSON.stringify(part)}`);
        assert.doesNotMatch(part, loneHalf, `size ${max}`);
      }
    }
    assert.deepEqual(textParts("", 4), []);
  });
});
