// The guide's own commands at its `> ` prompt. A single word starting with "/" is never sent as an answer: `/quit`
// pauses like Ctrl-C, `/help` says what can be typed, and any other such word is named as unknown with that help,
// instead of being read as an answer the engine does not understand.
export type PromptCommand = { kind: "quit" } | { kind: "say"; text: string };

const QUIT = new Set(["/quit", "/exit", "/q", "/stop", "/pause"]);
const HELP = new Set(["/help", "/h", "/?"]);

export interface PromptCommandOptions {
  /** The commands the mode takes as answers (`/skip`, `/refuse` in direct mode): left to the caller. */
  answerCommands: readonly string[];
  /** One line on how to answer, for `/help`. */
  howToAnswer: string;
}

export function promptHelp(options: PromptCommandOptions): string {
  const passes = options.answerCommands.length > 0 ? ` ${options.answerCommands.join(", ")} to pass;` : "";
  return `${options.howToAnswer};${passes} /quit or Ctrl-C pauses (run the same command again to continue here).`;
}

/** The command a line is, or undefined when the line is an answer (or an answer command of the mode). */
export function promptCommand(line: string, options: PromptCommandOptions): PromptCommand | undefined {
  const word = line.trim().toLowerCase();
  if (!/^\/\S*$/.test(word) || options.answerCommands.includes(word)) return undefined;
  if (QUIT.has(word)) return { kind: "quit" };
  if (HELP.has(word)) return { kind: "say", text: promptHelp(options) };
  return { kind: "say", text: `Unknown command ${line.trim()}, nothing recorded. ${promptHelp(options)}` };
}
