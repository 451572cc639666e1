// A real Zelinqa app on a fresh test database, with one API key per scope profile of docs/zelinqa-api.md §15, and a small
// `inject` helper. Used by the API tests on SQLite and PostgreSQL.
import { Writable } from "node:stream";
import pino from "pino";
import type { Logger } from "pino";
import { createZelinqaApp } from "../../src/zelinqa/api/app.js";
import type { ZelinqaApp, ZelinqaAppOptions } from "../../src/zelinqa/api/app.js";
import { createIdGenerator, generateApiKey } from "../../src/zelinqa/operations/index.js";
import type { Scope, ZelinqaStore } from "../../src/zelinqa/store/index.js";
import { createTestDatabase } from "./zelinqa-databases.js";
import type { BackendName, TestDatabase } from "./zelinqa-databases.js";

export const KEY_PROFILES = {
  runtime: ["runtime"],
  read: ["configuration:read"],
  write: ["configuration:write"],
  publish: ["configuration:publish"],
  manage: ["configuration:read", "configuration:write", "configuration:publish"],
  all: ["runtime", "configuration:read", "configuration:write", "configuration:publish"],
  revoked: ["runtime", "configuration:read", "configuration:write", "configuration:publish"],
  admin: ["runtime", "configuration:read", "configuration:write", "configuration:publish", "admin"],
} as const satisfies Record<string, Scope[]>;
export type KeyProfile = keyof typeof KEY_PROFILES;

/** Collects the JSON log lines the app writes, so tests can assert what is (and is not) logged. */
export function captureLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(
        ...chunk
          .toString("utf8")
          .split("\n")
          .filter((l) => l.length > 0),
      );
      callback();
    },
  });
  return { logger: pino({ level: "info" }, stream), lines };
}

export interface InjectOptions {
  /** A key profile name, or a raw token. */
  key?: string | null;
  body?: unknown;
  rawBody?: string;
  idempotencyKey?: string;
  headers?: Record<string, string>;
}

export interface InjectResult {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  json: Record<string, unknown>;
}

export interface TestApp {
  app: ZelinqaApp;
  store: ZelinqaStore;
  database: TestDatabase;
  domainId: string;
  keys: Record<KeyProfile, string>;
  keyIds: Record<KeyProfile, string>;
  logLines: string[];
  request(method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH" | "HEAD", url: string, options?: InjectOptions): Promise<InjectResult>;
  close(): Promise<void>;
}

let idemCounter = 0;
export function newIdempotencyKey(): string {
  idemCounter += 1;
  return `test-key-${process.pid}-${Date.now()}-${idemCounter}`;
}

/**
 * The compilation job as GET /v1/configuration/compilations/:id shows it once it has ended (succeeded or failed). The
 * app's worker drains until then (bounded by the job's lease): a loaded machine makes the wait longer, never a failure.
 */
export async function endedCompilation(t: TestApp, compilationId: string, key = "read"): Promise<InjectResult> {
  await t.app.worker.untilEnded(t.domainId, compilationId);
  return t.request("GET", `/v1/configuration/compilations/${compilationId}`, { key });
}

export async function startTestApp(input: {
  backend: BackendName;
  database?: TestDatabase;
  options?: Partial<Omit<ZelinqaAppOptions, "store" | "logger">>;
}): Promise<TestApp> {
  const database = input.database ?? (await createTestDatabase(input.backend));
  const store = database.open();
  await store.migrate();
  const ids = createIdGenerator();
  const now = new Date().toISOString();
  const org = await store.ensureOrganization("default", now);
  const domains = await store.listDomains();
  const domain = domains[0] ?? (await store.createDomain({ id: ids.newId("dom"), name: "Recette", organizationId: org, now }));
  const keys = {} as Record<KeyProfile, string>;
  const keyIds = {} as Record<KeyProfile, string>;
  for (const [profile, scopes] of Object.entries(KEY_PROFILES) as Array<[KeyProfile, Scope[]]>) {
    const generated = generateApiKey({ ids, domainId: domain.id, scopes, label: profile, expiresAt: null, now });
    await store.insertApiKey(generated.record);
    keys[profile] = generated.apiKey;
    keyIds[profile] = generated.record.id;
  }
  await store.revokeApiKey(keyIds.revoked, now);
  const { logger, lines } = captureLogger();
  const app = await createZelinqaApp({
    store,
    clock: { now: () => new Date() },
    ids,
    logger,
    locale: "en",
    maxBodyBytes: 10_485_760,
    ...input.options,
  });
  return {
    app,
    store,
    database,
    domainId: domain.id,
    keys,
    keyIds,
    logLines: lines,
    async request(method, url, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.key !== null && options.key !== undefined) {
        const token = options.key in keys ? keys[options.key as KeyProfile] : options.key;
        headers.authorization = `Bearer ${token}`;
      }
      if (options.idempotencyKey !== undefined) headers["idempotency-key"] = options.idempotencyKey;
      let payload: string | undefined = options.rawBody;
      if (payload === undefined && options.body !== undefined) payload = JSON.stringify(options.body);
      if (payload !== undefined && headers["content-type"] === undefined) headers["content-type"] = "application/json";
      const response = await app.fastify.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
      let json: Record<string, unknown> = {};
      try {
        const parsed: unknown = JSON.parse(response.body);
        if (typeof parsed === "object" && parsed !== null) json = parsed as Record<string, unknown>;
      } catch {
        json = {};
      }
      return { status: response.statusCode, headers: response.headers, text: response.body, json };
    },
    async close() {
      await app.close();
      await store.close();
      if (!input.database) await database.drop();
    },
  };
}
