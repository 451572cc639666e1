// zino-ctx's imports of ZINO.toml and agents/ into the store: at start from the instance it was started with, and
// on `reload` from ZINO.toml read again (socket and database paths only change with a restart); each one logged.
import { ConfigError, loadInstanceConfig, storeLocation, type InstanceConfig } from "../config/index.js";
import { WireError, type Logger } from "../../wire/index.js";
import { InstanceImportError, importInstance, type ImportSource, type ImportSummary } from "./instance-import.js";
import type { CtxStore } from "./store.js";

export interface InstanceImports {
  /** The import at start; an invalid instance throws as is. */
  atStart(target: CtxStore): Promise<ImportSummary>;
  /** The `reload` request's import; invalid files are a bad_request that changes nothing. */
  reload(target: CtxStore): Promise<ImportSummary>;
}

export function createInstanceImports(deps: { instance: InstanceConfig; logger: Logger; env: NodeJS.ProcessEnv }): InstanceImports {
  const { instance, logger, env } = deps;
  const sourceOf = (config: InstanceConfig): ImportSource => ({
    defaults: config.defaults,
    agentsDir: config.agentsDir,
    configPath: config.configPath,
    ...(config.agentPaths ? { agentPaths: config.agentPaths } : {}),
    initialSoftMemory: config.initialSoftMemory,
  });
  const startSource: ImportSource = sourceOf(instance);

  /** On reload, ZINO.toml is read again; socket and database paths only change with a restart. */
  const reloadSource = (): ImportSource => {
    if (!instance.configPath) return startSource;
    const fresh = loadInstanceConfig({ path: instance.configPath, env });
    if (storeLocation(fresh) !== storeLocation(instance) || fresh.sockets.ctx !== instance.sockets.ctx) {
      logger.warn(
        { database: storeLocation(fresh), socket: fresh.sockets.ctx },
        "ZINO.toml names another database or socket: restart zino-ctx to use them",
      );
    }
    return sourceOf(fresh);
  };

  const runImport = async (target: CtxStore, source: ImportSource): Promise<ImportSummary> => {
    const summary = await importInstance(target, source);
    logger.info(
      { agentsDir: summary.agentsDir, agentsFound: summary.agentsFound, tools: summary.tools, skills: summary.skills },
      "imported ZINO.toml and agents/",
    );
    if (summary.ignoredKeys.length > 0) logger.warn({ keys: summary.ignoredKeys }, "ZINO.toml keys not used by this ZINO");
    if (!summary.agentsFound)
      logger.warn({ agentsDir: summary.agentsDir }, "no agents/ folder: using the built-in system prompt, no tools, no skills");
    return summary;
  };

  return {
    atStart: (target) => runImport(target, startSource),
    async reload(target) {
      try {
        return await runImport(target, reloadSource());
      } catch (err) {
        if (err instanceof InstanceImportError || err instanceof ConfigError)
          throw new WireError("bad_request", `Reload refused, nothing changed: ${err.message}`);
        throw err;
      }
    },
  };
}
