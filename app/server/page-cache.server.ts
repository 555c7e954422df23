import type { Database } from "./db.server.ts";
import { toNumber } from "./db.server.ts";

/** Stands in for the per-response CSP nonce inside a stored page. */
const NONCE_PLACEHOLDER = "__cw-nonce__";

type Entry = { status: number; headers: Array<[string, string]>; body: string; storedAt: number };

/** Bumps the content version: every instance drops its cached pages (this one at once). */
export async function bumpContentVersion(db: Database): Promise<void> {
  await db
    .updateTable("site_state")
    .set((eb) => ({ value: eb("value", "+", 1) }))
    .where("key", "=", "content_version")
    .execute();
}

/**
 * Rendered public pages, kept in memory. A console write clears this instance's cache at once
 * and bumps the content version in the database; other instances compare that version at most
 * every `syncMs` (5 s), so they serve a change within that bound. Entries also expire after
 * `maxAgeMs` (5 min), which bounds anything derived from the clock (e.g. the exam year).
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private version: number | undefined;
  private checkedAt = 0;
  private readonly db: Database;
  private readonly options: { maxEntries: number; syncMs: number; maxAgeMs: number };
  constructor(db: Database, options = { maxEntries: 500, syncMs: 5_000, maxAgeMs: 5 * 60_000 }) {
    this.db = db;
    this.options = options;
  }

  /** Drops everything when another instance (or the CLI) changed content since the last look. */
  async sync(now = Date.now()): Promise<void> {
    if (now - this.checkedAt < this.options.syncMs) return;
    this.checkedAt = now;
    const row = await this.db
      .selectFrom("site_state")
      .select("value")
      .where("key", "=", "content_version")
      .executeTakeFirst();
    const version = toNumber(row?.value);
    if (version !== this.version) this.entries.clear();
    this.version = version;
  }

  /** A stored page as a fresh Response carrying this response's nonce, or undefined. */
  get(key: string, nonce: string, now = Date.now()): Response | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.storedAt > this.options.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last, so the oldest is evicted first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    const headers = new Headers(entry.headers.map(([k, v]) => [k, v.replaceAll(NONCE_PLACEHOLDER, nonce)]));
    return new Response(entry.body.replaceAll(NONCE_PLACEHOLDER, nonce), { status: entry.status, headers });
  }

  /**
   * Stores a successful page (HTML, or React Router's text data for client navigation) that sets
   * no cookie; files with caching of their own (images, feeds, sitemap) are left to HTTP caches.
   * Returns the response to send.
   */
  async put(key: string, response: Response, nonce: string, now = Date.now()): Promise<Response> {
    const type = response.headers.get("Content-Type") ?? "";
    const page = type.startsWith("text/html") || type.startsWith("text/x-script");
    if (!page || response.status !== 200 || !response.body) return response;
    if (response.headers.has("Set-Cookie") || response.headers.has("Cache-Control")) return response;
    const body = await response.text();
    const headers = [...response.headers.entries()].map(([k, v]): [string, string] => [
      k,
      v.replaceAll(nonce, NONCE_PLACEHOLDER),
    ]);
    this.entries.set(key, {
      status: response.status,
      headers,
      body: body.replaceAll(nonce, NONCE_PLACEHOLDER),
      storedAt: now,
    });
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return new Response(body, { status: response.status, headers: response.headers });
  }

  /** After a console write: this instance forgets at once, the others within `syncMs`. */
  async invalidate(): Promise<void> {
    this.entries.clear();
    await bumpContentVersion(this.db);
    this.version = undefined;
    this.checkedAt = 0;
  }
}
