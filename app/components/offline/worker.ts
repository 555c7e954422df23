import { offlineSupported } from "#app/components/offline/register.ts";

// The pages' side of the service worker (public/sw.js, docs/decisions/0032-offline.md): the chapter
// page and /saved ask it to save, remove and list chapters (register.ts registers it). The worker owns
// the device's copies; pages only ask.

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
    // A worker stopped half-way never answers: the page says it failed rather than wait for ever.
    const gaveUp = setTimeout(() => resolve({ ok: false, reason: "failed" }), 60_000);
    channel.port1.onmessage = (event) => {
      clearTimeout(gaveUp);
      resolve(event.data as Answer);
    };
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
