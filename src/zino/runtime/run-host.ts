// zino-host: several ZINO services, the four by default, in one process (issue 14). Each Node process maps 41–45 MiB
// of the node binary and its libraries before any heap of its own (a bare `node` is at 42 MiB of RSS), so four service
// processes cannot sum under 200 MiB of RSS; one process maps them once. Each service keeps its own socket, wire
// contract and peers, exactly as when it runs alone: clients, Python peers and `zino status` see no difference, and a
// service left out with --services can run elsewhere (its own process, or the Python one).
//
// ctx and rtr each run in a worker thread (their own V8 heap and event loop), the daemon and exc on the main thread. ctx's
// SQLite calls are synchronous and would hold up the streams; rtr's streams from the provider are the other half of a
// turn's work, and with their own thread the three threads use both cores. The daemon calls exc in process
// (wire/in-process.ts, `answerInProcess`); ctx and rtr it reaches through their sockets. memprobe (3 s warm-up, then 8 s
// of 32 clients; RSS of all processes of the services after that load), same sitting, n=2–3:
//   four processes:                       RSS 303–319 MiB, 1186–1360 turns/s, CPU 1.00–1.16 ms a turn
//   one process, one thread:              RSS 112–116 MiB,  909–971 turns/s (one core), CPU 1.14–1.25 ms
//   one process, ctx in a worker thread:  RSS 145 MiB,     1093–1104 turns/s, CPU 1.10–1.15 ms
//   one process, a worker per service:    RSS 204–219 MiB (four V8 heaps again)
//   one process, ctx and rtr each in a worker: RSS 170–173 MiB, 1100–1493 turns/s (against 1168–1216 for four)
// Until 2026-12-03 only ctx had a thread (the smallest layout), with rtr called in process. Measured again then with
// `BENCH_ONLY=zino-one-process` (3 rounds of 5 s at 32 clients, the host against four processes in the same rounds, two
// runs of each build alternated): turns/s 0.90×, 0.79× four processes' with ctx alone in a thread; 1.06×, 1.06× with rtr
// in one too. RSS after the load 131–140 → 164–167 MiB, 176–178 with exc's warm sandbox: under the 200 MiB line, and
// what brings the host to the four processes' throughput (2× Python's in the side-by-side, where ctx's thread alone
// gave 1.67–1.98×). The threads load their modules at once, in parallel, before the services start in order.
// `BENCH_ONLY=zino-one-process npm run bench` measures the host against four processes in the same rounds.
//
// What one process gives up: a crash of one service ends all of them (a supervisor restarts the host as a whole), and
// they share the process's user, limits and V8 flags (only the flags every hosted service takes). exc's sandboxes
// still get only the environment exc builds for them (sandbox.ts), never the host's.
import { parentPort, workerData } from "node:worker_threads";
import type { Worker } from "node:worker_threads";
import { startModuleThread } from "../../shared/module-thread.js";
import { START_ORDER, loadInstanceConfig, type InstanceConfig, type ServiceName } from "../config/index.js";
import { answerInProcess, type Logger } from "../../wire/index.js";
import {
  configFlag,
  exitOnStartFailure,
  flagValue,
  loadServiceInstance,
  logCompat,
  serviceLogger,
  stopOnSignals,
  type Service,
  type ServiceDeps,
} from "./run-service.js";
import { createQuietMoments, type QuietMoments } from "./quiet-moments.js";
import { serviceFlags } from "./service-flags.js";
import { applyServiceRuntimeFlags } from "./service-node-flags.js";

/**
 * The services that run in a thread of their own when the host runs more than one: ctx (its SQLite calls are
 * synchronous) and rtr (the streams from the provider), each beside the main thread's daemon and exc. See the header.
 */
const OWN_THREAD: readonly ServiceName[] = ["ctx", "rtr"];

/** Loaded on demand: a service's worker thread loads only its own modules. */
const FACTORIES: Record<ServiceName, () => Promise<(deps: ServiceDeps) => Service>> = {
  ctx: async () => (await import("../ctx/index.js")).createCtxService,
  rtr: async () => (await import("../rtr/index.js")).createRtrService,
  exc: async () => (await import("../exc/index.js")).createExcService,
  daemon: async () => (await import("../daemon/index.js")).createDaemonService,
};

/** The services `--services a,b` names (the four without it), in START_ORDER; a string says what is wrong with the list. */
export function hostedServices(argv: readonly string[]): ServiceName[] | string {
  const given = flagValue(argv, "--services");
  if (given === undefined && !argv.includes("--services")) return [...START_ORDER];
  const list = given ?? "";
  const names = list.split(",").map((name) => name.trim());
  const unknown = names.filter((name) => !(START_ORDER as readonly string[]).includes(name));
  if (list.trim() === "" || unknown.length > 0)
    return `--services takes a comma-separated list of ${START_ORDER.join(", ")}; got ${JSON.stringify(list)}`;
  return START_ORDER.filter((name) => names.includes(name));
}

/**
 * ZINO_HOST_QUIET_WAIT_MS: how long, at most, a warm sandbox of exc waits for the daemon's turns to end before it is
 * made anyway (quiet-moments.ts; default DEFAULT_QUIET_MAX_WAIT_MS); a string says what is wrong with the value.
 */
export function quietWaitMs(env: NodeJS.ProcessEnv): number | undefined | string {
  const value = env.ZINO_HOST_QUIET_WAIT_MS;
  if (value === undefined || value.trim() === "") return undefined;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0 || ms > 600_000)
    return `ZINO_HOST_QUIET_WAIT_MS must be a whole number of milliseconds from 0 to 600000, not ${JSON.stringify(value)}`;
  return ms;
}

/** The body of zino-host's main.ts; `entryUrl` is that file's URL (a bundle or main.js), which ctx's worker runs too. */
export async function runHost(entryUrl: string, argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const early = serviceFlags("host", argv);
  if (early !== undefined) {
    process.stdout.write(early);
    return;
  }
  const services = hostedServices(argv);
  if (typeof services === "string") {
    process.stderr.write(`zino-host: ${services}\n`);
    process.exit(2);
  }
  const quietWait = quietWaitMs(process.env);
  if (typeof quietWait === "string") {
    process.stderr.write(`zino-host: ${quietWait}\n`);
    process.exit(2);
  }
  applyServiceRuntimeFlags(services);
  answerInProcess();
  const instance = loadServiceInstance("zino-host", argv);
  const logger = serviceLogger("zino-host", instance);
  logCompat(instance, "zino-host");
  const closers: Array<() => Promise<void>> = [];
  stopOnSignals(logger, async () => {
    for (const close of closers.reverse()) await close();
  });
  // The threads are opened first, all at once: each loads its service's modules (most of a start) in parallel with the
  // others. The services then start one after another, in START_ORDER: ctx first, which the others load their
  // configuration from. Starting them one at a time also keeps the brief umask change of a listen on the main thread
  // (wire/frame-server.ts) away from the folders and files another service makes while it starts.
  const threads = new Map<ServiceName, HostedThread>();
  if (services.length > 1)
    for (const name of services) if (OWN_THREAD.includes(name)) threads.set(name, openThread(name, entryUrl, argv, logger));
  // The main thread's daemon and exc share it: exc, which starts its warm sandboxes itself in the host (a fork of the
  // host's process, a few ms during which the thread stands still), makes them when no turn of the daemon runs.
  const mainThreadQuiet = createQuietMoments(quietWait === undefined ? {} : { maxWaitMs: quietWait });
  for (const name of services) {
    try {
      const thread = threads.get(name);
      closers.push(thread ? await startInThread(name, thread, logger) : await startHere(name, instance, mainThreadQuiet));
    } catch (err) {
      exitOnStartFailure(`zino-${name}`, logger, err);
    }
  }
  logger.info({ services }, "host ready");
}

/**
 * Service `name` as the host runs it, on whichever thread calls this: its own logger, the host's environment for it,
 * and the quiet moments of that thread when it shares it with another service.
 */
async function createHosted(name: ServiceName, instance: InstanceConfig, quiet?: QuietMoments): Promise<Service> {
  const create = await FACTORIES[name]();
  return create({
    instance,
    logger: serviceLogger(`zino-${name}`, instance),
    // exc decides on its launcher here as in zino-exc (execution-runner.ts launcherByDefault): none with the native
    // spawn addon, which does not fork the host. Without the addon every sandbox would fork the host's whole process,
    // so exc keeps its launcher: a second Node process, but most of its ~44 MiB of RSS are the node binary's pages,
    // which it shares with the host: counted once (bench/proc-stats.ts residentUnionMiB), the host with its children
    // took 152 MiB without it and 160 with it after 32-client load (zino-one-process, 3 rounds each). Forking the
    // host, a sandboxed tool turn took 21–27 ms against 13–19 through the launcher on the 2-core test VM (zino-python;
    // figures in the notes of issue 14).
    env: process.env,
    ...(quiet ? { quiet } : {}),
  });
}

async function startHere(name: ServiceName, instance: InstanceConfig, quiet: QuietMoments): Promise<() => Promise<void>> {
  const service = await createHosted(name, instance, quiet);
  await service.start();
  return () => service.close();
}

interface HostedWorkerData {
  zinoHostedService: ServiceName;
  argv: readonly string[];
}

/** What a service's thread tells the host: started, or why not; closed, or why not. */
type WorkerReport = { kind: "started" } | { kind: "closed" } | { kind: "failed"; message: string; code?: string };

/** The data of a worker thread that runs one hosted service, or undefined on the main thread and in other workers. */
export function hostedWorkerData(): HostedWorkerData | undefined {
  const data = workerData as Partial<HostedWorkerData> | null;
  return parentPort !== null && typeof data?.zinoHostedService === "string" ? (data as HostedWorkerData) : undefined;
}

/** A service's thread, opened ahead of its start: its reports in order, none lost while the host is busy elsewhere. */
interface HostedThread {
  worker: Worker;
  /** The next report (a thread that ends reports a failure). */
  next(): Promise<WorkerReport>;
  /** Between its start and the host's close: the thread ending on its own then ends the host. */
  running: boolean;
}

/** Opens `name`'s thread running `entryUrl`: it loads the service's modules and creates it, then waits for "start". */
function openThread(name: ServiceName, entryUrl: string, argv: readonly string[], logger: Logger): HostedThread {
  const worker = startModuleThread(entryUrl, { workerData: { zinoHostedService: name, argv } satisfies HostedWorkerData });
  const queue: WorkerReport[] = [];
  let wake: ((report: WorkerReport) => void) | undefined;
  const push = (report: WorkerReport) => {
    const waiting = wake;
    wake = undefined;
    if (waiting) waiting(report);
    else queue.push(report);
  };
  const thread: HostedThread = {
    worker,
    running: false,
    next: () => (queue.length > 0 ? Promise.resolve(queue.shift()!) : new Promise((resolve) => (wake = resolve))),
  };
  worker.on("message", push);
  worker.on("error", (err) => logger.fatal({ err, service: name }, "uncaught error in the service's thread"));
  worker.once("exit", (code) => {
    // Its socket would be dead while the others run.
    if (thread.running) {
      logger.fatal({ service: name, code }, "the service's thread ended; stopping the host");
      process.exit(1);
    }
    push({ kind: "failed", message: `zino-${name}'s thread ended (code ${code})` });
  });
  return thread;
}

/** Starts the service of an opened thread; resolves, once it has started, to what stops it. */
async function startInThread(name: ServiceName, thread: HostedThread, logger: Logger): Promise<() => Promise<void>> {
  thread.worker.postMessage("start");
  const started = await thread.next();
  if (started.kind !== "started") {
    const message = started.kind === "failed" ? started.message : `zino-${name}'s thread answered ${started.kind} to start`;
    throw Object.assign(new Error(message), started.kind === "failed" && started.code ? { code: started.code } : {});
  }
  thread.running = true;
  logger.debug({ service: name }, "started in its own thread");
  return async () => {
    thread.running = false;
    thread.worker.postMessage("close");
    const outcome = await thread.next();
    await thread.worker.terminate();
    if (outcome.kind === "failed") throw new Error(outcome.message);
  };
}

/** The body of a hosted service's worker thread: start, report, close when asked. */
export async function runHostedWorker({ zinoHostedService: name, argv }: HostedWorkerData): Promise<void> {
  const port = parentPort!;
  const failed = (err: unknown): WorkerReport => ({
    kind: "failed",
    message: err instanceof Error ? err.message : String(err),
    ...(err instanceof Error && "code" in err && typeof err.code === "string" ? { code: err.code } : {}),
  });
  // Loaded and created now, started when the host says so (its turn in START_ORDER).
  const starting = new Promise<unknown>((resolve) => port.once("message", resolve));
  let service: Service;
  try {
    service = await createHosted(name, loadInstanceConfig({ path: configFlag(argv) }));
    await starting;
    await service.start();
  } catch (err) {
    port.postMessage(failed(err));
    return;
  }
  port.once("message", () => {
    service.close().then(
      () => port.postMessage({ kind: "closed" } satisfies WorkerReport),
      (err: unknown) => port.postMessage(failed(err)),
    );
  });
  port.postMessage({ kind: "started" } satisfies WorkerReport);
}
