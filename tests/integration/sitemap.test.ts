import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { gunzipSync } from "node:zlib";
import type { KyselyPlugin } from "kysely";
import { describe, expect, it } from "vitest";
import { emptyPostValues } from "#app/lib/post-form.ts";
import { MAX_SITEMAP_PARTS, SITEMAP_LIMITS, type SitemapLimits } from "#app/lib/sitemaps.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import { linkVisibilityChanged } from "#app/server/content-changes.server.ts";
import { type Database, openDatabase } from "#app/server/db.server.ts";
import {
  type BuiltSitemaps,
  buildSitemaps,
  KeptSitemaps,
  keptSitemaps,
  sitemapResponse,
} from "#app/server/publishing/feeds.server.ts";
import { addPost } from "#app/server/publishing/posts.server.ts";
import { SITEINDEX_XSD, SITEMAP_XSD, validateXml } from "../xml-schema.ts";
import { describeEachDatabase } from "./databases.ts";

const site = { siteUrl: "https://chapterwise.example", siteName: "ChapterWise" };
/** The fixed pages every sitemap lists: home, about, blog, privacy, terms, 4 classes, 4 guides. */
const FIXED_PAGES = 13;
/** Every page is listed in English and in Hindi (docs/decisions/0030). */
const LANGUAGES = 2;

/** A kept sitemap's text. */
const text = (gz: Buffer | undefined) => (gz ? gunzipSync(gz).toString("utf8") : "");
/** /sitemap.xml as built now, and whether numbered sitemaps were built too. */
async function sitemapNow(db: Database): Promise<{ xml: string; built: BuiltSitemaps }> {
  const built = await buildSitemaps(db, site.siteUrl);
  return { xml: text(built.main), built };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");

/**
 * /sitemap.xml and every numbered sitemap it lists, each checked against its sitemaps.org schema
 * and the protocol's limits; returns every page address listed.
 */
async function everyListedPage(db: Database, limits: SitemapLimits = SITEMAP_LIMITS) {
  const built = await buildSitemaps(db, site.siteUrl, limits);
  const index = text(built.main);
  expect(index.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex')).toBe(true);
  const indexCheck = validateXml(index, SITEINDEX_XSD);
  expect(indexCheck.status, indexCheck.stderr).toBe(0);
  const parts = locs(index);
  const pages: string[] = [];
  for (const [i, loc] of parts.entries()) {
    expect(loc).toBe(`${site.siteUrl}/sitemap-${i + 1}.xml`);
    const xml = text(built.parts[i]);
    const check = validateXml(xml, SITEMAP_XSD);
    expect(check.status, `sitemap ${i + 1}: ${check.stderr.slice(0, 500)}`).toBe(0);
    const listed = locs(xml);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThanOrEqual(limits.urls);
    expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(limits.bytes);
    pages.push(...listed);
  }
  // Nothing past the last one.
  expect(built.parts).toHaveLength(parts.length);
  return { parts: parts.length, pages, index };
}

describe("a sitemap of 120,000 chapters", () => {
  it("is an index of numbered sitemaps, each valid and within 50,000 URLs and 10 MB", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cw-sitemap-"));
    const file = path.join(dir, "site.db");
    const db = await openDatabase({ kind: "sqlite", file });
    try {
      for (const grade of [9, 10, 11, 12] as const) await addSubject(db, grade, "physics", "Physics");
      await addPost(
        db,
        {
          ...emptyPostValues("2026-11-20"),
          title: "Exam tips",
          slug: "exam-tips",
          status: "published",
          allowComments: true,
        },
        site,
      );
      // 120,000 chapters in one transaction, straight into the file (the domain's writes would take minutes).
      const bulk = new DatabaseSync(file);
      const insert = bulk.prepare(
        "insert into chapters (grade, subject_code, title, slug, position, created_at, updated_at) values (?, 'physics', ?, ?, ?, ?, ?)",
      );
      bulk.exec("BEGIN");
      for (let i = 0; i < 120_000; i++) {
        const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
        insert.run(9 + (i % 4), `Topic ${i}`, `topic-${i}`, i, at, at);
      }
      bulk.exec("COMMIT");
      bulk.close();

      const { parts, pages, index } = await everyListedPage(db);
      // Two languages' 240,028 addresses of some 420 bytes each: cut by the 10 MB limit.
      expect(parts).toBeGreaterThan(4);
      expect(parts).toBeLessThanOrEqual(MAX_SITEMAP_PARTS);
      expect(pages).toHaveLength((120_000 + 1 + FIXED_PAGES) * LANGUAGES);
      expect(new Set(pages).size).toBe(pages.length);
      expect(pages).toContain(`${site.siteUrl}/class/12/chapter/topic-119999`);
      expect(pages).toContain(`${site.siteUrl}/hi/class/12/chapter/topic-119999`);
      expect(pages).toContain(`${site.siteUrl}/blog/exam-tips`);
      expect(pages).toContain(`${site.siteUrl}/`);
      expect(pages).toContain(`${site.siteUrl}/hi`);
      // Each numbered sitemap says when its newest page changed: chapters were added a minute apart
      // in the order they are listed, so each part is newer than the one before.
      const lastmods = [...index.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1] ?? "");
      expect(lastmods).toHaveLength(parts);
      expect([...lastmods].sort()).toEqual(lastmods);
      expect(new Set(lastmods).size).toBe(parts);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describeEachDatabase("sitemaps", (db) => {
  const chapters = 30;

  it("one plain urlset under the limits, with no numbered sitemaps", async () => {
    await addSubject(db(), 10, "chemistry", "Chemistry");
    const at = "2026-11-01T08:00:00.000Z";
    await db()
      .insertInto("chapters")
      .values(
        Array.from({ length: chapters }, (_, i) => ({
          grade: 10,
          subject_code: "chemistry",
          title: `Reaction ${i}`,
          slug: `reaction-${i}`,
          position: i,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    await addPost(
      db(),
      {
        ...emptyPostValues("2026-11-20"),
        title: "Tips & tricks",
        slug: "tips-tricks",
        status: "published",
        allowComments: true,
      },
      site,
    );
    await addPost(
      db(),
      {
        ...emptyPostValues("2026-11-20"),
        title: "Draft",
        slug: "draft-only",
        status: "draft",
        allowComments: true,
      },
      site,
    );

    const { xml, built } = await sitemapNow(db());
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    const check = validateXml(xml, SITEMAP_XSD);
    expect(check.status, check.stderr).toBe(0);
    const listed = locs(xml);
    expect(listed).toHaveLength((chapters + 1 + FIXED_PAGES) * LANGUAGES);
    // Each page in both languages, each naming the other as its alternate (English the default).
    const alternates = [
      `<xhtml:link rel="alternate" hreflang="en-IN" href="${site.siteUrl}/class/10"/>`,
      `<xhtml:link rel="alternate" hreflang="hi-IN" href="${site.siteUrl}/hi/class/10"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${site.siteUrl}/class/10"/>`,
    ].join("\n    ");
    expect(xml).toContain(
      `<loc>${site.siteUrl}/class/10</loc>\n    <lastmod>${at}</lastmod>\n    ${alternates}`,
    );
    expect(xml).toContain(
      `<loc>${site.siteUrl}/hi/class/10</loc>\n    <lastmod>${at}</lastmod>\n    ${alternates}`,
    );
    expect(listed).toContain(`${site.siteUrl}/hi`);
    expect(listed).not.toContain(`${site.siteUrl}/blog/draft-only`);
    // The class page changed with its newest chapter; the legal pages carry their own date.
    expect(xml).toContain(`<loc>${site.siteUrl}/class/10</loc>\n    <lastmod>${at}</lastmod>`);
    expect(xml).toMatch(/<loc>[^<]+\/privacy-policy<\/loc>\n {4}<lastmod>\d{4}-\d\d-\d\d<\/lastmod>/);
    expect(built.parts).toEqual([]);
  });

  it("past the URL limit: an index, each numbered sitemap holding at most that many", async () => {
    const limits = { urls: 10, bytes: SITEMAP_LIMITS.bytes };
    const { parts, pages } = await everyListedPage(db(), limits);
    const total = (chapters + 1 + FIXED_PAGES) * LANGUAGES;
    expect(parts).toBe(Math.ceil(total / limits.urls));
    expect(new Set(pages).size).toBe(total);
  });

  it("past the size limit: cut by bytes, whatever the count", async () => {
    const limits = { urls: SITEMAP_LIMITS.urls, bytes: 4_000 };
    const { parts, pages } = await everyListedPage(db(), limits);
    expect(parts).toBeGreaterThan(2);
    expect(new Set(pages).size).toBe((chapters + 1 + FIXED_PAGES) * LANGUAGES);
  });

  it("a note saved after its chapter dates the chapter's page", async () => {
    const chapter = await db()
      .selectFrom("chapters")
      .select("id")
      .where("slug", "=", "reaction-3")
      .executeTakeFirstOrThrow();
    const later = "2026-11-22T09:30:00.000Z";
    await db()
      .insertInto("notes")
      .values({
        chapter_id: chapter.id,
        content: "<p>n</p>",
        seo_description: "",
        seo_keywords: "",
        created_at: later,
        updated_at: later,
      })
      .execute();
    const { xml } = await sitemapNow(db());
    expect(xml).toContain(`/class/10/chapter/reaction-3</loc>\n    <lastmod>${later}</lastmod>`);
  });

  /** A published post, a content change as any other. */
  const publish = (title: string, slug: string, date: string) =>
    addPost(db(), { ...emptyPostValues(date), title, slug, status: "published", allowComments: true }, site);
  const ask = (path: string, headers: Record<string, string> = {}) =>
    sitemapResponse(
      db(),
      site.siteUrl,
      path === "/sitemap.xml" ? 0 : Number(/\d+/.exec(path)?.[0]),
      new Request(`${site.siteUrl}${path}`, { headers }),
    );

  it("is built once per content change and kept: a burst of 200 requests costs one build", async () => {
    const kept = keptSitemaps(db());
    await publish("Burst", "burst", "2026-11-21");
    const before = kept.builds;
    const burst = await Promise.all(
      Array.from({ length: 200 }, () => ask("/sitemap.xml", { "Accept-Encoding": "gzip" })),
    );
    expect(kept.builds).toBe(before + 1);
    const bodies = await Promise.all(burst.map(async (r) => Buffer.from(await r.arrayBuffer())));
    expect(new Set(bodies.map((b) => b.toString("base64"))).size).toBe(1);
    expect(text(bodies[0])).toContain(`${site.siteUrl}/blog/burst</loc>`);
    // Later requests are answered from what is kept.
    for (let i = 0; i < 50; i++) await ask("/sitemap.xml");
    expect(kept.builds).toBe(before + 1);

    // A content change: the next request builds again, and lists it.
    await publish("After", "after-burst", "2026-11-22");
    expect(await (await ask("/sitemap.xml")).text()).toContain(`${site.siteUrl}/blog/after-burst</loc>`);
    expect(kept.builds).toBe(before + 2);
    // A link turning Broken changes no address in a sitemap: the build is kept.
    await linkVisibilityChanged(db(), ["https://sitemap.example/gone"], true);
    await ask("/sitemap.xml");
    expect(kept.builds).toBe(before + 2);
  });

  it("a request that waited for the database while another built takes that build, not a second one", async () => {
    // Found on PostgreSQL, where a burst queues for a few connections: the first request's build
    // finished before a later one had read the content version. Here the second request's read of
    // the version is held until the first request is done.
    // Reads of site_state in the order they are sent, once armed; the second one is held.
    let armed = false;
    let sent = 0;
    const held = new Set<unknown>();
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const holding: KyselyPlugin = {
      transformQuery({ node, queryId }) {
        if (armed && node.kind === "SelectQueryNode" && JSON.stringify(node.from).includes('"site_state"'))
          if (++sent === 2) held.add(queryId);
        return node;
      },
      async transformResult({ result, queryId }) {
        if (held.has(queryId)) await gate;
        return result;
      },
    };
    const kept = new KeptSitemaps(db().withPlugin(holding) as Database);
    await kept.get(site.siteUrl);
    await publish("Held", "held-post", "2026-11-23");
    armed = true;
    const first = kept.get(site.siteUrl);
    const second = kept.get(site.siteUrl);
    expect(held.size).toBe(1);
    await first;
    open();
    expect(text((await second).main)).toContain(`${site.siteUrl}/blog/held-post</loc>`);
    expect(kept.builds).toBe(2);
  });

  it("shows a change made through another instance at once", async () => {
    const other = new KeptSitemaps(db());
    const first = await other.get(site.siteUrl);
    expect(text(first.main)).not.toContain("elsewhere-post");
    await publish("Elsewhere", "elsewhere-post", "2026-11-22");
    expect(text((await other.get(site.siteUrl)).main)).toContain(`${site.siteUrl}/blog/elsewhere-post</loc>`);
    expect(other.builds).toBe(2);
  });

  it("answers gzip as kept, plain text to a client without it, 304 for the same build and 404 past the last", async () => {
    const zipped = await ask("/sitemap.xml", { "Accept-Encoding": "br, gzip;q=0.5" });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(zipped.headers.get("Vary")).toBe("Accept-Encoding");
    expect(zipped.headers.get("Cache-Control")).toBe("public, max-age=300");
    const xml = text(Buffer.from(await zipped.arrayBuffer()));
    expect(validateXml(xml, SITEMAP_XSD).status).toBe(0);
    // Hostile and odd Accept-Encoding headers: plain text, the same document.
    for (const accept of ["", "gzip;q=0", "*;q=0", "identity", "br", "x".repeat(100_000), ",,;;q=,gzipx"]) {
      const plain = await ask("/sitemap.xml", { "Accept-Encoding": accept });
      expect(plain.headers.get("Content-Encoding"), accept.slice(0, 20)).toBeNull();
      expect(await plain.text()).toBe(xml);
    }
    const etag = zipped.headers.get("ETag") ?? "";
    expect(etag).toMatch(/^"sitemap-[\w-]+-0"$/);
    expect((await ask("/sitemap.xml", { "If-None-Match": `W/${etag}` })).status).toBe(304);
    expect((await ask("/sitemap.xml", { "If-None-Match": `"x", ${etag}` })).status).toBe(304);
    expect((await ask("/sitemap.xml", { "If-None-Match": `"${"x".repeat(100_000)}"` })).status).toBe(200);
    // A small site has no numbered sitemap.
    expect((await ask("/sitemap-1.xml")).status).toBe(404);
    // After a change, the old ETag no longer matches.
    await publish("Etag", "etag-post", "2026-11-23");
    expect((await ask("/sitemap.xml", { "If-None-Match": etag })).status).toBe(200);
  });
});
