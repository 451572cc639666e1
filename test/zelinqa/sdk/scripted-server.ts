// A real node:http server for SDK tests: records every request and answers from a script of responses.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface ScriptedResponse {
  status: number;
  body?: unknown;
  rawBody?: string;
  headers?: Readonly<Record<string, string>>;
  /** Wait this long before answering (to exercise timeouts). */
  delayMs?: number;
}

export type Responder = (request: RecordedRequest, index: number) => ScriptedResponse;

export interface ScriptedServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startScriptedServer(script: Responder | ScriptedResponse[]): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const responder: Responder = Array.isArray(script) ? (_req, i) => script[Math.min(i, script.length - 1)] ?? { status: 500 } : script;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const recorded = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      requests.push(recorded);
      const answer = responder(recorded, requests.length - 1);
      const send = () => {
        if (res.destroyed) return;
        const text = answer.rawBody ?? (answer.body === undefined ? "" : JSON.stringify(answer.body));
        res.writeHead(answer.status, {
          "content-type": answer.rawBody === undefined ? "application/json" : "text/plain",
          "x-request-id": "req_header",
          ...answer.headers,
        });
        res.end(text);
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
