import { Link } from "react-router";
import { useHydrated } from "#app/components/admin/chapter-form/use-hydrated.ts";
import { primaryButton, secondaryButton } from "#app/components/public/styles.ts";
import { useLocalPath } from "#app/components/site/frame-copy.tsx";
import { Icon } from "#app/components/site/icons.tsx";
import { NotFoundPage } from "#app/components/site/not-found-page.tsx";
import type { ChapterPageCopy } from "#app/content/chapter-page-copy.ts";
import type { Lang } from "#app/lib/language.ts";
import { pageTitle, type Site, seoMeta } from "#app/lib/seo.ts";
import type { chapterQrPage } from "#app/server/catalogue/chapter-page.server.ts";

/** What a chapter's QR code page shows, the same in both languages (app/routes/public/chapter.server.ts). */
export type ChapterQrPageData = Awaited<ReturnType<typeof chapterQrPage>>;

/** The QR code page's search-engine tags, in the page's language; `notFound`: the 404's title. */
export function chapterQrMeta(
  site: Site,
  data: ChapterQrPageData | null | undefined,
  { copy, lang, notFound }: { copy: ChapterPageCopy; lang: Lang; notFound: string },
) {
  if (!data) return [{ title: pageTitle(site, notFound) }, { name: "robots", content: "noindex" }];
  const { grade, title, slug, subjectLabel } = data;
  return seoMeta(site, {
    lang,
    path: `/class/${grade}/chapter/${slug}/qr`,
    title: copy.qr.meta.title(title, grade, subjectLabel),
    description: copy.qr.meta.description(title, grade, subjectLabel),
    // A printable twin of the chapter page: search engines should send students to the chapter.
    noindex: true,
  });
}

/**
 * A chapter's QR code to print (DESIGN 8.3), in one language: for a classroom wall or a worksheet.
 * It encodes the short address /c/ID, which follows the chapter through renames and moves, so
 * paper keeps working. An unknown chapter is the site's 404 page, in the page's language.
 */
export function ChapterQrPage({
  data,
  copy,
  siteName,
}: {
  data: ChapterQrPageData | null;
  copy: ChapterPageCopy;
  siteName: string;
}) {
  const hydrated = useHydrated();
  const local = useLocalPath();
  if (!data) return <NotFoundPage />;
  const { grade, title, slug, subjectLabel, share } = data;
  return (
    <main className="flex-1 bg-white">
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-10 text-center sm:py-14 print:py-0">
        <p className="text-sm font-semibold text-brand-700 print:text-gray-700">
          {copy.classAndSubject(grade, subjectLabel)}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-gray-900 sm:text-4xl">
          {title}
        </h1>
        <img
          src={share.qrCode}
          alt={copy.qr.alt(title)}
          width={320}
          height={320}
          className="mt-6 aspect-square w-full max-w-80 rounded-xl border border-gray-200 print:max-w-[12cm] print:border-0"
        />
        <p className="mt-3 font-mono text-lg font-semibold break-all text-gray-900">{share.shortAddress}</p>
        <p className="mt-3 max-w-md text-gray-700">{copy.qr.scan(siteName)}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row print:hidden">
          {/* Printing needs the browser's own menu without JavaScript; the button only where it works. */}
          {hydrated ? (
            <button type="button" onClick={() => window.print()} className={primaryButton}>
              <Icon name="printer" />
              {copy.qr.print}
            </button>
          ) : null}
          <Link to={local(`/class/${grade}/chapter/${slug}`)} className={secondaryButton}>
            {copy.qr.back}
          </Link>
        </div>
      </div>
    </main>
  );
}
