import { data, Link, redirect } from "react-router";
import { useHydrated } from "#app/components/admin/chapter-form/use-hydrated.ts";
import { primaryButton, secondaryButton } from "#app/components/public/styles.ts";
import { Icon } from "#app/components/site/icons.tsx";
import { services } from "#app/context.ts";
import { parseGrade } from "#app/lib/grades.ts";
import { pageTitle, seoMeta, siteFromMatches } from "#app/lib/seo.ts";
import NotFound from "#app/routes/public/not-found.tsx";
import {
  lookableSlug,
  movedChapterAddress,
  redirectTarget,
} from "#app/server/catalogue/chapter-addresses.server.ts";
import { chapterQrPage } from "#app/server/catalogue/chapter-page.server.ts";
import { getChapterBySlug } from "#app/server/catalogue/chapters.server.ts";
import type { Route } from "./+types/chapter-qr";

// A chapter's QR code to print (DESIGN 8.3): for a classroom wall or a worksheet. It encodes the
// short address /c/ID, which follows the chapter through renames and moves, so paper keeps working.
// Found like the chapter page: an address the chapter left answers 301 to its QR page of today.

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const grade = parseGrade(params.grade);
  if (!grade) throw redirect("/");
  const { db, config } = services(context);
  const chapter = lookableSlug(params.slug) ? await getChapterBySlug(db, grade, params.slug) : null;
  if (!chapter) {
    const moved = await movedChapterAddress(db, grade, params.slug);
    if (moved) throw redirect(redirectTarget(`${moved}/qr`, request.url), 301);
    return data(null, { status: 404 });
  }
  return chapterQrPage(db, config, chapter);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!loaderData)
    return [{ title: pageTitle(site, "Page not found") }, { name: "robots", content: "noindex" }];
  const { grade, title, slug, subjectLabel } = loaderData;
  return seoMeta(site, {
    path: `/class/${grade}/chapter/${slug}/qr`,
    title: `QR code: ${title} – Class ${grade} ${subjectLabel}`,
    description: `Print the QR code of the Class ${grade} ${subjectLabel} chapter ${title}: scanned, it opens the chapter's notes and links.`,
    // A printable twin of the chapter page: search engines should send students to the chapter.
    noindex: true,
  });
}

export default function ChapterQrPage({ loaderData, matches }: Route.ComponentProps) {
  const hydrated = useHydrated();
  if (!loaderData) return <NotFound />;
  const siteName = siteFromMatches(matches).siteName;
  const { grade, title, slug, subjectLabel, share } = loaderData;
  return (
    <main className="flex-1 bg-white">
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-10 text-center sm:py-14 print:py-0">
        <p className="text-sm font-semibold text-brand-700 print:text-gray-700">
          Class {grade} · {subjectLabel}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-gray-900 sm:text-4xl">
          {title}
        </h1>
        <img
          src={share.qrCode}
          alt={`QR code of the chapter ${title}`}
          width={320}
          height={320}
          className="mt-6 aspect-square w-full max-w-80 rounded-xl border border-gray-200 print:max-w-[12cm] print:border-0"
        />
        <p className="mt-3 font-mono text-lg font-semibold break-all text-gray-900">{share.shortAddress}</p>
        <p className="mt-3 max-w-md text-gray-700">
          Scan the code with a phone's camera, or type the address, to open this chapter's notes and links on{" "}
          {siteName}.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row print:hidden">
          {/* Printing needs the browser's own menu without JavaScript; the button only where it works. */}
          {hydrated ? (
            <button type="button" onClick={() => window.print()} className={primaryButton}>
              <Icon name="printer" />
              Print
            </button>
          ) : null}
          <Link to={`/class/${grade}/chapter/${slug}`} className={secondaryButton}>
            Back to chapter
          </Link>
        </div>
      </div>
    </main>
  );
}
