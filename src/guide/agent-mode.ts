// The guide with a model: the ZINO agent of the ctxkey conducts the conversation through zelinqa-mcp (hosted by
// exc), the terminal relays the person's words. After each turn the host reads the session through the SDK (the
// model never sees its id) to show progress and to notice the end of the conversation.
import type { Session } from "../zelinqa/sdk/index.js";
import { terminalWriter } from "../shared/terminal-text.js";
import type { GuideHost, GuideIo } from "./guide-host.js";
import { collectedData, stopReasonText } from "./conversation-report.js";
import { objectiveAchieved, type GuideEnd } from "./direct-mode.js";
import type { DomainLabels } from "./domain-labels.js";
import type { LineReader } from "./line-reader.js";
import { renderProgress } from "./progress-bars.js";
import { promptCommand, type PromptCommandOptions } from "./prompt-commands.js";

export const START_MESSAGE = "Start the guided conversation now: ask me the first question.";
export const RESUME_MESSAGE = "I am back. Continue the guided conversation where it stopped: ask me the pending question again.";

const AGENT_COMMANDS: PromptCommandOptions = { answerCommands: [], howToAnswer: "Answer the agent in your own words" };

export interface AgentModeOptions {
  io: GuideIo;
  host: Pick<GuideHost, "streamTurn">;
  ctxkey: string;
  session: Session;
  labels: DomainLabels;
  reader: LineReader;
  resumed: boolean;
  signal?: AbortSignal;
}

export async function runAgentMode(options: AgentModeOptions): Promise<GuideEnd | "agent_unavailable"> {
  const { io, session, labels, reader } = options;
  const out = terminalWriter(io.stdout);
  if (session.state.status !== "active" || objectiveAchieved(session.state.progress)) {
    out(`${renderProgress(session.state.progress, labels, { count: session.state.turn_count, remaining: session.state.turns_remaining })}`);
    out(`Stopped: ${stopReasonText({ status: session.state.status, objectiveCovered: objectiveAchieved(session.state.progress) })}\n`);
    out(collectedData(session.state, labels));
    return "finished";
  }
  let message: string | null = options.resumed ? RESUME_MESSAGE : START_MESSAGE;
  let lastTurnCount = session.state.turn_count;
  let firstTurn = true;
  while (message !== null) {
    const outcome = await options.host.streamTurn({ message, ctxkey: options.ctxkey, signal: options.signal });
    if (outcome.kind === "cancelled") return "paused";
    if (outcome.kind === "error") {
      io.stderr.write(`zino: the agent failed: ${outcome.message} [${outcome.code}]\n`);
      // A model that never answered (endpoint up, model missing, ...): the caller can go on without it.
      if (firstTurn) return "agent_unavailable";
      out("Paused. Run the same command again to continue.\n");
      return "failed";
    }
    firstTurn = false;
    const state = await session.refresh();
    if (state.turn_count !== lastTurnCount || state.status !== "active") {
      lastTurnCount = state.turn_count;
      out(`\n${renderProgress(state.progress, labels, { count: state.turn_count, remaining: state.turns_remaining })}\n`);
    }
    const covered = objectiveAchieved(state.progress);
    if (state.status !== "active" || covered) {
      out(`Stopped: ${stopReasonText({ status: state.status, objectiveCovered: covered })}\n`);
      out(collectedData(state, labels));
      return "finished";
    }
    message = await nextMessage(reader, (text) => out(text));
  }
  out("\nPaused. Run the same command again to continue at the pending question.\n");
  return "paused";
}

/** The person's next words for the agent; null once they pause (`/quit`, Ctrl-C, end of input). */
async function nextMessage(reader: LineReader, out: (text: string) => void): Promise<string | null> {
  for (;;) {
    const line = await reader.read("> ");
    if (line === null) return null;
    const command = promptCommand(line, AGENT_COMMANDS);
    if (command?.kind === "quit") return null;
    if (command) out(`${command.text}\n`);
    else if (line.trim() !== "") return line;
  }
}
