// Builds dist/ only when a source changed since the last build (`npm start`, `npm run zino`, and `prepare` on
// install): a second `npm start` costs a directory walk instead of a compilation. When a build is needed, tsc runs
// incrementally (tsBuildInfo in dist/), with a line when it starts, every 15 s while it runs, and when it ends.
// Plain JavaScript so that it runs before anything is compiled and without a TypeScript loader.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync, utimesSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const stamp = join(root, "dist", ".tsbuildinfo");
const quiet = process.argv.includes("--quiet");
const say = (line) => process.stderr.write(`build: ${line}\n`);

/** The newest modification time among the sources and the files that shape the build. */
function newestSource(dir, newest = 0) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = newestSource(path, newest);
    else if (entry.name.endsWith(".ts")) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function stale() {
  if (!existsSync(stamp) || !existsSync(join(root, "dist", "src", "zino", "cli", "main.js"))) return true;
  const built = statSync(stamp).mtimeMs;
  const shaping = ["tsconfig.json", "tsconfig.build.json", "package.json"].map((f) => join(root, f)).filter(existsSync);
  return Math.max(newestSource(join(root, "src")), ...shaping.map((f) => statSync(f).mtimeMs)) > built;
}

if (!stale()) {
  if (!quiet) say("dist/ is up to date");
  process.exit(0);
}
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
if (!existsSync(tsc)) {
  // An install without dev dependencies: use the dist/ that came with the package, if any.
  if (existsSync(join(root, "dist", "src"))) process.exit(0);
  say("TypeScript is not installed and there is no dist/: run `npm install` (with dev dependencies) first");
  process.exit(1);
}
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
say(
  existsSync(stamp)
    ? "sources changed: compiling what changed (tsc, incremental)…"
    : "compiling dist/ (tsc; the first build takes a minute, later ones only what changed)…",
);
const child = spawn(process.execPath, [tsc, "-p", join(root, "tsconfig.build.json")], { stdio: "inherit", cwd: root });
const beat = setInterval(() => say(`still compiling (${seconds()})`), 15_000);
child.on("exit", (code, signal) => {
  clearInterval(beat);
  if (code === 0) {
    // tsc leaves its build info untouched when a touched file did not really change: the stamp moves anyway.
    if (existsSync(stamp)) utimesSync(stamp, new Date(), new Date());
    say(`built in ${seconds()}`);
  } else say(`tsc failed (${signal ?? `exit ${code}`}) after ${seconds()}`);
  process.exit(code ?? 1);
});
