// Per-turn loop limits (docs/zino-protocol.md §3): model calls, a tool-call budget, and detection of identical repeated calls.
// Deciding is separate from the loop so each rule is testable on its own.

export type LimitReason = "max_iterations" | "max_tool_calls" | "repeated_call";

export interface LoopLimits {
  maxIterations: number;
  maxToolCalls: number;
  /** The same call (name + canonical arguments) this many times in a row, nothing else run between, stops the loop. */
  maxIdenticalCalls: number;
}

export const DEFAULT_MAX_IDENTICAL_CALLS = 3;

export const LIMIT_MESSAGES: Record<LimitReason, string> = {
  max_iterations: "the model-call limit of this turn (agent.max_iterations) was reached",
  max_tool_calls: "the tool-call budget of this turn (agent.max_tool_calls) was used up",
  repeated_call: "the model repeated an identical tool call several times in a row",
};

/** JSON with object keys sorted at every level, so `{a,b}` and `{b,a}` are the same call. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([key, inner]) => [key, sortKeys(inner)]));
  }
  return value;
}

/** Tracks the tool calls of one turn and says whether the next one may run. */
export class CallBudget {
  private used = 0;
  private previous: string | undefined;
  /** How many times in a row `previous` was asked for. */
  private run = 0;

  constructor(private readonly limits: LoopLimits) {}

  get toolCallsUsed(): number {
    return this.used;
  }

  get exhausted(): boolean {
    return this.used >= this.limits.maxToolCalls;
  }

  /** Tool calls this turn may still run. */
  get remaining(): number {
    return Math.max(0, this.limits.maxToolCalls - this.used);
  }

  /**
   * Records the call and returns why it must not run, if it must not. Only repeats in a row count: a test run, an
   * edit, the same test run again is progress (something ran in between), the same call over and over is not.
   */
  admit(name: string, args: Record<string, unknown>): LimitReason | undefined {
    if (this.exhausted) return "max_tool_calls";
    const key = `${name}\u0000${canonicalJson(args)}`;
    this.run = key === this.previous ? this.run + 1 : 1;
    this.previous = key;
    if (this.run >= this.limits.maxIdenticalCalls) return "repeated_call";
    this.used += 1;
    return undefined;
  }
}
