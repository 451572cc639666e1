// buildServer (docs/zelinqa-mcp.md §2): the official McpServer with the business or the advanced surface.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { createAdvancedTools } from "./advanced/tools.js";
import { VersionTracker } from "./advanced/version-tracker.js";
import { createBusinessTools } from "./business/tools.js";
import { ConversationRegistry } from "./business/registry.js";
import { ClientProvider, createClientFactory, type ClientFactory } from "./client-provider.js";
import { parseMcpEnvironment, type McpEnvironment } from "./environment.js";
import { SERVER_NAME, SERVER_VERSION } from "./identity.js";
import { createLogger, type LogLevel } from "./logger.js";
import { createScrubber } from "./secrets.js";
import { ADVANCED_INSTRUCTIONS } from "./texts/advanced-texts.js";
import { GUIDE } from "./texts/guide.js";
import { INTEGRATION_CHECK, INTEGRATION_CHECK_DESCRIPTION, INTEGRATION_CHECK_NAME } from "./texts/integration-check.js";
import { installTools } from "./tool-kit.js";

export interface BuildServerOptions {
  clientFactory?: ClientFactory;
  logLevel?: LogLevel;
  advanced?: boolean;
  /** Business mode: how many conversations this process remembers at once. */
  capacity?: number;
  /** Parsed once by main.ts; a library caller that gives none gets process.env, parsed here. */
  environment?: McpEnvironment;
}

export const GUIDE_URI = "zelinqa://guide";

export function buildServer(options: BuildServerOptions = {}): McpServer {
  const capacity = options.capacity ?? 128;
  if (!(capacity >= 1)) throw new RangeError("capacity must be positive");
  const advanced = options.advanced ?? false;
  const logger = createLogger("zelinqa_mcp", options.logLevel ?? "WARNING");
  const environment = options.environment ?? parseMcpEnvironment(process.env);
  const provider = new ClientProvider(options.clientFactory ?? createClientFactory(environment.client));
  const scrubber = createScrubber(environment.secrets);
  const server = new McpServer({ name: SERVER_NAME, version: SERVER_VERSION }, { instructions: advanced ? ADVANCED_INSTRUCTIONS : GUIDE });
  let shutdown: () => void;
  if (advanced) {
    const versions = new VersionTracker();
    installTools(server, createAdvancedTools({ provider, versions, scrubber }), { scrubber, logger });
    shutdown = () => versions.clear();
  } else {
    const registry = new ConversationRegistry(capacity);
    installTools(server, createBusinessTools({ registry, provider, hostSession: environment.hostSession, scrubber }), {
      scrubber,
      logger,
    });
    server.registerResource(
      "Zelinqa conversation guide",
      GUIDE_URI,
      { mimeType: "text/plain", description: "How to conduct a Zelinqa conversation with these tools." },
      (uri) => ({ contents: [{ uri: uri.href, mimeType: "text/plain", text: GUIDE }] }),
    );
    server.registerPrompt(INTEGRATION_CHECK_NAME, { description: INTEGRATION_CHECK_DESCRIPTION }, () => ({
      messages: [{ role: "user", content: { type: "text", text: INTEGRATION_CHECK } }],
    }));
    shutdown = () => registry.clear();
  }
  server.server.onclose = () => {
    shutdown();
    provider.close().catch((error: unknown) => logger.warning(`closing the client failed: ${String(error)}`));
  };
  logger.info(`built in ${advanced ? "advanced" : "business"} mode`);
  return server;
}
