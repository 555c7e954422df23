import { Link, useNavigation } from "react-router";
import { ChapterView } from "#app/components/public/chapter-view.tsx";
import { primaryButton } from "#app/components/public/styles.ts";
import { useLocalPath } from "#app/components/site/frame-copy.tsx";
import type { ChapterPageCopy } from "#app/content/chapter-page-copy.ts";
import type { Grade } from "#app/lib/grades.ts";
import { inLang, type Lang, withoutLang } from "#app/lib/language.ts";
import type { ReportOutcome } from "#app/lib/link-report.ts";
import { breadcrumbs, pageTitle, type Site, seoMeta } from "#app/lib/seo.ts";
import { SHARE_CARD_SIZE } from "#app/lib/share.ts";
import type { ChapterPageView } from "#app/server/catalogue/chapter-page.server.ts";

/** What a chapter page shows, the same in both languages (app/routes/public/chapter.server.ts reads it). */
export type ChapterPageData =
  | { found: false; grade: Grade }
  | (ChapterPageView & {
      found: true;
      /** The chapters before and after it in its subject. */
      neighbours: {
        grade: number;
        previous: { title: string; slug: string } | null;
        next: { title: string; slug: string } | null;
      };
      /** The visitor's "Report broken link" just sent without JavaScript: its answer. */
      reported: { outcome: ReportOutcome; url: string } | null;
      /** Names what the share card shows (its address's `?v=`): a new title, a new card for previews. */
      cardVersion: string;
    });

/** The chapter page's search-engine tags, in the page's language. */
export function chapterMeta(
  site: Site,
  data: ChapterPageData | undefined,
  { copy, lang }: { copy: ChapterPageCopy; lang: Lang },
) {
  if (!data) return [];
  const { grade } = data;
  if (!data.found) {
    return [
      { title: pageTitle(site, copy.meta.notFoundTitle(grade)) },
      { name: "robots", content: "noindex, follow" },
    ];
  }
  const { chapter } = data;
  const path = `/class/${grade}/chapter/${chapter.slug}`;
  return seoMeta(site, {
    lang,
    path,
    // The spec words this title exactly, without the site's name.
    title: copy.meta.title(chapter.title, grade),
    exactTitle: true,
    // From the chapter's first note; without one, made from the chapter in the page's words.
    description: data.description || copy.meta.description(grade, chapter.subjectLabel, chapter.title),
    keywords:
      data.keywords.length > 0
        ? data.keywords
        : copy.meta.keywords(grade, chapter.subjectLabel, chapter.title),
    type: "article",
    // The share card of this chapter, in the page's language (app/routes/chapter-card.ts).
    image: {
      path: inLang(lang, `${path}/card.png?v=${data.cardVersion}`),
      ...SHARE_CARD_SIZE,
      alt: chapter.title,
    },
    jsonLd: [
      breadcrumbs(
        site,
        [
          [copy.home, "/"],
          [copy.classLabel(grade), `/class/${grade}`],
          [chapter.title, path],
        ],
        lang,
      ),
    ],
  });
}

/**
 * A chapter page in one language: `copy` is that language's (the route module of each language
 * hands it over), the data the same (app/routes/public/chapter.server.ts).
 */
export function ChapterPage({
  data,
  copy,
  siteName,
}: {
  data: ChapterPageData;
  copy: ChapterPageCopy;
  siteName: string;
}) {
  const navigation = useNavigation();
  if (!data.found) return <ChapterNotFound grade={data.grade} copy={copy} />;
  const loading =
    navigation.state === "loading" &&
    /^\/class\/[^/]+\/chapter\//.test(withoutLang(navigation.location.pathname));
  // Back from a report, or choosing a filter, the visitor is busy with the links: no prompt over them.
  const busy = data.reported !== null || Object.keys(data.linkFilters.on).length > 0;
  return <ChapterView {...data} copy={copy} siteName={siteName} promo={!busy} loading={loading} savable />;
}

/** A chapter address that leads nowhere (status 404): the way back to its class. */
function ChapterNotFound({ grade, copy }: { grade: number; copy: ChapterPageCopy }) {
  const local = useLocalPath();
  return (
    <main className="mx-auto flex w-full flex-1 min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-sm font-semibold text-brand-700">{copy.notFound.label}</p>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{copy.notFound.heading}</h1>
      <p className="mt-3 text-gray-600">{copy.notFound.text}</p>
      <Link to={local(`/class/${grade}`)} className={`${primaryButton} mt-6`}>
        {copy.backToClass(grade)}
      </Link>
    </main>
  );
}
