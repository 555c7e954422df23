import { htmlToText } from "#app/lib/html-text.ts";
import { linksInHtml, withoutHrefs } from "#app/lib/link-urls.ts";
import type { Chapter, ChapterLinks } from "#app/server/catalogue/chapters.server.ts";
import { listSubjects } from "#app/server/catalogue/subjects.server.ts";
import { syllabusShown } from "#app/server/catalogue/syllabus.server.ts";
import type { Config } from "#app/server/config.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { hiddenLinkUrls } from "#app/server/link-health/link-health.server.ts";
import { qrCodeDataUrl } from "#app/server/platform/qr.server.ts";

/** A search-engine description of at most about 160 characters, cut at a word. */
function shortDescription(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 80 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

/** A chapter's links without the hidden (confirmed-Broken) ones (docs/decisions/0011): students never see those. */
function shownLinks(links: ChapterLinks, hidden: ReadonlySet<string>): ChapterLinks {
  if (hidden.size === 0) return links;
  const keep = (list: ChapterLinks["notes"]) => list.filter((l) => !hidden.has(l.url));
  return { notes: keep(links.notes), questions: keep(links.questions), lectures: keep(links.lectures) };
}

type ShownNote = { id: number; content: string; seoDescription: string; seoKeywords: string[] };

/**
 * What the chapter page shows of a chapter with these notes: its links students may see, its
 * subject's name, and the description and keywords its first note gives it. The same for the page
 * (/class/G/chapter/SLUG) and for a note's preview in the console, so the preview is the page.
 */
export async function chapterPageView(db: Database, config: Config, chapter: Chapter, notes: ShownNote[]) {
  const grade = chapter.grade;
  // The chapter's own links and those inside its notes, asked about in one statement.
  const { links } = chapter;
  const urls = [...links.notes, ...links.questions, ...links.lectures].map((l) => l.url);
  for (const note of notes) urls.push(...linksInHtml(note.content));
  const [subjects, qrCode, hidden, syllabus] = await Promise.all([
    listSubjects(db, grade),
    qrCodeDataUrl(config.appStoreUrl),
    hiddenLinkUrls(db, urls),
    syllabusShown(db, [chapter.id]),
  ]);
  const subjectLabel = subjects.find((s) => s.code === chapter.subjectCode)?.label ?? chapter.subjectCode;
  // The page's description and keywords come from its first note.
  const first = notes[0];
  const description =
    first?.seoDescription ||
    (first ? shortDescription(htmlToText(first.content)) : "") ||
    `Class ${grade} ${subjectLabel} – ${chapter.title}: free chapter notes, important questions and video lectures for CBSE students.`;
  const keywords = first?.seoKeywords.length
    ? first.seoKeywords
    : [chapter.title, `class ${grade} ${subjectLabel.toLowerCase()}`, `${chapter.title} notes`, "cbse"];
  return {
    grade,
    chapter: {
      title: chapter.title,
      slug: chapter.slug,
      subjectCode: chapter.subjectCode,
      subjectLabel,
      links: shownLinks(links, hidden),
      // Its status in the current session: the badge and "What changed".
      syllabus: syllabus.of(chapter.id),
    },
    notes: notes.map((n) => ({ id: n.id, content: withoutHrefs(n.content, hidden) })),
    description,
    keywords,
    appStoreUrl: config.appStoreUrl,
    qrCode,
  };
}

export type ChapterPageView = Awaited<ReturnType<typeof chapterPageView>>;
