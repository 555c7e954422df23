import { useEffect } from "react";
import { PRIVATE_PATH } from "#app/lib/private-paths.ts";

// Registering the service worker (public/sw.js, docs/decisions/0032-offline.md), apart from what asks
// it things (worker.ts): every public page loads this, only chapter pages and /saved load the rest.

/** True where chapters can be kept offline: a service worker and the Cache API. */
export function offlineSupported(): boolean {
  return typeof navigator !== "undefined" && "serviceWorker" in navigator && "caches" in window;
}

/**
 * Registers the worker once the page has loaded (public pages only: their layouts call this). The
 * site's name goes with its address: the worker's own offline page shows it.
 */
export function useServiceWorker(siteName: string): void {
  useEffect(() => {
    // The console's previews are shown in the public frame: no worker is registered there.
    if (!offlineSupported() || PRIVATE_PATH.test(location.pathname.toLowerCase())) return;
    const register = () => {
      const script = `/sw.js?${new URLSearchParams({ site: siteName })}`;
      navigator.serviceWorker.register(script, { scope: "/", updateViaCache: "none" }).catch(() => {
        // No worker (private mode, a refused registration): pages work as before, nothing saves.
      });
    };
    if (document.readyState === "complete") register();
    else addEventListener("load", register, { once: true });
    // Offline, a link must load a whole page, which the worker can answer (a saved chapter, or "You
    // are offline"): the router's own navigation would fetch data that is not there.
    const wholePageWhenOffline = (event: MouseEvent) => {
      if (navigator.onLine) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (link instanceof HTMLAnchorElement && link.origin === location.origin) event.stopPropagation();
    };
    addEventListener("click", wholePageWhenOffline, true);
    return () => removeEventListener("click", wholePageWhenOffline, true);
  }, [siteName]);
}
