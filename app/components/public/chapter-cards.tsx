import { Link } from "react-router";
import { SyllabusBadge } from "#app/components/public/syllabus-badge.tsx";
import { COMING_SOON, contentLine } from "#app/lib/chapter-contents.ts";

/** The fixed line under every chapter's title on the class page. */
export const CHAPTER_CARD_DESCRIPTION = "Notes, important questions and video lectures for this chapter.";

const grid = "grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3";

/**
 * `notes` and `links`: how many notes and links students are shown (app/server/catalogue/chapter-contents.server.ts);
 * `badge`, `status`: the chapter's syllabus status in the current session (none: In syllabus).
 */
export type ChapterCardData = {
  id: number;
  title: string;
  slug: string;
  notes: number;
  links: number;
  badge?: string | null;
  status?: string;
};

/** One chapter: the whole card leads to the chapter page (its one link is stretched over it). */
function ChapterCard({ grade, chapter }: { grade: number; chapter: ChapterCardData }) {
  return (
    <li className="group relative flex flex-col rounded-2xl border border-gray-200 bg-white p-5 shadow-sm transition focus-within:border-brand-600 hover:-translate-y-0.5 hover:border-brand-600 hover:shadow-md">
      {chapter.badge ? (
        <p className="mb-2">
          <SyllabusBadge badge={chapter.badge} status={chapter.status} />
        </p>
      ) : null}
      <h3 className="text-lg leading-snug font-semibold text-gray-900 group-hover:text-brand-700">
        {chapter.title}
      </h3>
      <p className="mt-2 text-sm text-gray-600">{CHAPTER_CARD_DESCRIPTION}</p>
      <ChapterContents notes={chapter.notes} links={chapter.links} />
      <Link
        to={`/class/${grade}/chapter/${chapter.slug}`}
        className="mt-4 inline-flex items-center gap-1.5 self-start rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white after:absolute after:inset-0 after:rounded-2xl after:content-[''] group-hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span>
          View Resources<span className="sr-only"> for {chapter.title}</span>
        </span>
        <span aria-hidden="true">→</span>
      </Link>
    </li>
  );
}

/** What the chapter holds, or that it is still empty: students see it before they open the page. */
function ChapterContents({ notes, links }: { notes: number; links: number }) {
  const line = contentLine(notes, links);
  return (
    <p className="mt-3 flex flex-1 items-start text-sm">
      <span
        className={
          line === COMING_SOON
            ? "rounded-full bg-amber-50 px-2.5 py-0.5 font-medium text-amber-800 ring-1 ring-amber-200"
            : "rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-800 ring-1 ring-brand-100"
        }
      >
        {line}
      </span>
    </p>
  );
}

export function ChapterGrid({ grade, chapters }: { grade: number; chapters: ChapterCardData[] }) {
  return (
    <ul className={grid}>
      {chapters.map((chapter) => (
        <ChapterCard key={chapter.id} grade={grade} chapter={chapter} />
      ))}
    </ul>
  );
}

/**
 * A page of the class page's cards: the chapters in the syllabus, then (they come last) those not
 * in it, under their own heading ("Not in the 2026-27 syllabus").
 */
export function SyllabusGrids({
  grade,
  chapters,
  outHeading,
}: {
  grade: number;
  chapters: ChapterCardData[];
  outHeading: string;
}) {
  const inSyllabus = chapters.filter((c) => c.status !== "out");
  const out = chapters.filter((c) => c.status === "out");
  return (
    <>
      {inSyllabus.length > 0 ? <ChapterGrid grade={grade} chapters={inSyllabus} /> : null}
      {out.length > 0 ? (
        <section aria-labelledby="not-in-syllabus" className={inSyllabus.length > 0 ? "mt-10" : ""}>
          <h3 id="not-in-syllabus" className="mb-4 text-lg font-bold text-gray-700">
            {outHeading}
          </h3>
          <ChapterGrid grade={grade} chapters={out} />
        </section>
      ) : null}
    </>
  );
}

/** Placeholders in the shape of chapter cards while the next subject or class loads. */
export function ChapterCardSkeletons({ count = 6 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading chapters">
      <span className="sr-only">Loading chapters…</span>
      <ul className={grid} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            key={i}
            data-skeleton=""
            className="flex animate-pulse flex-col rounded-2xl border border-gray-200 bg-white p-5"
          >
            <div className="h-5 w-3/4 rounded bg-gray-200" />
            <div className="mt-3 h-3.5 w-full rounded bg-gray-100" />
            <div className="mt-2 h-3.5 w-2/3 rounded bg-gray-100" />
            <div className="mt-5 h-9 w-36 rounded-lg bg-gray-200" />
          </li>
        ))}
      </ul>
    </div>
  );
}
