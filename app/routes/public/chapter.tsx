import { data, Link, redirect, useNavigation } from "react-router";
import { ChapterView } from "#app/components/public/chapter-view.tsx";
import { primaryButton } from "#app/components/public/styles.ts";
import { services } from "#app/context.ts";
import { parseGrade } from "#app/lib/grades.ts";
import { reportedIn } from "#app/lib/link-report.ts";
import { readLinkFilters } from "#app/lib/link-types.ts";
import { breadcrumbs, pageTitle, seoMeta, siteFromMatches } from "#app/lib/seo.ts";
import {
  lookableSlug,
  movedChapterAddress,
  redirectTarget,
} from "#app/server/catalogue/chapter-addresses.server.ts";
import { chapterNeighbours } from "#app/server/catalogue/chapter-contents.server.ts";
import { chapterPageView } from "#app/server/catalogue/chapter-page.server.ts";
import { getChapterBySlug } from "#app/server/catalogue/chapters.server.ts";
import { notesForChapter } from "#app/server/catalogue/notes.server.ts";
import { PRIVATE_NO_STORE } from "#app/server/platform/http-cache.server.ts";
import type { Route } from "./+types/chapter";

// The answer to one visitor's "Report broken link" is theirs alone: never cached anywhere (the page
// store leaves such addresses out by itself: app/server/platform/page-key.server.ts).
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const grade = parseGrade(params.grade);
  if (!grade) throw redirect("/");
  const { db, config } = services(context);
  const chapter = lookableSlug(params.slug) ? await getChapterBySlug(db, grade, params.slug) : null;
  if (!chapter) {
    // Only a miss asks whether the address is one a chapter left (renamed or moved): 301, one hop.
    const moved = await movedChapterAddress(db, grade, params.slug);
    if (moved) throw redirect(redirectTarget(moved, request.url), 301);
    return data({ found: false as const, grade }, { status: 404 });
  }
  const query = new URL(request.url).searchParams;
  // `?lang=` and `?type=`: only their known values count (the page store keys them the same way).
  const filters = readLinkFilters(query);
  const [notes, neighbours] = await Promise.all([
    notesForChapter(db, chapter.id),
    chapterNeighbours(db, chapter),
  ]);
  const reported = reportedIn(query);
  return data(
    {
      found: true as const,
      ...(await chapterPageView(db, config, chapter, notes, filters)),
      neighbours: { grade, ...neighbours },
      reported,
    },
    reported ? { headers: { "Cache-Control": PRIVATE_NO_STORE } } : undefined,
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!loaderData) return [];
  const { grade } = loaderData;
  if (!loaderData.found) {
    return [
      { title: pageTitle(site, `Chapter not found – Class ${grade}`) },
      { name: "robots", content: "noindex, follow" },
    ];
  }
  const { chapter, description, keywords } = loaderData;
  const path = `/class/${grade}/chapter/${chapter.slug}`;
  return seoMeta(site, {
    path,
    // The spec words this title exactly, without the site's name.
    title: `${chapter.title} \u2013 Class ${grade} Notes`,
    exactTitle: true,
    description,
    keywords,
    type: "article",
    jsonLd: [
      breadcrumbs(site, [
        ["Home", "/"],
        [`Class ${grade}`, `/class/${grade}`],
        [chapter.title, path],
      ]),
    ],
  });
}

export default function ChapterPage({ loaderData, matches }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (!loaderData.found) return <ChapterNotFound grade={loaderData.grade} />;
  const siteName = matches[0]?.loaderData?.siteName ?? "ChapterWise";
  const loading =
    navigation.state === "loading" && /^\/class\/[^/]+\/chapter\//.test(navigation.location.pathname);
  // Back from a report, or choosing a filter, the visitor is busy with the links: no prompt over them.
  const busy = loaderData.reported || Object.keys(loaderData.linkFilters.on).length > 0;
  return <ChapterView {...loaderData} siteName={siteName} promo={!busy} loading={loading} />;
}

function ChapterNotFound({ grade }: { grade: number }) {
  return (
    <main className="mx-auto flex w-full flex-1 min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-sm font-semibold text-brand-700">Error 404</p>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Chapter not found.</h1>
      <p className="mt-3 text-gray-600">
        This chapter may have been renamed or removed. The class page lists every chapter we have.
      </p>
      <Link to={`/class/${grade}`} className={`${primaryButton} mt-6`}>
        Back to Class {grade}
      </Link>
    </main>
  );
}
