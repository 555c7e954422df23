// Lighthouse as a phone on a slow network would see the pages: the npm package's Node API with its
// defaults (mobile form factor, simulated throttling), Chromium started by chrome-launcher.
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { CHROME_FLAGS, chromePath } from "./browser.ts";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export type LighthouseResult = {
  name: string;
  path: string;
  /** Scores 0-100, one per category. */
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  /** Audits that scored below 0.9 (what to look at first). */
  weakAudits: string[];
  runs: number;
  runtimeError?: string;
};

/** One Lighthouse run; a run whose trace failed (e.g. NO_NAVSTART on a busy machine) is retried twice. */
async function runOnce(url: string, port: number): Promise<Result> {
  let lhr: Result | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error("Lighthouse returned no result");
    lhr = result.lhr;
    if (!lhr.runtimeError && lhr.categories.performance?.score != null) return lhr;
  }
  if (!lhr) throw new Error("Lighthouse returned no result");
  return lhr;
}

function unmeasured(target: { name: string; path: string }, runs: number, error: string): LighthouseResult {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, null])) as LighthouseResult["scores"];
  return {
    ...target,
    scores,
    lcpMs: null,
    tbtMs: null,
    cls: null,
    fcpMs: null,
    weakAudits: [],
    runs,
    runtimeError: error,
  };
}

/** Runs Lighthouse `runs` times per page and keeps the run with the median performance score. */
export async function measureLighthouse(
  origin: string,
  pages: { name: string; path: string }[],
  runs: number,
): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath() ?? chromium.executablePath(),
    chromeFlags: [...CHROME_FLAGS, "--headless=new"],
    logLevel: "silent",
  });
  const results: LighthouseResult[] = [];
  try {
    for (const target of pages) {
      const all: LighthouseResult[] = [];
      for (let i = 0; i < runs; i++) {
        let lhr: Result;
        try {
          lhr = await runOnce(origin + target.path, chrome.port);
        } catch (err) {
          all.push(unmeasured(target, runs, err instanceof Error ? err.message : String(err)));
          continue;
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? null;
        all.push({
          name: target.name,
          path: target.path,
          scores: Object.fromEntries(
            CATEGORIES.map((c) => {
              const score = lhr.categories[c]?.score;
              return [c, score == null ? null : Math.round(score * 100)];
            }),
          ) as LighthouseResult["scores"],
          lcpMs: audit("largest-contentful-paint"),
          tbtMs: audit("total-blocking-time"),
          cls: audit("cumulative-layout-shift"),
          fcpMs: audit("first-contentful-paint"),
          weakAudits: Object.values(lhr.audits)
            .filter(
              (a) =>
                a.score !== null &&
                a.score < 0.9 &&
                (a.scoreDisplayMode === "binary" ||
                  a.scoreDisplayMode === "numeric" ||
                  a.scoreDisplayMode === "metricSavings"),
            )
            .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`),
          runs,
          runtimeError: lhr.runtimeError?.message,
        });
      }
      all.sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
      const median = all[Math.floor(all.length / 2)];
      if (median) results.push(median);
    }
  } finally {
    chrome.kill();
  }
  return results;
}
