/**
 * Public pages are readable and usable before any script runs (README, Speed), so their
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
  // React hoists the preload links into the head and the module script is in the body: each
  // pattern is looked for in its own part only (a page is some 60 KB; its head a tenth of that).
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0 || html.includes('rel="modulepreload"', headEnd)) return deferHydrationIn(html);
  const head = html.slice(0, headEnd);
  const body = html.slice(headEnd);
  const script = MODULE_SCRIPT.exec(body);
  if (!script) return html;
  const preloads = [...head.matchAll(PRELOAD_LINK)].map((m) => m[1]);
  return head.replace(PRELOAD_LINK, "") + body.replace(MODULE_SCRIPT, () => inertScripts(script, preloads));
}

/** The module script's inert copy (with the preload list), and the loader. */
function inertScripts(script: RegExpExecArray, preloads: (string | undefined)[]): string {
  const nonceAttribute = script[1] ?? "";
  return (
    `<script${nonceAttribute} type="text/x-deferred-module" id="${DEFERRED_SCRIPT_ID}" ` +
    `data-preload="${[...new Set(preloads)].join(" ")}">${script[2]}</script>` +
    `<script${nonceAttribute}>${HYDRATION_LOADER}</script>`
  );
}

/** The same over the whole document, for a page shaped otherwise. */
function deferHydrationIn(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const preloads = [...html.matchAll(PRELOAD_LINK)].map((m) => m[1]);
  const inert = inertScripts(script, preloads);
  return html.replace(PRELOAD_LINK, "").replace(MODULE_SCRIPT, () => inert);
}

/**
 * `deferHydration` on the rendered bytes, with the same result: only the head (a few KB) and React
 * Router's module script are decoded and rewritten; the body between them is copied as it is, so
 * a page is never encoded to UTF-8 again as a whole (some 0.2 ms for 60 KB with any non-Latin text).
 */
export function deferHydrationBytes(bytes: Buffer): Buffer {
  const whole = () => {
    const html = bytes.toString("utf8");
    const deferred = deferHydration(html);
    return deferred === html ? bytes : Buffer.from(deferred, "utf8");
  };
  const headEnd = bytes.indexOf("</head>");
  // The module script is near the end: looked for from there.
  const marker = bytes.lastIndexOf(' type="module" async="">');
  if (headEnd < 0 || marker < headEnd) return whole();
  const start = bytes.lastIndexOf("<script", marker);
  const end = bytes.indexOf("</script>", marker);
  if (start < headEnd || end < 0) return whole();
  // Preloads React did not hoist would sit just before it, where <Scripts> renders them.
  if (bytes.subarray(Math.max(headEnd, start - 16_384), start).includes('rel="modulepreload"'))
    return whole();
  const piece = bytes.toString("utf8", start, end + "</script>".length);
  const script = MODULE_SCRIPT.exec(piece);
  if (script?.index !== 0 || script[0].length !== piece.length) return whole();
  const head = bytes.toString("utf8", 0, headEnd);
  const preloads = [...head.matchAll(PRELOAD_LINK)].map((m) => m[1]);
  return Buffer.concat([
    Buffer.from(head.replace(PRELOAD_LINK, ""), "utf8"),
    bytes.subarray(headEnd, start),
    Buffer.from(inertScripts(script, preloads), "utf8"),
    bytes.subarray(end + "</script>".length),
  ]);
}
