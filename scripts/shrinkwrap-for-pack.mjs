// The packed package carries the repository's lockfile as npm-shrinkwrap.json, so that `npm install -g` of the
// tarball installs the exact tree the tests ran on (with its `overrides`, which npm applies only to a root project)
// instead of the newest versions, some of which declare Node 22 and warn on Node 20. Created by `prepack`, removed by
// `postpack`: the repository keeps package-lock.json as its only lockfile.
import { copyFileSync, existsSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const shrinkwrap = join(root, "npm-shrinkwrap.json");
if (process.argv[2] === "create") copyFileSync(join(root, "package-lock.json"), shrinkwrap);
else if (existsSync(shrinkwrap)) rmSync(shrinkwrap);
