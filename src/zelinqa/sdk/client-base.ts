// What both clients share: options checking, the transport, and a key that no rendering can reveal (docs/zelinqa-mcp.md §3.1).
import { resolveOptions, type ClientOptions } from "./client-options.js";
import { HttpTransport } from "./http-transport.js";

const INSPECT = Symbol.for("nodejs.util.inspect.custom");

export abstract class ClientBase {
  readonly #transport: HttpTransport;

  constructor(options: ClientOptions) {
    this.#transport = new HttpTransport(resolveOptions(options));
  }

  protected get transport(): HttpTransport {
    return this.#transport;
  }

  get baseUrl(): string {
    return this.#transport.baseUrl;
  }

  toString(): string {
    return `${this.constructor.name}(baseUrl=${this.baseUrl})`;
  }

  toJSON(): { baseUrl: string } {
    return { baseUrl: this.baseUrl };
  }

  [INSPECT](): string {
    return this.toString();
  }

  /** Nothing is pooled beyond the global fetch; kept for lifecycle symmetry. */
  async close(): Promise<void> {}
}
