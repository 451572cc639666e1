// The zelinqa-mcp environment (docs/zelinqa-mcp.md §8, §9), parsed once at startup into a typed object passed down.
// A bad timeout or retry count does not stop the server: it is kept as the problem the first client build reports.
import { z } from "zod";
import { McpConfigurationError } from "./configuration-error.js";
import { secretsOf } from "./secrets.js";

/** What the default client factory needs; `problem` is reported, before any API call, when the client is built. */
export interface ClientSettings {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  timeoutMs: number | undefined;
  maxRetries: number | undefined;
  problem: McpConfigurationError | undefined;
}

/** The host-owned session that a business `zelinqa_start` of the bound name resumes (docs/zelinqa-mcp.md §5.4). */
export interface HostSession {
  sessionId: string | undefined;
  conversation: string;
}

export interface McpEnvironment {
  client: ClientSettings;
  hostSession: HostSession;
  /** The keys every result and error text is scrubbed of (docs/zelinqa-mcp.md §8). */
  secrets: readonly string[];
}

const Variable = z.string().optional();
const EnvironmentSchema = z.object({
  ZELINQA_API_KEY: Variable,
  ZELINQA_BASE_URL: Variable,
  ZELINQA_TIMEOUT_SECONDS: Variable,
  ZELINQA_MAX_RETRIES: Variable,
  ZELINQA_SESSION_ID: Variable,
  ZELINQA_CONVERSATION: Variable,
});
type Variables = z.infer<typeof EnvironmentSchema>;

/** Blank values count as unset (docs/zelinqa-mcp.md §9). */
const isBlank = (value: string | undefined): value is undefined => value === undefined || value.trim() === "";

function clientSettings(vars: Variables): ClientSettings {
  const settings: ClientSettings = {
    apiKey: isBlank(vars.ZELINQA_API_KEY) ? undefined : vars.ZELINQA_API_KEY.trim(),
    baseUrl: isBlank(vars.ZELINQA_BASE_URL) ? undefined : vars.ZELINQA_BASE_URL.trim(),
    timeoutMs: undefined,
    maxRetries: undefined,
    problem: undefined,
  };
  const timeout = vars.ZELINQA_TIMEOUT_SECONDS;
  if (!isBlank(timeout)) {
    const seconds = Number(timeout.trim());
    if (Number.isFinite(seconds)) settings.timeoutMs = seconds * 1000;
    else settings.problem = new McpConfigurationError("invalid_request", `ZELINQA_TIMEOUT_SECONDS must be a number, got '${timeout}'`);
  }
  const retries = vars.ZELINQA_MAX_RETRIES;
  if (!isBlank(retries) && settings.problem === undefined) {
    if (/^[+-]?\d+$/.test(retries.trim())) settings.maxRetries = Number(retries.trim());
    else settings.problem = new McpConfigurationError("invalid_request", `ZELINQA_MAX_RETRIES must be an integer, got '${retries}'`);
  }
  return settings;
}

export function parseMcpEnvironment(env: NodeJS.ProcessEnv): McpEnvironment {
  const vars = EnvironmentSchema.parse(env);
  const secrets = secretsOf(env);
  return {
    client: clientSettings(vars),
    hostSession: {
      sessionId: isBlank(vars.ZELINQA_SESSION_ID) ? undefined : vars.ZELINQA_SESSION_ID,
      conversation: isBlank(vars.ZELINQA_CONVERSATION) ? "conversation" : vars.ZELINQA_CONVERSATION,
    },
    secrets,
  };
}
