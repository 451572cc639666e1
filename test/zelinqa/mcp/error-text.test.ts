// Error translation (docs/zelinqa-mcp.md §7.2) and the environment read when the client is built (§9).
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  ZelinqaAnswerError,
  ZelinqaClient,
  ZelinqaConnectionError,
  ZelinqaRequestValidationError,
  apiErrorFromResponse,
} from "../../../src/zelinqa/sdk/index.js";
import {
  createClientFactory,
  createScrubber,
  errorText,
  formatDetails,
  parseMcpEnvironment,
  secretsOf,
} from "../../../src/zelinqa/mcp/index.js";
import { API_ERRORS } from "../sdk/reference-payloads.js";
import { freePort } from "../../../src/shared/free-port.js";

const NO_SECRETS = createScrubber([]);

async function withEnv<T>(vars: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** The default factory over the environment as main.ts parses it. */
const defaultClientFactory = () => createClientFactory(parseMcpEnvironment(process.env).client)();

async function factoryText(): Promise<string> {
  try {
    await defaultClientFactory();
    return "built";
  } catch (error) {
    return errorText(error, "business", createScrubber(secretsOf(process.env)));
  }
}

void describe("error texts (docs/zelinqa-mcp.md §7.2)", () => {
  void it("scrubs the configured keys of at least 8 characters, the longest first (docs/zelinqa-mcp.md §8)", () => {
    const secrets = secretsOf({
      ZELINQA_API_KEY: " zk_key_12345 ",
      ZELINQA_LIVE_RUNTIME_KEY: "zk_key_12345_long",
      ZELINQA_LIVE_REVOKED_KEY: "short",
    });
    assert.deepEqual(secrets, ["zk_key_12345_long", "zk_key_12345"]);
    const scrubber = createScrubber(secrets);
    assert.equal(scrubber.text("a zk_key_12345_long b zk_key_12345 c short"), "a [redacted] b [redacted] c short");
    assert.deepEqual(scrubber.deep({ zk_key_12345: ["zk_key_12345", 1] }), { zk_key_12345: ["[redacted]", 1] });
    assert.equal(errorText(new RangeError("zk_key_12345"), "business", scrubber), "RangeError: [redacted]");
  });

  void it("formats details as compact JSON with keys sorted recursively and lowercase \\u escapes", () => {
    assert.equal(formatDetails({ b: 1, a: { z: "é", y: ["ü"] } }, NO_SECRETS), '{"a":{"y":["\\u00fc"],"z":"\\u00e9"},"b":1}');
  });

  void it("cuts details longer than 2000 characters and marks the cut", () => {
    const text = formatDetails({ long: "x".repeat(3000) }, NO_SECRETS);
    assert.equal(text.length, 2000 + "…(truncated)".length);
    assert.ok(text.endsWith("…(truncated)"));
  });

  void it("renders a bare gateway 503 as 503: Service Unavailable", () => {
    assert.equal(errorText(apiErrorFromResponse(503, API_ERRORS.gateway_503.body), "advanced", NO_SECRETS), "503: Service Unavailable");
  });

  void it("uses the advanced or the business conflict hint", () => {
    const err = apiErrorFromResponse(409, API_ERRORS.state_version_conflict.body);
    assert.ok(errorText(err, "advanced", NO_SECRETS).includes(" (request_id=req_9003) — call zelinqa_get_session then retry — {"));
    assert.ok(
      errorText(err, "business", NO_SECRETS).includes(
        " — call zelinqa_status, reconcile the pending question, and do not blindly replay — {",
      ),
    );
  });

  void it("lists the first 10 request-validation issues", () => {
    const issues = Array.from({ length: 12 }, (_, i) => ({ path: `p${i}`, message: `m${i}` }));
    const text = errorText(new ZelinqaRequestValidationError(issues), "advanced", NO_SECRETS);
    assert.ok(text.startsWith("invalid_request: the arguments do not satisfy the contract — p0: m0; p1: m1;"));
    assert.ok(text.includes("p9: m9") && !text.includes("p10"));
  });

  void it("maps answer errors and option TypeErrors to invalid_request, others to name: message", () => {
    assert.equal(
      errorText(new ZelinqaAnswerError("Duplicate choice labels"), "business", NO_SECRETS),
      "invalid_request: Duplicate choice labels",
    );
    assert.equal(
      errorText(new TypeError("max_retries must be zero or greater"), "business", NO_SECRETS),
      "invalid_request: max_retries must be zero or greater",
    );
    assert.equal(errorText(new RangeError("boom"), "business", NO_SECRETS), "RangeError: boom");
    const empty = new ZelinqaConnectionError("");
    assert.ok(errorText(empty, "business", NO_SECRETS).includes("after retrying (ZelinqaConnectionError)"));
  });
});

void describe("connection errors name what the network said (docs/zelinqa-mcp.md §7.2)", () => {
  void it("a closed port: connection refused, and to start the API or fix ZELINQA_BASE_URL; no URL, no key", async () => {
    const port = await freePort();
    const client = new ZelinqaClient({ apiKey: "zk_env_key_123456", baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 });
    const error = await client.getSession("ses_1").then(
      () => assert.fail("a closed port answered"),
      (err: unknown) => err,
    );
    assert.ok(error instanceof ZelinqaConnectionError);
    const text = errorText(error, "business", NO_SECRETS);
    assert.match(
      text,
      /^connection_error: .*\(unable to reach the Zelinqa API: connection refused\)\. Nothing listens at ZELINQA_BASE_URL: start the Zelinqa API there/,
    );
    assert.ok(!text.includes(String(port)) && !text.includes("zk_env_key"), text);
  });

  void it("a host that does not resolve: host not found", async () => {
    const client = new ZelinqaClient({ apiKey: "zk_env_key_123456", baseUrl: "http://zelinqa.invalid", maxRetries: 0 });
    const error = await client.getSession("ses_1").then(
      () => assert.fail("an .invalid host answered"),
      (err: unknown) => err,
    );
    const text = errorText(error, "business", NO_SECRETS);
    assert.match(text, /\((unable to reach the Zelinqa API: host (not found|name lookup failed))\)\. The host name of ZELINQA_BASE_URL/);
  });
});

void describe("client construction from the environment (docs/zelinqa-mcp.md §9)", () => {
  const clean = {
    ZELINQA_API_KEY: "zk_env_key_123456",
    ZELINQA_BASE_URL: undefined,
    ZELINQA_TIMEOUT_SECONDS: undefined,
    ZELINQA_MAX_RETRIES: undefined,
  };

  void it("needs a non-blank key", async () => {
    for (const key of [undefined, "  "]) {
      await withEnv({ ...clean, ZELINQA_API_KEY: key }, async () => {
        assert.equal(
          await factoryText(),
          "unauthorized: the Zelinqa API key is missing, invalid, revoked, expired, or does not carry the `runtime` scope (check ZELINQA_API_KEY)",
        );
      });
    }
  });

  void it("rejects a non-number timeout and a non-integer retry count with the raw value", async () => {
    await withEnv({ ...clean, ZELINQA_TIMEOUT_SECONDS: "abc" }, async () => {
      assert.equal(await factoryText(), "invalid_request: ZELINQA_TIMEOUT_SECONDS must be a number, got 'abc'");
    });
    await withEnv({ ...clean, ZELINQA_MAX_RETRIES: "1.5" }, async () => {
      assert.equal(await factoryText(), "invalid_request: ZELINQA_MAX_RETRIES must be an integer, got '1.5'");
    });
  });

  void it("surfaces SDK range errors as invalid_request and treats blank values as unset", async () => {
    await withEnv({ ...clean, ZELINQA_TIMEOUT_SECONDS: "0" }, async () => {
      assert.equal(await factoryText(), "invalid_request: timeout must be greater than zero");
    });
    // Past Node's longest timer a timeout would fire at once: refused, not every request timed out.
    await withEnv({ ...clean, ZELINQA_TIMEOUT_SECONDS: "3000000" }, async () => {
      assert.equal(await factoryText(), "invalid_request: timeout must be at most 2147483 seconds");
    });
    await withEnv({ ...clean, ZELINQA_MAX_RETRIES: "-1" }, async () => {
      assert.equal(await factoryText(), "invalid_request: max_retries must be zero or greater");
    });
    await withEnv({ ...clean, ZELINQA_BASE_URL: "not a url" }, async () => {
      assert.equal(await factoryText(), "invalid_request: base_url must be an absolute HTTP(S) URL");
    });
    await withEnv({ ...clean, ZELINQA_BASE_URL: " ", ZELINQA_TIMEOUT_SECONDS: "", ZELINQA_MAX_RETRIES: " " }, async () => {
      const client = await defaultClientFactory();
      assert.ok(client instanceof ZelinqaClient);
      assert.equal(client.toString(), "ZelinqaClient(baseUrl=https://api.zelinqa.ai)");
    });
    await withEnv(
      { ...clean, ZELINQA_BASE_URL: "http://127.0.0.1:9/", ZELINQA_TIMEOUT_SECONDS: "2.5", ZELINQA_MAX_RETRIES: "0" },
      async () => {
        const client = await defaultClientFactory();
        assert.ok(client instanceof ZelinqaClient);
        assert.equal(client.toString(), "ZelinqaClient(baseUrl=http://127.0.0.1:9)");
      },
    );
  });
});
