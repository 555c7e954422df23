import { Link } from "react-router";
import { SyllabusBadge } from "#app/components/public/syllabus-badge.tsx";
import { useFrameCopy, useLocalPath } from "#app/components/site/frame-copy.tsx";
import type { SyllabusStatus } from "#app/lib/sessions.ts";

const grid = "grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3";

/**
 * `notes` and `links`: how many notes and links students are shown (app/server/catalogue/chapter-contents.server.ts);
 * `status`: the chapter's syllabus status in the current session (`year`).
 */
export type ChapterCardData = {
  id: number;
  title: string;
  slug: string;
  notes: number;
  links: number;
  status: SyllabusStatus;
};

/** One chapter: the whole card leads to the chapter page (its one link is stretched over it). */
function ChapterCard({ grade, year, chapter }: { grade: number; year: number; chapter: ChapterCardData }) {
  const { cards, syllabus } = useFrameCopy();
  const local = useLocalPath();
  const badge = syllabus.badge(chapter.status, year);
  return (
    <li className="group relative flex flex-col rounded-2xl border border-gray-200 bg-white p-5 shadow-sm transition focus-within:border-brand-600 hover:-translate-y-0.5 hover:border-brand-600 hover:shadow-md">
      {badge ? (
        <p className="mb-2">
          <SyllabusBadge badge={badge} status={chapter.status} />
        </p>
      ) : null}
      <h3 className="text-lg leading-snug font-semibold text-gray-900 group-hover:text-brand-700">
        {chapter.title}
      </h3>
      <p className="mt-2 text-sm text-gray-600">{cards.description}</p>
      <ChapterContents notes={chapter.notes} links={chapter.links} />
      <Link
        to={local(`/class/${grade}/chapter/${chapter.slug}`)}
        className="mt-4 inline-flex items-center gap-1.5 self-start rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white after:absolute after:inset-0 after:rounded-2xl after:content-[''] group-hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span>
          {cards.viewResources}
          <span className="sr-only">{cards.forChapter(chapter.title)}</span>
        </span>
        <span aria-hidden="true">→</span>
      </Link>
    </li>
  );
}

/** What the chapter holds, or that it is still empty: students see it before they open the page. */
function ChapterContents({ notes, links }: { notes: number; links: number }) {
  const { cards } = useFrameCopy();
  return (
    <p className="mt-3 flex flex-1 items-start text-sm">
      <span
        className={
          notes + links === 0
            ? "rounded-full bg-amber-50 px-2.5 py-0.5 font-medium text-amber-800 ring-1 ring-amber-200"
            : "rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-800 ring-1 ring-brand-100"
        }
      >
        {cards.contents(notes, links)}
      </span>
    </p>
  );
}

export function ChapterGrid({
  grade,
  year,
  chapters,
}: {
  grade: number;
  year: number;
  chapters: ChapterCardData[];
}) {
  return (
    <ul className={grid}>
      {chapters.map((chapter) => (
        <ChapterCard key={chapter.id} grade={grade} year={year} chapter={chapter} />
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
  year,
  chapters,
}: {
  grade: number;
  /** The current session's first year. */
  year: number;
  chapters: ChapterCardData[];
}) {
  const { syllabus } = useFrameCopy();
  const inSyllabus = chapters.filter((c) => c.status !== "out");
  const out = chapters.filter((c) => c.status === "out");
  return (
    <>
      {inSyllabus.length > 0 ? <ChapterGrid grade={grade} year={year} chapters={inSyllabus} /> : null}
      {out.length > 0 ? (
        <section aria-labelledby="not-in-syllabus" className={inSyllabus.length > 0 ? "mt-10" : ""}>
          <h3 id="not-in-syllabus" className="mb-4 text-lg font-bold text-gray-700">
            {syllabus.outHeading(year)}
          </h3>
          <ChapterGrid grade={grade} year={year} chapters={out} />
        </section>
      ) : null}
    </>
  );
}

/** Placeholders in the shape of chapter cards while the next subject or class loads. */
export function ChapterCardSkeletons({ count = 6 }: { count?: number }) {
  const { cards } = useFrameCopy();
  return (
    <div role="status" aria-label={cards.loading}>
      <span className="sr-only">{cards.loading}…</span>
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
