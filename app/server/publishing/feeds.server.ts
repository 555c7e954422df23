// The files search engines and feed readers fetch: sitemap.xml, robots.txt and the blog's RSS.
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { isIsoDate } from "#app/lib/dates.ts";
import { GRADES } from "#app/lib/grades.ts";
import { HREFLANG, inLang, type Lang } from "#app/lib/language.ts";
import {
  MAX_SITEMAP_PARTS,
  PRIVACY_LAST_UPDATED,
  SITEMAP_LIMITS,
  type SitemapLimits,
  sitemapPartPath,
  TERMS_LAST_UPDATED,
} from "#app/lib/sitemaps.ts";
import { contentVersion, linkChangesBetween } from "#app/server/content-changes.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { log } from "#app/server/platform/log.server.ts";
import { listPublishedPosts } from "#app/server/publishing/posts.server.ts";

export type SiteInfo = { siteUrl: string; siteName: string };

/** Short caching for all three: fresh within minutes of an admin's change, cheap under crawlers. */
export const FEED_CACHE_CONTROL = "public, max-age=300";

const ENTITY: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** XML 1.0 allows tab, newline, return and most of Unicode, but no other control character or lone surrogate. */
function isXmlChar(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

/** A character escapeXml changes or drops (surrogates send the text the slow, exact way). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const NEEDS_ESCAPING = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/**
 * Text made safe for XML element content and attribute values. Characters XML cannot hold at all
 * are dropped: one of them in a title would make feed readers reject the whole document.
 */
export function escapeXml(text: string): string {
  // Most text (every sitemap address) has nothing to escape: no copy, no walk through its characters.
  if (!NEEDS_ESCAPING.test(text)) return text;
  let out = "";
  for (const ch of text) {
    if (isXmlChar(ch.codePointAt(0) ?? 0)) out += ENTITY[ch] ?? ch;
  }
  return out;
}

/** A W3C datetime for <lastmod>, or undefined when the stored value is not a usable date. */
export function w3cDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (isIsoDate(value)) return value;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return undefined;
  return Number.isNaN(Date.parse(value)) ? undefined : value;
}

/** An RFC 822 date for RSS (e.g. "Mon, 12 Jan 2026 00:00:00 GMT"); a post date is taken as midnight UTC. */
export function rfc822(value: string): string | undefined {
  const ms = Date.parse(isIsoDate(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(ms) ? undefined : new Date(ms).toUTCString();
}

export type SitemapEntry = { path: string; lastmod?: string };

function newest(dates: Array<string | undefined>): string | undefined {
  return dates.reduce<string | undefined>((a, b) => (b && (!a || b > a) ? b : a), undefined);
}

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const URLSET_CLOSE = "</urlset>\n";
/** What every sitemap file holds besides its <url>s, in bytes. */
const URLSET_FRAME_BYTES = Buffer.byteLength(URLSET_OPEN + URLSET_CLOSE);

/**
 * A page's <url>s: its English address and its Hindi one (docs/decisions/0030), each on the
 * public origin with lastmod (already a W3C date) when known, and both naming the two languages as
 * alternates (`xhtml:link`, English the default), as Google reads them.
 */
function urlXml(siteUrl: string, entry: SitemapEntry): string[] {
  const { lastmod } = entry;
  const address = (lang: Lang) => escapeXml(`${siteUrl}${inLang(lang, entry.path)}`);
  const alternates = [
    `    <xhtml:link rel="alternate" hreflang="${HREFLANG.en}" href="${address("en")}"/>\n`,
    `    <xhtml:link rel="alternate" hreflang="${HREFLANG.hi}" href="${address("hi")}"/>\n`,
    `    <xhtml:link rel="alternate" hreflang="x-default" href="${address("en")}"/>\n`,
  ].join("");
  return (["en", "hi"] as const).map(
    (lang) =>
      `  <url>\n    <loc>${address(lang)}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ""}${alternates}  </url>\n`,
  );
}

/** A sitemap document of the given pages. */
export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const xml = entries.flatMap((entry) =>
    urlXml(siteUrl, { path: entry.path, lastmod: w3cDate(entry.lastmod) }),
  );
  return URLSET_OPEN + xml.join("") + URLSET_CLOSE;
}

/** Rows read per query while walking the sitemap: memory stays the same at any size. */
const SITEMAP_PAGE_ROWS = 2_000;

/**
 * Every public page (its lastmod a W3C date or none), a page of rows at a time, in a fixed order: chapters by id, published posts
 * by id, then the fixed pages, whose dates come from what was read before them (a class page
 * changes with its newest chapter, the blog with its newest post; the legal pages carry their
 * own date; the others have none to give).
 */
export async function* sitemapPages(
  db: Database,
  pageRows = SITEMAP_PAGE_ROWS,
): AsyncGenerator<SitemapEntry[]> {
  const newestOfGrade = new Map<number, string | undefined>();
  for (let after = 0; ; ) {
    const rows = await db
      .selectFrom("chapters")
      .select(["id", "grade", "slug", "updated_at"])
      // A chapter's page shows its notes: a note saved later changes the page.
      .select((eb) =>
        eb
          .selectFrom("notes")
          .select((n) => n.fn.max("notes.updated_at").as("newest"))
          .whereRef("notes.chapter_id", "=", "chapters.id")
          .as("notes_updated_at"),
      )
      .where("id", ">", after)
      .orderBy("id")
      .limit(pageRows)
      .execute();
    yield rows.map((row) => {
      const changed = w3cDate(row.updated_at);
      newestOfGrade.set(row.grade, newest([newestOfGrade.get(row.grade), changed]));
      return {
        path: `/class/${row.grade}/chapter/${encodeURIComponent(row.slug)}`,
        lastmod: newest([changed, w3cDate(row.notes_updated_at)]),
      };
    });
    if (rows.length < pageRows) break;
    after = rows[rows.length - 1]?.id ?? after;
  }
  let newestPost: string | undefined;
  for (let after = 0; ; ) {
    const rows = await db
      .selectFrom("posts")
      .select(["id", "slug", "updated_at", "date"])
      .where("status", "=", "published")
      .where("id", ">", after)
      .orderBy("id")
      .limit(pageRows)
      .execute();
    yield rows.map((row) => {
      const lastmod = w3cDate(row.updated_at) ?? w3cDate(row.date);
      newestPost = newest([newestPost, lastmod]);
      return { path: `/blog/${encodeURIComponent(row.slug)}`, lastmod };
    });
    if (rows.length < pageRows) break;
    after = rows[rows.length - 1]?.id ?? after;
  }
  yield [
    { path: "/" },
    { path: "/about" },
    { path: "/blog", lastmod: newestPost },
    { path: "/privacy-policy", lastmod: PRIVACY_LAST_UPDATED },
    { path: "/terms-and-conditions", lastmod: TERMS_LAST_UPDATED },
    ...GRADES.map((g) => ({ path: `/class/${g}`, lastmod: newestOfGrade.get(g) })),
    ...GRADES.map((g) => ({ path: `/guide/${g}` })),
  ];
}

/** Every public page of the sitemap at once: for small sites and tests (the routes walk in pages). */
export async function sitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const all: SitemapEntry[] = [];
  for await (const page of sitemapPages(db)) all.push(...page);
  return all;
}

/**
 * Walks every page's <url>, cutting it into numbered sitemaps at the protocol's limits, and hands
 * `take` each piece of XML with the number of the sitemap it belongs to; `take` returns false
 * once it has what it wants, which ends the walk. Returns each sitemap reached, with its newest
 * lastmod (complete only when the walk went to the end).
 */
async function walkSitemap(
  db: Database,
  siteUrl: string,
  limits: SitemapLimits,
  take: (part: number, xml: string) => boolean,
): Promise<Array<{ newest?: string }>> {
  const parts: Array<{ newest?: string }> = [{}];
  let urls = 0;
  let bytes = URLSET_FRAME_BYTES;
  let piece = "";
  for await (const page of sitemapPages(db)) {
    for (const [entry, xml] of page.flatMap((entry) =>
      urlXml(siteUrl, entry).map((x) => [entry, x] as const),
    )) {
      const size = Buffer.byteLength(xml);
      if (urls > 0 && (urls >= limits.urls || bytes + size > limits.bytes)) {
        if (!take(parts.length, piece)) return parts;
        parts.push({});
        urls = 0;
        bytes = URLSET_FRAME_BYTES;
        piece = "";
      }
      piece += xml;
      urls++;
      bytes += size;
      const part = parts[parts.length - 1] as { newest?: string };
      part.newest = newest([part.newest, entry.lastmod]);
    }
    // One page of rows at a time: the piece goes to `take`, which keeps it only if it wants it.
    if (!take(parts.length, piece)) return parts;
    piece = "";
  }
  return parts;
}

/** The sitemaps of the site as built once: /sitemap.xml and the numbered ones, each gzip-compressed. */
export type BuiltSitemaps = {
  /** /sitemap.xml: every page's <url> (a small site), or the index of the numbered sitemaps. */
  main: Buffer;
  /** /sitemap-1.xml… (none while everything fits in /sitemap.xml). */
  parts: Buffer[];
  /** Names this build in ETags: the same bytes until the next build. */
  id: string;
};

/** Text gzip-compressed as it is written, its bytes gathered (a 7.9 MB sitemap is some 0.5 MB). */
function gzipWriter() {
  const gz = zlib.createGzip();
  const chunks: Buffer[] = [];
  gz.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    gz.on("end", () => resolve(Buffer.concat(chunks)));
    gz.on("error", reject);
  });
  return {
    write: (text: string) => gz.write(text),
    end: (text = "") => {
      gz.end(text);
      return done;
    },
  };
}

/** Builds made by this process, to tell builds apart in ETags. */
let buildsMade = 0;

/**
 * Every sitemap of the site, in one walk through the pages, each compressed while it is written
 * (only the compressed bytes are kept: docs/decisions/0021-kept-sitemaps.md). Past 50,000 URLs or
 * 10 MB /sitemap.xml is the index of the numbered sitemaps, up to MAX_SITEMAP_PARTS of them.
 */
export async function buildSitemaps(
  db: Database,
  siteUrl: string,
  limits: SitemapLimits = SITEMAP_LIMITS,
): Promise<BuiltSitemaps> {
  const writers: Array<ReturnType<typeof gzipWriter>> = [];
  const finished: Array<Promise<Buffer>> = [];
  try {
    const parts = await walkSitemap(db, siteUrl, limits, (part, xml) => {
      // Past the last one served, the walk goes on only to count them for the warning.
      if (part > MAX_SITEMAP_PARTS) return true;
      let writer = writers[part - 1];
      if (!writer) {
        // A sitemap begun: the one before it is whole.
        const before = writers[part - 2];
        if (before) finished.push(before.end(URLSET_CLOSE));
        writer = gzipWriter();
        writer.write(URLSET_OPEN);
        writers.push(writer);
      }
      writer.write(xml);
      return true;
    });
    const last = writers.at(-1);
    if (last) finished.push(last.end(URLSET_CLOSE));
    const compressed = await Promise.all(finished);
    const id = `${Date.now().toString(36)}-${++buildsMade}`;
    if (parts.length === 1)
      return { main: compressed[0] ?? zlib.gzipSync(URLSET_OPEN + URLSET_CLOSE), parts: [], id };
    if (parts.length > MAX_SITEMAP_PARTS) {
      log.warn(`sitemap: ${parts.length} sitemaps needed, ${MAX_SITEMAP_PARTS} served; the rest is left out`);
    }
    const listed = parts
      .slice(0, MAX_SITEMAP_PARTS)
      .map(
        (part, i) =>
          `  <sitemap>\n    <loc>${escapeXml(`${siteUrl}${sitemapPartPath(i + 1)}`)}</loc>\n${part.newest ? `    <lastmod>${part.newest}</lastmod>\n` : ""}  </sitemap>\n`,
      );
    const index = [
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
      ...listed,
      "</sitemapindex>\n",
    ].join("");
    return { main: zlib.gzipSync(index), parts: compressed, id };
  } catch (err) {
    // A database failure half-way: the sitemaps begun are dropped, never kept cut short.
    for (const writer of writers) writer.end().catch(() => {});
    throw err;
  }
}

/**
 * The sitemaps one instance keeps, built once per content version (docs/decisions/0021): the
 * version is read on every request (one indexed row), so a change made anywhere shows at once;
 * requests that find the build under way wait for that one (single flight), so a burst of them
 * costs one build; versions that only changed which links students see (the link checker) keep
 * the build, as no address in a sitemap depends on them. While the database is away, what is
 * kept is served.
 */
export class KeptSitemaps {
  private kept: { version: number; siteUrl: string; built: BuiltSitemaps } | undefined;
  private building: { version: number; siteUrl: string; done: Promise<BuiltSitemaps> } | undefined;
  private readonly db: Database;
  private readonly limits: SitemapLimits;
  constructor(db: Database, limits: SitemapLimits = SITEMAP_LIMITS) {
    this.db = db;
    this.limits = limits;
  }

  /** How many builds were started (the bench and tests count them). */
  builds = 0;

  /** What is kept for `siteUrl` now: read again after each wait, as another request may have built. */
  private keptFor(siteUrl: string) {
    return this.kept?.siteUrl === siteUrl ? this.kept : undefined;
  }

  async get(siteUrl: string): Promise<BuiltSitemaps> {
    let version: number;
    try {
      version = await contentVersion(this.db);
    } catch (err) {
      const kept = this.keptFor(siteUrl);
      if (kept) return kept.built;
      throw err;
    }
    let kept = this.keptFor(siteUrl);
    if (kept && kept.version >= version) return kept.built;
    if (kept && (await linkChangesBetween(this.db, kept.version, version)) !== null) {
      kept.version = Math.max(kept.version, version);
      return kept.built;
    }
    // A burst: while this request waited for the database, another may have finished the build it
    // would start (found on PostgreSQL, where 200 requests queue for a few connections).
    kept = this.keptFor(siteUrl);
    if (kept && kept.version >= version) return kept.built;
    const building = this.building;
    if (building && building.siteUrl === siteUrl && building.version >= version) return building.done;
    this.builds++;
    const done = buildSitemaps(this.db, siteUrl, this.limits);
    this.building = { version, siteUrl, done };
    try {
      const built = await done;
      if (!this.kept || this.kept.siteUrl !== siteUrl || this.kept.version < version)
        this.kept = { version, siteUrl, built };
      return built;
    } finally {
      if (this.building?.done === done) this.building = undefined;
    }
  }
}

const keptByDatabase = new WeakMap<Database, KeptSitemaps>();

/** This process's kept sitemaps of `db`. */
export function keptSitemaps(db: Database): KeptSitemaps {
  let kept = keptByDatabase.get(db);
  if (!kept) {
    kept = new KeptSitemaps(db);
    keptByDatabase.set(db, kept);
  }
  return kept;
}

/** Whether an Accept-Encoding takes gzip (by name or `*`, with a q above 0). */
function takesGzip(acceptEncoding: string | null): boolean {
  return (acceptEncoding ?? "").split(",").some((part) => {
    const [name = "", ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    return (name === "gzip" || name === "*") && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * The answer for one kept sitemap (`part` 0 is /sitemap.xml), or a 404 when the site has no such
 * sitemap: its compressed bytes as they are kept, unpacked as sent for a client that takes no gzip,
 * a 304 for one that holds this build.
 */
export async function sitemapResponse(
  db: Database,
  siteUrl: string,
  part: number,
  request: Request,
): Promise<Response> {
  const built = await keptSitemaps(db).get(siteUrl);
  const gz = part === 0 ? built.main : built.parts[part - 1];
  if (!gz) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const etag = `"sitemap-${built.id}-${part}"`;
  const headers = new Headers({
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": FEED_CACHE_CONTROL,
    ETag: etag,
    Vary: "Accept-Encoding",
  });
  const held = request.headers.get("If-None-Match");
  if (held?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag))
    return new Response(null, { status: 304, headers });
  if (takesGzip(request.headers.get("Accept-Encoding"))) {
    headers.set("Content-Encoding", "gzip");
    headers.set("Content-Length", String(gz.length));
    // A Buffer is a view (perhaps into Node's pool) of a plain ArrayBuffer, never a shared one; its bytes alone are sent.
    return new Response(gz as Uint8Array<ArrayBuffer>, { headers });
  }
  const unpacked = Readable.from([gz]).pipe(zlib.createGunzip());
  return new Response(Readable.toWeb(unpacked) as ReadableStream<Uint8Array>, { headers });
}

export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /login",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

export type FeedItem = {
  slug: string;
  title: string;
  excerpt: string;
  date: string;
  author: string;
  category: string;
};

/** RSS 2.0 of the given posts (already published only and newest first). */
export function rssXml(site: SiteInfo, items: FeedItem[], builtAt: Date = new Date()): string {
  const blogUrl = `${site.siteUrl}/blog`;
  const entries = items.map((item) => {
    const link = `${site.siteUrl}/blog/${encodeURIComponent(item.slug)}`;
    const pubDate = rfc822(item.date);
    return [
      "    <item>",
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <description>${escapeXml(item.excerpt)}</description>`,
      pubDate ? `      <pubDate>${pubDate}</pubDate>` : "",
      item.author ? `      <dc:creator>${escapeXml(item.author)}</dc:creator>` : "",
      item.category ? `      <category>${escapeXml(item.category)}</category>` : "",
      "    </item>",
    ]
      .filter(Boolean)
      .join("\n");
  });
  const newestDate = items.map((i) => rfc822(i.date)).find(Boolean);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(`${site.siteName} Blog`)}</title>`,
    `    <link>${escapeXml(blogUrl)}</link>`,
    `    <description>${escapeXml(`Study tips, exam strategies and guidance for CBSE students of classes 9 to 12 from ${site.siteName}.`)}</description>`,
    "    <language>en-IN</language>",
    `    <atom:link href="${escapeXml(`${site.siteUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    `    <lastBuildDate>${builtAt.toUTCString()}</lastBuildDate>`,
    newestDate ? `    <pubDate>${newestDate}</pubDate>` : "",
    ...entries,
    "  </channel>",
    "</rss>",
    "",
  ]
    .filter((line, i, all) => line !== "" || i === all.length - 1)
    .join("\n");
}

/** A feed carries the newest posts, as feeds do: readers keep what they have already fetched. */
export const FEED_POSTS = 50;

export async function blogFeed(db: Database, site: SiteInfo): Promise<string> {
  const posts = (await listPublishedPosts(db)).slice(0, FEED_POSTS);
  return rssXml(
    site,
    posts.map((p) => ({
      slug: p.slug,
      title: p.title,
      excerpt: p.excerpt,
      date: p.date,
      author: p.author || `${site.siteName} Team`,
      category: p.category,
    })),
  );
}
