// Builds the runtime client lazily and once (zelinqa-mcp.md §2, §9); a failed construction is not cached.
import type { RuntimeClientLike } from "../sdk/index.js";
import type * as SdkModule from "../sdk/index.js";
import { McpConfigurationError } from "./configuration-error.js";

export type ClientFactory = () => RuntimeClientLike | Promise<RuntimeClientLike>;

const nonBlank = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === "" ? undefined : value.trim();

/** The default factory: the real SDK client configured from the environment, read at construction time. */
export const defaultClientFactory: ClientFactory = async () => {
  const env = process.env;
  const apiKey = nonBlank(env.ZELINQA_API_KEY);
  if (apiKey === undefined) throw new McpConfigurationError("unauthorized", "ZELINQA_API_KEY is not set");
  let timeoutMs: number | undefined;
  const rawTimeout = nonBlank(env.ZELINQA_TIMEOUT_SECONDS);
  if (rawTimeout !== undefined) {
    const seconds = Number(rawTimeout);
    if (!Number.isFinite(seconds)) {
      throw new McpConfigurationError("invalid_request", `ZELINQA_TIMEOUT_SECONDS must be a number, got '${env.ZELINQA_TIMEOUT_SECONDS}'`);
    }
    timeoutMs = seconds * 1000;
  }
  let maxRetries: number | undefined;
  const rawRetries = nonBlank(env.ZELINQA_MAX_RETRIES);
  if (rawRetries !== undefined) {
    if (!/^[+-]?\d+$/.test(rawRetries)) {
      throw new McpConfigurationError("invalid_request", `ZELINQA_MAX_RETRIES must be an integer, got '${env.ZELINQA_MAX_RETRIES}'`);
    }
    maxRetries = Number(rawRetries);
  }
  let sdk: typeof SdkModule;
  try {
    sdk = await import("../sdk/index.js");
  } catch (error) {
    throw new McpConfigurationError(
      "sdk_unavailable",
      `the Zelinqa SDK could not be loaded (${String(error)}). Reinstall zelinqa-mcp so that the Zelinqa SDK 1.x is present.`,
    );
  }
  return new sdk.ZelinqaClient({ apiKey, baseUrl: nonBlank(env.ZELINQA_BASE_URL), timeoutMs, maxRetries });
};

export class ClientProvider {
  readonly #factory: ClientFactory;
  #client: RuntimeClientLike | undefined;
  #building: Promise<RuntimeClientLike> | undefined;

  constructor(factory: ClientFactory) {
    this.#factory = factory;
  }

  get built(): boolean {
    return this.#client !== undefined;
  }

  /** Concurrent first calls share one construction. */
  async get(): Promise<RuntimeClientLike> {
    if (this.#client) return this.#client;
    if (!this.#building) {
      const building = (async () => this.#factory())();
      this.#building = building;
      // Cleared once settled (never synchronously), so that a failed construction is retried next time.
      void building.then(
        (client) => {
          this.#client = client;
          this.#building = undefined;
        },
        () => {
          this.#building = undefined;
        },
      );
    }
    return this.#building;
  }

  async close(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    if (client) await client.close();
  }
}
