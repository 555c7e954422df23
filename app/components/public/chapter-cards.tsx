import escapeHtml from "escape-html";
import { useLinksInPlace } from "#app/components/links-in-place.ts";
import { syllabusBadgeClass } from "#app/components/public/syllabus-badge.tsx";
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
 * One chapter, as HTML: the whole card leads to the chapter page (its one link is stretched over
 * it). A class page draws 60 cards, and as React elements they were an eighth of its CPU
 * (docs/decisions/0042): so the grid is one string, every text and address escaped, its styles
 * named classes (app/app.css, "Chapter cards") and its link a plain anchor that the grid takes to
 * the chapter without reloading (`useLinksInPlace`).
 */
function chapterCardHtml(grade: number, year: number, chapter: ChapterCardData, { copy, local }: CardWords) {
  const { cards, syllabus } = copy;
  const badge = syllabus.badge(chapter.status, year);
  const empty = chapter.notes + chapter.links === 0;
  const title = escapeHtml(chapter.title);
  const href = escapeHtml(local(`/class/${grade}/chapter/${chapter.slug}`));
  return [
    '<li class="chapter-card">',
    badge
      ? `<p class="mb-2"><span class="${syllabusBadgeClass(chapter.status)}">${escapeHtml(badge)}</span></p>`
      : "",
    `<h3 class="chapter-card-title">${title}</h3>`,
    `<p class="chapter-card-text">${escapeHtml(cards.description)}</p>`,
    // What the chapter holds, or that it is still empty: students see it before they open the page.
    `<p class="chapter-card-contents"><span class="${empty ? "chapter-card-empty" : "chapter-card-holds"}">`,
    `${escapeHtml(cards.contents(chapter.notes, chapter.links))}</span></p>`,
    `<a href="${href}" class="chapter-card-link"><span>${escapeHtml(cards.viewResources)}`,
    `<span class="sr-only">${escapeHtml(cards.forChapter(chapter.title))}</span></span>`,
    '<span aria-hidden="true">→</span></a></li>',
  ].join("");
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
  const html = chapters.map((chapter) => chapterCardHtml(grade, year, chapter, words)).join("");
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks are its links' own (Enter on a link clicks it)
    <ul className={grid} onClick={inPlace} dangerouslySetInnerHTML={{ __html: html }} />
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
