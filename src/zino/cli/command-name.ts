// The way to run a `zino` command where the user is: through npm in a checkout (`npm run zino -- down`, when npm
// started us: it sets npm_lifecycle_event), else the `zino` on PATH (an install, or `npm link` in a checkout).

export function runThroughNpm(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.npm_lifecycle_event) || Boolean(env.npm_command);
}

/** `zinoCommand(env, "down")` → "npm run zino -- down" under npm, else "zino down". */
export function zinoCommand(env: NodeJS.ProcessEnv, args: string): string {
  return runThroughNpm(env) ? `npm run zino -- ${args}` : `zino ${args}`;
}

/** Rewrites the `zino …` commands quoted in a message (`zino up`, from the services too) for where the user is. */
export function localizeCommands(text: string, env: NodeJS.ProcessEnv): string {
  if (!runThroughNpm(env)) return text;
  return text.replace(/`zino ([^`]+)`/g, (_whole, args: string) => `\`npm run zino -- ${args}\``);
}

/** `stream` with the commands of every string written through it localized (identity when not under npm). */
export function localizedStream<T extends NodeJS.WritableStream>(stream: T, env: NodeJS.ProcessEnv): T {
  if (!runThroughNpm(env)) return stream;
  return new Proxy(stream, {
    get(target, property) {
      if (property === "write") {
        return (chunk: unknown, ...rest: unknown[]) =>
          (target.write as (...args: unknown[]) => boolean)(typeof chunk === "string" ? localizeCommands(chunk, env) : chunk, ...rest);
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
