import { expect, it } from "vitest";
import { todayIso } from "../../app/lib/dates.ts";
import { emptyPostValues, type PostFormInput } from "../../app/lib/post-form.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../app/server/errors.server.ts";
import {
  addPost,
  deletePost,
  getPost,
  getPublishedPost,
  listPosts,
  listPublishedPosts,
  updatePost,
} from "../../app/server/posts.server.ts";
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
