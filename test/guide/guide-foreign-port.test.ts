// `zino guide` when another program holds the remembered port of the local Zelinqa API (real processes, a real
// foreign HTTP server): the guide proves an API is ours before it sends any credential, and otherwise starts its
// API on another port and says so.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import { after, before, it } from "node:test";
import { cleanupGuide, guideInstance } from "../support/zino-guide.js";
import { runZinoCli, type TempInstance } from "../../harness/zino-processes.js";

let instance: TempInstance;
let foreign: Server | undefined;

before(() => {
  instance = guideInstance("http://127.0.0.1:9/v1");
});

after(async () => {
  await new Promise<void>((resolve) => (foreign ? foreign.close(() => resolve()) : resolve()));
  await cleanupGuide(instance);
});

const guide = () => runZinoCli(["guide", "--direct"], { instance, input: "", env: { ZELINQA_LOG_LEVEL: "warn" }, timeoutMs: 180_000 });

void it("GUIDE-API-1 a server answering 404 on the remembered port never receives the API key; the guide starts its API on another port and says so", async () => {
  const first = await guide();
  assert.equal(first.code, 0, first.stderr);
  const port = Number(/the Zelinqa API answers at http:\/\/127\.0\.0\.1:(\d+)/.exec(first.stderr)?.[1]);
  assert.ok(port > 0, first.stderr);
  const down = await runZinoCli(["down"], { instance, timeoutMs: 30_000 });
  assert.equal(down.code, 0, down.stderr);

  const requests: { url: string; authorization: string | undefined }[] = [];
  foreign = createServer((request, response) => {
    requests.push({ url: request.url ?? "", authorization: request.headers.authorization });
    response.writeHead(404, { "content-type": "text/html" }).end("<h1>Not Found</h1>");
  });
  await new Promise<void>((resolve) => foreign?.listen(port, "127.0.0.1", resolve));

  const started = Date.now();
  const second = await guide();
  assert.equal(second.code, 0, second.stderr);
  assert.ok(Date.now() - started < 60_000, "no long wait for an API that cannot listen");
  assert.match(second.stderr, new RegExp(`answers, but not as this instance's Zelinqa API \\(another program uses port ${port}\\)`));
  const moved = Number(/the Zelinqa API answers at http:\/\/127\.0\.0\.1:(\d+)/.exec(second.stderr)?.[1]);
  assert.ok(moved > 0 && moved !== port, second.stderr);
  assert.doesNotMatch(second.stderr, /unexpected failure|\n\s+at /);
  assert.match(second.stdout, /Quel meuble cherchez-vous \?/);
  assert.ok(requests.length > 0, "the guide probed the port");
  assert.deepEqual(
    requests.filter((r) => r.authorization !== undefined),
    [],
    "no credential was sent to the foreign server",
  );
});
