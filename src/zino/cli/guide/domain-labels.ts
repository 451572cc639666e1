// Readable names for the guide's output: the objective, dimension names and success-information labels of the
// published configuration (read with the configuration:read key); ids stand in when the read fails.
import { ZelinqaConfigurationClient } from "../../../zelinqa/sdk/index.js";
import type { ProgressLabels } from "./progress-bars.js";

export interface DomainLabels extends ProgressLabels {
  data: Map<string, string>;
}

export async function readDomainLabels(baseUrl: string, readKey: string): Promise<DomainLabels> {
  const labels: DomainLabels = { objective: "Objective", dimensions: new Map(), data: new Map() };
  const client = new ZelinqaConfigurationClient({ apiKey: readKey, baseUrl, maxRetries: 1 });
  try {
    const configuration = await client.getConfiguration({ state: "published" });
    labels.objective = configuration.objective.name;
    for (const d of configuration.dimensions) labels.dimensions.set(d.id, d.name);
    for (const s of configuration.success_informations) labels.data.set(s.id, s.label);
  } catch {
    // Labels are a nicety: the ids are shown instead.
  } finally {
    await client.close();
  }
  return labels;
}
