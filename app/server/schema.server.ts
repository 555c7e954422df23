import type { Generated, Insertable, Selectable, Updateable } from "kysely";

// Time is stored as ISO-8601 UTC text everywhere (sorts and compares the same on
// SQLite and PostgreSQL); booleans as 0/1 integers; lists as JSON text.

export type SubjectTable = {
  id: Generated<number>;
  grade: number;
  code: string;
  label: string;
  position: number;
};

export type ChapterTable = {
  id: Generated<number>;
  grade: number;
  subject_code: string;
  title: string;
  slug: string;
  position: number;
  created_at: string;
  updated_at: string;
  /** Bumped on every save: a save based on an older version is refused. */
  version: Generated<number>;
};

export type LinkKind = "notes" | "questions" | "lectures";

export type ChapterLinkTable = {
  id: Generated<number>;
  chapter_id: number;
  kind: LinkKind;
  position: number;
  title: string;
  url: string;
};

export type NoteTable = {
  id: Generated<number>;
  chapter_id: number;
  content: string;
  seo_description: string;
  seo_keywords: string;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
};

export type PostTable = {
  id: Generated<number>;
  slug: string;
  title: string;
  date: string;
  author: string;
  tag: string;
  category: string;
  excerpt: string;
  content: string;
  status: "draft" | "published";
  featured: number;
  image: string;
  seo_title: string;
  seo_description: string;
  seo_keywords: string;
  canonical_url: string;
  social_title: string;
  social_description: string;
  social_image: string;
  featured_image_alt: string;
  allow_comments: number;
  view_count: number;
  like_count: number;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
};

export type PostRelatedTable = {
  post_id: number;
  related_id: number;
  position: number;
};

export type UserTable = {
  id: Generated<number>;
  email: string;
  password_hash: string;
  is_admin: number;
  created_at: string;
};

export type SessionTable = {
  /** sha256 of the cookie's random id: a stolen database holds no usable session. */
  id_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  /** Toasts waiting for the next console page (JSON array), or null. */
  flash: string | null;
};

export type MediaTable = {
  /** sha256 of the re-encoded WebP bytes: the same image is stored once. */
  id: string;
  webp: Uint8Array;
  fallback: Uint8Array;
  fallback_type: string;
  width: number;
  height: number;
  created_at: string;
};

/** A narrower copy of a `media` image, for srcset; made from the stored image, so not in a backup. */
export type MediaVariantTable = {
  media_id: string;
  width: number;
  webp: Uint8Array;
  fallback: Uint8Array;
  created_at: string;
};

/** Login attempts reserved in one window: "address:<ip>", "account:<email>" or "known:<user id>:<source>". */
export type LoginCounterTable = {
  key: string;
  window_start: string;
  attempts: number;
};

/** Where an account signed in before: "device:<sha256 of the device cookie>" or "address:<ip>". */
export type LoginKnownSourceTable = {
  user_id: number;
  source: string;
  last_seen_at: string;
};

export type ImportSourceTable = {
  collection: string;
  source_id: string;
  target_id: number;
};

export type SiteStateTable = { key: string; value: number };

/**
 * One searchable thing (app/server/search, migration 0011): a chapter (with the text of its notes),
 * a link or a post. Its words live in the engine's index: SQLite's FTS5 tables `search_fts` and
 * `search_titles` (rowid = id), or PostgreSQL's `tsv` and `title_tsv` columns.
 */
export type SearchDocumentTable = {
  id: Generated<number>;
  kind: "chapter" | "link" | "post";
  ref_id: number;
  /** A chapter's or link's class and subject (null for a post): the filters of /search. */
  grade: number | null;
  subject_code: string | null;
};

/** Documents to rebuild before the transaction that changed their content commits (filled by triggers). */
export type SearchPendingTable = { kind: SearchDocumentTable["kind"]; ref_id: number };

/** Words of titles, subjects and tags: where "Did you mean" looks for near matches. */
export type SearchWordTable = { word: string };

/** A word of a query and what else it is found as (JSON list of phrases): `prakash` → प्रकाश, light. */
export type SearchSynonymTable = { term: string; alternatives: string };

/** What students searched for: the normalised words only, per day (India time), kept 90 days. */
export type SearchQueryTable = { day: string; query: string; searches: number; results: number };

/** One distinct normalised link URL and its health (link health, migration 0012). */
export type LinkTable = {
  id: Generated<number>;
  url: string;
  host: string;
  status: Generated<"unchecked" | "ok" | "redirected" | "warning" | "broken">;
  /** The status's place in the console's list (0 Broken … 4 Not checked). */
  severity: number;
  final_url: string | null;
  checked_at: string | null;
  last_result: string | null;
  /** The last answer in a comparable form ("code:404", "error:timeout"). */
  last_answer: string | null;
  failures: Generated<number>;
  last_failure_at: string | null;
  marked_fine: Generated<number>;
  /** The answer an admin said was fine: the mark lasts while the answer stays the same. */
  fine_answer: string | null;
  marked_fine_by: string | null;
  due_at: string;
  requested: Generated<number>;
  lease_token: string | null;
  lease_until: string | null;
  status_changed_at: string | null;
  previous_status: string | null;
  created_at: string;
};

/** A place a link is used: a chapter link row, or an `href` in a note or a post. */
export type LinkUseTable = {
  link_id: number;
  kind: "chapter-link" | "note" | "post";
  ref_id: number;
  chapter_id: number | null;
};

/** Content rows whose links are to be counted again before their transaction commits (filled by triggers). */
export type LinkPendingTable = { kind: LinkUseTable["kind"]; ref_id: number };

/** One check of a link (the last 20 are kept). */
export type LinkCheckTable = {
  id: Generated<number>;
  link_id: number;
  checked_at: string;
  code: number | null;
  error: string | null;
  final_url: string | null;
  status: Selectable<LinkTable>["status"];
  duration_ms: number;
};

/** A student's "Report broken link". */
export type LinkReportTable = {
  id: Generated<number>;
  link_id: number;
  reason: "broken" | "wrong-content" | "other";
  page: string;
  address_hash: string;
  created_at: string;
  status: Generated<"open" | "resolved" | "dismissed">;
  resolved_at: string | null;
};

export type LinkStateTable = { key: string; value: string };

/** A job that runs on one instance at a time: who holds it and until when (migration 0013). */
export type JobLeaseTable = {
  name: string;
  holder: string | null;
  lease_until: string | null;
  last_run_at: string | null;
  last_result: string | null;
};

export type DB = {
  subjects: SubjectTable;
  chapters: ChapterTable;
  chapter_links: ChapterLinkTable;
  notes: NoteTable;
  posts: PostTable;
  post_related: PostRelatedTable;
  users: UserTable;
  sessions: SessionTable;
  media: MediaTable;
  media_variants: MediaVariantTable;
  login_counters: LoginCounterTable;
  login_known_sources: LoginKnownSourceTable;
  import_sources: ImportSourceTable;
  site_state: SiteStateTable;
  search_documents: SearchDocumentTable;
  search_pending: SearchPendingTable;
  search_words: SearchWordTable;
  search_synonyms: SearchSynonymTable;
  search_queries: SearchQueryTable;
  links: LinkTable;
  link_uses: LinkUseTable;
  link_pending: LinkPendingTable;
  link_checks: LinkCheckTable;
  link_reports: LinkReportTable;
  link_state: LinkStateTable;
  job_leases: JobLeaseTable;
};

export type Subject = Selectable<SubjectTable>;
export type ChapterRow = Selectable<ChapterTable>;
export type NoteRow = Selectable<NoteTable>;
export type PostRow = Selectable<PostTable>;
export type NewPostRow = Insertable<PostTable>;
export type PostUpdate = Updateable<PostTable>;
export type UserRow = Selectable<UserTable>;
