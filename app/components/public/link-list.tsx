import { external } from "#app/components/public/styles.ts";

type ChapterLink = { title: string; url: string };

/** One of a chapter's lists (Other Notes, Questions, Lectures); hidden when it has no items. */
export function LinkList({ heading, links }: { heading: string; links: ChapterLink[] }) {
  if (links.length === 0) return null;
  return (
    <section className="@container rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-xl font-bold text-gray-900">{heading}</h2>
      <ul className="mt-3 divide-y divide-gray-100">
        {links.map((link) => (
          <li
            key={`${link.url} ${link.title}`}
            className="flex flex-col gap-2 py-3 @lg:flex-row @lg:items-center @lg:justify-between @lg:gap-4"
          >
            <span className="text-gray-800 [overflow-wrap:anywhere]">{link.title}</span>
            <a
              href={link.url}
              {...external}
              className="inline-flex shrink-0 items-center gap-1 self-start rounded-lg border border-brand-600 px-3.5 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 @lg:self-auto"
            >
              <span>
                Open<span className="sr-only"> {link.title} (opens in a new tab)</span>
              </span>
              <span aria-hidden="true">↗</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
