// `zino guide` (the quick start's main job): start the ZINO services and a local Zelinqa API on SQLite (state
// under the instance's `.zino/`), provision keys and the sample domain, and open a guided conversation in the
// terminal: conducted by the ZINO agent through zelinqa-mcp when the ctxkey's model endpoint answers, else asked
// directly by the terminal. Ctrl-C pauses; running the command again resumes the same conversation.
import { PassThrough } from "node:stream";
import { ZelinqaClient } from "../../../zelinqa/sdk/index.js";
import type { InstanceConfig } from "../../config/index.js";
import { CliError, EXIT_FAILURE, EXIT_OK, type CliIo } from "../cli-io.js";
import { zinoCommand } from "../command-name.js";
import { upDetached } from "../detached-services.js";
import { pingService } from "../service-probe.js";
import { START_ORDER } from "../service-launch.js";
import { runAgentMode } from "./agent-mode.js";
import { provisionApi, zelinqaStatePaths } from "./api-provisioning.js";
import { createCtxValues } from "./ctx-values.js";
import { runDirectMode, type GuideEnd } from "./direct-mode.js";
import { readDomainLabels } from "./domain-labels.js";
import { CRM_VALUE, crmFacts, prepareGuideCtxkey } from "./guide-ctxkey.js";
import { openGuideSession } from "./guide-session.js";
import { withFileLock } from "./provision-lock.js";
import { createLineReader } from "./line-reader.js";
import { endpointReachable, modelBaseUrl } from "./model-endpoint.js";
import { sampleDomainFile } from "./zelinqa-entries.js";

export const EXIT_PAUSED = 130;

export interface GuideOptions {
  instance: InstanceConfig;
  io: CliIo;
  ctxkey: string;
  /** Start a new conversation instead of resuming the stored one. */
  fresh: boolean;
  mode: "auto" | "agent" | "direct";
  domainFile?: string | undefined;
  signal?: AbortSignal;
}

/**
 * Starts the services; their own start messages are shown only when something fails. One line says when they are
 * being started (not when they already run, as on a resume) and one how long it took.
 */
async function startServices(instance: InstanceConfig, io: CliIo, say: (text: string) => void): Promise<void> {
  const running = (await Promise.all(START_ORDER.map((name) => pingService(instance.sockets[name], 1000)))).every((ms) => ms !== undefined);
  const started = performance.now();
  if (!running) say(`starting the ZINO services (${START_ORDER.join(", ")})…`);
  const messages = new PassThrough();
  let text = "";
  messages.setEncoding("utf8").on("data", (t: string) => (text += t));
  const code = await upDetached({ instance, io: { ...io, stderr: messages } });
  if (code !== EXIT_OK) throw new CliError(`the ZINO services did not start:\n${text.trim()}`);
  if (!running) say(`ZINO services ready (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

export async function guideCommand(options: GuideOptions): Promise<number> {
  const { instance, io, ctxkey } = options;
  const say = (text: string) => io.stderr.write(`zino: ${text}\n`);
  await startServices(instance, io, say);
  const values = createCtxValues(instance.sockets.ctx);
  const paths = zelinqaStatePaths(instance.databasePath, instance.runtimeDir);
  const access = await withFileLock(`${paths.pidPath}.lock`, () => provisionApi({
    values, sqlitePath: paths.sqlitePath, logPath: paths.logPath, pidPath: paths.pidPath, domainFile: options.domainFile ?? sampleDomainFile(),
    env: { ...io.env, ZELINQA_LOG_LEVEL: io.env.ZELINQA_LOG_LEVEL ?? "warn" }, say,
  }));
  const reader = createLineReader(io);
  const onAbort = () => reader.close(true);
  options.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const client = new ZelinqaClient({ apiKey: access.runtimeKey, baseUrl: access.baseUrl });
    const conversation = ctxkey;
    const { session, created } = await openGuideSession({ values, client, ctxkey, conversation, fresh: options.fresh });
    const labels = await readDomainLabels(access.baseUrl, access.readKey);
    const knownFacts = async () => crmFacts(await values.get(ctxkey, CRM_VALUE));
    let mode = options.mode;
    if (mode === "auto") {
      const base = await modelBaseUrl(instance.sockets.ctx, ctxkey);
      mode = base !== undefined && (await endpointReachable(base)) ? "agent" : "direct";
    }
    io.stdout.write(`${labels.objective} - guided conversation "${conversation}" (${created ? "new" : "resumed"}, ${
      mode === "agent" ? "conducted by the ZINO agent" : "direct mode: no model endpoint answers"})\n`);
    let end: GuideEnd;
    if (mode === "agent") {
      await prepareGuideCtxkey({ values, ctxkey, conversation, baseUrl: access.baseUrl, runtimeKey: access.runtimeKey,
        sessionId: session.id, agentsDir: instance.agentsDir });
      if (created) await values.clearHistory(ctxkey);
      const resumed = !created && (await values.historyLength(ctxkey)) > 0;
      const agentEnd = await runAgentMode({ io, daemonSocket: instance.sockets.daemon, ctxkey, session, labels, reader, resumed, signal: options.signal });
      if (agentEnd === "agent_unavailable" && options.mode === "auto") {
        io.stdout.write("The model did not answer: continuing in direct mode.\n");
        end = await runDirectMode({ io, session: await client.resumeSession(session.id), labels, reader, facts: await knownFacts() });
      } else {
        end = agentEnd === "agent_unavailable" ? "paused" : agentEnd;
      }
    } else {
      end = await runDirectMode({ io, session, labels, reader, facts: await knownFacts() });
    }
    if (access.api.pid !== undefined) say(`the Zelinqa API keeps running at ${access.baseUrl} (pid ${access.api.pid}); \`${zinoCommand(io.env, "down")}\` stops it with the services`);
    // Ctrl-C is an interruption (130); the end of the input (Ctrl-D, a pipe) a normal pause.
    if (end === "failed") return EXIT_FAILURE;
    return end === "paused" && (reader.interrupted || options.signal?.aborted) ? EXIT_PAUSED : EXIT_OK;
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
    reader.close();
  }
}
