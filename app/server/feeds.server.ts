// The files search engines and feed readers fetch: sitemap.xml, robots.txt and the blog's RSS.
import { isIsoDate } from "#app/lib/dates.ts";
import { GRADES } from "#app/lib/grades.ts";
import { listChapters } from "#app/server/chapters.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { listPublishedPosts } from "#app/server/posts.server.ts";

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

/**
 * Text made safe for XML element content and attribute values. Characters XML cannot hold at all
 * are dropped: one of them in a title would make feed readers reject the whole document.
 */
export function escapeXml(text: string): string {
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

/** The sitemap document: one <url> per page, absolute addresses on the public origin. */
export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const lastmod = w3cDate(e.lastmod);
    return `  <url>\n    <loc>${escapeXml(`${siteUrl}${e.path}`)}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ""}  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Every public page: the static ones, each class and guide, every chapter, every published post. */
export async function sitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const [chapters, posts] = await Promise.all([listChapters(db), listPublishedPosts(db)]);
  const chapterDates = (grade: number) =>
    newest(chapters.filter((c) => c.grade === grade).map((c) => w3cDate(c.updatedAt)));
  return [
    { path: "/" },
    { path: "/about" },
    { path: "/blog", lastmod: newest(posts.map((p) => w3cDate(p.updatedAt))) },
    { path: "/privacy-policy" },
    { path: "/terms-and-conditions" },
    ...GRADES.map((g) => ({ path: `/class/${g}`, lastmod: chapterDates(g) })),
    ...GRADES.map((g) => ({ path: `/guide/${g}` })),
    ...chapters.map((c) => ({
      path: `/class/${c.grade}/chapter/${encodeURIComponent(c.slug)}`,
      lastmod: c.updatedAt,
    })),
    ...posts.map((p) => ({ path: `/blog/${encodeURIComponent(p.slug)}`, lastmod: p.updatedAt })),
  ];
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

export async function blogFeed(db: Database, site: SiteInfo): Promise<string> {
  const posts = await listPublishedPosts(db);
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
