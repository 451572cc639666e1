// The version of a ctxkey's configuration [ext] (docs/zino-protocol.md §4): a digest of what rtr and exc load
// for it (the merged configuration and the skills it sees), sent with the turn's messages and with get_config.
// The daemon readies rtr and exc once per ctxkey and version, and passes the version on with its requests, so
// that they reload only when it changed. Cached with the other derived values until the store changes.
import { createHash } from "node:crypto";
import { mergedConfig } from "./config-view.js";
import { derived } from "./derived-cache.js";
import type { CtxStore } from "./store.js";

export function configVersion(store: CtxStore, ctxkey: string): Promise<string> {
  return derived(store, `version\0${ctxkey}`, async () => {
    const [config, skills] = await Promise.all([mergedConfig(store, ctxkey), store.skills(ctxkey)]);
    return createHash("sha256").update(JSON.stringify(config)).update("\0").update(JSON.stringify(skills)).digest("base64url").slice(0, 22);
  });
}
