// ChapterWise's service worker (docs/decisions/0032-offline.md): chapters a student saves open
// without a connection, and any other page offline says so. It stores nothing by itself: only the
// chapter pages a student saves ("Save for offline") and the hashed files those pages use. Every
// other request goes to the network as it would without it; the console, sign-in and one-time
// password links are passed on as the network answers them, never kept. Plain JavaScript, served as
// it is, no inline code.

const PAGES = "cw-pages-v1"; // saved chapter pages, by path
const ASSETS = "cw-assets-v1"; // the content-addressed files (/assets/…) the saved pages use
const SAVED = "cw-saved-v1"; // one record per saved chapter (title, class, subject…), by path
/** Chapters kept at most: some 60 KB of page each, with 150 KB of files shared by all. */
const MOST_SAVED = 50;
/** The only addresses ever saved: chapter pages, in either language. */
const CHAPTER = /^\/(hi\/)?class\/(9|10|11|12)\/chapter\/[^/]+$/;
const PRIVATE = /^\/(admin|login|logout|set-password)(\/|\.|$)/;
/** The site's name, as the pages registered the worker (`/sw.js?site=…`): the offline page shows it. */
const SITE_NAME = new URL(self.location.href).searchParams.get("site") || "";

const WORDS = {
  en: {
    offline: "You are offline",
    offlineText: "This page is not saved on this phone. These chapters are, and open without a connection:",
    saved: "Saved for offline",
    savedText: "These chapters are saved on this phone and open without a connection:",
    none: "No chapters are saved on this phone yet. When you are online, open a chapter and press “Save for offline”.",
    again: "Try again",
    classSubject: (grade, subject) => `Class ${grade} · ${subject}`,
  },
  hi: {
    offline: "आप ऑफ़लाइन हैं",
    offlineText: "यह पेज इस फ़ोन पर सेव नहीं है। ये अध्याय सेव हैं और बिना इंटरनेट के खुलते हैं:",
    saved: "ऑफ़लाइन के लिए सेव",
    savedText: "ये अध्याय इस फ़ोन पर सेव हैं और बिना इंटरनेट के खुलते हैं:",
    none: "इस फ़ोन पर अभी कोई अध्याय सेव नहीं है। इंटरनेट मिलने पर कोई अध्याय खोलें और “ऑफ़लाइन के लिए सेव करें” दबाएँ।",
    again: "फिर से कोशिश करें",
    classSubject: (grade, subject) => `कक्षा ${grade} · ${subject}`,
  },
};

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) =>
  event.waitUntil(
    (async () => {
      // Pages then come from the network as fast as without a worker.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  ),
);

/** A path as the site reads it (decoded, lower case), or null when it cannot be read: then left alone. */
function readPath(pathname) {
  try {
    return decodeURIComponent(pathname).toLowerCase();
  } catch {
    return null;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = readPath(url.pathname);
  const kept = path !== null && !PRIVATE.test(path.replace(/\/+/g, "/"));
  if (request.mode === "navigate") event.respondWith(kept ? page(event, url.pathname) : passThrough(event));
  else if (kept && url.pathname.startsWith("/assets/")) event.respondWith(asset(request));
});

/**
 * The console, sign-in and password links: the network's answer as it is, nothing kept. Answered
 * here only because navigation preload has already asked for it: left to the browser, it would be
 * asked for a second time.
 */
async function passThrough(event) {
  return (await event.preloadResponse) || fetch(event.request);
}

/** A page: from the network; a saved chapter is kept fresh; offline, the saved copy or "You are offline". */
async function page(event, path) {
  try {
    const response = (await event.preloadResponse) || (await fetch(event.request));
    if (CHAPTER.test(path) && keepable(response))
      event.waitUntil(refresh(path, response.clone()).catch(() => {}));
    return response;
  } catch {
    const saved = await (await caches.open(PAGES)).match(path);
    return saved || listPage(path);
  }
}

/** A hashed file: the saved copy if there is one (it never changes), else the network. */
async function asset(request) {
  return (await (await caches.open(ASSETS)).match(request)) || fetch(request);
}

/** True for a page that may be kept: ours, whole, HTML, and not marked private. */
function keepable(response) {
  const control = response.headers.get("Cache-Control") || "";
  return (
    response.status === 200 &&
    response.type === "basic" &&
    !/private|no-store/.test(control) &&
    (response.headers.get("Content-Type") || "").startsWith("text/html")
  );
}

/** Opened online, a saved chapter's copy is replaced by the page just fetched. */
async function refresh(path, response) {
  const record = await recordOf(path);
  if (record) await keep(record, response);
}

async function recordOf(path) {
  const found = await (await caches.open(SAVED)).match(path);
  return found ? found.json() : null;
}

async function records() {
  const cache = await caches.open(SAVED);
  const all = await Promise.all(
    (await cache.keys()).map(async (key) => (await cache.match(key))?.json().catch(() => null)),
  );
  // A record removed between listing and reading (another tab's worker) is simply not there.
  return all.filter(Boolean).sort((a, b) => b.savedAt - a.savedAt);
}

/** Keeps a chapter's page, the files it uses, then its record (so a listed chapter always opens). */
async function keep(record, response) {
  const html = await response.clone().text();
  const assets = [...new Set(html.match(/\/assets\/[\w.-]+\.(js|css|woff2?|svg|png|webp)/g) || [])];
  const files = await caches.open(ASSETS);
  await Promise.all(assets.map(async (file) => (await files.match(file)) || files.add(file)));
  await (await caches.open(PAGES)).put(record.path, response);
  const saved = { ...record, assets, savedAt: record.savedAt || Date.now() };
  await (await caches.open(SAVED)).put(
    record.path,
    new Response(JSON.stringify(saved), { headers: { "Content-Type": "application/json" } }),
  );
}

/** Drops a saved chapter, then every file no saved chapter uses any more. */
async function drop(path) {
  await (await caches.open(SAVED)).delete(path);
  await (await caches.open(PAGES)).delete(path);
  const used = new Set((await records()).flatMap((r) => r.assets));
  const files = await caches.open(ASSETS);
  for (const key of await files.keys()) {
    if (!used.has(new URL(key.url).pathname)) await files.delete(key);
  }
}

async function save(record) {
  const all = await records();
  if (all.filter((r) => r.path !== record.path && r.id !== record.id).length >= MOST_SAVED) {
    return { ok: false, reason: "full" };
  }
  let response;
  try {
    response = await fetch(record.path, { credentials: "omit", cache: "no-cache" });
  } catch {
    return { ok: false, reason: "offline" };
  }
  if (!keepable(response) || new URL(response.url).pathname !== record.path) {
    return { ok: false, reason: "failed" };
  }
  try {
    await keep({ ...record, savedAt: Date.now() }, response);
  } catch (error) {
    await drop(record.path);
    return { ok: false, reason: error && error.name === "QuotaExceededError" ? "quota" : "failed" };
  }
  // Saved before under another address (the chapter was renamed or moved): that copy goes.
  for (const old of all) if (old.id === record.id && old.path !== record.path) await drop(old.path);
  return { ok: true };
}

/** Whether this chapter is saved here; one saved under an old address is saved again under this one. */
async function status(record) {
  const all = await records();
  if (all.some((r) => r.path === record.path)) return { ok: true, saved: true };
  const moved = all.find((r) => r.id === record.id);
  if (!moved) return { ok: true, saved: false };
  const again = await save(record);
  return { ok: true, saved: again.ok };
}

const ASKED = {
  save,
  status,
  remove: async (record) => {
    await drop(record.path);
    return { ok: true };
  },
  list: async () => ({ ok: true, saved: (await records()).map(({ assets, ...r }) => r) }),
};

// The pages ask through a MessageChannel (app/components/offline/worker.ts) and get one answer each.
self.addEventListener("message", (event) => {
  const port = event.ports[0];
  const { type, record } = event.data || {};
  const asked = ASKED[type];
  if (!port || !asked) return;
  if (type !== "list" && !(record && typeof record.path === "string" && CHAPTER.test(record.path))) {
    port.postMessage({ ok: false, reason: "failed" });
    return;
  }
  event.waitUntil(inTurn(() => asked(record)).then((answer) => port.postMessage(answer)));
});

// One question at a time: a removal that sweeps unused files while a save is adding them, or two
// removals reading the list while each deletes from it, would otherwise undo each other's work.
let turn = Promise.resolve();
function inTurn(work) {
  const answer = turn.then(work).catch(() => ({ ok: false, reason: "failed" }));
  turn = answer;
  return answer;
}

function htmlText(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Offline: `/saved` lists the saved chapters; any other page says "You are offline" and lists them too. */
async function listPage(path) {
  const lang = /^\/hi(\/|$)/i.test(path) ? "hi" : "en";
  const words = WORDS[lang];
  const isList = /^(\/hi)?\/saved\/?$/i.test(path);
  const all = await records();
  const items = all
    .map(
      (r) =>
        `<li><a href="${htmlText(r.path)}">${htmlText(r.title)}</a><br><small>${htmlText(words.classSubject(r.grade, r.subject))}</small></li>`,
    )
    .join("");
  const heading = isList ? words.saved : words.offline;
  const text = all.length === 0 ? words.none : isList ? words.savedText : words.offlineText;
  const html = `<!doctype html><html lang="${lang === "hi" ? "hi" : "en-IN"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${htmlText(heading)}</title><style>body{font:1rem/1.5 system-ui,sans-serif;max-width:40rem;margin:0 auto;padding:1.5rem 1rem;color:#111827}header{font-weight:800;font-size:1.25rem;color:#1c44ad;border-bottom:1px solid #e5e7eb;padding-bottom:.75rem}h1{font-size:1.5rem;color:#1c44ad}li{margin:.75rem 0}a{color:#1c44ad;font-weight:600;display:inline-block;min-height:1.5rem}small{color:#4b5563}</style></head><body>${SITE_NAME ? `<header>${htmlText(SITE_NAME)}</header>` : ""}<main><h1>${htmlText(heading)}</h1><p>${htmlText(text)}</p>${items ? `<ul>${items}</ul>` : ""}${isList ? "" : `<p><a href="${htmlText(path)}">${htmlText(words.again)}</a></p>`}</main></body></html>`;
  return new Response(html, {
    status: isList ? 200 : 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
    },
  });
}
