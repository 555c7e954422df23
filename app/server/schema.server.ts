import type { Generated, Insertable, Selectable, Updateable } from "kysely";

// Time is stored as ISO-8601 UTC text everywhere (sorts and compares the same on
// SQLite and PostgreSQL); booleans as 0/1 integers; lists as JSON text.

export type SubjectTable = {
  id: Generated<number>;
  grade: number;
  code: string;
  label: string;
  position: number;
  /** "both", "english" or "hindi" (app/lib/medium.ts). */
  medium: Generated<string>;
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
  /** Who made the current version (app/server/console/actor.server.ts); null from before History. */
  updated_by: string | null;
  /** The textbook ("Book") and the chapter's number in it (migration 0023); optional. */
  book: Generated<string | null>;
  chapter_number: Generated<number | null>;
  /** How many notes and links it has, kept by triggers (migration 0040): the Dashboard's "Content" filter. */
  resources: Generated<number>;
};

/**
 * A chapter's syllabus status in one session (its first year: 2026 for "2026-27"; migration 0023):
 * 'new', 'out', or 'in' kept only for its "What changed". No row: In syllabus.
 */
export type ChapterSyllabusTable = {
  chapter_id: number;
  session: number;
  status: "in" | "new" | "out";
  what_changed: string;
};

/** The four lists of a chapter; `official` (migration 0025) is shown first. */
export type LinkKind = "official" | "notes" | "questions" | "lectures";

export type ChapterLinkTable = {
  id: Generated<number>;
  chapter_id: number;
  kind: LinkKind;
  position: number;
  title: string;
  url: string;
  /** A type's slug (app/lib/link-types.ts), `en`/`hi`/`both`, a year; null when none (migration 0025). */
  type: Generated<string | null>;
  language: Generated<string | null>;
  year: Generated<number | null>;
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
  updated_by: string | null;
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
  status: "draft" | "scheduled" | "published";
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
  updated_by: string | null;
  /** When a Scheduled post goes public by itself (migration 0017); null unless Scheduled. */
  publish_at: string | null;
};

export type PostRelatedTable = {
  post_id: number;
  related_id: number;
  position: number;
};

export type UserTable = {
  id: Generated<number>;
  email: string;
  /** Empty while the account waits for its first password (invited, app/server/accounts/password-links.server.ts). */
  password_hash: string;
  /** "admin", "editor" or null: signed in without a console role (app/lib/roles.ts). */
  role: string | null;
  created_at: string;
  /** When an admin deactivated the account; null while it may sign in. */
  deactivated_at: string | null;
  /** When its last session started. */
  last_sign_in_at: string | null;
};

/** A one-time link to set an account's password: only the token's sha256 is stored. */
export type PasswordLinkTable = {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

export type SessionTable = {
  /** sha256 of the cookie's random id: a stolen database holds no usable session. */
  id_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  /** Toasts waiting for the next console page (JSON array), or null. */
  flash: string | null;
  /** The browser and system it was started from, in words ("Chrome on Android"; migration 0019). */
  device: string | null;
  /** The client's address when it was last seen. */
  address: string | null;
  /** When it was last used (touched at most once a minute). */
  last_seen_at: string | null;
};

/**
 * An account's two-step sign-in (migration 0019, app/server/accounts/two-step.server.ts): its TOTP secret;
 * `turned_on_at` null while it is being set up; `last_step` the time step of the last code accepted.
 */
export type TwoStepTable = {
  user_id: number;
  secret: string;
  created_at: string;
  turned_on_at: string | null;
  last_step: number | null;
};

/** A one-time recovery code of two-step sign-in: only its sha256 is stored. */
export type RecoveryCodeTable = {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
};

/** A sign-in waiting for its code after a correct password: not a session; the token's sha256. */
export type SignInStepTable = {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
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

/** A chapter's share card in one language, drawn once per title (migration 0030, share-card.server.ts). */
export type ShareCardTable = {
  chapter_id: number;
  lang: string;
  card_key: string;
  png: Uint8Array;
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

/** A content version that changed only whether students see these link addresses (a JSON array). */
export type LinkVisibilityChangeTable = { version: number; urls: string };

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
  /** A chapter link's document words (linkUseWords), " "-bounded; empty for a note's or post's (migration 0032). */
  words: Generated<string>;
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

/** How many links have a status, a check asked for and a "fine" mark: kept by triggers (migration 0021). */
/**
 * A class (`g:11`), subject (`s:chemistry`) or class with subject (`g:11:chemistry`) where a link is
 * used, with its severity and URL: Link health's class and subject filters (kept by triggers, 0022).
 * `link_urls` (SQLite only) is the FTS5 trigram index of the links' URLs, rowid = links.id.
 */
export type LinkScopeTable = { scope: string; link_id: number; severity: number; url: string; n: number };

/** An index a bulk load left to build after its commit (migration 0036; PostgreSQL only). */
export type DeferredIndexTable = {
  name: string;
  table_name: string;
  definition: string;
  /** The table's size as the load ended: the largest are built first. */
  weight: Generated<number | string>;
  /** 1 once built (in the transaction that built it). */
  built: Generated<number>;
};

export type LinkCountTable = {
  status: "unchecked" | "ok" | "redirected" | "warning" | "broken";
  requested: number;
  marked_fine: number;
  n: number;
};

/** A job that runs on one instance at a time: who holds it and until when (migration 0013). */
export type JobLeaseTable = {
  name: string;
  holder: string | null;
  lease_until: string | null;
  last_run_at: string | null;
  last_result: string | null;
};

/** One line of the Activity log (migration 0016): who did what, when and from where. */
export type ActivityTable = {
  id: Generated<number>;
  at: string;
  actor: string;
  actor_id: number | null;
  address: string | null;
  action: string;
  item: string | null;
  summary: string | null;
};

/**
 * A deleted chapter, note or post, kept 30 days (migration 0015, app/server/trash/): `data` is the
 * snapshot (JSON) it is restored from; its own rows are gone.
 */
export type TrashTable = {
  id: Generated<number>;
  kind: "chapter" | "note" | "post";
  item_id: number | null;
  chapter_id: number | null;
  title: string;
  place: string;
  reserved_slug: string | null;
  data: string;
  deleted_by: string;
  deleted_at: string;
};

/**
 * A class's study guide (migration 0026, app/server/guides/): its id is the class (9-12); the
 * English record and its Hindi texts are JSON (app/lib/guide-record.ts), saved whole.
 */
export type GuideTable = {
  id: number;
  english: string;
  hindi: string;
  /** Bumped on every save: a save based on an older version is refused. */
  version: Generated<number>;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
};

/**
 * A version of a chapter, note, post or guide that a save replaced (History, migration 0014): `version` is
 * the number the item had, `data` everything it held then (JSON, app/server/history/).
 */
export type VersionTable = {
  id: Generated<number>;
  item_kind: "chapter" | "note" | "post" | "guide";
  /** The item's id; a guide's is its class (9-12). */
  item_id: number;
  version: number;
  saved_by: string | null;
  saved_at: string;
  data: string;
  replaced_at: string;
};

/** An address a chapter left (renamed or moved; migration 0024, kept by triggers): it answers 301 to the chapter's address now. */
export type ChapterAddressTable = { grade: number; slug: string; chapter_id: number };

export type DB = {
  subjects: SubjectTable;
  chapters: ChapterTable;
  chapter_links: ChapterLinkTable;
  chapter_syllabus: ChapterSyllabusTable;
  chapter_addresses: ChapterAddressTable;
  notes: NoteTable;
  posts: PostTable;
  guides: GuideTable;
  post_related: PostRelatedTable;
  users: UserTable;
  password_links: PasswordLinkTable;
  sessions: SessionTable;
  two_step: TwoStepTable;
  recovery_codes: RecoveryCodeTable;
  sign_in_steps: SignInStepTable;
  media: MediaTable;
  media_variants: MediaVariantTable;
  share_cards: ShareCardTable;
  login_counters: LoginCounterTable;
  login_known_sources: LoginKnownSourceTable;
  import_sources: ImportSourceTable;
  site_state: SiteStateTable;
  link_visibility_changes: LinkVisibilityChangeTable;
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
  link_counts: LinkCountTable;
  link_host_counts: { host: string; status: LinkCountTable["status"]; n: number };
  link_scopes: LinkScopeTable;
  link_urls: { rowid: number; url: string };
  job_leases: JobLeaseTable;
  deferred_indexes: DeferredIndexTable;
  versions: VersionTable;
  trash: TrashTable;
  activity: ActivityTable;
};

export type Subject = Selectable<SubjectTable>;
export type ChapterRow = Selectable<ChapterTable>;
export type NoteRow = Selectable<NoteTable>;
export type PostRow = Selectable<PostTable>;
export type GuideRow = Selectable<GuideTable>;
export type NewPostRow = Insertable<PostTable>;
export type PostUpdate = Updateable<PostTable>;
export type UserRow = Selectable<UserTable>;
