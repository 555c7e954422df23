import { Link } from "react-router";
import { useLocalPath } from "#app/components/site/frame-copy.tsx";
import type { ChapterPageCopy } from "#app/content/chapter-page-copy.ts";

type Neighbour = { title: string; slug: string };

/**
 * The chapters before and after this one in its subject, in the class page's order: "Previous:
 * TITLE" and "Next: TITLE" in the page's words and language, each hidden at its end of the subject.
 */
export function ChapterNeighbours({
  grade,
  previous,
  next,
  copy,
}: {
  grade: number;
  previous: Neighbour | null;
  next: Neighbour | null;
  copy: ChapterPageCopy["neighbours"];
}) {
  const local = useLocalPath();
  if (!previous && !next) return null;
  const link =
    "flex min-h-11 flex-1 flex-col justify-center rounded-xl border border-gray-200 bg-white px-4 py-3 text-sm shadow-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [overflow-wrap:anywhere]";
  const href = (n: Neighbour) => local(`/class/${grade}/chapter/${encodeURIComponent(n.slug)}`);
  return (
    <nav aria-label={copy.label} className="flex flex-col gap-3 sm:flex-row sm:justify-between">
      {previous ? (
        <Link to={href(previous)} rel="prev" className={`${link} sm:max-w-[48%]`}>
          <span className="font-semibold text-brand-700">
            <span aria-hidden="true">← </span>
            {copy.previous(previous.title)}
          </span>
        </Link>
      ) : (
        <span className="hidden sm:block" />
      )}
      {next ? (
        <Link to={href(next)} rel="next" className={`${link} sm:max-w-[48%] sm:text-right`}>
          <span className="font-semibold text-brand-700">
            {copy.next(next.title)}
            <span aria-hidden="true"> →</span>
          </span>
        </Link>
      ) : null}
    </nav>
  );
}
