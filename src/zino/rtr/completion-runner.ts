// One completion for one ctxkey across its providers (docs/zino-protocol.md §5 "Reliability"): retries with backoff on the same
// provider for retryable failures, then each fallback in order, then one error naming every attempt. Nothing is
// retried once text or a tool call has reached the caller: the caller would see it twice.
import type { LlmConfig } from "../config/index.js";
import { WireError, type Frame, type Logger } from "../../wire/index.js";
import { AttemptFailure } from "./attempt-failure.js";
import type { ProviderHttp } from "./provider-http.js";
import type { Usage } from "../protocol/index.js";
import { endpointHost, streamChatCompletion, type ProviderTarget } from "./provider-stream.js";
import { redactMessage } from "./provider-targets.js";
import { ReasoningFilter } from "./reasoning-filter.js";
import { abortableSleep as sleep } from "../../shared/abortable-sleep.js";
import { MAX_RETRY_DELAY_MS, backoffDelayMs } from "./retry-policy.js";
import { ToolCallAssembler, type AssembledToolCall } from "./tool-call-assembler.js";

/** Frames written one after the other: each call writes its frame at once; the promise is the back-pressure. */
export interface CompletionSink {
  text(delta: string): Promise<unknown>;
  toolCall(delta: { index: number; id?: string; name?: string; argumentsDelta?: string }): Promise<unknown>;
  status(frame: Frame): Promise<void>;
}

export interface CompletionOptions {
  llm: LlmConfig;
  targets: readonly ProviderTarget[];
  secrets: readonly string[];
  /** Request fields besides model/stream: messages, temperature, tools, stop, ... */
  body: Record<string, unknown>;
  signal: AbortSignal;
  http: ProviderHttp;
  logger: Logger;
  sink: CompletionSink;
  random?: () => number;
  /**
   * Where the llm settings came from, for the advice of a failure: ctx (ZINO.toml's [llm] as ctx holds it, or values
   * set with `zino ctx set`, which rtr cannot tell apart) or rtr's own ZINO.toml defaults (ctx unreachable).
   */
  origin?: SettingsOrigin;
}

export interface SettingsOrigin {
  ctxkey: string;
  source: "ctx" | "defaults";
}

export interface CompletionResult {
  fullText: string;
  finishReason: string;
  usage: Usage | undefined;
  model: string;
  toolCalls: AssembledToolCall[];
  provider: string;
  attempts: number;
}

interface AttemptRecord {
  provider: string;
  model: string;
  error: string;
  kind: AttemptFailure["kind"];
  baseUrl: string;
}

export async function runCompletion(options: CompletionOptions): Promise<CompletionResult> {
  const { llm, targets, signal, logger, sink } = options;
  const attempts: AttemptRecord[] = [];
  for (const [position, target] of targets.entries()) {
    const provider = endpointHost(target.baseUrl);
    if (position > 0) {
      await sink.status({ type: "status", phase: "fallback", provider, model: target.model, reason: attempts.at(-1)?.error ?? "" });
    }
    for (let retry = 0; ; retry += 1) {
      const state = { started: false, sentChars: 0 };
      try {
        const result = await attemptOnce(options, target, state);
        logger.info(
          { provider, model: result.model, attempts: attempts.length + 1, finishReason: result.finishReason, usage: result.usage },
          "completion done",
        );
        return { ...result, attempts: attempts.length + 1 };
      } catch (err) {
        if (!(err instanceof AttemptFailure)) throw err;
        // A provider that asks for a longer wait than any retry makes ("not today": insufficient_quota) is left
        // for the fallbacks at once.
        const asked = err.retryAfterMs ?? 0;
        const tooLong = asked > MAX_RETRY_DELAY_MS;
        const later = tooLong ? ` (Retry-After ${Math.round(asked / 1000)} s: not retried)` : "";
        const detail = redactMessage(err.message, options.secrets) + later;
        attempts.push({ provider, model: target.model, error: detail, kind: err.kind, baseUrl: target.baseUrl });
        logger.warn({ provider, model: target.model, kind: err.kind, status: err.status, detail, retry }, "provider attempt failed");
        if (state.started) throw startedFailure(err, provider, target.model, detail, state.sentChars);
        if (!err.retryable || tooLong || retry >= llm.max_retries) break;
        const delayMs = backoffDelayMs({
          retry,
          baseMs: llm.retry_base_ms,
          retryAfterMs: err.retryAfterMs,
          ...(options.random ? { random: options.random } : {}),
        });
        await sink.status({
          type: "status",
          phase: "retry",
          provider,
          model: target.model,
          attempt: retry + 2,
          delay_ms: delayMs,
          reason: detail,
        });
        await sleep(delayMs, signal);
      }
    }
  }
  throw allFailed(attempts, options.origin);
}

async function attemptOnce(
  options: CompletionOptions,
  target: ProviderTarget,
  state: { started: boolean; sentChars: number },
): Promise<Omit<CompletionResult, "attempts">> {
  const { llm, sink } = options;
  const filter = llm.strip_reasoning ? new ReasoningFilter() : undefined;
  const tools = new ToolCallAssembler();
  let fullText = "";
  let finishReason = "unknown";
  let usage: Usage | undefined;
  let model = target.model;
  // Frames are written as events arrive; the writes of one batch (one network read) are awaited together. The text
  // deltas of one batch arrived at the same moment: they leave as one chunk frame (joined in order, before any tool
  // call that follows them), not one frame each. A fast model's read often carries a dozen deltas, and each frame
  // costs an encode here, a decode and an encode in the daemon and a decode in its client.
  let writing: Promise<unknown> | undefined;
  let pending = "";
  const emit = (visible: string) => {
    if (visible === "") return;
    state.started = true;
    state.sentChars += visible.length;
    fullText += visible;
    writing = sink.text(visible);
  };
  const flushText = () => {
    const text = pending;
    pending = "";
    emit(text);
  };
  const events = streamChatCompletion({
    target,
    body: options.body,
    http: options.http,
    timeoutMs: llm.timeout_ms,
    signal: options.signal,
  });
  const bound = outputBound(llm);
  let streamedChars = 0;
  for await (const batch of events) {
    for (const event of batch) {
      switch (event.kind) {
        case "text":
          streamedChars += event.delta.length;
          pending += filter ? filter.push(event.delta) : event.delta;
          break;
        case "tool_call": {
          // Ids and names count too: a provider opening call after call with megabyte ids or names streams as much.
          streamedChars += (event.argumentsDelta?.length ?? 0) + (event.id?.length ?? 0) + (event.name?.length ?? 0);
          flushText();
          state.started = true;
          tools.add(event);
          const { kind: _kind, ...delta } = event;
          writing = sink.toolCall(delta);
          break;
        }
        case "finish":
          finishReason = event.reason;
          break;
        case "usage":
          usage = event.usage;
          break;
        case "model":
          model = event.model;
          break;
      }
    }
    flushText();
    await writing;
    writing = undefined;
    // Leaving the loop closes the stream, which aborts the upstream request.
    bound.check(streamedChars, target);
  }
  if (filter) emit(filter.flush());
  await writing;
  return { fullText, finishReason, usage, model, toolCalls: tools.result(), provider: endpointHost(target.baseUrl) };
}

/** Bounds one model call by total time and streamed size: a provider ignoring max_tokens must not stream for ever. */
function outputBound(llm: LlmConfig) {
  const startedAt = performance.now();
  const maxChars = llm.max_output_chars ?? llm.max_output_tokens * DEFAULT_CHARS_PER_OUTPUT_TOKEN;
  return {
    check(streamedChars: number, target: ProviderTarget): void {
      const where = `The provider ${endpointHost(target.baseUrl)} (model ${target.model})`;
      if (streamedChars > maxChars) {
        throw new WireError(
          "output_truncated",
          `${where} kept generating past its output limit (${streamedChars} characters streamed, llm.max_output_chars ${maxChars}, ` +
            `llm.max_output_tokens ${llm.max_output_tokens}): the answer was cut. Use a provider or model that honours max_tokens, ` +
            `or raise llm.max_output_tokens / llm.max_output_chars.`,
          { streamed_chars: streamedChars },
        );
      }
      const elapsedMs = Math.round(performance.now() - startedAt);
      if (elapsedMs > llm.max_request_ms) {
        throw new WireError(
          "timeout",
          `${where} was still generating after ${elapsedMs} ms (llm.max_request_ms ${llm.max_request_ms}): the answer was cut. ` +
            `Raise llm.max_request_ms for slow models, or lower llm.max_output_tokens.`,
          { streamed_chars: streamedChars },
        );
      }
    },
  };
}

/** The default size bound: max_output_tokens × this many characters (a token averages about 4). */
const DEFAULT_CHARS_PER_OUTPUT_TOKEN = 16;

function startedFailure(err: AttemptFailure, provider: string, model: string, detail: string, sentChars: number): WireError {
  const code = err.kind === "timeout" ? "timeout" : "provider_error";
  return new WireError(
    code,
    `The provider ${provider} (model ${model}) failed after the answer had started streaming (${sentChars} characters sent): ` +
      `${sentence(detail)} Not retried, so that no text is repeated.`,
    { attempts: [{ provider, model, error: detail }], partial: true },
  );
}

function allFailed(attempts: AttemptRecord[], origin: SettingsOrigin | undefined): WireError {
  const list = attempts.map((a, i) => `${i + 1}) ${a.provider} model ${a.model}: ${a.error}`).join("; ");
  const allTimeouts = attempts.length > 0 && attempts.every((a) => a.kind === "timeout");
  const allTooLong = attempts.length > 0 && attempts.every((a) => a.kind === "context");
  const summary = allTimeouts
    ? attempts.length === 1
      ? "The provider attempt timed out"
      : `All ${attempts.length} provider attempts timed out`
    : attempts.length === 1
      ? "The provider attempt failed"
      : `All ${attempts.length} provider attempts failed`;
  const code = allTimeouts ? "timeout" : allTooLong ? "context_overflow" : "provider_error";
  return new WireError(code, `${summary}: ${sentence(list)}${remedy(attempts, origin)}`, {
    attempts: attempts.map(({ provider, model, error }) => ({ provider, model, error })),
  });
}

/** Text ended with one full stop (a provider's message often brings its own). */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** What to do about the failures (the user reads this at `zino ask`): which setting, where it is set, which README section. */
function remedy(attempts: AttemptRecord[], origin: SettingsOrigin | undefined): string {
  const see = "README: Pointing ZINO at a model";
  const change = (keys: readonly string[]) => whereToSet(keys, origin);
  if (attempts.length > 0 && attempts.every((a) => a.kind === "network")) {
    return ` No model endpoint answers there: start the model server, or point llm.base_url and llm.model at one that runs: ${change(["base_url", "model"])} (${see}).`;
  }
  if (attempts.some((a) => a.kind === "context")) {
    return (
      ` The prompt is longer than the model's context: set llm.context_window to the model's real window (or lower), so ` +
      `that rtr trims older history before sending, or raise the server's context size (llama.cpp --ctx-size, vLLM ` +
      `--max-model-len, Ollama num_ctx) (${see}).`
    );
  }
  if (attempts.some((a) => / redirect to /.test(a.error))) {
    return ` The endpoint moved: point llm.base_url (the /v1 URL) at the redirect's target: ${change(["base_url"])} (${see}).`;
  }
  if (attempts.some((a) => /\b(401|403)\b/.test(a.error))) {
    return ` The endpoint refused the key: set LLM_API_KEY in zino-rtr's environment (then restart zino-rtr), or name another variable with llm.api_key_env: ${change(["api_key_env"])} (${see}).`;
  }
  if (attempts.some((a) => /\b404\b/.test(a.error))) {
    return ` Check llm.model and llm.base_url (the /v1 URL${baseUrlSuggestion(attempts)}): ${change(["model", "base_url"])} (${see}).`;
  }
  return ` Check llm.base_url, llm.model and the key: ${change(["base_url", "model", "api_key_env"])} (${see}).`;
}

/**
 * The two base URLs a 404 most often comes from, with the one meant: the server's root (Ollama's own docs give
 * `http://localhost:11434`) where the OpenAI-compatible API is under `/v1`, and the full `…/chat/completions` URL,
 * to which rtr appends that path again. Other paths (OpenRouter's `/api/v1`) are left to the general advice.
 */
function baseUrlSuggestion(attempts: AttemptRecord[]): string {
  for (const attempt of attempts) {
    if (!/\b404\b/.test(attempt.error)) continue;
    let url: URL;
    try {
      url = new URL(attempt.baseUrl);
    } catch {
      continue;
    }
    const path = url.pathname.replace(/\/+$/, "");
    const shown = `${url.origin}${path}`;
    if (path === "") return `; ${shown} has no path: OpenAI-compatible servers answer under ${url.origin}/v1`;
    if (path.endsWith("/chat/completions"))
      return `; ${shown} already ends with /chat/completions, which rtr appends: use ${url.origin}${path.slice(0, -"/chat/completions".length)}`;
  }
  return "";
}

/**
 * Where the given llm keys are changed, true for where they came from. With ctx's configuration they may be ZINO.toml's
 * [llm] (ctx's `default`) or `zino ctx set` values, and rtr cannot tell which: both ways are named, each with when it
 * applies. With rtr's own defaults (ctx unreachable) only ZINO.toml counts until ctx is back.
 */
const PLACEHOLDERS: Record<string, string> = { base_url: "URL", model: "MODEL", api_key_env: "VARIABLE" };

function whereToSet(keys: readonly string[], origin: SettingsOrigin | undefined): string {
  const toml = `[llm] ${keys.join(", ")} in ZINO.toml`;
  if (origin?.source === "defaults") {
    return `${toml}, which rtr used because zino-ctx was unreachable (restart the services after the edit; once zino-ctx answers, the ctxkey's own settings apply again)`;
  }
  const assignments = keys.map((key) => `llm.${key}=${PLACEHOLDERS[key] ?? "VALUE"}`).join(" ");
  return (
    `\`zino ctx set ${origin?.ctxkey ?? "KEY"} ${assignments}\` (applies within seconds, no restart), or ${toml} ` +
    `for ctxkeys that do not set their own (applies after the services restart)`
  );
}
