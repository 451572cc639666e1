// `zino ctx crm KEY [id=value ...]`: the known facts of a ctxkey (configured data id → value), stored in ctx as the
// value `crm`. The guide offers them to the agent, which records them with zelinqa_adjust instead of asking; in
// direct mode the guide applies them itself as client updates (known-facts.ts).
// `id=` (nothing after `=`) removes a fact; without assignments the facts are printed.
import type { InstanceConfig } from "../zino/config/index.js";
import { GUIDE_EXIT, GuideError, type GuideIo } from "./guide-host.js";
import { createCtxValues } from "./ctx-values.js";
import { CRM_VALUE, crmFacts } from "./guide-ctxkey.js";

function parseValue(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

export async function crmCommand(options: {
  instance: InstanceConfig;
  io: GuideIo;
  ctxkey: string;
  assignments: string[];
}): Promise<number> {
  const values = createCtxValues(options.instance.sockets.ctx);
  const facts = { ...crmFacts(await values.get(options.ctxkey, CRM_VALUE)) };
  if (options.assignments.length === 0) {
    options.io.stdout.write(`${JSON.stringify(facts, null, 2)}\n`);
    return GUIDE_EXIT.ok;
  }
  for (const assignment of options.assignments) {
    const at = assignment.indexOf("=");
    if (at <= 0) throw new GuideError(`expected id=value, got "${assignment}"`, GUIDE_EXIT.usage);
    const id = assignment.slice(0, at).trim();
    const raw = assignment.slice(at + 1);
    if (raw === "") delete facts[id];
    else facts[id] = parseValue(raw);
  }
  await values.set(options.ctxkey, CRM_VALUE, facts);
  options.io.stderr.write(
    `zino: ${options.ctxkey}: known facts ${Object.keys(facts).join(", ") || "(none)"}; applied at the next \`zino guide --ctx ${options.ctxkey}\`\n`,
  );
  return GUIDE_EXIT.ok;
}
