import { promisify } from "node:util";
import zlib from "node:zlib";
import pLimit from "p-limit";
import { linkChangesBetween, onContentChange } from "#app/server/content-changes.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { toNumber } from "#app/server/db.server.ts";
import { contentSecurityPolicy, inlineScriptHashes, withoutNonce } from "#app/server/platform/csp.server.ts";
import {
  bytesOf,
  clientHasIt,
  etagOf,
  notModifiedHeaders,
  PUBLIC_PAGE_CACHE,
  varyOn,
} from "#app/server/platform/http-cache.server.ts";
import { storedWhenAskedOften } from "#app/server/platform/page-key.server.ts";
import { addPhaseTime } from "#app/server/platform/render-timing.server.ts";

type Encoding = "br" | "gzip";

/**
 * A rendered public page as every visitor gets it: the same bytes, headers and ETag for all
 * (its CSP allows its inline scripts by hash instead of a per-response nonce), so a visit
 * costs a lookup. Both compressed copies are made when the page is stored; once they are, the
 * page itself is let go and the rare client that takes no compression gets the gzip copy
 * unpacked: a page is held in about a quarter of its bytes, so the store holds four times as
 * many pages in the same memory.
 */
export type StoredPage = {
  status: number;
  headers: Record<string, string>;
  /** The page as rendered, until both compressed copies are made. */
  body: Buffer | null;
  /** Its length, for Content-Length on HEAD. */
  length: number;
  etag: string;
  storedAt: number;
  compressed: Map<Encoding, Promise<Buffer>>;
  /** Bytes of the compressed copies made so far (the store's size in metrics). */
  compressedBytes: number;
  /** Settles once both copies are made and the page itself let go. */
  copied?: Promise<void>;
  /** What the page's loader does on every visit, done again when the store answers (e.g. counting a search). */
  onVisit?: () => void;
  /** The link addresses whose health decides how it looks (shown-links.server.ts): it goes when one changes. */
  shownLinks?: ReadonlySet<string>;
  /** Told of each compressed copy made, so the store can keep to its byte bound. */
  onCompressed?: (bytes: number) => void;
};

/** What to send for a request: status, headers, and the body (none for 304 and HEAD). */
export type PageAnswer = { status: number; headers: Record<string, string>; body: Buffer | null };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);
/**
 * zlib hands its result back as a slice of its 64 KB output buffer: a 9 KB copy kept as it is
 * would hold all 64 KB for as long as the page is stored. Kept copies get a buffer of their own size.
 */
function ownSize(made: Buffer): Buffer {
  const own = Buffer.allocUnsafeSlow(made.length);
  made.copy(own);
  return own;
}

/**
 * Two copies are made at a time; more wait their turn. An encoder's memory (1.5 MB for brotli)
 * is only freed when the main thread takes its result, so under load every page stored at once
 * held its encoders until a busy event loop came round: some 20 MB of the server's peak in the
 * bench (docs/decisions/0016). A page waiting for its copies keeps its HTML (60 KB) meanwhile.
 */
const inTurn = pLimit(2);

const COMPRESS: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  // Made once per page and content change, off the main thread: worth a high quality. A 64 KB
  // window (lgwin 16) makes brotli pick its small-memory match finder: some 1.5 MB per copy in
  // the making instead of 25-30 MB (four at once in libuv's pool held the server's resident memory
  // 100 MB higher), four times faster, and within 1% of the size for our pages (docs/decisions/0016).
  br: (body) =>
    inTurn(() =>
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
          [zlib.constants.BROTLI_PARAM_LGWIN]: 16,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    ).then(ownSize),
  gzip: (body) => inTurn(() => gzip(body, { level: 9 })).then(ownSize),
};

/** Brotli, else gzip, else none, as the request's Accept-Encoding allows. */
export function preferredEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim());
    const q = params.find((p) => p.startsWith("q="));
    if (!q || Number(q.slice(2)) > 0) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}

/**
 * The answer to a GET or HEAD for a stored page: 304 when the client holds this version,
 * otherwise the page in the best encoding the client accepts.
 */
export async function answerFromStore(
  page: StoredPage,
  request: { method: string; ifNoneMatch?: string | null; acceptEncoding?: string | null },
): Promise<PageAnswer> {
  if (clientHasIt(request.ifNoneMatch, page.etag)) {
    const headers = Object.fromEntries(notModifiedHeaders(new Headers(page.headers)));
    return { status: 304, headers, body: null };
  }
  const encoding = preferredEncoding(request.acceptEncoding);
  const headers: Record<string, string> = { ...page.headers };
  if (encoding) headers["content-encoding"] = encoding;
  if (request.method === "HEAD") {
    headers["content-length"] = String(
      encoding ? (await compressedCopy(page, encoding)).length : page.length,
    );
    return { status: page.status, headers, body: null };
  }
  const body = encoding ? await compressedCopy(page, encoding) : await uncompressed(page);
  headers["content-length"] = String(body.length);
  return { status: page.status, headers, body };
}

/** A page's copy in an encoding, made the first time it is asked for (stored pages have both made at once). */
function compressedCopy(page: StoredPage, encoding: Encoding): Promise<Buffer> {
  let copy = page.compressed.get(encoding);
  if (!copy) {
    // Only a page stored without its copies (tests) still has its body here.
    copy = COMPRESS[encoding](page.body ?? Buffer.alloc(0));
    page.compressed.set(encoding, copy);
    copy.then(
      (made) => {
        page.compressedBytes += made.length;
        page.onCompressed?.(made.length);
      },
      () => {},
    );
  }
  return copy;
}

/** The page as rendered: held until its copies are made, then unpacked from the gzip copy. */
async function uncompressed(page: StoredPage): Promise<Buffer> {
  return page.body ?? gunzip(await compressedCopy(page, "gzip"));
}

type PageCacheOptions = {
  /** Pages kept at most (the least recently used goes first). */
  maxEntries: number;
  /**
   * Bytes kept at most, each page's HTML and its compressed copies counted (the least recently
   * used goes first): the store's share of the server's memory, whatever the pages weigh.
   */
  maxBytes: number;
  /** How often the content version in the database is compared. */
  syncMs: number;
  /** How long a page is kept at most. */
  maxAgeMs: number;
  /** Keep a page from its first request (tests), rather than its second. */
  keepFirstRequest: boolean;
  /**
   * Pages with endless addresses (`/search?q=`, page-key.server.ts) are kept only once asked this
   * often within `maxAgeMs`, at most `maxAskedOftenEntries` of them, apart from the other pages.
   */
  askedOften: number;
  maxAskedOftenEntries: number;
  /** After a failed version check (database away), the first wait before the next; it doubles up to `maxRetryMs`. */
  retryMs: number;
  maxRetryMs: number;
};
const DEFAULTS: PageCacheOptions = {
  maxEntries: 500,
  maxBytes: 32 * 1024 * 1024,
  syncMs: 5_000,
  maxAgeMs: 5 * 60_000,
  keepFirstRequest: false,
  askedOften: 5,
  maxAskedOftenEntries: 50,
  retryMs: 2_000,
  maxRetryMs: 10_000,
};

/** Link visibility changes remembered for pages being rendered meanwhile (see `changedSince`). */
const REMEMBERED_LINK_CHANGES = 64;

/** Addresses of endless pages counted at most (then the count starts again), and their longest key. */
const MAX_COUNTED = 2_000;
const MAX_COUNTED_KEY = 3_000;

/**
 * Rendered public pages, kept in memory and served before React Router is asked (server/app.ts).
 * A content change made through this process empties it at once (content-changes.server.ts);
 * other instances compare the content version in the database at most every `syncMs` (5 s), so
 * they serve a change within that bound. A change to which link addresses students see (a link
 * turned Broken, or back) drops only the pages showing those addresses, the same ways. Entries
 * also expire after `maxAgeMs` (5 min), which bounds anything derived from the clock (e.g. the
 * exam year). A page is kept from its second request on. While the database is away, stored pages are still served: a failed check is
 * retried after a back-off, never on every request. Pages with endless addresses (search
 * results) are kept apart, once asked often, so they can never push out the pages everyone reads.
 */
export class PageCache {
  private readonly entries = new Map<string, StoredPage>();
  /** Endless pages asked often, kept apart with their own limit. */
  private readonly askedOftenEntries = new Map<string, StoredPage>();
  /** Bytes of the pages held and their compressed copies. */
  private bytes = 0;
  /** How often each endless address was rendered since `countingSince`. */
  private readonly asked = new Map<string, number>();
  private countingSince = 0;
  /**
   * Goes up whenever the store is emptied or pages showing some links are dropped: a page rendered
   * before that is not kept if the change concerned it (`changedSince`).
   */
  private changes = 0;
  /** The `changes` count of the last time everything went. */
  private clearedAt = 0;
  /** The last link visibility changes, each with its `changes` count. */
  private readonly linkChanges: Array<{ at: number; urls: ReadonlySet<string> }> = [];
  private version: number | undefined;
  private checkedAt = 0;
  private checking: Promise<void> | undefined;
  /** Failed version checks in a row, and when the next may be made. */
  private failures = 0;
  private retryAt = 0;
  /**
   * A change made here whose transaction may not have committed yet: until the database shows
   * this version (or `syncMs` has passed, as after a rollback) pages may still be rendered from
   * the old content, so nothing is kept and each request looks again.
   */
  private awaited: { version: number; since: number | undefined } | undefined;
  /** Addresses asked for once: a page is kept from its second request on. */
  private readonly seen = new Set<string>();
  private readonly db: Database;
  private readonly options: PageCacheOptions;
  constructor(db: Database, options: Partial<PageCacheOptions> = {}) {
    this.db = db;
    this.options = { ...DEFAULTS, ...options };
    onContentChange((version, linkUrls) => {
      if (linkUrls) this.dropShowing(linkUrls);
      else this.clear();
      this.awaited = { version, since: undefined };
    });
  }

  /**
   * Whether to keep the page at `key`. One-off addresses are not kept, so they can never push
   * out the pages everyone reads.
   */
  private admit(key: string, now: number): boolean {
    if (storedWhenAskedOften(key)) {
      if (key.length > MAX_COUNTED_KEY) return false;
      if (now - this.countingSince > this.options.maxAgeMs || this.asked.size >= MAX_COUNTED) {
        this.asked.clear();
        this.countingSince = now;
      }
      const times = (this.asked.get(key) ?? 0) + 1;
      this.asked.set(key, times);
      return this.options.keepFirstRequest || times >= this.options.askedOften;
    }
    if (this.options.keepFirstRequest || this.seen.has(key)) return true;
    if (this.seen.size >= this.options.maxEntries * 20) this.seen.clear();
    this.seen.add(key);
    return false;
  }

  /**
   * Drops everything when content changed (elsewhere, or here and now committed) since the last
   * look. Never fails: without the database the stored pages stay and are served.
   */
  sync(now = Date.now()): Promise<void> {
    if (this.awaited) {
      this.awaited.since ??= now;
      if (now - this.awaited.since > this.options.syncMs) this.awaited = undefined;
    }
    const due = this.awaited !== undefined || now - this.checkedAt >= this.options.syncMs;
    if (!due || now < this.retryAt) return Promise.resolve();
    // Requests arriving while the version is being read wait for that one query.
    this.checking ??= this.readVersion(now).finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private async readVersion(now: number): Promise<void> {
    let version: number;
    let linkUrls: string[] | null = null;
    try {
      const row = await this.db
        .selectFrom("site_state")
        .select("value")
        .where("key", "=", "content_version")
        .executeTakeFirst();
      version = toNumber(row?.value);
      if (this.version !== undefined && version > this.version)
        linkUrls = await linkChangesBetween(this.db, this.version, version);
    } catch {
      this.failures++;
      const wait = Math.min(this.options.retryMs * 2 ** (this.failures - 1), this.options.maxRetryMs);
      this.retryAt = now + wait;
      return;
    }
    this.failures = 0;
    this.retryAt = 0;
    if (linkUrls) this.dropShowing(linkUrls);
    else if (version !== this.version) this.clear();
    this.version = version;
    this.checkedAt = now;
    if (this.awaited && version >= this.awaited.version) this.awaited = undefined;
  }

  private clear(): void {
    this.entries.clear();
    this.askedOftenEntries.clear();
    this.bytes = 0;
    this.changes++;
    this.clearedAt = this.changes;
  }

  /** Drops the pages showing any of these link addresses, and remembers them for pages being rendered. */
  private dropShowing(linkUrls: readonly string[]): void {
    const urls = new Set(linkUrls);
    for (const entries of [this.entries, this.askedOftenEntries])
      for (const [key, page] of entries) if (shows(page.shownLinks, urls)) this.remove(entries, key);
    this.changes++;
    this.linkChanges.push({ at: this.changes, urls });
    if (this.linkChanges.length > REMEMBERED_LINK_CHANGES) this.linkChanges.shift();
  }

  /**
   * Whether a page rendered since `generation`, showing these links, may be out of date: the store
   * was emptied since, or one of its links changed (or too much changed to tell).
   */
  private changedSince(generation: number, shownLinks: ReadonlySet<string> | undefined): boolean {
    if (generation === this.changes) return false;
    if (generation < this.clearedAt) return true;
    const remembered = this.linkChanges[0];
    if (!remembered || remembered.at > generation + 1) return true;
    return this.linkChanges.some((change) => change.at > generation && shows(shownLinks, change.urls));
  }

  /** Takes a page out, its bytes with it. */
  private remove(entries: Map<string, StoredPage>, key: string): void {
    const page = entries.get(key);
    if (!page) return;
    entries.delete(key);
    this.bytes -= (page.body?.length ?? 0) + page.compressedBytes;
  }

  /** The least recently used pages go (the endless ones first) until the store is within its byte bound. */
  private keepWithinBytes(): void {
    while (this.bytes > this.options.maxBytes) {
      const entries = this.askedOftenEntries.size > 0 ? this.askedOftenEntries : this.entries;
      const oldest = entries.keys().next().value;
      if (oldest === undefined) return;
      this.remove(entries, oldest);
    }
  }

  /** Pages held, and their bytes with the compressed copies made of them (for metrics). */
  size(): { entries: number; bytes: number } {
    return { entries: this.entries.size + this.askedOftenEntries.size, bytes: this.bytes };
  }

  /** Taken before rendering a page and handed to `put`, which drops the page if content changed since. */
  get generation(): number {
    return this.changes;
  }

  /** The stored page for a request's path and query, if fresh. */
  get(key: string, now = Date.now()): StoredPage | undefined {
    const entries = this.entriesFor(key);
    const page = entries.get(key);
    if (!page) return undefined;
    if (now - page.storedAt > this.options.maxAgeMs) {
      this.remove(entries, key);
      return undefined;
    }
    // Most recently used last, so the oldest is evicted first.
    entries.delete(key);
    entries.set(key, page);
    return page;
  }

  private entriesFor(key: string): Map<string, StoredPage> {
    return storedWhenAskedOften(key) ? this.askedOftenEntries : this.entries;
  }

  /**
   * Keeps a successful page (HTML, or React Router's text data for client navigation) that sets
   * no cookie; files with caching of their own (images, feeds, sitemap) are left to HTTP caches
   * and come back as the same Response. A page's nonce gives way to hashes of its scripts.
   */
  async put(
    key: string,
    response: Response,
    {
      nonce,
      generation,
      now = Date.now(),
      onVisit,
      shownLinks,
    }: {
      nonce: string;
      generation: number;
      now?: number;
      onVisit?: () => void;
      /** The link addresses the page shows (shown-links.server.ts). */
      shownLinks?: ReadonlySet<string>;
    },
  ): Promise<StoredPage | Response> {
    const type = response.headers.get("Content-Type") ?? "";
    const page = type.startsWith("text/html") || type.startsWith("text/x-script");
    if (!page || response.status !== 200 || !response.body) return response;
    if (response.headers.has("Set-Cookie") || response.headers.has("Cache-Control")) return response;
    if (!this.admit(key, now)) return response;
    const started = performance.now();
    const stored = await this.store(key, response, { now, generation, nonce, onVisit, shownLinks });
    addPhaseTime("post", performance.now() - started);
    return stored;
  }

  private async store(
    key: string,
    response: Response,
    {
      now,
      generation,
      nonce,
      onVisit,
      shownLinks,
    }: {
      now: number;
      generation: number;
      nonce: string;
      onVisit: (() => void) | undefined;
      shownLinks: ReadonlySet<string> | undefined;
    },
  ): Promise<StoredPage | Response> {
    // As bytes throughout: a 60 KB page is never decoded to a string, nor encoded again.
    let body = await bytesOf(response);
    const headers = new Headers(response.headers);
    if (headers.has("Content-Security-Policy")) {
      body = withoutNonce(body, nonce);
      headers.set("Content-Security-Policy", contentSecurityPolicy({ hashes: inlineScriptHashes(body) }));
    }
    if (this.changedSince(generation, shownLinks) || this.awaited || body.length > this.options.maxBytes / 2)
      // Buffers made by Node (concat, alloc) are never over a SharedArrayBuffer.
      return new Response(body as Uint8Array<ArrayBuffer>, { status: response.status, headers });
    const etag = etagOf(body);
    headers.set("ETag", etag);
    headers.set("Cache-Control", PUBLIC_PAGE_CACHE);
    varyOn(headers, "Accept-Encoding");
    headers.delete("Content-Length");
    const stored: StoredPage = {
      status: response.status,
      headers: Object.fromEntries(headers),
      body,
      length: body.length,
      etag,
      storedAt: now,
      compressed: new Map(),
      compressedBytes: 0,
      onVisit,
      shownLinks,
    };
    const entries = this.entriesFor(key);
    this.remove(entries, key);
    entries.set(key, stored);
    this.bytes += body.length;
    stored.onCompressed = (bytes) => {
      // A copy finished after the page was dropped counts for nothing.
      if (entries.get(key) !== stored) return;
      this.bytes += bytes;
      this.keepWithinBytes();
    };
    // Both copies now, off the main thread; once they are made the page itself is let go.
    stored.copied = Promise.all([compressedCopy(stored, "br"), compressedCopy(stored, "gzip")]).then(
      () => {
        const held = stored.body?.length ?? 0;
        stored.body = null;
        if (entries.get(key) === stored) this.bytes -= held;
      },
      () => {},
    );
    const max = entries === this.entries ? this.options.maxEntries : this.options.maxAskedOftenEntries;
    if (entries.size > max) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) this.remove(entries, oldest);
    }
    this.keepWithinBytes();
    return stored;
  }
}

/** Whether a page showing `shown` shows any of `changed`. */
function shows(shown: ReadonlySet<string> | undefined, changed: ReadonlySet<string>): boolean {
  if (!shown) return false;
  for (const url of changed) if (shown.has(url)) return true;
  return false;
}
