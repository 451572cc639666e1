// Builds the runtime client lazily and once (docs/zelinqa-mcp.md §2, §9); a failed construction is not cached.
import type { RuntimeClientLike } from "../sdk/index.js";
import type * as SdkModule from "../sdk/index.js";
import { McpConfigurationError } from "./configuration-error.js";
import type { ClientSettings } from "./environment.js";

export type ClientFactory = () => RuntimeClientLike | Promise<RuntimeClientLike>;

/** The default factory: the real SDK client configured from the parsed environment (docs/zelinqa-mcp.md §9). */
export function createClientFactory(settings: ClientSettings): ClientFactory {
  return async () => {
    const { apiKey, baseUrl, timeoutMs, maxRetries, problem } = settings;
    if (apiKey === undefined) throw new McpConfigurationError("unauthorized", "ZELINQA_API_KEY is not set");
    if (problem !== undefined) throw problem;
    let sdk: typeof SdkModule;
    try {
      sdk = await import("../sdk/index.js");
    } catch (error) {
      throw new McpConfigurationError(
        "sdk_unavailable",
        `the Zelinqa SDK could not be loaded (${String(error)}). Reinstall zelinqa-mcp so that the Zelinqa SDK 1.x is present.`,
      );
    }
    return new sdk.ZelinqaClient({ apiKey, baseUrl, timeoutMs, maxRetries });
  };
}

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
