import { expect, it } from "vitest";
import { emptyPostValues, type PostFormInput } from "#app/lib/post-form.ts";
import { slugify } from "#app/lib/slug.ts";
import { exportContent, importContent } from "#app/server/backup/backup-reader.server.ts";
import { contentVersion } from "#app/server/content-changes.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { ValidationError } from "#app/server/errors.server.ts";
import { runJobOnce } from "#app/server/jobs/lease.server.ts";
import { publishDuePosts, scheduledPostsJob } from "#app/server/jobs/scheduled-posts.server.ts";
import { blogFeed, sitemapEntries } from "#app/server/publishing/feeds.server.ts";
import {
  addPost,
  getPost,
  getPublishedPost,
  listPostPage,
  listPublishedPosts,
  setPostsStatus,
  updatePost,
} from "#app/server/publishing/posts.server.ts";
import { search } from "#app/server/search/search.server.ts";
import { describeEachDatabase, freshDatabase } from "./databases.ts";

const site = { siteUrl: "https://chapterwise.example", siteName: "ChapterWise" };

// Times far ahead of the real clock, so "in the future" when saved; the job's clock is injected.
const PUBLISH_AT = "2031-03-14T09:30"; // India time: 04:00 UTC
const PUBLISH_UTC = "2031-03-14T04:00:00.000Z";
const minutes = (n: number) => new Date(Date.parse(PUBLISH_UTC) + n * 60_000);

function post(fields: Partial<PostFormInput>): PostFormInput {
  return { ...emptyPostValues("2031-01-02"), allowComments: true, ...fields };
}

async function publicEverywhere(db: Database, slug: string) {
  const feed = await blogFeed(db, site);
  const sitemap = await sitemapEntries(db);
  const found = await search(db, { q: slug.split("-").join(" "), kind: "posts" });
  return {
    page: (await getPublishedPost(db, slug)) !== null,
    list: (await listPublishedPosts(db)).some((p) => p.slug === slug),
    feed: feed.includes(`/blog/${slug}<`),
    sitemap: sitemap.some((e) => e.path === `/blog/${slug}`),
    search: found.hits.some((h) => h.href === `/blog/${slug}`),
  };
}

const HIDDEN = { page: false, list: false, feed: false, sitemap: false, search: false };
const SHOWN = { page: true, list: true, feed: true, sitemap: true, search: true };

describeEachDatabase("scheduled posts", (db) => {
  /** Adds a post Scheduled for `publishAt` (India time), as the form sends it. */
  const schedule = (title: string, publishAt: string) =>
    addPost(db(), post({ title, slug: slugify(title), status: "scheduled", publishAt }), site);

  it("a Scheduled post is not public before its time; the job publishes it after, as a save, once", async () => {
    const saved = await schedule("Quokka revision plan", PUBLISH_AT);
    expect(saved).toMatchObject({ status: "scheduled", publishAt: PUBLISH_UTC, date: "2031-01-02" });
    expect(await publicEverywhere(db(), saved.slug)).toEqual(HIDDEN);

    // A minute before: nothing happens.
    expect(await publishDuePosts(db(), minutes(-1))).toEqual([]);
    expect((await getPost(db(), saved.id))?.status).toBe("scheduled");

    const before = await contentVersion(db());
    const job = scheduledPostsJob();
    expect(await runJobOnce(db(), job, "instance-a", minutes(0.5))).toEqual({
      ran: true,
      result: "1 scheduled post published",
    });
    const published = await getPost(db(), saved.id);
    expect(published).toMatchObject({
      status: "published",
      publishAt: null,
      // The date the admin gave was earlier: the post is dated the day it went out.
      date: "2031-03-14",
      version: saved.version + 1,
    });
    // The page store is emptied (content version bumped) and every public list shows it.
    expect(await contentVersion(db())).toBeGreaterThan(before);
    expect(await publicEverywhere(db(), saved.slug)).toEqual(SHOWN);

    const activity = await db()
      .selectFrom("activity")
      .selectAll()
      .where("action", "=", "post.publish-scheduled")
      .execute();
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({ actor: "system", item: `post ${saved.id} "Quokka revision plan"` });

    // The next round finds nothing more to do.
    expect(await publishDuePosts(db(), minutes(5))).toEqual([]);
  });

  it("two instances running the job at the same moment publish a due post once", async () => {
    const saved = await schedule("Twin instances", "2031-05-01T08:00");
    const at = new Date("2031-05-01T02:31:00.000Z");
    const job = scheduledPostsJob();
    const outcomes = await Promise.all(["one", "two"].map((holder) => runJobOnce(db(), job, holder, at)));
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    const after = await getPost(db(), saved.id);
    expect(after).toMatchObject({ status: "published", version: saved.version + 1 });
    const activity = await db()
      .selectFrom("activity")
      .select("id")
      .where("item", "=", `post ${saved.id} "Twin instances"`)
      .execute();
    expect(activity).toHaveLength(1);
  });

  it("a time already past when saved publishes the post at once", async () => {
    const saved = await schedule("Late start", "2024-01-05T10:00");
    expect(saved).toMatchObject({ status: "published", publishAt: null });
    expect((await publicEverywhere(db(), "late-start")).page).toBe(true);
  });

  it("moving the time moves the schedule; Draft cancels it; bulk Publish and Unpublish end it", async () => {
    const saved = await schedule("Moving target", PUBLISH_AT);
    /** Saves the post as it is now with `status` and `publishAt` (the field may hold a time: only Scheduled reads it). */
    const save = async (status: string, publishAt: string) => {
      const now = (await getPost(db(), saved.id)) ?? saved;
      const form = post({ title: saved.title, slug: saved.slug, status, publishAt });
      return updatePost(db(), now.id, now.version, form, site);
    };
    const moved = await save("scheduled", "2031-03-15T09:30");
    expect(moved.publishAt).toBe("2031-03-15T04:00:00.000Z");
    // At the old time it stays scheduled.
    expect(await publishDuePosts(db(), minutes(10))).toEqual([]);

    const cancelled = await save("draft", "2031-03-15T09:30");
    expect(cancelled).toMatchObject({ status: "draft", publishAt: null });
    expect(await publishDuePosts(db(), minutes(3 * 24 * 60))).toEqual([]);
    expect((await getPost(db(), saved.id))?.status).toBe("draft");

    // Scheduled again, then unpublished or published in bulk: either way no schedule is left.
    expect((await save("scheduled", PUBLISH_AT)).status).toBe("scheduled");
    await setPostsStatus(db(), [saved.id], "draft", site);
    expect(await getPost(db(), saved.id)).toMatchObject({ status: "draft", publishAt: null });
    await save("scheduled", PUBLISH_AT);
    await setPostsStatus(db(), [saved.id], "published", site);
    expect(await getPost(db(), saved.id)).toMatchObject({ status: "published", publishAt: null });
  });

  it("Scheduled needs a real Publish at; the list shows and filters Scheduled posts with their time", async () => {
    for (const publishAt of [
      "",
      "tomorrow",
      "2031-02-30T10:00",
      "2031-03-14T25:00",
      "2031-03-14T09:30:00Z",
    ]) {
      let error: unknown;
      try {
        await schedule("No time", publishAt);
      } catch (err) {
        error = err;
      }
      expect(error, publishAt).toBeInstanceOf(ValidationError);
      expect(Object.keys((error as ValidationError).fields), publishAt).toEqual(["publishAt"]);
    }
    await schedule("Listed later", "2031-06-01T18:45");
    const page = await listPostPage(db(), {
      q: "",
      page: 1,
      sort: "date",
      dir: "desc",
      filters: { status: "scheduled", tag: "" },
    });
    expect(page.rows.map((r) => [r.slug, r.status, r.publishAt])).toEqual([
      ["listed-later", "scheduled", "2031-06-01T13:15:00.000Z"],
    ]);
  });

  it("a backup carries a post's schedule, and a restored Scheduled post still goes out by itself", async () => {
    const backup = JSON.parse(JSON.stringify(await exportContent(db())));
    expect(backup.posts.find((p: { slug: string }) => p.slug === "listed-later")).toMatchObject({
      status: "scheduled",
      publishAt: "2031-06-01T13:15:00.000Z",
    });
    const target = await freshDatabase("sqlite");
    try {
      await importContent(target.db, backup);
      const restored = (
        await listPostPage(target.db, {
          q: "listed later",
          page: 1,
          sort: "date",
          dir: "desc",
          filters: { status: "scheduled", tag: "" },
        })
      ).rows;
      expect(restored.map((r) => r.publishAt)).toEqual(["2031-06-01T13:15:00.000Z"]);
      expect(await publishDuePosts(target.db, new Date("2031-06-01T13:15:00.000Z"))).toHaveLength(1);
    } finally {
      await target.drop();
    }
  });
});
