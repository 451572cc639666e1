// Whether the ctxkey's model endpoint can be reached: any HTTP answer of `<base_url>/models` counts (even 401 or
// 404: something listens); a refused connection or a timeout does not.
import { z } from "zod";
import { requestOne } from "../wire/index.js";
import { withoutUserinfo } from "../shared/url-credentials.js";

const ConfigFrame = z.looseObject({ type: z.literal("config"), config: z.looseObject({ llm: z.looseObject({ base_url: z.string() }) }) });

export async function modelBaseUrl(ctxSocket: string, ctxkey: string): Promise<string | undefined> {
  try {
    const parsed = ConfigFrame.safeParse(
      await requestOne(ctxSocket, { type: "get_config", ctxkey, message: null }, { idleTimeoutMs: 5000 }),
    );
    return parsed.success ? parsed.data.config.llm.base_url : undefined;
  } catch {
    return undefined;
  }
}

export async function endpointReachable(baseUrl: string, timeoutMs = 2000): Promise<boolean> {
  try {
    // fetch refuses a URL with a `user:password@` part; rtr leaves it out of its requests too.
    const response = await fetch(`${withoutUserinfo(baseUrl).replace(/\/+$/, "")}/models`, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}
