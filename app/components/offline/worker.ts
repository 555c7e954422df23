import { useEffect } from "react";
import { PRIVATE_PATH } from "#app/lib/private-paths.ts";

// The pages' side of the service worker (public/sw.js, docs/decisions/0032-offline.md): public pages
// register it once they have loaded; the chapter page and /saved ask it to save, remove and list
// chapters. The worker owns the device's copies; pages only ask.

/** A chapter as saved on this device: enough to list it on /saved and on the offline page. */
export type SavedChapter = {
  /** Its page's path, as the browser shows it (in the language it was saved in). */
  path: string;
  id: number;
  title: string;
  grade: number;
  /** The subject's name as the page showed it. */
  subject: string;
  savedAt?: number;
};

/** Why a chapter could not be saved, in words the page gives (app/content/chapter-page-copy.ts). */
export type SaveRefusal = "full" | "quota" | "offline" | "failed" | "unsupported";

type Answer = { ok: true; saved?: boolean | SavedChapter[] } | { ok: false; reason: SaveRefusal };

/** The chapters a device keeps at most (public/sw.js says the same). */
export const MOST_SAVED = 50;

/** True where chapters can be kept offline: a service worker and the Cache API. */
export function offlineSupported(): boolean {
  return typeof navigator !== "undefined" && "serviceWorker" in navigator && "caches" in window;
}

/** Registers the worker once the page has loaded (public pages only: their layouts call this). */
export function useServiceWorker(): void {
  useEffect(() => {
    // The console's previews are shown in the public frame: no worker is registered there.
    if (!offlineSupported() || PRIVATE_PATH.test(location.pathname.toLowerCase())) return;
    const register = () => {
      navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" }).catch(() => {
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
  }, []);
}

/** One question to the worker and its answer; waits for the worker to be ready (a first visit). */
async function ask(type: "save" | "remove" | "status" | "list", record?: SavedChapter): Promise<Answer> {
  if (!offlineSupported()) return { ok: false, reason: "unsupported" };
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
  ]);
  const worker = registration?.active;
  if (!worker) return { ok: false, reason: "unsupported" };
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data as Answer);
    // The path as the browser sends it (percent-encoded), which is how the worker sees requests.
    const asked = record && { ...record, path: new URL(record.path, location.href).pathname };
    worker.postMessage({ type, record: asked }, [channel.port2]);
  });
}

/** Saves a chapter on this device, asking the browser to keep it (storage that is not cleared when space runs short). */
export async function saveChapter(
  record: SavedChapter,
): Promise<{ ok: true } | { ok: false; reason: SaveRefusal }> {
  const answer = await ask("save", record);
  if (answer.ok) await navigator.storage?.persist?.().catch(() => false);
  return answer.ok ? { ok: true } : answer;
}

export async function removeChapter(record: SavedChapter): Promise<boolean> {
  return (await ask("remove", record)).ok;
}

/** Whether this chapter is saved here (one saved under its old address is moved to this one). */
export async function isSaved(record: SavedChapter): Promise<boolean> {
  const answer = await ask("status", record);
  return answer.ok && answer.saved === true;
}

/** The chapters saved on this device, the last saved first; null where nothing can be saved. */
export async function savedChapters(): Promise<SavedChapter[] | null> {
  const answer = await ask("list");
  return answer.ok && Array.isArray(answer.saved) ? answer.saved : null;
}

/** How the browser keeps what is saved: for good (until removed), or until space runs short; and bytes used. */
export async function storageState(): Promise<{ persisted: boolean; usedBytes: number | null }> {
  const persisted = (await navigator.storage?.persisted?.().catch(() => false)) ?? false;
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  return { persisted, usedBytes: estimate?.usage ?? null };
}
