/**
 * Public pages are readable and usable before any script runs (DESIGN.md §7), so their
 * JavaScript waits until the page has loaded and painted: on a slow phone network the HTML,
 * CSS and pictures then get the bandwidth first, and React takes over afterwards. React
 * Router's `<Scripts>` puts module preloads in the head and a module script at the end of
 * the body; both are taken out of the document and put back by a small loader after `load`.
 */

const PRELOAD_LINK = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">([\s\S]*?)<\/script>/;

/** The id of the inert copy of React Router's module script, which the loader runs later. */
export const DEFERRED_SCRIPT_ID = "cw-hydrate";

/**
 * Runs after `load`, then one frame, so the first paint never waits for it. Copies the
 * response's nonce (or, on a stored page, matches a hash in the CSP) to the module script.
 */
export const HYDRATION_LOADER = `(()=>{const n=document.currentScript.nonce;const run=()=>{const d=document.getElementById("${DEFERRED_SCRIPT_ID}");if(!d)return;for(const href of d.dataset.preload.split(" ")){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}const s=document.createElement("script");s.type="module";if(n)s.nonce=n;s.textContent=d.textContent;d.remove();document.body.append(s)};const later=()=>requestAnimationFrame(()=>setTimeout(run,0));document.readyState==="complete"?later():addEventListener("load",later,{once:true})})()`;

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
