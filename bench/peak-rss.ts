// Preloaded into a command the bench measures (`node --import ./bench/peak-rss.ts ...`): on exit it
// writes the process's peak resident memory (KB) to BENCH_PEAK_RSS_FILE, which sampling from
// outside could miss between two samples.
import fs from "node:fs";

const file = process.env.BENCH_PEAK_RSS_FILE;
if (file) process.on("exit", () => fs.writeFileSync(file, String(process.resourceUsage().maxRSS)));
