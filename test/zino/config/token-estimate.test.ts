// The shared token estimate (src/zino/config/token-estimate.ts), table-driven: chars/4 for ASCII as before, about
// one token per CJK, Kana or Hangul character (chars/4 counted those 4× too few), between the two for Cyrillic,
// Greek, Arabic and Hebrew, more than one per emoji. Checked against what BPE tokenizers give for such text.
import assert from "node:assert/strict";
import { it } from "node:test";
import { estimateMessageTokens, estimateTokens } from "../../../src/zino/config/index.js";

void it("R5.budget: the token estimate follows the script: ASCII chars/4, CJK/Kana/Hangul one per character, others between", () => {
  const table: [label: string, text: string, tokens: number][] = [
    ["empty", "", 0],
    ["ASCII", "abcde", 2],
    ["ASCII 400", "x".repeat(400), 100],
    ["Chinese", "上下文窗口的令牌估计".repeat(10), 100],
    ["Japanese kana and kanji", "こんにちは世界、カタカナ".repeat(10), 120],
    ["Korean Hangul", "안녕하세요".repeat(20), 100],
    ["Hindi (Devanagari)", "नमस्ते".repeat(10), 60],
    ["Russian", "привет".repeat(16), 60],
    ["Arabic", "مرحبا".repeat(16), 50],
    ["Greek", "γεια".repeat(20), 50],
    ["emoji (surrogate pairs)", "😀".repeat(40), 50],
  ];
  for (const [label, text, tokens] of table) assert.equal(estimateTokens(text), tokens, label);
  // Mixed text adds up part by part (within the rounding of the whole).
  assert.equal(estimateTokens(`${"a".repeat(40)}${"中".repeat(10)}`), 20);
  // Messages: 4 per message on top, content parts and tool calls by their JSON, CJK inside them counted the same.
  assert.equal(estimateMessageTokens({ content: "x".repeat(400) }), 104);
  assert.equal(estimateMessageTokens({ content: "中".repeat(100) }), 104);
  const parts = [{ type: "text", text: "中".repeat(100) }];
  assert.ok(estimateMessageTokens({ content: parts }) >= 104 + 5, "content parts: the CJK text and the JSON around it");
});

void it("R5.budget: a lone surrogate or a control character does not break the estimate", () => {
  assert.equal(estimateTokens("\ud800"), 1);
  assert.equal(estimateTokens("\u0000\u0001\u0002\u0003"), 1);
  assert.ok(Number.isInteger(estimateTokens("a\udc00b\ud83d")));
});
