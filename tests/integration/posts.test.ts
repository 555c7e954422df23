import { expect, it } from "vitest";
import { todayIso } from "#app/lib/dates.ts";
import { PAGE_SIZE, readListQuery } from "#app/lib/list-query.ts";
import { emptyPostValues, type PostFormInput } from "#app/lib/post-form.ts";
import { postListSpec } from "#app/lib/post-list-query.ts";
import type { Database } from "#app/server/db.server.ts";
import { ConflictError, DomainError, NotFoundError, ValidationError } from "#app/server/errors.server.ts";
import {
  addPost,
  deletePost,
  deletePosts,
  getPost,
  getPublishedPost,
  listPostPage,
  listPosts,
  listPublishedPosts,
  postTags,
  setPostsStatus,
  updatePost,
} from "#app/server/publishing/posts.server.ts";
import { describeEachDatabase } from "./databases.ts";

const site = { siteUrl: "https://chapterwise.example", siteName: "ChapterWise" };

/** A form with only the given fields filled in, as the admin's form sends it. */
function post(fields: Partial<PostFormInput>): PostFormInput {
  return { ...emptyPostValues(""), allowComments: true, ...fields };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("expected the promise to be rejected");
}

describeEachDatabase("blog posts", (db) => {
  it("fills blank fields with the spec's defaults (section 9)", async () => {
    const saved = await addPost(db(), post({ title: "Only a title", slug: "only-a-title" }), site);
    expect(saved).toMatchObject({
      title: "Only a title",
      slug: "only-a-title",
      date: todayIso(),
      author: "ChapterWise Team",
      tag: "General",
      category: "General",
      status: "draft",
      seoTitle: "Only a title",
      socialTitle: "Only a title",
      seoDescription: "",
      socialDescription: "",
      featuredImageAlt: "Only a title",
      canonicalUrl: "https://chapterwise.example/blog/only-a-title",
      image: "",
      socialImage: "",
      allowComments: true,
      featured: false,
      viewCount: 0,
      likeCount: 0,
      seoKeywords: [],
      related: [],
    });
    expect(saved.createdAt).toBe(saved.updatedAt);
  });

  it("takes descriptions from the excerpt and the social image from the featured image", async () => {
    const saved = await addPost(
      db(),
      post({
        title: "With excerpt",
        slug: "with-excerpt",
        excerpt: "A short summary.",
        image: "https://images.example/cover.jpg",
        seoKeywords: " exams, , revision ,",
      }),
      site,
    );
    expect(saved.seoDescription).toBe("A short summary.");
    expect(saved.socialDescription).toBe("A short summary.");
    expect(saved.socialImage).toBe("https://images.example/cover.jpg");
    expect(saved.seoKeywords).toEqual(["exams", "revision"]);
  });

  it("requires a slug with the spec's message, and refuses a taken one at the slug field", async () => {
    const missing = await rejection(addPost(db(), post({ title: "No slug", slug: "  " }), site));
    expect(missing).toBeInstanceOf(ValidationError);
    expect((missing as ValidationError).fields.slug).toBe("Please provide a unique slug for the blog post.");

    await addPost(db(), post({ title: "First", slug: "taken-slug" }), site);
    const taken = await rejection(addPost(db(), post({ title: "Second", slug: "taken-slug" }), site));
    expect(taken).toBeInstanceOf(ValidationError);
    expect((taken as ValidationError).fields.slug).toMatch(/already used/);
    expect((await listPosts(db())).filter((p) => p.slug === "taken-slug")).toHaveLength(1);
  });

  it("refuses images and links that are not http(s) or our own media", async () => {
    const err = await rejection(
      addPost(
        db(),
        post({ title: "Bad", slug: "bad-links", image: "javascript:alert(1)", canonicalUrl: "ftp://x.org" }),
        site,
      ),
    );
    expect(err).toBeInstanceOf(ValidationError);
    expect(Object.keys((err as ValidationError).fields).sort()).toEqual([
      "canonicalUrl",
      "image",
      "socialImage",
    ]);
  });

  it("sanitizes the content on save", async () => {
    const saved = await addPost(
      db(),
      post({ title: "Xss", slug: "xss", content: '<p onclick="x()">Hi<script>alert(1)</script></p>' }),
      site,
    );
    expect(saved.content).toBe("<p>Hi</p>");
  });

  it("updates with the version it was opened at, and refuses a stale version as a conflict", async () => {
    const saved = await addPost(db(), post({ title: "Versioned", slug: "versioned" }), site);
    const updated = await updatePost(
      db(),
      saved.id,
      saved.version,
      post({ title: "Versioned (edited)", slug: "versioned", status: "published" }),
      site,
    );
    expect(updated.version).toBe(saved.version + 1);
    expect(updated.title).toBe("Versioned (edited)");
    expect(updated.status).toBe("published");
    expect(updated.updatedAt >= saved.updatedAt).toBe(true);

    const stale = await rejection(
      updatePost(db(), saved.id, saved.version, post({ title: "Stale", slug: "versioned" }), site),
    );
    expect(stale).toBeInstanceOf(ConflictError);
    expect((await getPost(db(), saved.id))?.title).toBe("Versioned (edited)");

    const gone = await rejection(updatePost(db(), 999_999, 0, post({ title: "X", slug: "x-gone" }), site));
    expect(gone).toBeInstanceOf(NotFoundError);
  });

  it("keeps related posts in the chosen order, never the post itself", async () => {
    const a = await addPost(db(), post({ title: "Rel A", slug: "rel-a" }), site);
    const b = await addPost(db(), post({ title: "Rel B", slug: "rel-b" }), site);
    const c = await addPost(
      db(),
      post({ title: "Rel C", slug: "rel-c", related: ["rel-b", "rel-c", "rel-a", "nope"] }),
      site,
    );
    expect(c.related).toEqual(["rel-b", "rel-a"]);
    const edited = await updatePost(
      db(),
      a.id,
      a.version,
      post({ title: "Rel A", slug: "rel-a", related: ["rel-a", "rel-c"] }),
      site,
    );
    expect(edited.related).toEqual(["rel-c"]);
    expect((await getPost(db(), b.id))?.related).toEqual([]);
  });

  it("shows only published posts to the public, newest first", async () => {
    await addPost(
      db(),
      post({ title: "Old", slug: "pub-old", date: "2025-01-05", status: "published" }),
      site,
    );
    await addPost(
      db(),
      post({ title: "New", slug: "pub-new", date: "2026-02-01", status: "published" }),
      site,
    );
    await addPost(
      db(),
      post({ title: "Mid", slug: "pub-mid", date: "2025-07-10", status: "published" }),
      site,
    );
    await addPost(
      db(),
      post({ title: "Hidden", slug: "pub-draft", date: "2027-01-01", status: "draft" }),
      site,
    );

    const published = (await listPublishedPosts(db())).map((p) => p.slug).filter((s) => s.startsWith("pub-"));
    expect(published).toEqual(["pub-new", "pub-mid", "pub-old"]);
    expect(await getPublishedPost(db(), "pub-draft")).toBeNull();
    expect((await getPublishedPost(db(), "pub-new"))?.title).toBe("New");
    expect((await listPosts(db())).some((p) => p.slug === "pub-draft")).toBe(true);
  });

  it("deletes a post and its related links; a second delete is NotFound", async () => {
    const target = await addPost(db(), post({ title: "Doomed", slug: "doomed" }), site);
    const linker = await addPost(db(), post({ title: "Linker", slug: "linker", related: ["doomed"] }), site);
    expect(linker.related).toEqual(["doomed"]);
    await deletePost(db(), target.id);
    expect(await getPost(db(), target.id)).toBeNull();
    expect((await getPost(db(), linker.id))?.related).toEqual([]);
    expect(await rejection(deletePost(db(), target.id))).toBeInstanceOf(NotFoundError);
  });
});

/** The list's state as its address gives it. */
const listQuery = (search: string) => readListQuery(new URLSearchParams(search), postListSpec);

async function contentVersion(db: Database): Promise<number> {
  const row = await db
    .selectFrom("site_state")
    .select("value")
    .where("key", "=", "content_version")
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

describeEachDatabase("the console's post list", (db) => {
  it("pages 50 at a time, newest date first, with the total; a page past the end shows the last", async () => {
    const tag = "Paging";
    for (let i = 0; i < 53; i++) {
      const day = String((i % 28) + 1).padStart(2, "0");
      const month = String(Math.floor(i / 28) + 1).padStart(2, "0");
      await addPost(
        db(),
        post({ title: `Paged ${i}`, slug: `paged-${i}`, tag, date: `2020-${month}-${day}` }),
        site,
      );
    }
    const first = await listPostPage(db(), listQuery(`tag=${tag}`));
    expect(first).toMatchObject({ total: 53, page: 1, pageCount: 2, pageSize: PAGE_SIZE });
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]).toEqual({
      id: expect.any(Number),
      title: "Paged 52",
      slug: "paged-52",
      date: "2020-02-25",
      author: "ChapterWise Team",
      tag,
      status: "draft",
      publishAt: null,
    });
    const second = await listPostPage(db(), listQuery(`tag=${tag}&page=2`));
    expect(second.rows.map((r) => r.title)).toEqual(["Paged 2", "Paged 1", "Paged 0"]);
    expect((await listPostPage(db(), listQuery(`tag=${tag}&page=99`))).page).toBe(2);
    const all = [...first.rows, ...second.rows].map((r) => r.id);
    expect(new Set(all).size).toBe(53);
  });

  it("sorts by title either way, ties by id, and filters by status, tag and title text", async () => {
    const tag = "Sorting";
    await addPost(db(), post({ title: "beta 100% sure", slug: "s-beta", tag, status: "published" }), site);
    await addPost(db(), post({ title: "Alpha_one", slug: "s-alpha", tag }), site);
    await addPost(db(), post({ title: "Gamma", slug: "s-gamma", tag, status: "published" }), site);
    await addPost(db(), post({ title: "Delta Alpha", slug: "s-delta", tag: "Other sorting" }), site);
    const titles = async (search: string) =>
      (await listPostPage(db(), listQuery(search))).rows.map((r) => r.title);

    expect(await titles(`tag=${tag}&sort=title&dir=asc`)).toEqual(["Alpha_one", "beta 100% sure", "Gamma"]);
    expect(await titles(`tag=${tag}&sort=title&dir=desc`)).toEqual(["Gamma", "beta 100% sure", "Alpha_one"]);
    expect(await titles(`tag=${tag}&status=published&sort=title`)).toEqual(["beta 100% sure", "Gamma"]);
    expect(await titles(`tag=${tag}&status=draft`)).toEqual(["Alpha_one"]);
    // Search ignores case and takes % and _ literally.
    expect(await titles("q=ALPHA&sort=title")).toEqual(["Alpha_one", "Delta Alpha"]);
    expect(await titles("q=100%25")).toEqual(["beta 100% sure"]);
    expect(await titles("q=a_o")).toEqual(["Alpha_one"]);
    expect(await titles("q=nothing-like-this")).toEqual([]);
    // An unknown status is ignored rather than matching nothing.
    expect(await titles(`tag=${tag}&status=bogus&sort=title`)).toHaveLength(3);

    const tags = await postTags(db());
    expect(tags).toEqual(
      expect.arrayContaining([
        { tag, count: 3 },
        { tag: "Other sorting", count: 1 },
      ]),
    );
    expect(tags.map((t) => t.tag)).toEqual([...tags.map((t) => t.tag)].sort());
  });

  it("publishes and unpublishes the selected posts in one go, and says the public content changed", async () => {
    const a = await addPost(db(), post({ title: "Bulk A", slug: "bulk-a" }), site);
    const b = await addPost(db(), post({ title: "Bulk B", slug: "bulk-b" }), site);
    const before = await contentVersion(db());
    expect(await setPostsStatus(db(), [a.id, b.id], "published", site)).toBe(2);
    expect(await contentVersion(db())).toBeGreaterThan(before);
    expect((await getPublishedPost(db(), "bulk-a"))?.version).toBe(a.version + 1);
    expect(await getPublishedPost(db(), "bulk-b")).not.toBeNull();
    // An edit form opened before the change cannot silently undo it.
    expect(
      await rejection(updatePost(db(), a.id, a.version, post({ title: "Bulk A", slug: "bulk-a" }), site)),
    ).toBeInstanceOf(ConflictError);

    expect(await setPostsStatus(db(), [a.id, b.id], "draft", site)).toBe(2);
    expect(await getPublishedPost(db(), "bulk-a")).toBeNull();
    expect((await getPost(db(), b.id))?.status).toBe("draft");
  });

  it("refuses a bulk publish whole when one post breaks the post rules, naming it", async () => {
    const good = await addPost(db(), post({ title: "Fine post", slug: "fine-post" }), site);
    const old = await addPost(db(), post({ title: "Old import", slug: "old-import" }), site);
    // A row stored before today's rules (e.g. by an old import) with a date that is no date.
    await db().updateTable("posts").set({ date: "someday" }).where("id", "=", old.id).execute();
    const before = await contentVersion(db());

    const err = await rejection(setPostsStatus(db(), [good.id, old.id], "published", site));
    expect(err).toBeInstanceOf(DomainError);
    expect((err as Error).message).toContain("“Old import” cannot be published: Date: use a real date");
    expect((await getPost(db(), good.id))?.status).toBe("draft");
    expect((await getPost(db(), good.id))?.version).toBe(good.version);
    expect(await contentVersion(db())).toBe(before);
    // Unpublishing needs no such check.
    expect(await setPostsStatus(db(), [good.id, old.id], "draft", site)).toBe(2);
  });

  it("refuses a bulk action whole when a selected post was deleted meanwhile", async () => {
    const a = await addPost(db(), post({ title: "Kept A", slug: "kept-a" }), site);
    const gone = await addPost(db(), post({ title: "Gone", slug: "gone" }), site);
    await deletePost(db(), gone.id);
    for (const attempt of [
      setPostsStatus(db(), [a.id, gone.id], "published", site),
      deletePosts(db(), [a.id, gone.id]),
    ]) {
      const err = await rejection(attempt);
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).status).toBe(409);
      expect((err as Error).message).toContain("1 post of the selection no longer exists");
    }
    expect((await getPost(db(), a.id))?.status).toBe("draft");
    expect(await rejection(deletePosts(db(), []))).toBeInstanceOf(DomainError);
  });

  it("deletes the selected posts and their related links in one transaction", async () => {
    const a = await addPost(db(), post({ title: "Del A", slug: "del-a" }), site);
    const b = await addPost(db(), post({ title: "Del B", slug: "del-b" }), site);
    const keeper = await addPost(db(), post({ title: "Keeper", slug: "keeper", related: ["del-a"] }), site);
    const before = await contentVersion(db());
    expect((await deletePosts(db(), [a.id, b.id, a.id])).deleted).toBe(2);
    expect(await getPost(db(), a.id)).toBeNull();
    expect(await getPost(db(), b.id)).toBeNull();
    expect((await getPost(db(), keeper.id))?.related).toEqual([]);
    expect(await contentVersion(db())).toBeGreaterThan(before);
  });
});
