// OpenAI-compatible implementation of the SemanticExtractor port (docs/zelinqa-api.md §10.6): one chat completion, temperature 0,
// JSON object output, bounded by a timeout that always clears its timer.
import { z } from "zod";
import type { SemanticExtractor, SemanticRequest, SemanticValue } from "./semantic-extractor.js";

export interface OpenAiExtractorOptions {
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey?: string;
  readonly timeoutMs?: number;
  /** Injected for tests; defaults to the global fetch. */
  readonly fetch?: typeof fetch;
}

const CompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});
const ReplySchema = z.object({
  values: z.array(z.object({ id: z.string(), value: z.unknown(), certain: z.boolean().default(false) })),
});

const SYSTEM_PROMPT =
  "You extract structured values from a customer's messages. Reply with a JSON object " +
  '{"values":[{"id":string,"value":any,"certain":boolean}]}. Only include targets whose value the text states; ' +
  "each value must satisfy the target's JSON schema. Set certain to true only when the text is explicit.";

export function buildExtractionMessages(request: SemanticRequest): { role: "system" | "user"; content: string }[] {
  const targets = request.targets.map((t) => ({ id: t.id, label: t.label, schema: t.schema, choices: t.choice_labels }));
  return [
    { role: "system", content: SYSTEM_PROMPT },
    { role: "user", content: JSON.stringify({ targets, texts: request.texts }) },
  ];
}

export function createOpenAiExtractor(options: OpenAiExtractorOptions): SemanticExtractor {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? 8000;
  return {
    async extract(request: SemanticRequest, signal?: AbortSignal): Promise<SemanticValue[]> {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error(`model call timed out after ${timeoutMs} ms`)), timeoutMs);
      const onAbort = () => controller.abort(signal?.reason);
      signal?.addEventListener("abort", onAbort, { once: true });
      try {
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
        const response = await doFetch(url, {
          method: "POST",
          headers,
          signal: controller.signal,
          body: JSON.stringify({
            model: options.model,
            temperature: 0,
            response_format: { type: "json_object" },
            messages: buildExtractionMessages(request),
          }),
        });
        if (!response.ok) throw new Error(`model endpoint answered ${response.status}`);
        const completion = CompletionSchema.parse(await response.json());
        const content = (completion.choices[0] as { message: { content: string } }).message.content;
        return ReplySchema.parse(JSON.parse(content) as unknown).values;
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      }
    },
  };
}
