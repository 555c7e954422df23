import { isMainThread, parentPort, type ResourceLimits, type Worker, workerData } from "node:worker_threads";
import { startWorker } from "#app/server/platform/worker-limits.server.ts";

// One thread of its own for work a bulk load would otherwise do on its main thread (a restore's
// search documents): the module that does the work runs itself as the worker, answering jobs in the
// order they came. Only a thread with work keeps the process alive, and a thread that fails or stops
// fails every job it holds (the load's transaction then rolls back: all or nothing).

type Reply<R> = { id: number; result?: R; error?: string };

/**
 * In the worker (the module's own file, started with `role` as its data): answers each job with
 * `work`'s result, handing over the buffers it names (`transfer`) rather than copying them.
 */
export function answerJobs<J, R>(
  role: string,
  work: (job: J) => { result: R; transfer?: ArrayBuffer[] },
): void {
  if (isMainThread || workerData !== role) return;
  parentPort?.on("message", ({ id, job }: { id: number; job: J }) => {
    try {
      const { result, transfer } = work(job);
      parentPort?.postMessage({ id, result } satisfies Reply<R>, transfer ?? []);
    } catch (err) {
      parentPort?.postMessage({
        id,
        error: err instanceof Error ? err.message : String(err),
      } satisfies Reply<R>);
    }
  });
}

type Waiting<R> = { resolve: (result: R) => void; reject: (err: Error) => void };

export type WorkerThreadOptions = {
  /** The module's own file (its `import.meta.url`), which calls answerJobs with `role`. */
  url: URL;
  role: string;
  /** What does the work, for a failure's message ("The sanitizer failed: ..."). */
  name: string;
  limits: ResourceLimits;
};

/** The caller's side: a thread started at the first job, its jobs answered in order. */
export class WorkerThread<J, R> {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting<R>>();
  private lastId = 0;

  private readonly options: WorkerThreadOptions;

  constructor(options: WorkerThreadOptions) {
    this.options = options;
  }

  run(job: J): Promise<R> {
    this.worker ??= this.start();
    const id = ++this.lastId;
    const result = new Promise<R>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    this.worker.ref();
    this.worker.postMessage({ id, job });
    return result;
  }

  /** Stops the thread, giving its memory back, unless it still has work. */
  async stop(): Promise<void> {
    if (this.waiting.size > 0) return;
    const running = this.worker;
    this.worker = null;
    await running?.terminate();
  }

  private start(): Worker {
    const { url, role, name, limits } = this.options;
    // Its own young generation too, despite `npm run content`'s --max-semi-space-size (worker-limits).
    const started = startWorker(url, { workerData: role, resourceLimits: limits });
    started.on("message", ({ id, result, error }: Reply<R>) => {
      const job = this.waiting.get(id);
      this.waiting.delete(id);
      if (this.waiting.size === 0) started.unref();
      if (!job) return;
      if (error === undefined) job.resolve(result as R);
      else job.reject(new Error(`${name} failed: ${error}`));
    });
    const failed = (err: Error) => {
      if (this.worker === started) this.worker = null;
      for (const job of this.waiting.values()) job.reject(err);
      this.waiting.clear();
    };
    started.on("error", failed);
    started.on("exit", (code) => failed(new Error(`${name} stopped (exit code ${code}).`)));
    started.unref();
    return started;
  }
}
