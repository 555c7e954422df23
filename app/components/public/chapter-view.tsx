import type { ComponentProps } from "react";
import { Link } from "react-router";
import { SaveForOffline } from "#app/components/offline/save-for-offline.tsx";
import { Breadcrumb } from "#app/components/public/breadcrumb.tsx";
import { ChapterNeighbours } from "#app/components/public/chapter-neighbours.tsx";
import { LinkFilters } from "#app/components/public/link-filters.tsx";
import { LinkList } from "#app/components/public/link-list.tsx";
import { PromoModal } from "#app/components/public/promo-modal.tsx";
import { useLinkReports } from "#app/components/public/report-link-form.tsx";
import { ShareLinks } from "#app/components/public/share-links.tsx";
import { Spinner } from "#app/components/public/spinner.tsx";
import {
  external,
  lightButton,
  outlineLightButton,
  primaryButton,
  secondaryButton,
} from "#app/components/public/styles.ts";
import { SyllabusBadge } from "#app/components/public/syllabus-badge.tsx";
import { useFrameCopy, useLocalPath } from "#app/components/site/frame-copy.tsx";
import type { ChapterPageCopy } from "#app/content/chapter-page-copy.ts";
import type { ReportOutcome } from "#app/lib/link-report.ts";
import type { ChapterPageView } from "#app/server/catalogue/chapter-page.server.ts";

/** The chapter's link lists, in the page's order; their headings are the page's words. */
const LINK_LISTS = ["official", "notes", "questions", "lectures"] as const;

type Props = Omit<ChapterPageView, "description" | "keywords"> & {
  /** The page's words, in its language (the route module of each language hands them over). */
  copy: ChapterPageCopy;
  siteName: string;
  /** The visitor's "Report broken link", answered beside that link. */
  reported: { outcome: ReportOutcome; url: string } | null;
  /** Whether the app's prompt opens on arrival. */
  promo: boolean;
  /** Another chapter is on its way. */
  loading?: boolean;
  /** The chapters before and after it in its subject (the page has them; a note's preview does not). */
  neighbours?: Omit<ComponentProps<typeof ChapterNeighbours>, "copy">;
  /** Offers "Save for offline" (the page does; a note's preview in the console does not). */
  savable?: boolean;
};

/**
 * A chapter page as students see it (/class/G/chapter/SLUG, /hi/class/G/chapter/SLUG), and as a
 * note's preview shows it. Every address on it is in the page's language.
 */
export function ChapterView({
  copy,
  grade,
  chapter,
  notes,
  appStoreUrl,
  qrCode,
  reported,
  siteName,
  promo,
  loading,
  neighbours,
  linkFilters,
  share,
  savable,
}: Props) {
  const { syllabus, opensInNewTab } = useFrameCopy();
  const local = useLocalPath();
  const explore = local(`/class/${grade}?subject=${chapter.subjectCode}`);
  // The breadcrumb takes English addresses (it shows them in the page's language); the rest, the page's.
  const englishPath = `/class/${grade}/chapter/${chapter.slug}`;
  const path = local(englishPath);
  const linkCount = LINK_LISTS.reduce((n, list) => n + chapter.links[list].length, 0);
  const badge = syllabus.badge(chapter.syllabus.status, chapter.syllabus.year);
  const reports = useLinkReports();

  return (
    <main className="flex-1 bg-gray-50 pb-16">
      <PromoModal
        openKey={chapter.slug}
        initiallyOpen={promo}
        siteName={siteName}
        appStoreUrl={appStoreUrl}
        qrCode={qrCode}
      />

      {/* Printed, the band loses its colour (browsers leave backgrounds out): dark text on paper. */}
      <header className="bg-gradient-to-br from-brand-800 to-brand-600 text-white print:bg-none print:text-gray-900">
        <div className="mx-auto max-w-6xl px-4 pt-6 pb-10 sm:px-6 lg:px-8 print:pt-0 print:pb-2">
          {/* On paper only: the chapter's short address as a QR code, so a printed sheet leads back here. */}
          <figure className="hidden print:float-right print:ml-6 print:block print:text-center">
            <img src={share.qrCode} alt={copy.printedQrAlt} width={112} height={112} />
            <figcaption className="mt-1 text-xs">{share.shortAddress}</figcaption>
          </figure>
          <Breadcrumb
            className="text-brand-100 print:hidden"
            trail={[
              [copy.home, "/"],
              [copy.classLabel(grade), `/class/${grade}`],
              [chapter.title, englishPath],
            ]}
          />
          <div className="mt-5 flex flex-wrap items-center gap-2">
            <span className="rounded-full bg-accent-500 px-3 py-1 text-xs font-bold text-gray-900">
              {copy.chapter}
            </span>
            <span className="text-sm text-brand-100 print:text-gray-700">
              {copy.classAndSubject(grade, chapter.subjectLabel)}
            </span>
          </div>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{chapter.title}</h1>
          {badge || chapter.syllabus.whatChanged ? (
            <div className="mt-3 max-w-2xl space-y-2">
              <SyllabusBadge badge={badge} status={chapter.syllabus.status} />
              {chapter.syllabus.whatChanged ? (
                <p className="text-sm text-brand-50 print:text-gray-800">
                  <span className="font-semibold text-white print:text-gray-900">{copy.whatChanged}</span>{" "}
                  {chapter.syllabus.whatChanged}
                </p>
              ) : null}
            </div>
          ) : null}
          <ul className="mt-5 flex flex-wrap gap-2 print:hidden" aria-label={copy.featuresLabel}>
            {copy.features.map((feature) => (
              <li
                key={feature}
                className="rounded-full border border-white/30 bg-white/10 px-3 py-1 text-xs font-semibold sm:text-sm"
              >
                {feature}
              </li>
            ))}
          </ul>
          <div className="mt-7 flex flex-col gap-3 sm:flex-row print:hidden">
            <a href={appStoreUrl} {...external} className={lightButton}>
              {copy.downloadApp}
              <span className="sr-only"> {opensInNewTab}</span>
            </a>
            <Link to={local(`/class/${grade}`)} className={outlineLightButton}>
              {copy.backToClass(grade)}
            </Link>
          </div>
          <ShareLinks
            title={chapter.title}
            text={copy.share.text(chapter.title, grade, chapter.subjectLabel)}
            address={share.address}
            qrPage={`${path}/qr`}
            copy={copy.share}
          />
          {savable ? (
            <SaveForOffline
              chapter={{ path, id: chapter.id, title: chapter.title, grade, subject: chapter.subjectLabel }}
              savedList={local("/saved")}
              copy={copy.offline}
            />
          ) : null}
        </div>
      </header>

      <div className="mx-auto max-w-6xl space-y-6 px-4 pt-8 sm:px-6 lg:px-8">
        {loading ? <Spinner label={copy.loading} /> : null}
        {/* Wide screens: notes to read on the left, the chapter's links beside them. */}
        <div className={notes.length > 0 ? "grid items-start gap-6 lg:grid-cols-3" : "space-y-6"}>
          {notes.length > 0 ? (
            <section
              aria-labelledby="notes-heading"
              className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8 lg:col-span-2"
            >
              <h2 id="notes-heading" className="text-xl font-bold text-gray-900">
                {copy.notesHeading}
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
          {linkCount > 0 || linkFilters.offered ? (
            // Every link's "Report broken link" is sent from here with JavaScript (useLinkReports).
            <div className="space-y-6" onSubmit={reports.onSubmit}>
              {linkFilters.offered ? (
                <LinkFilters
                  page={path}
                  on={linkFilters.on}
                  types={linkFilters.types}
                  hiding={linkFilters.hiding}
                  copy={copy.filters}
                  labels={copy.links}
                />
              ) : null}
              {LINK_LISTS.map((list) => (
                <LinkList
                  key={list}
                  heading={copy.lists[list]}
                  list={list}
                  links={chapter.links[list]}
                  page={path}
                  reported={reported}
                  reports={reports}
                  copy={copy}
                />
              ))}
            </div>
          ) : null}
        </div>
        {notes.length === 0 && linkCount === 0 && linkFilters.hiding === 0 ? (
          <p className="rounded-2xl border border-dashed border-gray-300 bg-white p-6 text-center text-gray-600">
            {copy.onTheirWay(siteName)}
          </p>
        ) : null}

        {neighbours ? (
          <div className="print:hidden">
            <ChapterNeighbours {...neighbours} copy={copy.neighbours} />
          </div>
        ) : null}

        <section
          aria-labelledby="cta-heading"
          className="rounded-2xl bg-brand-50 p-6 text-center ring-1 ring-brand-100 sm:p-8 print:hidden"
        >
          <h2 id="cta-heading" className="text-xl font-bold text-gray-900 sm:text-2xl">
            {copy.closing.heading(chapter.title)}
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-gray-700">
            {copy.closing.text(siteName, grade, chapter.subjectLabel)}
          </p>
          <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
            <a href={appStoreUrl} {...external} className={primaryButton}>
              {copy.downloadApp}
              <span className="sr-only"> {opensInNewTab}</span>
            </a>
            <Link to={explore} className={secondaryButton}>
              {copy.closing.explore}
            </Link>
          </div>
        </section>
      </div>
    </main>
  );
}
