/**
 * Public pages are readable and usable before any script runs (DESIGN.md §7), so their
 * JavaScript waits until the page has loaded and painted: on a slow phone network the HTML,
 * CSS and pictures then get the bandwidth first, and React takes over afterwards. React
 * Router's `<Scripts>` puts module preloads in the head and a module script at the end of
 * the body; both are taken out of the document and put back by a small loader after `load` and
 * the first paint.
 */

const PRELOAD_LINK = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">([\s\S]*?)<\/script>/;

/** The id of the inert copy of React Router's module script, which the loader runs later. */
export const DEFERRED_SCRIPT_ID = "cw-hydrate";

/**
 * The loader, run in the browser (so it may use nothing from this module). After `load` and the
 * first paint it puts the module preloads back and runs React Router's module script, with the
 * response's nonce if it has one (a stored page's CSP allows that script by its hash instead).
 * Without paint timing (an old browser, a tab in the background) it runs 3 s after `load`.
 */
function loadScriptsAfterPaint(id: string) {
  const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce;
  const run = () => {
    const deferred = document.getElementById(id);
    if (!deferred) return;
    deferred.remove();
    for (const href of (deferred.dataset.preload ?? "").split(" ").filter(Boolean)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    if (nonce) script.nonce = nonce;
    script.textContent = deferred.textContent;
    document.body.append(script);
  };
  const afterPaint = () => {
    if (performance.getEntriesByType("paint").length > 0) {
      setTimeout(run, 0);
      return;
    }
    try {
      const observer = new PerformanceObserver(() => {
        observer.disconnect();
        setTimeout(run, 0);
      });
      observer.observe({ type: "paint" });
    } catch {
      // No paint timing here: the timer below is enough.
    }
    setTimeout(run, 3000);
  };
  if (document.readyState === "complete") afterPaint();
  else addEventListener("load", afterPaint, { once: true });
}

export const HYDRATION_LOADER = `(${loadScriptsAfterPaint.toString()})(${JSON.stringify(DEFERRED_SCRIPT_ID)})`;

/**
 * Rewrites a rendered public page so its scripts load after the page: the preload links go,
 * the module script becomes inert data (with the preload list) and the loader is added.
 * A page without React Router's scripts (or from a version that renders them differently)
 * is returned unchanged: it then hydrates at once, as React Router does by default.
 */
export function deferHydration(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const preloads = [...html.matchAll(PRELOAD_LINK)].map((m) => m[1]);
  const nonceAttribute = script[1] ?? "";
  const inert =
    `<script${nonceAttribute} type="text/x-deferred-module" id="${DEFERRED_SCRIPT_ID}" ` +
    `data-preload="${[...new Set(preloads)].join(" ")}">${script[2]}</script>` +
    `<script${nonceAttribute}>${HYDRATION_LOADER}</script>`;
  return html.replace(PRELOAD_LINK, "").replace(MODULE_SCRIPT, () => inert);
}
