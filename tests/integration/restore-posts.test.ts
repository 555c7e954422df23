import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import { exportContent, importContent } from "#app/server/backup/backup-reader.server.ts";
import { dialectOf } from "#app/server/db.server.ts";
import { relatedOf } from "#app/server/publishing/posts.server.ts";
import { loadDemoContent } from "../../cli/demo-content.ts";
import { describeEachDatabase, freshDatabase } from "./databases.ts";

// A restore writes its posts a batch of statements at a time (restorePosts, decision 0034 "late"),
// not one statement a post: the posts must come back as they were, with the ids a post at a time
// gave (in the backup's order), their related posts (named by slug, some further on), versions
// and editors, whatever the batch they fell in.

const site = { siteUrl: "https://chapterwise.example", siteName: "ChapterWise" };
const MANY = 450;

describeEachDatabase("restoring many posts", (db) => {
  it("keeps their order, ids, related posts and versions across batches", async () => {
    await loadDemoContent(db(), site);
    const backup = await exportContent(db());
    const template = backup.posts[0];
    if (!template) throw new Error("the demo has posts");
    const slug = (i: number) => `batch-post-${i}`;
    backup.posts.push(
      ...Array.from({ length: MANY }, (_, i) => ({
        ...template,
        slug: slug(i),
        title: `Batch post ${i}`,
        status: i % 5 === 0 ? "draft" : template.status,
        // Related posts before and after it, across batches.
        related: i % 3 === 0 ? [slug((i + 301) % MANY), slug((i + 1) % MANY)] : [],
        version: 1 + (i % 4),
        updatedBy: i % 2 === 0 ? "teacher@school.in" : null,
      })),
    );
    const target = await freshDatabase(dialectOf(db() as unknown as Kysely<unknown>));
    try {
      await importContent(target.db, JSON.parse(JSON.stringify(backup)));
      const rows = await target.db
        .selectFrom("posts")
        .select(["id", "slug", "version", "updated_by", "status"])
        .orderBy("id")
        .execute();
      // Ids as one insert a post gave them: 1, 2, 3 … in the backup's order.
      expect(rows.map((r) => r.slug)).toEqual(backup.posts.map((p) => p.slug));
      expect(rows.map((r) => r.id)).toEqual(rows.map((_, i) => i + 1));
      expect(rows.map((r) => r.version)).toEqual(backup.posts.map((p) => p.version ?? 1));
      const related = await relatedOf(
        target.db,
        rows.map((r) => r.id),
      );
      expect(rows.map((r) => related.get(r.id) ?? [])).toEqual(backup.posts.map((p) => p.related));
      // And it exports as it was read.
      const again = await exportContent(target.db);
      expect(again.posts).toEqual(backup.posts);
    } finally {
      await target.drop();
    }
  });
});
