// Which Zelinqa domain a guide's domain file lives in: one domain per file, so that `--domain my.json` never merges
// into the sample. The sample keeps the host ctxkey's original value names (`runtime_key`, `read_key`,
// `domain_digest`), so an instance provisioned before domains were per file keeps its keys and conversations; any
// other file's values carry a suffix derived from its real path.
import { createHash } from "node:crypto";
import { realpathSync } from "node:fs";
import { basename, resolve } from "node:path";

export interface DomainSlot {
  /** True for the package's sample domain (the original, unsuffixed value names). */
  sample: boolean;
  /** The name of the Zelinqa domain created for the file. */
  domainName: string;
  /**
   * The value name for `base` in this slot: the host ctxkey's `runtime_key`, `read_key`, `domain_digest`, `domain_id`,
   * and a conversation ctxkey's `zelinqa_session_id` (one conversation per domain file and ctxkey).
   */
  valueName(base: string): string;
}

function realPath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return resolve(file);
  }
}

export function domainSlot(domainFile: string, sampleFile: string): DomainSlot {
  const path = realPath(domainFile);
  if (path === realPath(sampleFile)) return { sample: true, domainName: "sample", valueName: (base) => base };
  const suffix = createHash("sha256").update(path).digest("hex").slice(0, 16);
  return { sample: false, domainName: basename(path).replace(/\.(json|ya?ml)$/i, ""), valueName: (base) => `${base}@${suffix}` };
}
