import { describe, expect, it } from "vitest";
import {
  escapeXml,
  rfc822,
  robotsTxt,
  rssXml,
  sitemapXml,
  w3cDate,
} from "#app/server/publishing/feeds.server.ts";

const site = { siteUrl: "https://example.in", siteName: "ChapterWise" };

describe("escapeXml", () => {
  it("escapes the five XML special characters", () => {
    expect(escapeXml(`Tom & Jerry's <b>"quote"</b>`)).toBe(
      "Tom &amp; Jerry&apos;s &lt;b&gt;&quot;quote&quot;&lt;/b&gt;",
    );
  });
  it("does not double-escape and keeps other text as it is", () => {
    expect(escapeXml("&amp;")).toBe("&amp;amp;");
    expect(escapeXml("Light – Reflection, √2, हिंदी, 😀")).toBe("Light – Reflection, √2, हिंदी, 😀");
  });
  it("drops characters XML cannot hold, keeping tab and line breaks", () => {
    expect(escapeXml("a\u0000b\u0008c\u000Bd\u001Fe\uFFFEf")).toBe("abcdef");
    expect(escapeXml("a\tb\nc\rd")).toBe("a\tb\nc\rd");
    expect(escapeXml("lone \uD800 surrogate \uDC00")).toBe("lone  surrogate ");
  });
});

describe("dates", () => {
  it("accepts W3C dates and ISO timestamps for <lastmod>, and nothing else", () => {
    expect(w3cDate("2026-01-12")).toBe("2026-01-12");
    expect(w3cDate("2026-11-22T12:38:21.123Z")).toBe("2026-11-22T12:38:21.123Z");
    expect(w3cDate("2026-11-22T12:38:21+05:30")).toBe("2026-11-22T12:38:21+05:30");
    for (const bad of [
      "",
      null,
      undefined,
      "yesterday",
      "2026-02-30",
      "2026-13-01T00:00:00Z",
      "12/01/2026",
    ]) {
      expect(w3cDate(bad)).toBeUndefined();
    }
  });
  it("writes RSS dates in RFC 822, a post date as midnight UTC", () => {
    expect(rfc822("2026-01-12")).toBe("Mon, 12 Jan 2026 00:00:00 GMT");
    expect(rfc822("2026-02-02T10:30:00Z")).toBe("Mon, 02 Feb 2026 10:30:00 GMT");
    expect(rfc822("not a date")).toBeUndefined();
  });
});

describe("sitemapXml", () => {
  it("writes each page in English and in Hindi, absolute and escaped, with lastmod only when known", () => {
    const xml = sitemapXml(site.siteUrl, [
      { path: "/" },
      { path: "/blog/a&b", lastmod: "2026-01-12T00:00:00.000Z" },
      { path: "/about", lastmod: "garbage" },
    ]);
    const alternates = (en: string, hi: string) => [
      `    <xhtml:link rel="alternate" hreflang="en-IN" href="${en}"/>`,
      `    <xhtml:link rel="alternate" hreflang="hi-IN" href="${hi}"/>`,
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${en}"/>`,
    ];
    const page = (en: string, hi: string, lastmod?: string) =>
      [en, hi].flatMap((loc) => [
        "  <url>",
        `    <loc>${loc}</loc>`,
        ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
        ...alternates(en, hi),
        "  </url>",
      ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        ...page("https://example.in/", "https://example.in/hi"),
        ...page(
          "https://example.in/blog/a&amp;b",
          "https://example.in/hi/blog/a&amp;b",
          "2026-01-12T00:00:00.000Z",
        ),
        ...page("https://example.in/about", "https://example.in/hi/about"),
        "</urlset>",
        "",
      ].join("\n"),
    );
  });
});

describe("rssXml", () => {
  const built = new Date("2026-03-01T08:00:00Z");
  it("writes an RSS 2.0 channel with one escaped item per post, in the given order", () => {
    const xml = rssXml(
      site,
      [
        {
          slug: "newer",
          title: "Maths & <Science>",
          excerpt: 'Say "hi"',
          date: "2026-02-02",
          author: "Asha",
          category: "Tips",
        },
        { slug: "older", title: "Older", excerpt: "", date: "not a date", author: "", category: "" },
      ],
      built,
    );
    expect(xml).toContain('<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"');
    expect(xml).toContain("<title>ChapterWise Blog</title>");
    expect(xml).toContain("<link>https://example.in/blog</link>");
    expect(xml).toContain(
      '<atom:link href="https://example.in/blog/rss.xml" rel="self" type="application/rss+xml"/>',
    );
    expect(xml).toContain("<lastBuildDate>Sun, 01 Mar 2026 08:00:00 GMT</lastBuildDate>");
    expect(xml).toContain("<title>Maths &amp; &lt;Science&gt;</title>");
    expect(xml).toContain("<description>Say &quot;hi&quot;</description>");
    expect(xml).toContain('<guid isPermaLink="true">https://example.in/blog/newer</guid>');
    expect(xml).toContain("<pubDate>Mon, 02 Feb 2026 00:00:00 GMT</pubDate>");
    expect(xml).toContain("<dc:creator>Asha</dc:creator>");
    expect(xml.indexOf("/blog/newer")).toBeLessThan(xml.indexOf("/blog/older"));
    // An unparseable date, author or category is left out rather than written wrong.
    const older = xml.slice(xml.indexOf("<title>Older</title>"));
    expect(older).not.toContain("<pubDate>");
    expect(older).not.toContain("<dc:creator>");
    expect(older).not.toContain("<category>");
    expect(xml).not.toMatch(/\n\s*\n/);
  });
  it("is a valid empty channel when nothing is published", () => {
    const xml = rssXml(site, [], built);
    expect(xml).not.toContain("<item>");
    expect(xml).not.toContain("<pubDate>");
    expect(xml.trim().endsWith("</rss>")).toBe(true);
  });
});

describe("robotsTxt", () => {
  it("keeps crawlers out of the console and names the sitemap", () => {
    expect(robotsTxt(site.siteUrl)).toBe(
      "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /login\n\nSitemap: https://example.in/sitemap.xml\n",
    );
  });
});
