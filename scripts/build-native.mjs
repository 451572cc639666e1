// Compiles native/zino-spawn.c into dist/native/zino-spawn.node: the addon with which zino-exc starts tool processes
// without a fork (src/zino/exc/native-spawn.ts). It needs a C compiler (CC, else cc, gcc or clang) and Node's
// headers (node_api.h and uv.h: Debian's nodejs package puts them in /usr/include/node, Node's own tarballs in
// include/node beside bin/). Without them, or when the addon fails its check, the build goes on: exc then uses
// Node's spawn, a few ms slower per tool call, and dist/native/UNAVAILABLE says why (build-if-stale.mjs does not try
// again until the source or this script changes).
//
// The check loads the new addon in a separate node and runs /bin/true through it, so that an addon that cannot load
// or spawn here never reaches dist/.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const source = join(root, "native", "zino-spawn.c");
const zygoteSource = join(root, "native", "zino-zygote.c");
const outDir = join(root, "dist", "native");
const target = join(outDir, "zino-spawn.node");
const unavailable = join(outDir, "UNAVAILABLE");
const zygoteTarget = join(outDir, "zino-zygote");
const say = (line) => process.stderr.write(`build: ${line}\n`);

function findCompiler() {
  const names = process.env.CC ? [process.env.CC] : ["cc", "gcc", "clang"];
  for (const name of names) {
    if (name.includes("/")) {
      if (existsSync(name)) return name;
      continue;
    }
    for (const dir of (process.env.PATH ?? "/usr/bin:/bin").split(delimiter)) {
      if (dir !== "" && existsSync(join(dir, name))) return join(dir, name);
    }
  }
  return undefined;
}

function findHeaders() {
  const candidates = [
    process.env.ZINO_NODE_INCLUDE,
    join(dirname(process.execPath), "..", "include", "node"),
    "/usr/include/node",
    "/usr/local/include/node",
  ].filter(Boolean);
  return candidates.find((dir) => existsSync(join(dir, "node_api.h")) && existsSync(join(dir, "uv.h")));
}

const CHECK = `
const m = { exports: {} };
process.dlopen(m, process.argv[1]);
const why = m.exports.probe();
if (why) { console.error(why); process.exit(2); }
const [r, w] = m.exports.pipe();
const fs = require("node:fs");
const pid = m.exports.spawn("/bin/true", ["true"], [], "/", -1, -1, [r, w, w], (code, signal) => {
  if (code !== 0 || signal !== -1) { console.error("/bin/true ended with", code, signal); process.exit(3); }
});
fs.closeSync(r); fs.closeSync(w);
if (!(pid > 0)) process.exit(4);
`;

function giveUp(reason) {
  rmSync(target, { force: true });
  mkdirSync(outDir, { recursive: true });
  writeFileSync(unavailable, `${reason}\n`);
  say(`native spawn not built: ${reason}. zino-exc starts tool processes with Node's spawn (a few ms slower per call)`);
  process.exit(0);
}

if (process.platform !== "linux") giveUp(`it is written for Linux (this is ${process.platform})`);
const compiler = findCompiler();
if (!compiler) giveUp("no C compiler (cc, gcc or clang; set CC to name one)");
const headers = findHeaders();
if (!headers) giveUp("Node's headers (node_api.h, uv.h) are not installed; set ZINO_NODE_INCLUDE to their directory");

mkdirSync(outDir, { recursive: true });
buildZygote();
const scratch = `${target}.${process.pid}.tmp`;
const compiled = spawnSync(
  compiler,
  ["-O2", "-Wall", "-shared", "-fPIC", `-I${headers}`, "-DNODE_GYP_MODULE_NAME=zino_spawn", "-o", scratch, source],
  { encoding: "utf8" },
);
if (compiled.status !== 0) {
  rmSync(scratch, { force: true });
  if (compiled.stderr) process.stderr.write(compiled.stderr);
  giveUp(`${compiler} failed (${compiled.error?.message ?? `exit ${compiled.status}`})`);
}
const checked = spawnSync(process.execPath, ["-e", CHECK, scratch], { encoding: "utf8", timeout: 10_000 });
if (checked.status !== 0) {
  rmSync(scratch, { force: true });
  giveUp(`the addon failed its check (${(checked.stderr || `exit ${checked.status}`).trim().split("\n")[0]})`);
}
renameSync(scratch, target);
rmSync(unavailable, { force: true });
say("native spawn: built dist/native/zino-spawn.node");

/**
 * native/zino-zygote.c into dist/native/zino-zygote: the program from which zino-exc starts sandboxed executions
 * inside one resident bubblewrap sandbox (src/zino/exc/sandbox-zygote.ts). It needs only the compiler; without it
 * (or when it fails) exc starts a bubblewrap sandbox per execution, as before.
 */
function buildZygote() {
  const scratchZygote = `${zygoteTarget}.${process.pid}.tmp`;
  const built = spawnSync(compiler, ["-O2", "-Wall", "-o", scratchZygote, zygoteSource], { encoding: "utf8" });
  if (built.status !== 0) {
    rmSync(scratchZygote, { force: true });
    rmSync(zygoteTarget, { force: true });
    if (built.stderr) process.stderr.write(built.stderr);
    say(`sandbox zygote not built (${compiler}: ${built.error?.message ?? `exit ${built.status}`}): a bubblewrap sandbox per execution`);
    return;
  }
  renameSync(scratchZygote, zygoteTarget);
  say("sandbox zygote: built dist/native/zino-zygote");
}
