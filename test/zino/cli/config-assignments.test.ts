// `zino ctx set` assignments and the masking of secrets in `zino ctx show`.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CliError } from "../../../src/shared/cli.js";
import { assignmentsToConfig, parseValue } from "../../../src/zino/cli/config-assignments.js";
import { maskSecrets } from "../../../src/zino/cli/mask-secrets.js";
import { mergeConfig, type JsonObject } from "../../../src/zino/config/index.js";
import { unknownKeys } from "../../../src/zino/ctx/config-view.js";

void describe("ctx set assignments", () => {
  void it("[Z7-CTX] parses values as JSON when they are JSON, else keeps the string", () => {
    assert.equal(parseValue("0.2"), 0.2);
    assert.equal(parseValue("true"), true);
    assert.deepEqual(parseValue('["a","b"]'), ["a", "b"]);
    assert.equal(parseValue('"42"'), "42");
    assert.equal(parseValue("gpt-4o-mini"), "gpt-4o-mini");
    assert.equal(parseValue(""), "");
  });

  void it("[Z7-CTX] nests dotted paths and merges assignments to the same object", () => {
    assert.deepEqual(assignmentsToConfig(["llm.model=gpt-4o-mini", "llm.temperature=0.2", "agent.max_iterations=3"]), {
      llm: { model: "gpt-4o-mini", temperature: 0.2 },
      agent: { max_iterations: 3 },
    });
  });

  void it("[Z7-CTX] keeps everything after the first = in the value", () => {
    assert.deepEqual(assignmentsToConfig(["llm.base_url=http://h/v1?a=b"]), { llm: { base_url: "http://h/v1?a=b" } });
  });

  void it("[Z7-CTX] lets a later assignment win", () => {
    assert.deepEqual(assignmentsToConfig(["llm.model=a", "llm.model=b"]), { llm: { model: "b" } });
  });

  void it("[Z7-CTX Z7-USAGE] refuses assignments without a field path or without =, as usage errors", () => {
    for (const bad of ["llm.model", "=x", "llm..model=x", "llm.=x"]) {
      assert.throws(
        () => assignmentsToConfig([bad]),
        (err: unknown) => err instanceof CliError && err.exitCode === 2,
        bad,
      );
    }
    assert.throws(() => assignmentsToConfig([]), CliError);
  });
});

void describe("secret masking", () => {
  void it("[Z7-CTX] masks keys and tokens at any depth but keeps the names of key variables", () => {
    const masked = maskSecrets({
      llm: { api_key: "sk-1", api_key_env: "OPENAI_API_KEY", model: "m", fallbacks: [{ api_key: "sk-2" }] },
      mcp_servers: { gh: { env: { GITHUB_TOKEN: "ghp", MODE: "x" } } },
    });
    assert.deepEqual(masked, {
      llm: { api_key: "[set]", api_key_env: "OPENAI_API_KEY", model: "m", fallbacks: [{ api_key: "[set]" }] },
      mcp_servers: { gh: { env: { GITHUB_TOKEN: "[set]", MODE: "x" } } },
    });
  });
});

void describe("ctx set paths that would reach Object.prototype", () => {
  void it("[Z7-CTX Z7-USAGE] refuses __proto__, constructor and prototype segments as usage errors, and pollutes nothing", () => {
    for (const bad of ["__proto__.polluted=1", "llm.__proto__.polluted=1", "constructor.prototype.polluted=1", "llm.prototype=1"]) {
      assert.throws(
        () => assignmentsToConfig([bad]),
        (err: unknown) => err instanceof CliError && err.exitCode === 2 && /cannot be a field name/.test(err.message),
        bad,
      );
    }
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  void it("[Z7-CTX] keeps a JSON value's own __proto__ key a plain field, and merges never follow it", () => {
    const config = assignmentsToConfig(['mcp_servers={"__proto__":{"polluted":1}}']);
    assert.equal(Object.getPrototypeOf(config.mcp_servers), Object.prototype);
    const merged = mergeConfig(
      { llm: { model: "m" } },
      JSON.parse('{"__proto__":{"polluted":1},"llm":{"__proto__":{"x":1}}}') as JsonObject,
    );
    assert.equal(Object.getPrototypeOf(merged), Object.prototype);
    assert.equal(Object.getPrototypeOf(merged.llm), Object.prototype);
    assert.deepEqual(Object.keys(merged), ["llm", "__proto__"]);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.deepEqual(unknownKeys(JSON.parse('{"llm":{"__proto__":{"x":1}},"constructor":1}') as JsonObject), [
      "llm.__proto__",
      "constructor",
    ]);
  });
});
