// The ZINO.toml of a folder above the working directory, which `zino` does not read (only --config, ZINO_CONFIG or
// ./ZINO.toml): typed in a subfolder of an instance, `zino status` would otherwise report another, empty instance
// under ./.zino as down, and `zino up` would start it, without a word about the file one level up.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

/** The nearest `ZINO.toml` in a parent folder of `cwd` (not `cwd` itself), or undefined. */
export function enclosingConfigFile(cwd: string): string | undefined {
  for (let dir = dirname(cwd), previous = cwd; dir !== previous; previous = dir, dir = dirname(dir)) {
    const candidate = join(dir, "ZINO.toml");
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** The warning `zino` prints when built-in defaults apply although a parent folder has a ZINO.toml. */
export function enclosingConfigWarning(cwd: string): string | undefined {
  const file = enclosingConfigFile(cwd);
  if (file === undefined) return undefined;
  return (
    `no ZINO.toml in ${cwd}: built-in defaults apply, an instance of its own under ${join(cwd, ".zino")}; ` +
    `${file} is not read: run zino in ${dirname(file)}, or pass --config ${file} (or set ZINO_CONFIG)`
  );
}
