import { readKeywords } from "#app/lib/keywords.ts";
import { toNumber } from "#app/server/db.server.ts";
import type { ChapterRow, LinkKind, NoteRow, PostRow } from "#app/server/schema.server.ts";

// A chapter, a note and a post as the full backup writes them (backup/backup-reader.server.ts) and the Trash
// keeps them (app/server/trash/): ids left out, links by kind, keywords as lists, related posts
// by slug. One shape, so a backup can carry the Trash and either restores through the same code.

export type NoteItem = {
  content: string;
  seoDescription: string;
  seoKeywords: string[];
  createdAt: string;
  updatedAt: string;
};

type LinkItem = { title: string; url: string };
type LinkRow = { kind: LinkKind; title: string; url: string };

export function noteItem(n: NoteRow): NoteItem {
  return {
    content: n.content,
    seoDescription: n.seo_description,
    seoKeywords: readKeywords(n.seo_keywords),
    createdAt: n.created_at,
    updatedAt: n.updated_at,
  };
}

/** A chapter with its links (in their order) and its notes. */
export function chapterItem<Note>(c: ChapterRow, links: readonly LinkRow[], notes: Note[]) {
  const byKind: Record<LinkKind, LinkItem[]> = { notes: [], questions: [], lectures: [] };
  for (const l of links) byKind[l.kind]?.push({ title: l.title, url: l.url });
  return {
    grade: c.grade,
    subject: c.subject_code,
    title: c.title,
    slug: c.slug,
    position: c.position,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    links: byKind,
    notes,
  };
}

export function postItem(p: PostRow, related: string[]) {
  return {
    slug: p.slug,
    title: p.title,
    date: p.date,
    author: p.author,
    tag: p.tag,
    category: p.category,
    excerpt: p.excerpt,
    content: p.content,
    status: p.status === "published" || p.status === "scheduled" ? p.status : ("draft" as const),
    publishAt: p.status === "scheduled" ? p.publish_at : null,
    featured: Number(p.featured) === 1,
    image: p.image,
    featuredImageAlt: p.featured_image_alt,
    seoTitle: p.seo_title,
    seoDescription: p.seo_description,
    seoKeywords: readKeywords(p.seo_keywords),
    canonicalUrl: p.canonical_url,
    socialTitle: p.social_title,
    socialDescription: p.social_description,
    socialImage: p.social_image,
    allowComments: Number(p.allow_comments) === 1,
    viewCount: toNumber(p.view_count),
    likeCount: toNumber(p.like_count),
    createdAt: p.created_at,
    updatedAt: p.updated_at,
    related,
  };
}
