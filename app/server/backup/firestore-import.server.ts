import { randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { batches } from "#app/lib/batches.ts";
import { formatInTimeZone } from "#app/lib/dates.ts";
import type { Grade } from "#app/lib/grades.ts";
import { parseGrade } from "#app/lib/grades.ts";
import { readLinkMeta, withLinkMeta } from "#app/lib/link-types.ts";
import { slugify } from "#app/lib/slug.ts";
import { safeHttpUrl } from "#app/lib/url.ts";
import { hashPassword } from "#app/server/accounts/passwords.server.ts";
import { EMAIL_RULE } from "#app/server/accounts/users.server.ts";
import { momentInRange } from "#app/server/backup/backup-reader.server.ts";
import {
  CONTENT_TABLES,
  fillInBulk,
  insertRows,
  READ_BY_INDEXING,
  type RowColumn,
  rowTriggersOff,
  withIndexesAfterCommit,
  withoutRowTriggers,
} from "#app/server/backup/bulk-load.server.ts";
import {
  COLLECTIONS,
  type Collection,
  type Entry,
  entriesOfValue,
  readFirestoreFile,
} from "#app/server/backup/firestore-file.server.ts";
import { indexesBuilt } from "#app/server/backup/restore-backup.server.ts";
import { recountNotedChapters } from "#app/server/catalogue/chapter-contents.server.ts";
import {
  type ChapterLink,
  type ChapterLinks,
  createChapters,
  emptyLinks,
  LINK_KINDS,
  MAX_LINKS_PER_CHAPTER,
  MAX_TITLE_LENGTH,
  MAX_URL_LENGTH,
  nextPosition,
} from "#app/server/catalogue/chapters.server.ts";
import { addNote, MAX_NOTE_LENGTH, MAX_SEO_DESCRIPTION } from "#app/server/catalogue/notes.server.ts";
import { addSubject } from "#app/server/catalogue/subjects.server.ts";
import { contentChanged } from "#app/server/content-changes.server.ts";
import { type Database, inTransaction, now, tablesGrew } from "#app/server/db.server.ts";
import { DomainError, ValidationError } from "#app/server/errors.server.ts";
import { countEveryLink, updateLinkInventory } from "#app/server/link-health/inventory.server.ts";
import { isTransactionAborted } from "#app/server/platform/db-errors.server.ts";
import { withQueuesDeferred } from "#app/server/platform/pending.server.ts";
import {
  addPosts,
  type PostInput,
  postProblems,
  type SiteIdentity,
  setRelatedPosts,
} from "#app/server/publishing/posts.server.ts";
import { indexEveryDocument, updateSearchIndex } from "#app/server/search/documents.server.ts";
import { indexInBulk } from "#app/server/search/search.server.ts";
import { isPostgres } from "#migrations/columns.ts";

// Moving in from the original product: its Firestore collections exported as one JSON object
// { resources: [...], subjects: { "9": {code: label} }, blogs: [...], notes: [...], users: [...] },
// each document with its `id`. Every document is checked first; any bad one stops the import
// with its name and reason, and nothing is written. Documents already imported are skipped.

type Doc = Record<string, unknown> & { id: string };
type Report = {
  imported: Record<"subjects" | "chapters" | "notes" | "posts" | "users", number>;
  remarks: string[];
};

const str = (v: unknown): string => (typeof v === "string" ? v.trim() : "");

/** Milliseconds of a Firestore moment (a number of ms or a {seconds} timestamp) in range, else null. */
function firestoreMillis(value: unknown): number | null {
  const seconds = value && typeof value === "object" ? (value as { seconds?: unknown }).seconds : undefined;
  const ms = typeof value === "number" ? value : typeof seconds === "number" ? seconds * 1000 : Number.NaN;
  return momentInRange(ms) ? ms : null;
}

/** A post date as the original stored it: YYYY-MM-DD text or a {seconds} timestamp → YYYY-MM-DD. */
function postDate(value: unknown): string | null {
  if (value == null || value === "") return formatInTimeZone(new Date());
  const ms =
    typeof value === "string" ? Date.parse(value) : typeof value === "object" ? firestoreMillis(value) : null;
  return ms !== null && momentInRange(ms) ? formatInTimeZone(new Date(ms)) : null;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Content as HTML, or (older posts) a list of paragraphs. */
function postContent(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((p) => typeof p === "string")) {
    return value.map((p) => `<p>${escapeHtml(p)}</p>`).join("");
  }
  if (value == null) return "";
  return null;
}

function keywordText(value: unknown): string {
  if (Array.isArray(value)) return value.filter((k) => typeof k === "string").join(", ");
  return str(value);
}

function linkList(doc: Doc, kind: string, where: string, problems: string[]): ChapterLink[] {
  const value = doc[kind];
  if (value == null) return [];
  if (!Array.isArray(value)) {
    problems.push(`${where}: ${kind} must be a list of {title, url}`);
    return [];
  }
  return value.flatMap((item, j) => {
    const title = str((item as Record<string, unknown>)?.title);
    const raw = str((item as Record<string, unknown>)?.url);
    const url = raw.length <= MAX_URL_LENGTH ? safeHttpUrl(raw) : null;
    if (!title) problems.push(`${where}: ${kind}[${j}] has no title`);
    else if (title.length > MAX_TITLE_LENGTH)
      problems.push(`${where}: ${kind}[${j}]: the title is over ${MAX_TITLE_LENGTH} characters`);
    if (!url)
      problems.push(`${where}: ${kind}[${j}] is not an http(s) link of at most ${MAX_URL_LENGTH} characters`);
    // The original product had no types, languages or years: absent is none; present, they must be ours.
    const { meta, errors } = readLinkMeta(
      item && typeof item === "object" ? (item as Record<string, unknown>) : {},
    );
    for (const message of Object.values(errors)) problems.push(`${where}: ${kind}[${j}]: ${message}`);
    return title && url ? [withLinkMeta({ title, url }, meta)] : [];
  });
}

/** A rule of the console a document breaks, reported with the document's name. */
function refusedAt(where: string, err: DomainError): DomainError {
  return new DomainError(`Nothing was imported. ${where}: ${err.message}`);
}

/** One document's write: a rule of the console it breaks is reported with the document's name. */
async function writing<T>(where: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof DomainError) throw refusedAt(where, err);
    throw err;
  }
}

async function remember(db: Database, collection: string, id: string, target: number): Promise<void> {
  await db.insertInto("import_sources").values({ collection, source_id: id, target_id: target }).execute();
}

/** Which of `ids` of a collection were imported before, and as what. */
async function importedBefore(db: Database, collection: string, ids: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const part of batches([...new Set(ids)], 500)) {
    const rows = await db
      .selectFrom("import_sources")
      .select(["source_id", "target_id"])
      .where("collection", "=", collection)
      .where("source_id", "in", part)
      .execute();
    for (const r of rows) found.set(r.source_id, r.target_id);
  }
  return found;
}

const SOURCE_COLUMNS: readonly RowColumn[] = [
  ["collection", "text"],
  ["source_id", "text"],
  ["target_id", "integer"],
];

async function rememberAll(
  db: Database,
  collection: string,
  pairs: Array<{ id: string; target: number }>,
): Promise<void> {
  for (const part of batches(pairs, 500)) {
    await insertRows(
      db,
      "import_sources",
      SOURCE_COLUMNS,
      part.map((p) => [collection, p.id, p.target]),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Checking and writing
// ---------------------------------------------------------------------------------------------

/** Problems listed at most (a file with more says how many more there are). */
const PROBLEMS_SHOWN = 100;
/** Remarks listed at most, likewise. */
const REMARKS_SHOWN = 1_000;
/** Staged documents written, and read back, per statement. */
const STAGE_BATCH = 200;
const READ_BATCH = 500;

class Lines {
  readonly shown: string[] = [];
  count = 0;
  readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }
  add(...lines: string[]) {
    for (const line of lines) {
      this.count++;
      if (this.shown.length < this.limit) this.shown.push(line);
    }
  }
  all(): string[] {
    const more = this.count - this.shown.length;
    return more > 0 ? [...this.shown, `… and ${more.toLocaleString("en-IN")} more`] : this.shown;
  }
}

type Subject = { grade: Grade; code: string; label: string };
type StagedChapter = {
  id: string;
  grade: Grade;
  code: string;
  title: string;
  links: ChapterLinks;
  timestamp: number;
};
type StagedNote = {
  id: string;
  chapterId: string;
  content: string;
  seoDescription: string;
  keywords: string;
};
type StagedPost = { id: string; input: PostInput };
type StagedUser = { id: string; email: string; isAdmin: boolean };

function checkSubjects(value: unknown, subjects: Map<string, Subject>, problems: Lines): void {
  if (typeof value !== "object" || Array.isArray(value) || value === null) {
    problems.add("subjects: must be an object keyed by class");
    return;
  }
  for (const [key, map] of Object.entries(value as Record<string, unknown>)) {
    const grade = parseGrade(key);
    if (!grade) {
      problems.add(`subjects/${key}: not a class from 9 to 12`);
      continue;
    }
    if (!map || typeof map !== "object" || Array.isArray(map)) {
      problems.add(`subjects/${key}: must map subject codes to labels`);
      continue;
    }
    for (const [rawCode, rawLabel] of Object.entries(map as Record<string, unknown>)) {
      const code = slugify(rawCode);
      const label = str(rawLabel);
      if (!code || code.length > 40) problems.add(`subjects/${key}: the code "${rawCode}" cannot be used`);
      else if (!label || label.length > 80)
        problems.add(`subjects/${key}: "${rawCode}" needs a label of 1 to 80 characters`);
      else subjects.set(`${grade}/${code}`, { grade, code, label });
    }
  }
}

/** A resource: one chapter (its subject is checked once every subject is known). */
function checkResource(doc: Doc, problems: string[]): StagedChapter | null {
  const where = `resources/${doc.id}`;
  const grade = parseGrade(doc.grade);
  const code = slugify(str(doc.subject));
  const title = str(doc.chapterTitle) || str(doc.title);
  if (!grade) problems.push(`${where}: grade must be 9, 10, 11 or 12`);
  if (!title) problems.push(`${where}: has no chapterTitle or title`);
  else if (title.length > 200 || !slugify(title)) problems.push(`${where}: the title cannot be used`);
  const links = emptyLinks();
  for (const kind of LINK_KINDS) links[kind] = linkList(doc, kind, where, problems);
  const count = LINK_KINDS.reduce((n, kind) => n + links[kind].length, 0);
  if (count > MAX_LINKS_PER_CHAPTER)
    problems.push(`${where}: ${count} links; a chapter holds at most ${MAX_LINKS_PER_CHAPTER}`);
  // When it was added (ms or {seconds}); none means "unknown", anything else must be a real date.
  const timestamp = doc.timestamp == null ? 0 : firestoreMillis(doc.timestamp);
  if (timestamp === null) problems.push(`${where}: timestamp is not a date between 1970 and 2099`);
  return problems.length === 0 && grade && timestamp !== null
    ? { id: doc.id, grade, code, title, links, timestamp }
    : null;
}

function checkNote(doc: Doc, problems: string[]): StagedNote | null {
  const where = `notes/${doc.id}`;
  const chapterId = str(doc.chapterId);
  const content = typeof doc.content === "string" ? doc.content : null;
  if (!chapterId) problems.push(`${where}: has no chapterId`);
  if (content === null || !content.replace(/<[^>]*>/g, "").trim()) problems.push(`${where}: has no content`);
  else if (content.length > MAX_NOTE_LENGTH)
    problems.push(`${where}: the content is over ${MAX_NOTE_LENGTH.toLocaleString("en-IN")} characters`);
  const seoDescription = str(doc.seoDescription);
  if (seoDescription.length > MAX_SEO_DESCRIPTION)
    problems.push(`${where}: the seoDescription is over ${MAX_SEO_DESCRIPTION} characters`);
  return chapterId && content
    ? { id: doc.id, chapterId, content, seoDescription, keywords: keywordText(doc.seoKeywords) }
    : null;
}

function checkPost(doc: Doc, site: SiteIdentity, problems: string[]): StagedPost {
  const where = `blogs/${doc.id}`;
  const slug = slugify(str(doc.slug) || doc.id);
  const date = postDate(doc.date);
  const content = postContent(doc.content);
  const status = str(doc.status) || "draft";
  if (date === null)
    problems.push(
      `${where}: the date is neither YYYY-MM-DD nor a {seconds} timestamp, between 1970 and 2099`,
    );
  if (content === null) problems.push(`${where}: content must be HTML text or a list of paragraphs`);
  const input: PostInput = {
    title: str(doc.title),
    slug,
    date: date ?? "",
    author: str(doc.author),
    tag: str(doc.tag),
    category: str(doc.category),
    excerpt: str(doc.excerpt),
    content: content ?? "",
    status,
    // The original product had no scheduled posts.
    publishAt: "",
    featured: doc.featured === true,
    image: str(doc.image),
    featuredImageAlt: str(doc.featuredImageAlt),
    seoTitle: str(doc.seoTitle),
    seoDescription: str(doc.seoDescription),
    seoKeywords: keywordText(doc.seoKeywords),
    canonicalUrl: str(doc.canonicalUrl),
    socialTitle: str(doc.socialTitle),
    socialDescription: str(doc.socialDescription),
    socialImage: str(doc.socialImage),
    allowComments: doc.allowComments !== false,
    related: Array.isArray(doc.related) ? doc.related.map((r) => slugify(String(r))) : [],
  };
  if (date !== null && content !== null) {
    for (const [field, message] of Object.entries(postProblems(input, site)))
      problems.push(`${where}: ${field}: ${message}`);
  }
  return { id: doc.id, input };
}

function checkUser(doc: Doc, problems: string[]): StagedUser {
  const email = str(doc.email).toLowerCase();
  if (email && (!EMAIL_RULE.test(email) || email.length > 320))
    problems.push(`users/${doc.id}: "${email}" is not an e-mail address`);
  return { id: doc.id, email, isAdmin: doc.isAdmin === true };
}

/**
 * The documents checked so far wait in a temporary table of this transaction, so the file is read
 * once and nothing of it stays in memory: chapters by subject and age, the rest in file order.
 */
const STAGE = "firestore_staged";

async function createStage(db: Database): Promise<void> {
  await sql`drop table if exists ${sql.table(STAGE)}`.execute(db);
  const pg = isPostgres(db as Kysely<unknown>);
  await sql`create temporary table ${sql.table(STAGE)} (
      seq integer primary key, collection text not null, subject text not null,
      ts ${sql.raw(pg ? "double precision" : "real")} not null, doc text not null, head text
    ) ${sql.raw(pg ? "on commit drop" : "")}`.execute(db);
  await sql`create index ${sql.id(`${STAGE}_order`)} on ${sql.table(STAGE)} (collection, subject, ts, seq)`.execute(
    db,
  );
  await sql`create index ${sql.id(`${STAGE}_age`)} on ${sql.table(STAGE)} (collection, ts, seq)`.execute(db);
}

/**
 * A staged document: `doc` is all of it, as checked; `head` (chapters only) the little that the
 * pass over every chapter before any is written needs, so that pass does not read their links.
 */
type StageRow = {
  seq: number;
  collection: Collection;
  subject: string;
  ts: number;
  doc: string;
  head: string | null;
};

/** What writeChapters' first pass reads of a staged chapter (its `head`). */
type ChapterHead = Pick<StagedChapter, "id" | "grade" | "code" | "title">;

async function stageRows(db: Database, rows: StageRow[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`insert into ${sql.table(STAGE)} (seq, collection, subject, ts, doc, head) values ${sql.join(
    rows.map((r) => sql`(${r.seq}, ${r.collection}, ${r.subject}, ${r.ts}, ${r.doc}, ${r.head})`),
  )}`.execute(db);
}

type StageOrder = Array<"subject" | "ts" | "seq">;

/**
 * Every staged document of a collection (its `part`: the whole document, or a chapter's head),
 * READ_BATCH a statement, in the order of `order` (columns of the stage ending with `seq`), each
 * round reading on from the last row of the one before.
 */
async function* staged<T>(
  db: Database,
  collection: Collection,
  order: StageOrder,
  part: "doc" | "head" = "doc",
): AsyncGenerator<Array<{ seq: number; doc: T }>> {
  let after: Pick<StageRow, StageOrder[number]> | undefined;
  const columns = sql.join(order.map((c) => sql.ref(c)));
  for (;;) {
    const from = after;
    const { rows } = await sql<Pick<StageRow, StageOrder[number]> & { doc: string }>`select ${columns},
      ${sql.ref(part)} as doc from ${sql.table(STAGE)}
      where collection = ${collection}
      ${from ? sql`and (${columns}) > (${sql.join(order.map((c) => from[c]))})` : sql``}
      order by ${columns} limit ${READ_BATCH}`.execute(db);
    if (rows.length === 0) return;
    after = rows.at(-1);
    yield rows.map((r) => ({ seq: Number(r.seq), doc: JSON.parse(r.doc) as T }));
  }
}

/**
 * Moves in the original product's export: its Firestore collections as one JSON object
 * { resources: [...], subjects: { "9": {code: label} }, blogs: [...], notes: [...], users: [...] },
 * each document with its `id`, given as a value or read from a file as a stream. Every document is
 * checked; any bad one stops the import with its name and reason, and nothing is written (all of it
 * is one transaction). Documents already imported are skipped.
 */
export function importFirestore(db: Database, input: unknown, site: SiteIdentity): Promise<Report> {
  return importEntries(db, entriesOfValue(input), site);
}

/** importFirestore from an export file (plain or .gz), read as a stream: memory stays flat. */
export function importFirestoreFile(db: Database, file: string, site: SiteIdentity): Promise<Report> {
  return importEntries(db, readFirestoreFile(file), site);
}

async function importEntries(
  db: Database,
  entries: AsyncIterable<Entry>,
  site: SiteIdentity,
): Promise<Report> {
  const report: Report = {
    imported: { subjects: 0, chapters: 0, notes: 0, posts: 0, users: 0 },
    remarks: [],
  };
  const remarks = new Lines(REMARKS_SHOWN);
  // Its own transaction (not a caller's): the indexes of a first import are built after it commits.
  const owned = !db.isTransaction;
  const load = () =>
    inTransaction(db, async (trx) => {
      const hadIndex =
        (await trx.selectFrom("search_documents").select("id").limit(1).executeTakeFirst()) !== undefined;
      const hadInventory =
        (await trx.selectFrom("link_uses").select("link_id").limit(1).executeTakeFirst()) !== undefined;
      const write = async () => {
        await createStage(trx);
        const subjects = await readAndStage(trx, entries, site);
        await writeSubjects(trx, subjects, report);
        await writeChapters(trx, subjects, report, remarks);
        await writeNotes(trx, report);
        // Notes written with the row triggers off leave their chapters' kept counts to this.
        if (rowTriggersOff("notes")) await recountNotedChapters(trx);
        await writePosts(trx, site, report, remarks);
        await writeUsers(trx, report, remarks);
        await sql`drop table ${sql.table(STAGE)}`.execute(trx);
      };
      // Into a site with neither (the first import): both are built from the tables at the end, so
      // the triggers that queue each row for them, and keep link health's tables, are off meanwhile
      // (as in a restore: docs/decisions/0022-bulk-loads.md).
      // The chapters' links (ten a chapter) go in with their index and foreign key made after them
      // (fillInBulk: nothing reads them by chapter meanwhile), not a b-tree insert and a check a row.
      const fromScratch = !hadIndex && !hadInventory;
      await withQueuesDeferred(() =>
        fromScratch
          ? withoutRowTriggers(trx, CONTENT_TABLES, () => fillInBulk(trx, ["chapter_links"], write))
          : write(),
      );
      // The search index and link inventory, once for everything (each queue walked once, by key);
      // the tables the index reads by chapter analysed first, as a restore does.
      if (fromScratch) await tablesGrew(trx, { only: READ_BY_INDEXING });
      // Both from nothing: the chapter links' documents and uses are made together, each link read once.
      if (fromScratch)
        await indexInBulk(trx, () =>
          countEveryLink(trx, undefined, (writeUses) => indexEveryDocument(trx, writeUses)),
        );
      else {
        if (hadIndex) await updateSearchIndex(trx);
        else await indexInBulk(trx, () => indexEveryDocument(trx));
        if (hadInventory) await updateLinkInventory(trx);
        else await countEveryLink(trx);
      }
      // Tables filled from empty: the planner learns of their rows now, not when autovacuum comes.
      if (fromScratch) await tablesGrew(trx, { except: READ_BY_INDEXING });
    });
  if (owned) {
    await withIndexesAfterCommit(load);
    const unbuilt = await indexesBuilt(db);
    if (unbuilt) remarks.add(unbuilt.trim());
  } else await load();
  report.remarks = remarks.all();
  return report;
}

/** Reads every entry, checks it and stages it; throws, naming every bad document, when any is. */
async function readAndStage(
  db: Database,
  entries: AsyncIterable<Entry>,
  site: SiteIdentity,
): Promise<Subjects> {
  const problems = new Lines(PROBLEMS_SHOWN);
  const subjects = new Map<string, Subject>();
  const seen = new Map<Collection, Set<string>>(COLLECTIONS.map((c) => [c, new Set()]));
  // What the checks that need the whole file use: each chapter's subject, each note's chapter.
  const chapterSubjects: Array<[id: string, grade: Grade, code: string, raw: string]> = [];
  const noteChapters: Array<[id: string, chapterId: string]> = [];
  let pending: StageRow[] = [];
  let staging: Promise<void> = Promise.resolve();
  let seq = 0;
  for await (const entry of entries) {
    if ("problem" in entry) {
      problems.add(entry.problem);
      continue;
    }
    if (entry.collection === "subjects") {
      checkSubjects(entry.value, subjects, problems);
      continue;
    }
    const { collection, value, index } = entry;
    const id = value && typeof value === "object" ? str((value as Record<string, unknown>).id) : "";
    const ids = seen.get(collection) as Set<string>;
    if (!id) problems.add(`${collection}[${index}]: the document has no id`);
    else if (ids.has(id)) problems.add(`${collection}/${id}: the id appears twice`);
    if (!id || ids.has(id)) continue;
    ids.add(id);
    const doc = value as Doc;
    const found: string[] = [];
    let row: { subject?: string; ts?: number; doc: unknown; head?: ChapterHead } | null = null;
    if (collection === "resources") {
      const chapter = checkResource(doc, found);
      if (chapter) {
        chapterSubjects.push([id, chapter.grade, chapter.code, str(doc.subject)]);
        const { grade, code, title } = chapter;
        row = {
          subject: `${grade}/${code}`,
          ts: chapter.timestamp,
          doc: chapter,
          head: { id: chapter.id, grade, code, title },
        };
      }
    } else if (collection === "notes") {
      const note = checkNote(doc, found);
      if (note) {
        noteChapters.push([id, note.chapterId]);
        row = { doc: note };
      }
    } else if (collection === "blogs") row = { doc: checkPost(doc, site, found) };
    else row = { doc: checkUser(doc, found) };
    problems.add(...found);
    // Once the file is known to be refused, only its problems are gathered.
    if (problems.count > 0 || !row) continue;
    pending.push({
      seq: ++seq,
      collection,
      subject: row.subject ?? "",
      ts: row.ts ?? 0,
      doc: JSON.stringify(row.doc),
      head: row.head ? JSON.stringify(row.head) : null,
    });
    if (pending.length >= STAGE_BATCH) {
      // The server writes a batch while the next is read and checked: the one before is awaited
      // first (a failure, which ends the transaction, is heard then).
      await staging;
      staging = stageRows(db, pending);
      staging.catch(() => {});
      pending = [];
    }
  }
  await staging;
  await stageRows(db, pending);

  const existing = await db.selectFrom("subjects").select(["grade", "code", "label"]).execute();
  const labels = new Map(existing.map((s) => [`${s.grade}/${s.code}`, s.label]));
  // The file's labels win for naming clashes, as the subjects it adds are named by them.
  for (const [key, s] of subjects) if (!labels.has(key)) labels.set(key, s.label);
  for (const [id, grade, code, raw] of chapterSubjects) {
    if (!code || !labels.has(`${grade}/${code}`))
      problems.add(`resources/${id}: subject "${raw}" is not a subject of class ${grade}`);
  }
  // Notes must point at a chapter in this file or imported before.
  const resourceIds = seen.get("resources") as Set<string>;
  const elsewhere = noteChapters.filter(([, chapterId]) => !resourceIds.has(chapterId));
  const before = await importedBefore(
    db,
    "resources",
    elsewhere.map(([, chapterId]) => chapterId),
  );
  for (const [id, chapterId] of elsewhere) {
    if (!before.has(chapterId))
      problems.add(
        `notes/${id}: chapterId "${chapterId}" is not a resource of this file or of an earlier import`,
      );
  }
  if (problems.count > 0)
    throw new DomainError(
      `Nothing was imported. Fix these documents and try again:\n  ${problems.all().join("\n  ")}`,
    );
  const known = new Set(existing.map((s) => `${s.grade}/${s.code}`));
  return {
    added: [...subjects].filter(([key]) => !known.has(key)).map(([, s]) => s),
    label: (grade, code) => subjects.get(`${grade}/${code}`)?.label ?? labels.get(`${grade}/${code}`) ?? code,
  };
}

type Subjects = { added: Subject[]; label: (grade: Grade, code: string) => string };

async function writeSubjects(db: Database, subjects: Subjects, report: Report): Promise<void> {
  for (const s of subjects.added) {
    await writing(`subjects/${s.grade}`, () => addSubject(db, s.grade, s.code, s.label));
    report.imported.subjects++;
  }
}

/**
 * Chapters, oldest first within each subject (so they keep the order in which they were added),
 * a subject's run of them in one createChapters. A chapter whose address another class chapter
 * has (in the database, or older in the file) gets its subject's name after its title.
 */
async function writeChapters(
  db: Database,
  subjects: Subjects,
  report: Report,
  remarks: Lines,
): Promise<void> {
  const taken = new Set(
    (await db.selectFrom("chapters").select(["grade", "slug"]).execute()).map((c) => `${c.grade}/${c.slug}`),
  );
  const skipped = new Set<number>();
  const renamed = new Map<number, string>();
  for await (const rows of staged<ChapterHead>(db, "resources", ["ts", "seq"], "head")) {
    const before = await importedBefore(
      db,
      "resources",
      rows.map((r) => r.doc.id),
    );
    for (const { seq, doc: c } of rows) {
      if (before.has(c.id)) {
        skipped.add(seq);
        continue;
      }
      let title = c.title;
      if (taken.has(`${c.grade}/${slugify(title)}`)) {
        title = `${c.title} (${subjects.label(c.grade, c.code)})`;
        renamed.set(seq, title);
        remarks.add(
          `resources/${c.id}: "${c.title}" shares its address with another class ${c.grade} chapter; imported as "${title}"`,
        );
      }
      taken.add(`${c.grade}/${slugify(title)}`);
    }
  }
  // Each subject's next position, counted here: a run of a subject need not wait for the one
  // before it to be written to know where it starts.
  const positions = new Map<string, number>();
  // The runs being written, at most two: the next is made (checked, its rows and arrays built) while
  // the server writes the one before, their statements taking turns on the transaction's connection,
  // rather than the two sides waiting for each other (a 100,000-chapter import: 200 runs).
  const writing: Array<Promise<void>> = [];
  try {
    for await (const rows of staged<StagedChapter>(db, "resources", ["subject", "ts", "seq"])) {
      for (const run of runsOfOneSubject(rows.filter((r) => !skipped.has(r.seq)))) {
        const first = (run[0] as { doc: StagedChapter }).doc;
        const key = `${first.grade}/${first.code}`;
        const firstPosition = positions.get(key) ?? (await nextPosition(db, first.grade, first.code));
        positions.set(key, firstPosition + run.length);
        const written = writingRun(run, () =>
          createChapters(
            db,
            first.grade,
            first.code,
            // Dated as the export says (no timestamp: now), in the insert itself.
            run.map((r) => ({
              title: renamed.get(r.seq) ?? r.doc.title,
              links: r.doc.links,
              ...(r.doc.timestamp > 0 ? { addedAt: new Date(r.doc.timestamp).toISOString() } : {}),
            })),
            { firstPosition },
          ),
        ).then(async (created) => {
          const pairs = created.map((chapter, i) => ({ id: run[i]?.doc.id ?? "", target: chapter.id }));
          await rememberAll(db, "resources", pairs);
          report.imported.chapters += created.length;
        });
        written.catch(() => {});
        writing.push(written);
        if (writing.length > 1) await writing.shift();
      }
    }
    await Promise.all(writing);
  } catch (err) {
    throw await whatFailed(err, writing);
  }
}

/** Staged chapters, which come sorted by subject, as runs of one subject each. */
function runsOfOneSubject<T extends { doc: StagedChapter }>(rows: T[]): T[][] {
  const runs: T[][] = [];
  for (const row of rows) {
    const run = runs.at(-1);
    const last = run?.at(-1)?.doc;
    if (run && last?.grade === row.doc.grade && last.code === row.doc.code) run.push(row);
    else runs.push([row]);
  }
  return runs;
}

/**
 * What to report when a run of chapters failed: the runs still being written are let finish first
 * (none of their statements may reach the connection after the rollback), and PostgreSQL's "current
 * transaction is aborted" of one run stands aside for the failure of the other that caused it.
 */
async function whatFailed(err: unknown, writing: ReadonlyArray<Promise<void>>): Promise<unknown> {
  const others = await Promise.allSettled(writing);
  const errors = [err, ...others.flatMap((r) => (r.status === "rejected" ? [r.reason] : []))];
  return errors.find((e) => !isTransactionAborted(e)) ?? err;
}

/** A run of chapters' write: a rule it breaks is reported with the document's name. */
async function writingRun<T>(run: Array<{ doc: StagedChapter }>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ValidationError) {
      const [field, message] = Object.entries(err.fields)[0] ?? [];
      const index = Number(/^chapters\.(\d+)\./.exec(field ?? "")?.[1] ?? 0);
      throw new DomainError(
        `Nothing was imported. resources/${run[index]?.doc.id}: ${message ?? err.message}`,
      );
    }
    if (err instanceof DomainError)
      throw new DomainError(`Nothing was imported. resources/${run[0]?.doc.id}: ${err.message}`);
    throw err;
  }
}

async function writeNotes(db: Database, report: Report): Promise<void> {
  for await (const rows of staged<StagedNote>(db, "notes", ["seq"])) {
    const before = await importedBefore(
      db,
      "notes",
      rows.map((r) => r.doc.id),
    );
    const chapters = await importedBefore(
      db,
      "resources",
      rows.map((r) => r.doc.chapterId),
    );
    const pairs: Array<{ id: string; target: number }> = [];
    for (const { doc: n } of rows) {
      if (before.has(n.id)) continue;
      const note = await writing(`notes/${n.id}`, () =>
        addNote(db, {
          chapterId: chapters.get(n.chapterId) as number,
          content: n.content,
          seoDescription: n.seoDescription,
          seoKeywords: n.keywords,
        }),
      );
      pairs.push({ id: n.id, target: note.id });
    }
    await rememberAll(db, "notes", pairs);
    report.imported.notes += pairs.length;
  }
}

async function writePosts(db: Database, site: SiteIdentity, report: Report, remarks: Lines): Promise<void> {
  for await (const rows of staged<StagedPost>(db, "blogs", ["seq"])) {
    const before = await importedBefore(
      db,
      "blogs",
      rows.map((r) => r.doc.id),
    );
    const fresh = rows.map((r) => r.doc).filter((p) => !before.has(p.id));
    // A post already at its address (there before, or one of this file's before it) is left as it is.
    const taken = new Set<string>();
    for (const part of batches([...new Set(fresh.map((p) => p.input.slug))], 500)) {
      const found = await db.selectFrom("posts").select("slug").where("slug", "in", part).execute();
      for (const r of found) taken.add(r.slug);
    }
    const adding: StagedPost[] = [];
    for (const p of fresh) {
      if (taken.has(p.input.slug)) {
        remarks.add(`blogs/${p.id}: a post at "${p.input.slug}" already exists; left as it is`);
        continue;
      }
      taken.add(p.input.slug);
      adding.push(p);
    }
    if (adding.length === 0) continue;
    // addPost's checks and writes, for the whole batch at once; related posts below.
    const added = await addPosts(
      db,
      adding.map((p) => ({ ...p.input, related: [] })),
      site,
    );
    if ("refused" in added) throw refusedAt(`blogs/${adding[added.refused]?.id}`, added.error);
    await rememberAll(
      db,
      "blogs",
      adding.map((p, i) => ({ id: p.id, target: added.ids[i] ?? 0 })),
    );
    report.imported.posts += adding.length;
    await contentChanged(db);
  }
  // Related posts last, once every post exists.
  for await (const rows of staged<StagedPost>(db, "blogs", ["seq"])) {
    const related = rows.filter((r) => r.doc.input.related.length > 0);
    const ids = await importedBefore(
      db,
      "blogs",
      related.map((r) => r.doc.id),
    );
    for (const { doc: p } of related) {
      const id = ids.get(p.id);
      if (id !== undefined) await writing(`blogs/${p.id}`, () => setRelatedPosts(db, id, p.input.related));
    }
  }
}

async function writeUsers(db: Database, report: Report, remarks: Lines): Promise<void> {
  for await (const rows of staged<StagedUser>(db, "users", ["seq"])) {
    const before = await importedBefore(
      db,
      "users",
      rows.map((r) => r.doc.id),
    );
    for (const { doc: u } of rows) {
      if (!u.email) {
        remarks.add(
          `users/${u.id}: no e-mail in the document; create the account with: npm run user -- add EMAIL --password PASSWORD${u.isAdmin ? " --admin" : ""}`,
        );
        continue;
      }
      const exists = await db
        .selectFrom("users")
        .select("id")
        .where("email", "=", u.email)
        .executeTakeFirst();
      if (exists || before.has(u.id)) continue;
      // Passwords never leave Firebase Auth: the account gets an unguessable one until its owner sets theirs.
      const row = await db
        .insertInto("users")
        .values({
          email: u.email,
          password_hash: await hashPassword(randomBytes(24).toString("base64url")),
          role: u.isAdmin ? "admin" : null,
          created_at: now(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await remember(db, "users", u.id, row.id);
      report.imported.users++;
      remarks.add(
        `users/${u.id}: account ${u.email} created; set its password with: npm run user -- add ${u.email} --password PASSWORD`,
      );
    }
  }
}
