import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { stringify } from "csv-stringify/sync";
import {
  CSV_COLUMNS,
  CSV_SYLLABUS_COLUMNS,
  type CsvChapter,
  type CsvPreview,
  type CsvProblem,
  describeLinkChanges,
  MAX_CSV_BYTES,
  neutraliseCell,
  plural,
  readChaptersCsv,
} from "#app/lib/chapters-csv.ts";
import type { Grade } from "#app/lib/grades.ts";
import {
  isLinkLanguage,
  isLinkType,
  linkLanguageLabel,
  linkTypeLabel,
  readLinkMeta,
  withLinkMeta,
} from "#app/lib/link-types.ts";
import { SYLLABUS_STATUS_WORDS, type SyllabusFields, type SyllabusStatus } from "#app/lib/sessions.ts";
import { slugify } from "#app/lib/slug.ts";
import { safeHttpUrl } from "#app/lib/url.ts";
import {
  type ChapterLinks,
  createChapters,
  emptyLinks,
  getChapterBySlug,
  LINK_KINDS,
  type LinkInput,
  type LinkKind,
  updateChapter,
} from "#app/server/catalogue/chapters.server.ts";
import { listAllSubjects } from "#app/server/catalogue/subjects.server.ts";
import { currentSession, statusesIn } from "#app/server/catalogue/syllabus-rows.server.ts";
import { listSearch } from "#app/server/console/list-page.server.ts";
import { type Database, inTransaction } from "#app/server/db.server.ts";
import { ValidationError } from "#app/server/errors.server.ts";

/**
 * Rows end in CRLF (Excel's way); csv-stringify then quotes only fields holding CRLF, so a lone
 * line break inside a title is quoted too.
 */
const CSV_OPTIONS = { record_delimiter: "windows", quoted_match: /[\r\n]/ } as const;

/** Chapters read per query while exporting: memory stays flat however big the catalogue is. */
const EXPORT_BATCH = 500;

export type CsvExportFilter = { grade?: Grade | null; subjectCode?: string; q?: string };

type ExportedChapter = {
  grade: number;
  subject_code: string;
  title: string;
  book: string | null;
  chapter_number: number | null;
};

/**
 * A chapter's rows, every text cell neutralised against spreadsheet formulas (the import undoes it),
 * each ending in its syllabus status in the current session, What changed, book and chapter number.
 */
function linkRows(
  chapter: ExportedChapter,
  links: LinkRow[],
  syllabus: { status: SyllabusStatus; whatChanged: string } | undefined,
) {
  const tail = [
    SYLLABUS_STATUS_WORDS[syllabus?.status ?? "in"],
    syllabus?.whatChanged ?? "",
    chapter.book ?? "",
    chapter.chapter_number === null ? "" : String(chapter.chapter_number),
  ];
  const rows: string[][] =
    links.length === 0
      ? [[chapter.subject_code, chapter.title, "", "", "", "", "", "", ...tail]]
      : links.map((l) => [
          chapter.subject_code,
          chapter.title,
          l.kind,
          l.title,
          l.url,
          // As the console names them ("Sample paper", "Hindi"): the import reads these or the slugs.
          isLinkType(l.type) ? linkTypeLabel(l.type) : "",
          isLinkLanguage(l.language) ? linkLanguageLabel(l.language) : "",
          l.year == null ? "" : String(l.year),
          ...tail,
        ]);
  return rows.map((cells) => [chapter.grade, ...cells.map(neutraliseCell)]);
}

type LinkRow = {
  chapter_id: number;
  kind: LinkKind;
  title: string;
  url: string;
  position: number;
  type: string | null;
  language: string | null;
  year: number | null;
};

/**
 * The chapters of a Dashboard filter with their links, one row per link, as a stream of CSV
 * (UTF-8 with a BOM, so Excel reads Hindi right). Reads `EXPORT_BATCH` chapters at a time by id.
 */
export function exportChaptersCsv(db: Database, filter: CsvExportFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let lastId = 0;
  let year: number | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (year === null) {
        // The statuses of the session that is current when the export starts, on every row.
        year = await currentSession(db);
        const header = [...CSV_COLUMNS, ...CSV_SYLLABUS_COLUMNS];
        controller.enqueue(encoder.encode(stringify([header], { ...CSV_OPTIONS, bom: true })));
        return;
      }
      let query = db
        .selectFrom("chapters")
        .select(["id", "grade", "subject_code", "title", "book", "chapter_number"])
        .where("id", ">", lastId);
      if (filter.grade) query = query.where("grade", "=", filter.grade);
      if (filter.subjectCode) query = query.where("subject_code", "=", filter.subjectCode);
      if (filter.q) query = query.where(listSearch(db, "chapter", "chapters.id", "chapters.title", filter.q));
      const chapters = await query.orderBy("id").limit(EXPORT_BATCH).execute();
      if (chapters.length === 0) {
        controller.close();
        return;
      }
      lastId = chapters[chapters.length - 1]?.id ?? lastId;
      const links = await db
        .selectFrom("chapter_links")
        .select(["chapter_id", "kind", "title", "url", "position", "type", "language", "year"])
        .where(
          "chapter_id",
          "in",
          chapters.map((c) => c.id),
        )
        .execute();
      const byChapter = Map.groupBy(links, (l) => l.chapter_id);
      const statuses = await statusesIn(
        db,
        chapters.map((c) => c.id),
        year,
      );
      const records = chapters.flatMap((c) =>
        linkRows(
          c,
          (byChapter.get(c.id) ?? []).sort(
            (a, b) => LINK_KINDS.indexOf(a.kind) - LINK_KINDS.indexOf(b.kind) || a.position - b.position,
          ),
          statuses.get(c.id),
        ),
      );
      controller.enqueue(encoder.encode(stringify(records, CSV_OPTIONS)));
    },
  });
}

/** A preview's plan is thrown out of the dry run's transaction, which rolls it back. */
class DryRun extends Error {
  readonly preview: CsvPreview;
  constructor(preview: CsvPreview) {
    super("dry run");
    this.preview = preview;
  }
}

/** Where a domain error field (`chapters.0.notes.2.url`, `title`) came from in the file. */
function lineOf(chapter: CsvChapter, field: string): number {
  const match = /(official|notes|questions|lectures)\.(\d+)\.\w+$/.exec(field);
  if (!match) return chapter.line;
  const ofKind = chapter.links.filter((l) => l.kind === match[1]);
  return ofKind[Number(match[2])]?.line ?? chapter.line;
}

type FileLinks = Record<LinkKind, LinkInput[]>;

function withFileLinks(existing: ChapterLinks, chapter: CsvChapter): FileLinks {
  const links: FileLinks = { ...existing };
  // A kind the file lists is replaced by the file's rows; a kind it leaves out is kept as it is.
  for (const kind of LINK_KINDS) {
    const rows = chapter.links.filter((l) => l.kind === kind);
    // Written as the domain stores them, so that an unchanged link compares equal; a Type, Language
    // or Year the domain will refuse goes to it as written, so that it names the line.
    // A file from before typed links says nothing of them: a link keeps those of its address.
    const kept = new Map(existing[kind].map((l) => [l.url, l]));
    if (rows.length > 0)
      links[kind] = rows.map((l) => {
        const link = { title: l.title.trim(), url: safeHttpUrl(l.url) ?? l.url };
        const { meta, errors } = readLinkMeta(l.type === undefined ? (kept.get(link.url) ?? {}) : l);
        return Object.keys(errors).length > 0
          ? { ...link, type: l.type, language: l.language, year: l.year }
          : withLinkMeta(link, meta);
      });
  }
  return links;
}

function changeWords(before: ChapterLinks, after: FileLinks, titleChanged: boolean): string {
  let added = 0;
  let changed = 0;
  let removed = 0;
  for (const kind of LINK_KINDS) {
    const d = describeLinkChanges(before[kind], after[kind]);
    added += d.added;
    changed += d.changed;
    removed += d.removed;
  }
  const counts: Array<[number, string]> = [
    [added, "added"],
    [changed, "changed"],
    [removed, "removed"],
  ];
  const words = counts
    .filter(([n]) => n > 0)
    .map(([n, word], i) => (i === 0 ? `${plural(n, "link")} ${word}` : `${n} ${word}`));
  if (titleChanged) words.unshift("title changed");
  return words.length > 0 ? words.join(", ") : "links reordered";
}

const sameLink = (a: LinkInput, b: LinkInput | undefined) =>
  b !== undefined &&
  a.title === b.title &&
  a.url === b.url &&
  a.type === b.type &&
  a.language === b.language &&
  a.year === b.year;

function sameLinks(a: ChapterLinks, b: FileLinks): boolean {
  return LINK_KINDS.every((k) => a[k].length === b[k].length && a[k].every((l, i) => sameLink(l, b[k][i])));
}

/** Whether a file's syllabus fields differ from the chapter's now (in the current session). */
async function syllabusDiffers(
  trx: Database,
  existing: { id: number; book: string; chapterNumber: number | null },
  year: number,
  file: SyllabusFields | undefined,
): Promise<boolean> {
  if (!file) return false;
  const now = (await statusesIn(trx, [existing.id], year)).get(existing.id) ?? {
    status: "in",
    whatChanged: "",
  };
  return (
    now.status !== file.status ||
    now.whatChanged !== file.whatChanged ||
    existing.book !== file.book ||
    existing.chapterNumber !== file.chapterNumber
  );
}

/**
 * Stages every chapter of the file through the chapters domain (createChapters/updateChapter, so
 * the console's rules and messages apply) inside `trx`, and says what it did and which rows failed.
 */
async function stage(trx: Database, text: string): Promise<CsvPreview> {
  const subjects = await listAllSubjects(trx);
  const labels = new Map(subjects.map((s) => [`${s.grade}/${s.code}`, s.label]));
  const codes = new Map(subjects.map((s) => [`${s.grade}/${s.code.toLowerCase()}`, s.code]));
  const read = readChaptersCsv(text, (grade, code) => codes.get(`${grade}/${code.toLowerCase()}`) ?? null);
  const problems: CsvProblem[] = [...read.problems];
  const preview: CsvPreview = { added: [], changed: [], unchanged: 0, problems, rows: read.rows, digest: "" };
  const claimed = new Map<string, number>();
  const year = await currentSession(trx);
  for (const chapter of read.chapters) {
    const subject = labels.get(`${chapter.grade}/${chapter.subjectCode}`) ?? chapter.subjectCode;
    const slug = slugify(chapter.title);
    const where = `${chapter.grade}/${slug}`;
    const first = claimed.get(where);
    if (slug && first !== undefined) {
      problems.push({
        line: chapter.line,
        message: `Duplicate: line ${first} has a chapter with the same title.`,
      });
      continue;
    }
    claimed.set(where, chapter.line);
    const place = { line: chapter.line, grade: chapter.grade, subject, title: chapter.title };
    try {
      const existing = slug ? await getChapterBySlug(trx, chapter.grade, slug) : null;
      if (existing && existing.subjectCode === chapter.subjectCode) {
        const links = withFileLinks(existing.links, chapter);
        const titleChanged = existing.title !== chapter.title;
        const syllabusChanged = await syllabusDiffers(trx, existing, year, chapter.syllabus);
        if (!titleChanged && !syllabusChanged && sameLinks(existing.links, links)) {
          preview.unchanged++;
          continue;
        }
        await updateChapter(trx, existing.id, existing.version, {
          grade: chapter.grade,
          subjectCode: chapter.subjectCode,
          title: chapter.title,
          links,
          ...(chapter.syllabus ? { syllabus: chapter.syllabus } : {}),
        });
        const linkWords = sameLinks(existing.links, links) ? "" : changeWords(existing.links, links, false);
        const what = [
          titleChanged ? "title changed" : "",
          linkWords,
          syllabusChanged ? "syllabus changed" : "",
        ];
        preview.changed.push({
          ...place,
          slug,
          version: existing.version,
          what: what.filter(Boolean).join(", "),
        });
      } else {
        // A chapter of another subject at this address is refused by the domain with its clash message.
        const links = withFileLinks(emptyLinks(), chapter);
        const syllabus = chapter.syllabus ? { syllabus: chapter.syllabus } : {};
        await createChapters(trx, chapter.grade, chapter.subjectCode, [
          { title: chapter.title, links, ...syllabus },
        ]);
        preview.added.push({ ...place, slug, links: chapter.links.length });
      }
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      for (const [field, message] of Object.entries(err.fields)) {
        problems.push({ line: lineOf(chapter, field), message });
      }
    }
  }
  problems.sort((a, b) => a.line - b.line);
  // What the admin confirms: the changes and the versions they were computed from.
  preview.digest = createHash("sha256")
    .update(JSON.stringify([preview.added, preview.changed, preview.unchanged, problems]))
    .digest("hex");
  return preview;
}

/** What importing the file would do; nothing is written (the staging transaction is rolled back). */
export async function previewChaptersImport(db: Database, text: string): Promise<CsvPreview> {
  try {
    return await inTransaction(db, async (trx): Promise<CsvPreview> => {
      throw new DryRun(await stage(trx, text));
    });
  } catch (err) {
    if (err instanceof DryRun) return err.preview;
    throw err;
  }
}

/**
 * Imports the file in ONE transaction, only when it still does exactly what the admin previewed
 * (`digest`) and has no bad rows; otherwise nothing is written and the fresh preview comes back.
 */
export async function applyChaptersImport(
  db: Database,
  text: string,
  digest: string,
): Promise<{ applied: boolean; preview: CsvPreview }> {
  try {
    const preview = await inTransaction(db, async (trx) => {
      const staged = await stage(trx, text);
      if (staged.problems.length > 0 || staged.digest !== digest) throw new DryRun(staged);
      return staged;
    });
    return { applied: true, preview };
  } catch (err) {
    if (err instanceof DryRun) return { applied: false, preview: err.preview };
    throw err;
  }
}

/**
 * The previewed file travels in the confirm form (gzip, base64), so the admin does not upload it
 * again and no server-side state is kept. It needs no signature: the confirm re-reads and re-checks
 * it whole, and an admin who changes it could as well upload another file.
 */
export function packCsv(text: string): string {
  return gzipSync(Buffer.from(text, "utf8")).toString("base64");
}

export function unpackCsv(packed: string): string | null {
  try {
    return gunzipSync(Buffer.from(packed, "base64"), { maxOutputLength: MAX_CSV_BYTES }).toString("utf8");
  } catch {
    return null;
  }
}
