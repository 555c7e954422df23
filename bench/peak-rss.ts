// Preloaded into a command the bench measures (`node --import ./bench/peak-rss.ts ...`): on exit it
// writes the process's peak resident memory (KB) to BENCH_PEAK_RSS_FILE, which sampling from
// outside could miss between two samples. The kernel's VmHWM is this program's own peak; getrusage's
// maxRSS is not: exec folds the parent's memory at the fork into it (the bench's own 270 MB).
import fs from "node:fs";

const file = process.env.BENCH_PEAK_RSS_FILE;
function peakKb(): number {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync("/proc/self/status", "utf8"))?.[1];
    if (hwm) return Number(hwm);
  } catch {
    // Not Linux: getrusage is the best there is.
  }
  return process.resourceUsage().maxRSS;
}
if (file) process.on("exit", () => fs.writeFileSync(file, String(peakKb())));
