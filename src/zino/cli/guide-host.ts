// What `zino guide` (the bridge in src/guide/) gets from this CLI: the services started quietly, agent turns streamed
// to the terminal like `zino ask`, and command names localized for npm.
import { PassThrough } from "node:stream";
import type { GuideHost } from "../../guide/index.js";
import type { InstanceConfig } from "../config/index.js";
import { CliError, EXIT_OK, type CliIo } from "../../shared/cli.js";
import { zinoCommand } from "./command-name.js";
import { streamTurnToTerminal } from "./daemon-turn.js";
import { upDetached } from "./detached-services.js";
import { pingService } from "./service-probe.js";
import { START_ORDER } from "./service-launch.js";
import { createToolSpinner } from "./tool-spinner.js";

export function createGuideHost(instance: InstanceConfig, io: CliIo): GuideHost {
  return {
    startServices: (say) => startServicesQuietly(instance, io, say),
    streamTurn: ({ message, ctxkey, signal }) =>
      streamTurnToTerminal(
        { socketPath: instance.sockets.daemon, message, ctxkey, signal },
        { stdout: io.stdout, spinner: createToolSpinner(io.stderr) },
      ),
    commandName: (args) => zinoCommand(io.env, args),
  };
}

/**
 * Starts the services; their own start messages are shown only when something fails. One line says when they are
 * being started (not when they already run, as on a resume) and one how long it took.
 */
async function startServicesQuietly(instance: InstanceConfig, io: CliIo, say: (text: string) => void): Promise<void> {
  const running = (await Promise.all(START_ORDER.map((name) => pingService(instance.sockets[name], 1000)))).every((ms) => ms !== undefined);
  const started = performance.now();
  if (!running) say(`starting the ZINO services (${START_ORDER.join(", ")})…`);
  const messages = new PassThrough();
  let text = "";
  messages.setEncoding("utf8").on("data", (t: string) => (text += t));
  const code = await upDetached({ instance, io: { ...io, stderr: messages } });
  if (code !== EXIT_OK) throw new CliError(`the ZINO services did not start:\n${text.trim()}`, { code: "service_unavailable" });
  if (!running) say(`ZINO services ready (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
