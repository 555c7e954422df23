import { useLinksInPlace } from "#app/components/links-in-place.ts";
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

/** The words a card shows, read once for the grid (a class page draws 60 cards). */
type CardWords = { copy: ReturnType<typeof useFrameCopy>; local: (address: string) => string };

/**
 * One chapter: the whole card leads to the chapter page (its one link is stretched over it). Its
 * styles are named classes (app/app.css, "Chapter cards"), not utilities, and its link a plain
 * anchor that the grid takes to the chapter without reloading (`useLinksInPlace`): a class page
 * draws 60 cards, and a router `<Link>` each cost more than the rest of the card on the server.
 */
function chapterCard(grade: number, year: number, chapter: ChapterCardData, { copy, local }: CardWords) {
  const { cards, syllabus } = copy;
  const badge = syllabus.badge(chapter.status, year);
  const empty = chapter.notes + chapter.links === 0;
  return (
    <li key={chapter.id} className="chapter-card">
      {badge ? (
        <p className="mb-2">
          <SyllabusBadge badge={badge} status={chapter.status} />
        </p>
      ) : null}
      <h3 className="chapter-card-title">{chapter.title}</h3>
      <p className="chapter-card-text">{cards.description}</p>
      {/* What the chapter holds, or that it is still empty: students see it before they open the page. */}
      <p className="chapter-card-contents">
        <span className={empty ? "chapter-card-empty" : "chapter-card-holds"}>
          {cards.contents(chapter.notes, chapter.links)}
        </span>
      </p>
      <a href={local(`/class/${grade}/chapter/${chapter.slug}`)} className="chapter-card-link">
        <span>
          {cards.viewResources}
          <span className="sr-only">{cards.forChapter(chapter.title)}</span>
        </span>
        <span aria-hidden="true">→</span>
      </a>
    </li>
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
  const words = { copy: useFrameCopy(), local: useLocalPath() };
  const inPlace = useLinksInPlace();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks are its links' own (Enter on a link clicks it)
    <ul className={grid} onClick={inPlace}>
      {chapters.map((chapter) => chapterCard(grade, year, chapter, words))}
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
