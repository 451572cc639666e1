// The set-up of a describe block that runs its tests against real ZINO service processes: a fake provider, a
// temporary instance pointing at it, and the services started before the first test and stopped after the last.
import { after, before } from "node:test";
import { startFakeProvider, type FakeProvider } from "../../harness/fake-provider.js";
import {
  startZinoServices,
  stopZinoServices,
  writeTempInstance,
  type TempInstance,
  type TempInstanceOptions,
  type ZinoProcess,
} from "../../harness/zino-processes.js";
import type { ServiceName } from "../../src/zino/config/index.js";

export interface ZinoServicesSuite {
  provider: FakeProvider;
  instance: TempInstance;
  services: ZinoProcess[];
}

export interface ZinoServicesSuiteOptions {
  /** The instance's ZINO.toml beyond `[paths]` and `[llm]` (whose `base_url` is the fake provider). */
  instance?: Omit<TempInstanceOptions, "providerUrl">;
  /** Which services to start; startZinoServices' default when absent. */
  services?: readonly ServiceName[];
  /** How the services still in `services` are stopped after the last test (stopZinoServices' default: SIGTERM). */
  stopSignal?: NodeJS.Signals;
}

/**
 * Registers the before and after hooks of the enclosing describe block. The fields of what it returns are set once the
 * before hook has run, so read them inside hooks and tests only. A test may replace `services` (a service it killed and
 * started again): the after hook stops what the field holds then.
 */
export function zinoServicesSuite(options: ZinoServicesSuiteOptions = {}): ZinoServicesSuite {
  const suite = { services: [] as ZinoProcess[] } as ZinoServicesSuite;
  before(async () => {
    suite.provider = await startFakeProvider();
    suite.instance = writeTempInstance({ ...options.instance, providerUrl: suite.provider.url });
    suite.services = await startZinoServices(suite.instance, options.services);
  });
  after(async () => {
    await stopZinoServices(suite.services, options.stopSignal);
    await suite.provider?.close();
    suite.instance?.cleanup();
  });
  return suite;
}
