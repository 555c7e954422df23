// Throughput and latency under load (autocannon), the static ceiling to compare them with, and the
// server's memory while it is under that load.
import { execFileSync, fork } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { assertPortFree, ownChild, stopChild } from "./server.ts";

/**
 * What the load asks for, as every browser does. The store answers it with a page's brotli copy; a
 * client that asks for nothing gets the gzip copy unpacked (docs/decisions/0016), a path one in
 * twenty visits takes, not the one to measure.
 */
export const BROWSER_ENCODINGS = "gzip, deflate, br";

export type LoadSettings = { connections: number; durationS: number; warmupS: number };

export type LoadResult = {
  url: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bodyBytes: number;
  durationS: number;
  /** CPU time (user + system) the serving process spent per completed request: unlike req/s, barely moved by other work on the machine. */
  cpuMsPerRequest: number | null;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Requests still queued in the server when a run ends must not spill into the next run: waits
 * until the server uses under 10% of a core (at most 15 s).
 */
async function settle(pid: number | undefined): Promise<void> {
  if (!pid) return sleep(1000);
  const deadline = Date.now() + 15_000;
  let before = cpuMs(pid);
  while (Date.now() < deadline) {
    await sleep(300);
    const now = cpuMs(pid);
    if (now === null || before === null || now - before < 30) return;
    before = now;
  }
}

/** Below this many completed requests, CPU per request is mostly the unfinished ones: not reported. */
const MIN_REQUESTS_FOR_CPU = 50;

/** A short warm-up run (discarded), then the measured run. */
export async function measureLoad(
  url: string,
  settings: LoadSettings,
  serverPid?: number,
  { fresh = false, acceptEncoding }: { fresh?: boolean; acceptEncoding?: string } = {},
): Promise<LoadResult> {
  // `fresh` (a chapter page): every request is rendered, database lookups included, instead of
  // answered from the page store. Parameters a page does not read are left out of its store key
  // (app/server/platform/page-key.server.ts), so `?fresh=N` would be stored; a chapter page with `report=`
  // never is (it carries one visitor's "Report broken link" answer), and a value that is no report's
  // outcome shows the page as it is.
  let n = 0;
  const { pathname } = new URL(url);
  const requests = fresh
    ? [
        {
          setupRequest: (request: { path?: string }) => ({
            ...request,
            path: `${pathname}?report=fresh-${++n}`,
          }),
        },
      ]
    : undefined;
  const { status, body } = await rawAnswer(url, acceptEncoding);
  if (status !== 200) throw new Error(`${url} answered ${status}, not 200`);
  // autocannon sends no Accept-Encoding unless told.
  const headers = acceptEncoding ? { "accept-encoding": acceptEncoding } : undefined;
  if (settings.warmupS > 0) {
    await autocannon({
      url,
      connections: settings.connections,
      duration: settings.warmupS,
      requests,
      headers,
    });
    await settle(serverPid);
  }
  const cpuBefore = serverPid ? cpuMs(serverPid) : null;
  const result = await autocannon({
    url,
    connections: settings.connections,
    duration: settings.durationS,
    requests,
    headers,
  });
  const cpuAfter = serverPid ? cpuMs(serverPid) : null;
  await settle(serverPid);
  return {
    url,
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bodyBytes: body.byteLength,
    durationS: settings.durationS,
    cpuMsPerRequest:
      cpuBefore !== null && cpuAfter !== null && result.requests.total >= MIN_REQUESTS_FOR_CPU
        ? (cpuAfter - cpuBefore) / result.requests.total
        : null,
  };
}

/** A page's answer as it travels (its body still compressed, if it is): status, bytes, Content-Encoding. */
export function rawAnswer(
  url: string,
  acceptEncoding?: string,
): Promise<{ status: number; body: Buffer; contentEncoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { "accept-encoding": acceptEncoding } : {};
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks),
            contentEncoding: res.headers["content-encoding"],
          }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

export type StaticCeiling = { origin: string; pid: number; stop(): Promise<void> };

/**
 * Serves each given body at its path from a minimal node:http server in a child process.
 * The bodies are the pages' own HTML, so the ceiling moves exactly as many bytes as the page.
 */
export async function startStaticCeiling(
  bodies: Record<string, { body: Buffer; contentEncoding?: string | undefined }>,
  port: number,
  dir: string,
): Promise<StaticCeiling> {
  await assertPortFree(port);
  const map: Record<string, { file: string; contentEncoding?: string | undefined }> = {};
  for (const [route, { body, contentEncoding }] of Object.entries(bodies)) {
    const file = path.join(dir, `static-${Object.keys(map).length}.html`);
    fs.writeFileSync(file, body);
    map[route] = { file, contentEncoding };
  }
  const mapFile = path.join(dir, "static-map.json");
  fs.writeFileSync(mapFile, JSON.stringify(map));
  const child = ownChild(
    fork(path.join(import.meta.dirname, "static-server.ts"), [String(port), mapFile], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    }),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error("the static ceiling server did not start in 10 s")),
      10_000,
    );
    child.once("message", () => {
      clearTimeout(timer);
      resolve();
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the static ceiling server exited with code ${code}`));
    });
  });
  child.removeAllListeners("exit");
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid ?? -1, stop: () => stopChild(child) };
}

/** User + system CPU time of a process so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
export function cpuMs(pid: number, file = `/proc/${pid}/stat`): number | null {
  try {
    const fields = fs.readFileSync(file, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * The same for the process's main thread alone (/proc/<pid>/task/<pid>/stat): the rest of a
 * process's CPU is V8's helper threads (garbage collection, compiling) and libuv's pool.
 */
export function mainThreadCpuMs(pid: number): number | null {
  return cpuMs(pid, `/proc/${pid}/task/${pid}/stat`);
}

/** Measurements wait until less than this share of all CPUs is busy with other work. */
export const IDLE_BELOW = 0.2;

function cpuTicks(): { busy: number; total: number } {
  const fields = (fs.readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "")
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/**
 * Milliseconds of CPU time every CPU of the machine has spent busy since it started (/proc/stat,
 * in ticks of 10 ms): the difference of two readings is the work done meanwhile, by anyone.
 */
export function machineBusyMs(): number {
  return cpuTicks().busy * 10;
}

/**
 * How fast one core of this machine is: the milliseconds a fixed loop of 2×10^8 additions takes in
 * a fresh Node process, the median of three. Machines of the same name differ (two of our 2-core
 * VMs: some 1,100 and 1,700 ms, and every CPU-bound figure moved with it), so results from two machines
 * are compared through this.
 */
export function coreSpeedMs(): number {
  const loop =
    "const t = performance.now(); let s = 0; for (let i = 0; i < 2e8; i++) s += i; console.log(s > 0 ? performance.now() - t : 0)";
  const runs = [0, 1, 2].map(() =>
    Number(execFileSync(process.execPath, ["-e", loop], { encoding: "utf8" })),
  );
  return Math.round(runs.toSorted((a, b) => a - b)[1] ?? 0);
}

/** The share (0-1) of all CPUs busy over the next `ms` milliseconds (/proc/stat). */
export async function machineBusy(ms = 2000): Promise<number> {
  const before = cpuTicks();
  await sleep(ms);
  const after = cpuTicks();
  return after.total > before.total ? (after.busy - before.busy) / (after.total - before.total) : 0;
}

/** This process and every process it started (servers, browsers), from /proc's parent links. */
function ourProcesses(): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]?.split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  const ours = [process.pid];
  for (let i = 0; i < ours.length; i++) ours.push(...(children.get(ours[i] ?? -1) ?? []));
  return ours;
}

/** CPU ticks (user + system) of each of our processes, keyed by pid and start time (pids are reused). */
function ourTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const pid of ourProcesses()) {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      ticks.set(`${pid}@${f[19]}`, Number(f[11]) + Number(f[12]));
    } catch {
      // ended meanwhile
    }
  }
  return ticks;
}

/**
 * Measures how much of the machine's CPU went to work that is not the bench's own while a
 * measurement ran: a share above a few percent means the figures were disturbed. Our processes
 * are sampled every 200 ms, so a browser's helpers still count after it is killed (killing a
 * browser orphans them, and their time would never reach our children's totals).
 */
export function otherWorkMeter() {
  const machineBefore = cpuTicks();
  const before = ourTicks();
  const last = new Map(before);
  const sample = () => {
    for (const [key, ticks] of ourTicks()) last.set(key, ticks);
  };
  const timer = setInterval(sample, 200);
  return {
    stop(): number {
      clearInterval(timer);
      sample();
      const machineAfter = cpuTicks();
      let ours = 0;
      for (const [key, ticks] of last) ours += ticks - (before.get(key) ?? 0);
      const total = machineAfter.total - machineBefore.total;
      const busy = machineAfter.busy - machineBefore.busy;
      return total > 0 ? Math.max(0, (busy - ours) / total) : 0;
    },
  };
}

/** kB from a /proc/<pid>/status line such as "VmRSS:   123456 kB"; null when the process is gone. */
export function procStatusKb(pid: number, field: "VmRSS" | "VmHWM"): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Samples a process's resident memory every 100 ms until stopped; keeps the maximum. */
export function sampleMemory(pid: number) {
  let maxKb = 0;
  let samples = 0;
  const tick = () => {
    const kb = procStatusKb(pid, "VmRSS");
    if (kb !== null) {
      maxKb = Math.max(maxKb, kb);
      samples++;
    }
  };
  tick();
  const timer = setInterval(tick, 100);
  return {
    stop() {
      clearInterval(timer);
      tick();
      return { maxRssKb: maxKb, samples };
    },
  };
}
