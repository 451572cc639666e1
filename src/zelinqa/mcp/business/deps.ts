// What every business tool works over (docs/zelinqa-mcp.md §5.2, §9): the registry, the lazy client, the host session.
import type { ClientProvider } from "../client-provider.js";
import type { HostSession } from "../environment.js";
import type { Scrubber } from "../secrets.js";
import type { ConversationRegistry } from "./registry.js";

export interface BusinessDeps {
  registry: ConversationRegistry;
  provider: ClientProvider;
  hostSession: HostSession;
  scrubber: Scrubber;
}
