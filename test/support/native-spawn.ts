// Whether a process has loaded the native spawn addon (src/zino/exc/native-spawn.ts): its file is mapped into the
// process once dlopen'ed, so /proc/<pid>/maps names it. Used to show that exc's launcher, from the sources and from
// its bundle, really starts its children through the addon.
import { readFileSync } from "node:fs";
import { ADDON_FILE } from "../../src/zino/exc/native-spawn.js";

export function nativeSpawnLoadedIn(pid: number): boolean {
  return readFileSync(`/proc/${pid}/maps`, "utf8").includes(`/native/${ADDON_FILE}`);
}
