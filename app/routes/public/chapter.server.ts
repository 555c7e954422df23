import { data, type RouterContextProvider, redirect } from "react-router";
import type { ChapterPageData } from "#app/components/public/chapter-page.tsx";
import type { ChapterQrPageData } from "#app/components/public/chapter-qr-page.tsx";
import { chapterPageCopy } from "#app/content/chapter-page-copy.ts";
import { chapterPageCopy as hindiChapterCopy } from "#app/content/hi/chapter-page-copy.ts";
import { services } from "#app/context.ts";
import { type Grade, parseGrade } from "#app/lib/grades.ts";
import { inLang, type Lang } from "#app/lib/language.ts";
import { reportedIn } from "#app/lib/link-report.ts";
import { readLinkFilters } from "#app/lib/link-types.ts";
import {
  lookableSlug,
  movedChapterAddress,
  redirectTarget,
} from "#app/server/catalogue/chapter-addresses.server.ts";
import { chapterNeighbours } from "#app/server/catalogue/chapter-contents.server.ts";
import {
  chapterPageView,
  chapterQrPage,
  chapterSubjectLabel,
} from "#app/server/catalogue/chapter-page.server.ts";
import { type Chapter, getChapterBySlug } from "#app/server/catalogue/chapters.server.ts";
import { notesForChapter } from "#app/server/catalogue/notes.server.ts";
import { PRIVATE_NO_STORE } from "#app/server/platform/http-cache.server.ts";
import {
  CardsBusyError,
  cardKey,
  type ShareCard,
  shareCardPng,
} from "#app/server/publishing/share-card.server.ts";

// What a chapter page (/class/G/chapter/SLUG) and its QR code page (…/qr) show, the same in both
// languages (/hi/class/...): only the addresses it answers with are in the request's language.

type Args = {
  params: { grade?: string; slug?: string };
  request: Request;
  context: Readonly<RouterContextProvider>;
};

/**
 * The chapter at the address asked for, or null (a 404). An address a chapter left (renamed or
 * moved) answers 301 to its address of today, one hop, in the page's language and with its query
 * (`?lang=hi`); `page` is the part of the address after the chapter's (`/qr`). An unknown class goes
 * to the home page.
 */
async function chapterAsked(
  { params, request, context }: Args,
  lang: Lang,
  page = "",
): Promise<{ grade: Grade; chapter: Chapter | null }> {
  const grade = parseGrade(params.grade);
  if (!grade) throw redirect(inLang(lang, "/"));
  const { db } = services(context);
  const slug = params.slug ?? "";
  const chapter = lookableSlug(slug) ? await getChapterBySlug(db, grade, slug) : null;
  if (chapter) return { grade, chapter };
  // Only a miss asks whether the address is one a chapter left.
  const moved = await movedChapterAddress(db, grade, slug);
  if (moved) throw redirect(redirectTarget(inLang(lang, `${moved}${page}`), request.url), 301);
  return { grade, chapter: null };
}

/** What a chapter's share card shows, in `lang`. */
function shareCardOf(lang: Lang, grade: number, title: string, subject: string, siteName: string): ShareCard {
  const copy = lang === "hi" ? hindiChapterCopy : chapterPageCopy;
  return { title, kicker: copy.classAndSubject(grade, subject), siteName };
}

/** The chapter page's data; the answer to a visitor's "Report broken link" is never cached. */
export async function chapterPageData(args: Args, lang: Lang) {
  const { grade, chapter } = await chapterAsked(args, lang);
  if (!chapter) return data<ChapterPageData>({ found: false, grade }, { status: 404 });
  const { db, config } = services(args.context);
  const query = new URL(args.request.url).searchParams;
  // `?lang=` and `?type=`: only their known values count (the page store keys them the same way).
  const filters = readLinkFilters(query);
  const [notes, neighbours] = await Promise.all([
    notesForChapter(db, chapter.id),
    chapterNeighbours(db, chapter),
  ]);
  const reported = reportedIn(query);
  const view = await chapterPageView(db, config, chapter, notes, filters, lang);
  return data<ChapterPageData>(
    {
      found: true,
      ...view,
      neighbours: { grade, ...neighbours },
      reported,
      // The share card's address names what it shows: a new title is a new picture to link previews.
      cardVersion: cardKey(
        shareCardOf(lang, grade, chapter.title, view.chapter.subjectLabel, config.siteName),
      ),
    },
    reported ? { headers: { "Cache-Control": PRIVATE_NO_STORE } } : undefined,
  );
}

/** The QR code page's data, or null with status 404. */
export async function chapterQrData(args: Args, lang: Lang) {
  const { chapter } = await chapterAsked(args, lang, "/qr");
  if (!chapter) return data<ChapterQrPageData | null>(null, { status: 404 });
  const { db, config } = services(args.context);
  return data<ChapterQrPageData | null>(await chapterQrPage(db, config, chapter, lang));
}

/**
 * A chapter's share card (/class/G/chapter/SLUG/card.png, and under /hi in Hindi): a PNG for link
 * previews, kept a day by caches. A missing chapter is a 404; a crowd of new cards a 503.
 */
export async function chapterCardResponse(args: Args, lang: Lang): Promise<Response> {
  const { chapter } = await chapterAsked(args, lang, "/card.png");
  if (!chapter) return plainAnswer(404, "No such chapter.");
  const { db, config } = services(args.context);
  // The card shows the subject's name; the QR page's data would also draw a QR code.
  const subjectLabel = await chapterSubjectLabel(db, chapter);
  const card = shareCardOf(lang, chapter.grade, chapter.title, subjectLabel, config.siteName);
  // Asked by the address the page gives (`?v=` of what it shows), it never changes: kept for good.
  const current = new URL(args.request.url).searchParams.get("v") === cardKey(card);
  try {
    const png = await shareCardPng(db, { id: chapter.id, lang }, card);
    return new Response(new Uint8Array(png), {
      headers: {
        "Content-Type": "image/png",
        "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=86400",
      },
    });
  } catch (err) {
    if (err instanceof CardsBusyError) return plainAnswer(503, err.message, { "Retry-After": "10" });
    throw err;
  }
}

function plainAnswer(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}
