// zino-rtr: the model router of a ZINO instance (docs/zino-protocol.md §5). main.ts runs it; tests wire the same factory.
export { createRtrService, RTR_OPERATIONS, type RtrServiceDeps } from "./rtr-service.js";
export { DEFAULT_CONFIG_TTL_MS } from "./config-source.js";
export { MESSAGE_OVERHEAD_TOKENS, REPLY_PRIMING_TOKENS, estimatePromptTokens, fitToBudget } from "./context-budget.js";
export { MAX_RETRY_DELAY_MS, backoffDelayMs, parseRetryAfter } from "./retry-policy.js";
export { SseEventTooLarge, SseParser, type SsePayload } from "./sse-parser.js";
export { ReasoningFilter, stripReasoning } from "./reasoning-filter.js";
