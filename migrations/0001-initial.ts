import type { Kysely } from "kysely";
import { type ColumnKinds, columnKinds } from "./columns.ts";

// The whole domain (README, Architecture), portable across SQLite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  const c: ColumnKinds = columnKinds(db);

  await db.schema
    .createTable("subjects")
    .addColumn("id", c.id, (col) => c.idOptions(col))
    .addColumn("grade", "integer", (col) => col.notNull())
    .addColumn("code", "text", (col) => col.notNull())
    .addColumn("label", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint("subjects_grade_code_key", ["grade", "code"])
    .execute();

  await db.schema
    .createTable("chapters")
    .addColumn("id", c.id, (col) => c.idOptions(col))
    .addColumn("grade", "integer", (col) => col.notNull())
    .addColumn("subject_code", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("slug", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    // The chapter page finds its chapter by (grade, slug) through this index.
    .addUniqueConstraint("chapters_grade_slug_key", ["grade", "slug"])
    // A subject that still has chapters cannot be deleted.
    .addForeignKeyConstraint("chapters_subject_fkey", ["grade", "subject_code"], "subjects", [
      "grade",
      "code",
    ])
    .execute();
  await db.schema
    .createIndex("chapters_listing_idx")
    .on("chapters")
    .columns(["grade", "subject_code", "position"])
    .execute();

  await db.schema
    .createTable("chapter_links")
    .addColumn("id", c.id, (col) => c.idOptions(col))
    .addColumn("chapter_id", "integer", (col) => col.notNull().references("chapters.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("url", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("chapter_links_chapter_idx")
    .on("chapter_links")
    .columns(["chapter_id", "kind", "position"])
    .execute();

  await db.schema
    .createTable("notes")
    .addColumn("id", c.id, (col) => c.idOptions(col))
    .addColumn("chapter_id", "integer", (col) => col.notNull().references("chapters.id").onDelete("cascade"))
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("seo_description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("seo_keywords", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex("notes_chapter_idx").on("notes").columns(["chapter_id", "id"]).execute();

  await db.schema
    .createTable("posts")
    .addColumn("id", c.id, (col) => c.idOptions(col))
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("author", "text", (col) => col.notNull())
    .addColumn("tag", "text", (col) => col.notNull())
    .addColumn("category", "text", (col) => col.notNull())
    .addColumn("excerpt", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("content", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("status", "text", (col) => col.notNull().defaultTo("draft"))
    .addColumn("featured", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("image", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("seo_title", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("seo_description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("seo_keywords", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("canonical_url", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("social_title", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("social_description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("social_image", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("featured_image_alt", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("allow_comments", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("view_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("like_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex("posts_status_date_idx").on("posts").columns(["status", "date"]).execute();

  await db.schema
    .createTable("post_related")
    .addColumn("post_id", "integer", (col) => col.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("related_id", "integer", (col) => col.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("post_related_pkey", ["post_id", "related_id"])
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", c.id, (col) => c.idOptions(col))
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("is_admin", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id_hash", "text", (col) => col.primaryKey())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("media")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("webp", c.blob, (col) => col.notNull())
    .addColumn("fallback", c.blob, (col) => col.notNull())
    .addColumn("fallback_type", "text", (col) => col.notNull())
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    "media",
    "sessions",
    "users",
    "post_related",
    "posts",
    "notes",
    "chapter_links",
    "chapters",
    "subjects",
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
