# The model side of the original Python ZINO in bench/zino-python.ts: a zino-rtr speaking its protocol (ping,
# capabilities, infer with or without streaming) without HTTP and without the openai package, so that the Python
# daemon, ctx and exc can run unchanged. Every reply is 20 chunks of 4 characters, as the benchmark's fake provider
# sends to our rtr; a user message holding MARKER (the tool turn) gets an inline <tool_call> for execute_bash instead,
# and the continuation after it the 20 chunks only when the tool printed "hi".
# Run: python3 fake_rtr.py --config ZINO.toml (reads [rtr] socket), with PYZINO the Python ZINO checkout.
import asyncio
import json
import struct
import sys
import tomllib
from pathlib import Path

MARKER = "[bench: tool turn]"
CALL = '<tool_call>{"name": "execute_bash", "arguments": {"code": "echo hi"}}</tool_call>'
HEADER = struct.Struct("!I")


async def send(writer, payload):
    data = json.dumps(payload).encode("utf-8")
    writer.write(HEADER.pack(len(data)) + data)
    await writer.drain()


async def receive(reader):
    (length,) = HEADER.unpack(await reader.readexactly(HEADER.size))
    return json.loads((await reader.readexactly(length)).decode("utf-8"))


def reply_chunks(messages):
    last = messages[-1] if messages else {}
    content = str(last.get("content", ""))
    if last.get("role") == "user" and MARKER in content:
        return [CALL[i:i + 20] for i in range(0, len(CALL), 20)]
    # The continuation after the tool ran ends with the daemon's <tool_response> block: "hi" when echo hi ran, else
    # what went wrong, which the benchmark refuses (as the TypeScript fake provider does for ours).
    if last.get("role") == "assistant" and "<tool_response>" in content:
        response = content.rsplit("<tool_response>", 1)[1].split("</tool_response>", 1)[0]
        if response.strip() != "hi":
            return ["tool failed: " + response.strip()]
    return ["abcd"] * 20


async def handle(reader, writer):
    try:
        msg = await receive(reader)
        kind = msg.get("type")
        if kind == "ping":
            await send(writer, {"type": "pong"})
        elif kind == "capabilities":
            await send(writer, {"streaming": True, "model": "fake"})
        elif kind == "infer":
            chunks = reply_chunks(msg.get("messages", []))
            if msg.get("stream"):
                for chunk in chunks:
                    await send(writer, {"type": "chunk", "delta": chunk})
                await send(writer, {"type": "done", "full_text": "".join(chunks)})
            else:
                await send(writer, {"type": "response", "content": "".join(chunks)})
        else:
            await send(writer, {"type": "error", "message": f"Unknown message type: {kind}"})
    except (asyncio.IncompleteReadError, ConnectionError):
        pass
    finally:
        writer.close()


async def main(config_path):
    with open(config_path, "rb") as f:
        path = tomllib.load(f)["rtr"]["socket"]
    Path(path).unlink(missing_ok=True)
    server = await asyncio.start_unix_server(handle, path=path)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[sys.argv.index("--config") + 1]))
