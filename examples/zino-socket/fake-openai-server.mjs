// A stand-in for an OpenAI-compatible model endpoint, to try ZINO without a model: POST /v1/chat/completions
// answers "You said: <last user message>", streamed as server-sent events when the request asks `stream: true`.
//
//   node examples/zino-socket/fake-openai-server.mjs 18081      # then, in ZINO.toml:
//   [llm]
//   base_url = "http://127.0.0.1:18081/v1"
//   model = "fake"
import { createServer } from "node:http";

const port = Number(process.argv[2] ?? 18081);
const chunk = (model, delta, finish = null) =>
  `data: ${JSON.stringify({ id: "fake", object: "chat.completion.chunk", model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

const server = createServer((req, res) => {
  let body = "";
  req.on("data", (part) => (body += part));
  req.on("end", () => {
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"message":"not found"}}');
      return;
    }
    const request = JSON.parse(body);
    const users = request.messages.filter((m) => m.role === "user");
    const text = `You said: ${String(users.at(-1)?.content ?? "")}`;
    if (!request.stream) {
      const message = { role: "assistant", content: text };
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: "fake",
          object: "chat.completion",
          model: request.model,
          choices: [{ index: 0, message, finish_reason: "stop" }],
        }),
      );
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream" });
    for (const word of text.split(/(?<= )/)) res.write(chunk(request.model, { content: word }));
    res.write(chunk(request.model, {}, "stop"));
    res.end("data: [DONE]\n\n");
  });
});
server.listen(port, "127.0.0.1", () => console.error(`fake OpenAI-compatible endpoint on http://127.0.0.1:${port}/v1`));
