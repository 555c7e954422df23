import { Link } from "react-router";
import { useFrameCopy } from "#app/components/site/frame-copy.tsx";
import { Icon } from "#app/components/site/icons.tsx";

const pagerLink =
  "inline-flex min-h-11 items-center gap-2 rounded-xl border border-gray-300 bg-white px-4 font-semibold text-gray-800 hover:border-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/**
 * "Previous", "Page N of M" and "Next" under a public list that comes in pages (search results,
 * the blog, a subject's chapters). Real links, so they work without JavaScript; nothing when
 * everything fits on one page.
 */
export function PageLinks({
  page,
  pages,
  hrefFor,
  label,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  /** Names the navigation landmark ("Result pages"). */
  label: string;
}) {
  const copy = useFrameCopy().pages;
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label} className="mt-8 grid grid-cols-[1fr_auto_1fr] items-center gap-3">
      {page > 1 ? (
        <Link to={hrefFor(Math.min(page - 1, pages))} className={`${pagerLink} justify-self-start`}>
          <Icon name="arrow-left" className="size-4" />
          {copy.previous}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-center text-sm text-gray-600">{copy.pageOf(page, pages)}</p>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className={`${pagerLink} justify-self-end`}>
          {copy.next}
          <Icon name="arrow-right" className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
