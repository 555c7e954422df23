import { data, Link, redirect, useNavigation } from "react-router";
import { Breadcrumb } from "#app/components/public/breadcrumb.tsx";
import { LinkList } from "#app/components/public/link-list.tsx";
import { PromoModal } from "#app/components/public/promo-modal.tsx";
import { Spinner } from "#app/components/public/spinner.tsx";
import {
  external,
  lightButton,
  outlineLightButton,
  primaryButton,
  secondaryButton,
} from "#app/components/public/styles.ts";
import { services } from "#app/context.ts";
import { parseGrade } from "#app/lib/grades.ts";
import { htmlToText } from "#app/lib/html-text.ts";
import { reportedIn } from "#app/lib/link-report.ts";
import { breadcrumbs, seoMeta, siteFromMatches } from "#app/lib/seo.ts";
import { getChapterBySlug } from "#app/server/chapters.server.ts";
import { PRIVATE_NO_STORE } from "#app/server/http-cache.server.ts";
import { hiddenLinkUrls } from "#app/server/link-health/link-health.server.ts";
import { notesForChapter } from "#app/server/notes.server.ts";
import { qrCodeDataUrl } from "#app/server/qr.server.ts";
import { listSubjects } from "#app/server/subjects.server.ts";
import type { Route } from "./+types/chapter";

const FEATURES = ["AI-Powered Learning", "Reward Based Learning", "Track Your Progress"];

/** A search-engine description of at most about 160 characters, cut at a word. */
function shortDescription(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 80 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

/** A chapter's links without the confirmed-Broken ones (DESIGN.md section 4): students never see those. */
async function shownLinks(
  db: Parameters<typeof hiddenLinkUrls>[0],
  links: ChapterLinks,
): Promise<ChapterLinks> {
  const all = [...links.notes, ...links.questions, ...links.lectures];
  const hidden =
    all.length === 0
      ? new Set<string>()
      : await hiddenLinkUrls(
          db,
          all.map((l) => l.url),
        );
  if (hidden.size === 0) return links;
  const keep = (list: ChapterLinks["notes"]) => list.filter((l) => !hidden.has(l.url));
  return { notes: keep(links.notes), questions: keep(links.questions), lectures: keep(links.lectures) };
}

type ChapterLinks = NonNullable<Awaited<ReturnType<typeof getChapterBySlug>>>["links"];

// The answer to one visitor's "Report broken link" is theirs alone: never cached anywhere (the page
// store leaves such addresses out by itself: app/server/page-key.server.ts).
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const grade = parseGrade(params.grade);
  if (!grade) throw redirect("/");
  const { db, config } = services(context);
  const chapter = await getChapterBySlug(db, grade, params.slug);
  if (!chapter) return data({ found: false as const, grade }, { status: 404 });
  const [notes, subjects, qrCode, links] = await Promise.all([
    notesForChapter(db, chapter.id),
    listSubjects(db, grade),
    qrCodeDataUrl(config.appStoreUrl),
    shownLinks(db, chapter.links),
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
  const reported = reportedIn(new URL(request.url).searchParams);
  return data(
    {
      found: true as const,
      grade,
      chapter: {
        title: chapter.title,
        slug: chapter.slug,
        subjectCode: chapter.subjectCode,
        subjectLabel,
        links,
      },
      notes: notes.map((n) => ({ id: n.id, content: n.content })),
      description,
      keywords,
      appStoreUrl: config.appStoreUrl,
      qrCode,
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
      { title: `Chapter not found – Class ${grade} | ${site.siteName}` },
      { name: "robots", content: "noindex, follow" },
    ];
  }
  const { chapter, description, keywords } = loaderData;
  const path = `/class/${grade}/chapter/${chapter.slug}`;
  return seoMeta(site, {
    path,
    title: `${chapter.title} \u2013 Class ${grade} Notes`,
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
  const { grade, chapter, notes, appStoreUrl, qrCode, reported } = loaderData;
  const siteName = matches[0]?.loaderData?.siteName ?? "ChapterWise";
  const explore = `/class/${grade}?subject=${chapter.subjectCode}`;
  const path = `/class/${grade}/chapter/${chapter.slug}`;
  const linkCount =
    chapter.links.notes.length + chapter.links.questions.length + chapter.links.lectures.length;
  const loadingChapter =
    navigation.state === "loading" && /^\/class\/[^/]+\/chapter\//.test(navigation.location.pathname);

  return (
    <main className="flex-1 bg-gray-50 pb-16">
      {/* Back from a report, the visitor is busy with the links: no prompt over them. */}
      <PromoModal
        openKey={chapter.slug}
        initiallyOpen={!reported}
        siteName={siteName}
        appStoreUrl={appStoreUrl}
        qrCode={qrCode}
      />

      <header className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-6xl px-4 pt-6 pb-10 sm:px-6 lg:px-8">
          <Breadcrumb
            className="text-brand-100"
            trail={[
              ["Home", "/"],
              [`Class ${grade}`, `/class/${grade}`],
              [chapter.title, path],
            ]}
          />
          <div className="mt-5 flex flex-wrap items-center gap-2">
            <span className="rounded-full bg-accent-500 px-3 py-1 text-xs font-bold text-gray-900">
              Chapter
            </span>
            <span className="text-sm text-brand-100">
              Class {grade} · {chapter.subjectLabel}
            </span>
          </div>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{chapter.title}</h1>
          <ul className="mt-5 flex flex-wrap gap-2" aria-label="In the app">
            {FEATURES.map((feature) => (
              <li
                key={feature}
                className="rounded-full border border-white/30 bg-white/10 px-3 py-1 text-xs font-semibold sm:text-sm"
              >
                {feature}
              </li>
            ))}
          </ul>
          <div className="mt-7 flex flex-col gap-3 sm:flex-row">
            <a href={appStoreUrl} {...external} className={lightButton}>
              Download App<span className="sr-only"> (opens in a new tab)</span>
            </a>
            <Link to={`/class/${grade}`} className={outlineLightButton}>
              Back to Class {grade}
            </Link>
          </div>
        </div>
      </header>

      <div className="mx-auto max-w-6xl space-y-6 px-4 pt-8 sm:px-6 lg:px-8">
        {loadingChapter ? <Spinner label="Loading chapter…" /> : null}
        {/* Wide screens: notes to read on the left, the chapter's links beside them. */}
        <div className={notes.length > 0 ? "grid items-start gap-6 lg:grid-cols-3" : "space-y-6"}>
          {notes.length > 0 ? (
            <section
              aria-labelledby="notes-heading"
              className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8 lg:col-span-2"
            >
              <h2 id="notes-heading" className="text-xl font-bold text-gray-900">
                Notes
              </h2>
              {notes.map((note) => (
                // Note HTML is sanitized when it is saved (sanitize.server.ts); shown as written.
                <div
                  key={note.id}
                  className="prose-content mt-3 text-gray-800 [overflow-wrap:anywhere]"
                  dangerouslySetInnerHTML={{ __html: note.content }}
                />
              ))}
            </section>
          ) : null}
          {linkCount > 0 ? (
            <div className="space-y-6">
              <LinkList
                heading="Other Notes"
                list="notes"
                links={chapter.links.notes}
                page={path}
                reported={reported}
              />
              <LinkList
                heading="Questions"
                list="questions"
                links={chapter.links.questions}
                page={path}
                reported={reported}
              />
              <LinkList
                heading="Lectures"
                list="lectures"
                links={chapter.links.lectures}
                page={path}
                reported={reported}
              />
            </div>
          ) : null}
        </div>
        {notes.length === 0 && linkCount === 0 ? (
          <p className="rounded-2xl border border-dashed border-gray-300 bg-white p-6 text-center text-gray-600">
            Resources for this chapter are on their way. Meanwhile, practise it in the {siteName} app.
          </p>
        ) : null}

        <section
          aria-labelledby="cta-heading"
          className="rounded-2xl bg-brand-50 p-6 text-center ring-1 ring-brand-100 sm:p-8"
        >
          <h2 id="cta-heading" className="text-xl font-bold text-gray-900 sm:text-2xl">
            Keep going with {chapter.title}
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-gray-700">
            Practise with AI help and earn rewards in the {siteName} app, or explore more Class {grade}{" "}
            {chapter.subjectLabel} chapters.
          </p>
          <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
            <a href={appStoreUrl} {...external} className={primaryButton}>
              Download App<span className="sr-only"> (opens in a new tab)</span>
            </a>
            <Link to={explore} className={secondaryButton}>
              Explore More Chapters
            </Link>
          </div>
        </section>
      </div>
    </main>
  );
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
