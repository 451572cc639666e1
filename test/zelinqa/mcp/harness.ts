// Test harness: a recording fake RuntimeClientLike answering Appendix A payloads, and an MCP client linked to a
// server built with it over the in-memory transport.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { buildServer, type BuildServerOptions } from "../../../src/zelinqa/mcp/index.js";
import type {
  FeedbackRequest,
  FeedbackResponse,
  NextRequest,
  NextResponse,
  RuntimeClientLike,
  SessionCreateRequest,
  SessionEventsRequest,
  SessionState,
} from "../../../src/zelinqa/sdk/index.js";
import { decisionNormale, feedbackEnregistre, pendingState, sessionNeuve } from "../sdk/reference-payloads.js";

export interface Recorded {
  method: string;
  args: unknown[];
}

type Answer<A extends unknown[], R> = (...args: A) => R | Promise<R>;

export interface FakeScript {
  createSession?: Answer<[SessionCreateRequest | undefined], SessionState>;
  next?: Answer<[string, NextRequest], NextResponse>;
  applyEvents?: Answer<[string, SessionEventsRequest], SessionState>;
  getSession?: Answer<[string], SessionState>;
  submitFeedback?: Answer<[string, FeedbackRequest], FeedbackResponse>;
}

export class FakeRuntimeClient implements RuntimeClientLike {
  readonly calls: Recorded[] = [];
  closed = 0;
  script: FakeScript;

  constructor(script: FakeScript = {}) {
    this.script = script;
  }

  count(method: string): number {
    return this.calls.filter((c) => c.method === method).length;
  }

  callsOf(method: string): unknown[][] {
    return this.calls.filter((c) => c.method === method).map((c) => c.args);
  }

  /** Only the API methods, in order (close excluded). */
  get methods(): string[] {
    return this.calls.map((c) => c.method);
  }

  async createSession(body?: SessionCreateRequest): Promise<SessionState> {
    this.calls.push({ method: "createSession", args: [body] });
    return this.script.createSession ? this.script.createSession(body) : sessionNeuve();
  }

  async next(sessionId: string, body: NextRequest): Promise<NextResponse> {
    this.calls.push({ method: "next", args: [sessionId, body] });
    return this.script.next ? this.script.next(sessionId, body) : decisionNormale();
  }

  async applyEvents(sessionId: string, body: SessionEventsRequest): Promise<SessionState> {
    this.calls.push({ method: "applyEvents", args: [sessionId, body] });
    if (this.script.applyEvents) return this.script.applyEvents(sessionId, body);
    const state = pendingState();
    return { ...state, versions: { ...state.versions, state_version: body.state_version + 1 } };
  }

  async getSession(sessionId: string): Promise<SessionState> {
    this.calls.push({ method: "getSession", args: [sessionId] });
    return this.script.getSession ? this.script.getSession(sessionId) : pendingState();
  }

  async submitFeedback(sessionId: string, body: FeedbackRequest): Promise<FeedbackResponse> {
    this.calls.push({ method: "submitFeedback", args: [sessionId, body] });
    return this.script.submitFeedback ? this.script.submitFeedback(sessionId, body) : feedbackEnregistre();
  }

  async close(): Promise<void> {
    this.closed += 1;
  }
}

export interface ToolCall {
  isError: boolean;
  text: string;
  structured: Record<string, unknown> | undefined;
  raw: CallToolResult;
}

export interface Harness {
  client: Client;
  fake: FakeRuntimeClient;
  builds: () => number;
  call(name: string, args?: Record<string, unknown>): Promise<ToolCall>;
  close(): Promise<void>;
}

export async function connect(
  options: Omit<BuildServerOptions, "clientFactory"> & {
    fake?: FakeRuntimeClient;
    clientFactory?: BuildServerOptions["clientFactory"];
  } = {},
): Promise<Harness> {
  const fake = options.fake ?? new FakeRuntimeClient();
  let builds = 0;
  const server = buildServer({
    ...options,
    clientFactory:
      options.clientFactory ??
      (() => {
        builds += 1;
        return fake;
      }),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "test-host", version: "0.0.0" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return {
    client,
    fake,
    builds: () => builds,
    async call(name, args = {}) {
      const raw = (await client.callTool({ name, arguments: args })) as CallToolResult;
      const first = raw.content[0];
      return {
        isError: raw.isError === true,
        text: first && first.type === "text" ? first.text : "",
        structured: raw.structuredContent,
        raw,
      };
    },
    async close() {
      await client.close();
      await server.close();
    },
  };
}

/** A promise with its resolver, to hold a fake call in flight. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The JSON Schema a tools/list entry carries for a contracts output schema (the SDK emits draft-07). */
export function listedOutputSchema(schema: z.ZodType): unknown {
  return z.toJSONSchema(schema, { target: "draft-7", io: "output" });
}
