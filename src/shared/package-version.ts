// The version of the installed package, read once from its package.json (found from this file, in src/ or dist/src/).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const PackageSchema = z.looseObject({ name: z.string(), version: z.string() });
let cached: string | undefined;

export function packageVersion(): string {
  if (cached !== undefined) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, "package.json");
    if (existsSync(candidate)) {
      const parsed = PackageSchema.safeParse(JSON.parse(readFileSync(candidate, "utf8")));
      if (parsed.success) return (cached = parsed.data.version);
    }
    dir = dirname(dir);
  }
  return (cached = "unknown");
}
