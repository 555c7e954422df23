import { htmlToText } from "#app/lib/html-text.ts";
import { inLang, type Lang } from "#app/lib/language.ts";
import { LINK_TYPES, type LinkFilters, type LinkType, linkPassesFilters } from "#app/lib/link-types.ts";
import { linksInHtml, withoutHrefs } from "#app/lib/link-urls.ts";
import { absoluteUrl } from "#app/lib/seo.ts";
import { shortChapterPath } from "#app/lib/share.ts";
import {
  type Chapter,
  type ChapterLink,
  type ChapterLinks,
  LINK_KINDS,
} from "#app/server/catalogue/chapters.server.ts";
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

/** A link as the page shows it: `item` is its place in its whole list (its id, "official-2"), filtered or not. */
export type ShownLink = ChapterLink & { item: number };
type ShownLinks = Record<keyof ChapterLinks, ShownLink[]>;

/**
 * A chapter's links students may see: without the hidden (confirmed-Broken) ones (docs/decisions/0011),
 * and without those the page's filters leave out (decision 0025), which are counted.
 */
function shownLinks(
  links: ChapterLinks,
  hidden: ReadonlySet<string>,
  filters: LinkFilters,
): { links: ShownLinks; filteredOut: number; types: LinkType[]; filterable: boolean } {
  let filteredOut = 0;
  let filterable = false;
  const types = new Set<LinkType>();
  const shown = {} as ShownLinks;
  for (const kind of LINK_KINDS) {
    shown[kind] = [];
    links[kind].forEach((link, i) => {
      if (hidden.has(link.url)) return;
      if (link.type) types.add(link.type);
      if (link.type || link.language) filterable = true;
      if (linkPassesFilters(link, filters)) shown[kind].push({ ...link, item: i + 1 });
      else filteredOut++;
    });
  }
  // The types to filter by: those the chapter's links carry, in the vocabulary's order.
  return {
    links: shown,
    filteredOut,
    types: LINK_TYPES.flatMap((t) => (types.has(t.slug) ? [t.slug] : [])),
    filterable,
  };
}

/**
 * How a chapter is passed on (DESIGN 8.3): its address (the canonical one of the page in `lang`, for
 * sharing), its short address `/c/ID` (which outlives renames and moves, so paper keeps working) and
 * that one's QR code.
 */
export async function chapterShare(
  site: Pick<Config, "siteUrl" | "siteName">,
  chapter: Pick<Chapter, "id" | "grade" | "slug">,
  lang: Lang = "en",
) {
  // In the page's language too: a Hindi poster's code opens the Hindi page (/hi/c/ID).
  const shortAddress = absoluteUrl(site, inLang(lang, shortChapterPath(chapter.id)));
  return {
    address: absoluteUrl(site, inLang(lang, `/class/${chapter.grade}/chapter/${chapter.slug}`)),
    shortAddress,
    qrCode: await qrCodeDataUrl(shortAddress),
  };
}

/** The name of a chapter's subject (its code when the subject is gone). */
export async function chapterSubjectLabel(db: Database, chapter: Pick<Chapter, "grade" | "subjectCode">) {
  const subjects = await listSubjects(db, chapter.grade);
  return subjects.find((s) => s.code === chapter.subjectCode)?.label ?? chapter.subjectCode;
}

/** What a chapter's printable QR code page shows (/class/G/chapter/SLUG/qr, /hi/...), in `lang`. */
export async function chapterQrPage(db: Database, config: Config, chapter: Chapter, lang: Lang = "en") {
  const [subjectLabel, share] = await Promise.all([
    chapterSubjectLabel(db, chapter),
    chapterShare(config, chapter, lang),
  ]);
  return { grade: chapter.grade, title: chapter.title, slug: chapter.slug, subjectLabel, share };
}

type ShownNote = { id: number; content: string; seoDescription: string; seoKeywords: string[] };

/**
 * What the chapter page shows of a chapter with these notes: its links students may see, its
 * subject's name, and the description and keywords its first note gives it (empty without one: the
 * page makes them from the chapter, in its language). The same for the page (/class/G/chapter/SLUG,
 * /hi/class/G/chapter/SLUG: `lang` is the one of the address shared) and for a note's preview in the
 * console, so the preview is the page.
 */
export async function chapterPageView(
  db: Database,
  config: Config,
  chapter: Chapter,
  notes: ShownNote[],
  filters: LinkFilters = {},
  lang: Lang = "en",
) {
  const grade = chapter.grade;
  // The chapter's own links and those inside its notes, asked about in one statement.
  const { links } = chapter;
  const urls = LINK_KINDS.flatMap((kind) => links[kind].map((l) => l.url));
  for (const note of notes) urls.push(...linksInHtml(note.content));
  const [subjectLabel, qrCode, hidden, syllabus, share] = await Promise.all([
    chapterSubjectLabel(db, chapter),
    qrCodeDataUrl(config.appStoreUrl),
    hiddenLinkUrls(db, urls),
    syllabusShown(db, [chapter.id]),
    chapterShare(config, chapter, lang),
  ]);
  // The page's description and keywords come from its first note (without one, the page's words).
  const first = notes[0];
  const description = first?.seoDescription || (first ? shortDescription(htmlToText(first.content)) : "");
  const keywords = first?.seoKeywords.length ? first.seoKeywords : [];
  const { status, whatChanged } = syllabus.of(chapter.id);
  const shown = shownLinks(links, hidden, filters);
  return {
    grade,
    chapter: {
      id: chapter.id,
      title: chapter.title,
      slug: chapter.slug,
      subjectCode: chapter.subjectCode,
      subjectLabel,
      links: shown.links,
      // Its status in the current session (the page words its badge) and "What changed".
      syllabus: { status, whatChanged, year: syllabus.year },
    },
    /**
     * The filters: those on, the types worth offering (those the links carry), whether to offer any
     * (not when no link has a type or a language), and how many links they leave out.
     */
    linkFilters: {
      on: filters,
      types: shown.types,
      offered: shown.filterable || Object.keys(filters).length > 0,
      hiding: shown.filteredOut,
    },
    notes: notes.map((n) => ({ id: n.id, content: withoutHrefs(n.content, hidden) })),
    description,
    keywords,
    appStoreUrl: config.appStoreUrl,
    qrCode,
    share,
  };
}

export type ChapterPageView = Awaited<ReturnType<typeof chapterPageView>>;
