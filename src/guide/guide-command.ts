// `zino guide` (the quick start's main job): start the ZINO services and a local Zelinqa API on SQLite (state
// under the instance's `.zino/`), provision keys and the sample domain, and open a guided conversation in the
// terminal: conducted by the ZINO agent through zelinqa-mcp when the ctxkey's model endpoint answers, else asked
// directly by the terminal. Ctrl-C pauses; running the command again resumes the same conversation.
import { ZelinqaClient } from "../zelinqa/sdk/index.js";
import type { InstanceConfig } from "../zino/config/index.js";
import { terminalWriter } from "../shared/terminal-text.js";
import { runAgentMode } from "./agent-mode.js";
import { provisionApi, studioLink, zelinqaStatePaths } from "./api-provisioning.js";
import { GUIDE_EXIT, GuideError, type GuideHost, type GuideIo } from "./guide-host.js";
import { createCtxValues } from "./ctx-values.js";
import { runDirectMode, type GuideEnd } from "./direct-mode.js";
import { readDomainFile } from "./domain-file.js";
import { readDomainLabels } from "./domain-labels.js";
import { startOverArgs } from "./conversation-report.js";
import { CRM_VALUE, crmFacts, prepareGuideCtxkey } from "./guide-ctxkey.js";
import { openGuideSession, SESSION_VALUE } from "./guide-session.js";
import { withFileLock } from "./provision-lock.js";
import { createLineReader } from "./line-reader.js";
import { endpointReachable, modelBaseUrl } from "./model-endpoint.js";
import { sampleDomainFile } from "./zelinqa-entries.js";

export const EXIT_PAUSED = GUIDE_EXIT.paused;

export interface GuideOptions {
  instance: InstanceConfig;
  io: GuideIo;
  host: GuideHost;
  ctxkey: string;
  /** Start a new conversation instead of resuming the stored one. */
  fresh: boolean;
  mode: "auto" | "agent" | "direct";
  domainFile?: string | undefined;
  signal?: AbortSignal;
}

/** A `--domain` file that cannot be read is a usage error, said before any service starts. */

/**
 * Ctrl-C while the services or the API start: the step under way finishes (they keep running), then the guide stops
 * there instead of opening the conversation as if nothing was pressed.
 */
function throwIfInterrupted(signal: AbortSignal | undefined, host: GuideHost): void {
  if (signal?.aborted)
    throw new GuideError(
      `interrupted before the conversation opened; run the same command again to open it (\`${host.commandName("down")}\` stops the services and the API)`,
      GUIDE_EXIT.paused,
    );
}

/** `--agent` asked for the model and it failed at once: a failure, with the two ways on. */
const AGENT_REQUIRED =
  "--agent needs a model that answers, and it did not (nothing was recorded): fix the model endpoint (README: Pointing ZINO at a model), or run the same command with --direct instead of --agent";

/** After the conversation: how to have another once it ended, and what keeps running. */
function sayWhatNext(input: {
  options: GuideOptions;
  end: GuideEnd;
  say: (text: string) => void;
  api?: { url: string; pid: number } | undefined;
}) {
  const { options, api } = input;
  // An ended conversation stays ended on every run (it is resumed as it is): running the same command shows it again.
  if (input.end === "finished") {
    const startOver = options.host.commandName(startOverArgs({ ctxkey: options.ctxkey, domainFile: options.domainFile }));
    terminalWriter(options.io.stdout)(`This conversation has ended; \`${startOver}\` starts a new one.\n`);
  }
  if (api !== undefined)
    input.say(
      `the Zelinqa API keeps running at ${api.url} (pid ${api.pid}); \`${options.host.commandName("down")}\` stops it with the services`,
    );
}

export async function guideCommand(options: GuideOptions): Promise<number> {
  const { instance, io, host, ctxkey } = options;
  const say = (text: string) => io.stderr.write(`zino: ${text}\n`);
  const stopIfInterrupted = () => throwIfInterrupted(options.signal, host);
  if (options.domainFile !== undefined) readDomainFile(options.domainFile);
  await host.startServices(say);
  stopIfInterrupted();
  const values = createCtxValues(instance.sockets.ctx);
  const paths = zelinqaStatePaths(instance.databasePath, instance.runtimeDir);
  const access = await withFileLock(`${paths.pidPath}.lock`, () =>
    provisionApi({
      values,
      sqlitePath: paths.sqlitePath,
      logPath: paths.logPath,
      pidPath: paths.pidPath,
      domainFile: options.domainFile ?? sampleDomainFile(),
      env: { ...io.env, ZELINQA_LOG_LEVEL: io.env.ZELINQA_LOG_LEVEL ?? "warn" },
      say,
    }),
  );
  // stdout carries the conversation: the studio's link goes to stderr, once, before the first question.
  stopIfInterrupted();
  const link = await studioLink({ sqlitePath: paths.sqlitePath, baseUrl: access.baseUrl, env: io.env });
  if (link !== undefined) say(`Studio: ${link} (one-time sign-in link, valid 10 minutes)`);
  stopIfInterrupted();
  const reader = createLineReader(io);
  const onAbort = () => reader.close(true);
  options.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const client = new ZelinqaClient({ apiKey: access.runtimeKey, baseUrl: access.baseUrl });
    const conversation = ctxkey;
    const sessionValue = access.slot.valueName(SESSION_VALUE);
    const { session, created } = await openGuideSession({ values, client, ctxkey, conversation, sessionValue, fresh: options.fresh });
    const labels = await readDomainLabels(access.baseUrl, access.readKey);
    const knownFacts = async () => crmFacts(await values.get(ctxkey, CRM_VALUE));
    let mode = options.mode;
    if (mode === "auto") {
      const base = await modelBaseUrl(instance.sockets.ctx, ctxkey);
      mode = base !== undefined && (await endpointReachable(base)) ? "agent" : "direct";
    }
    // The objective's name comes from the configuration: a terminal shows its control characters, not obeys them.
    terminalWriter(io.stdout)(
      `${labels.objective} - guided conversation "${conversation}" (${created ? "new" : "resumed"}, ${
        mode === "agent" ? "conducted by the ZINO agent" : "direct mode: no model endpoint answers"
      })\n`,
    );
    let end: GuideEnd;
    if (mode === "agent") {
      await prepareGuideCtxkey({
        values,
        ctxkey,
        conversation,
        baseUrl: access.baseUrl,
        runtimeKey: access.runtimeKey,
        sessionId: session.id,
        sessionValue,
        agentsDir: instance.agentsDir,
      });
      if (created) await values.clearHistory(ctxkey);
      const resumed = !created && (await values.historyLength(ctxkey)) > 0;
      const agentEnd = await runAgentMode({ io, host, ctxkey, session, labels, reader, resumed, signal: options.signal });
      if (agentEnd === "agent_unavailable" && options.mode === "auto") {
        io.stdout.write("The model did not answer: continuing in direct mode.\n");
        end = await runDirectMode({ io, session: await client.resumeSession(session.id), labels, reader, facts: await knownFacts() });
      } else {
        if (agentEnd === "agent_unavailable") say(AGENT_REQUIRED);
        end = agentEnd === "agent_unavailable" ? "failed" : agentEnd;
      }
    } else {
      end = await runDirectMode({ io, session, labels, reader, facts: await knownFacts() });
    }
    sayWhatNext({ options, end, say, api: access.api.pid === undefined ? undefined : { url: access.baseUrl, pid: access.api.pid } });
    // Ctrl-C is an interruption (130); the end of the input (Ctrl-D, a pipe) a normal pause.
    if (end === "failed") return GUIDE_EXIT.failure;
    return end === "paused" && (reader.interrupted || options.signal?.aborted) ? EXIT_PAUSED : GUIDE_EXIT.ok;
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
    reader.close();
  }
}
