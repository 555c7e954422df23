import { Fragment } from "react";
import { Link } from "react-router";
import { PageLinks } from "#app/components/public/page-links.tsx";
import { SyllabusBadge } from "#app/components/public/syllabus-badge.tsx";
import { useFrameCopy, useLocalPath } from "#app/components/site/frame-copy.tsx";
import { Icon } from "#app/components/site/icons.tsx";
import type { SearchCopy } from "#app/content/search-copy.ts";
import { type SearchParams, searchHref } from "#app/lib/search-query.ts";
import type { SearchHit, SearchResults, SnippetPart } from "#app/server/search/types.ts";

// The results of /search and /hi/search: the words are the page's language's (`copy`), the
// addresses the server's English ones, each shown in the page's language (useLocalPath).

const KIND_STYLE: Record<SearchHit["kind"], string> = {
  chapter: "bg-brand-50 text-brand-800",
  link: "bg-amber-50 text-amber-900",
  post: "bg-green-50 text-green-800",
};

/** The count line and one page of results, with Previous/Next. */
export function ResultList({
  params,
  results,
  year,
  copy,
}: {
  params: SearchParams;
  results: SearchResults;
  /** The current session, for the syllabus badges (null when none is shown). */
  year: number | null;
  copy: SearchCopy;
}) {
  const local = useLocalPath();
  const pages = Math.max(1, Math.ceil(results.total / results.perPage));
  return (
    <section aria-labelledby="results-heading" className="mt-8">
      <h2 id="results-heading" className="text-xl font-bold text-gray-900 sm:text-2xl">
        {copy.countLine(results.total, params.q, results.totalCapped, results.about)}
      </h2>
      {results.hits.length > 0 ? (
        <ol className="mt-4 space-y-3">
          {results.hits.map((hit) => (
            <Result
              key={`${hit.kind}:${hit.href}:${hit.title}:${hit.url ?? ""}`}
              hit={hit}
              year={year}
              copy={copy}
            />
          ))}
        </ol>
      ) : (
        <p className="mt-4 text-gray-700">{copy.pastLast}</p>
      )}
      <PageLinks
        page={params.page}
        pages={pages}
        hrefFor={(page) => local(searchHref({ ...params, page }))}
        label={copy.resultPages}
      />
    </section>
  );
}

/** One result: the whole card leads to its page (its title link is stretched over it). */
function Result({ hit, year, copy }: { hit: SearchHit; year: number | null; copy: SearchCopy }) {
  const { syllabus } = useFrameCopy();
  const local = useLocalPath();
  const place = [hit.grade ? copy.grade(hit.grade) : "", hit.subjectLabel ?? ""].filter(Boolean).join(" · ");
  // The badge in the page's language ("Not in 2026-27 syllabus"); the server's English one without a year.
  const badge = hit.badgeStatus && year !== null ? syllabus.badge(hit.badgeStatus, year) : hit.badge;
  return (
    <li className="group relative rounded-2xl border border-gray-200 bg-white p-4 shadow-sm transition focus-within:border-brand-600 hover:border-brand-600 hover:shadow-md sm:p-5">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-600">
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide uppercase ${KIND_STYLE[hit.kind]}`}
        >
          {copy.kinds[hit.kind]}
        </span>
        {place ? <span>{place}</span> : null}
        <SyllabusBadge badge={badge} status={hit.badgeStatus} />
      </p>
      <h3 className="mt-2 text-lg leading-snug font-semibold text-gray-900">
        <Link
          to={local(hit.href)}
          className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] group-hover:text-brand-700 focus-visible:outline-none"
        >
          {hit.titleParts ? <Marked parts={hit.titleParts} /> : hit.title}
        </Link>
      </h3>
      {hit.snippet.length > 0 ? (
        // A link result's snippet says its chapter and the site it leads to.
        <p className="mt-2 line-clamp-3 text-[0.95rem] leading-relaxed break-words text-gray-700">
          <Marked parts={hit.snippet} />
        </p>
      ) : null}
    </li>
  );
}

/** Text with the words that matched marked. Plain text either way (React escapes it): only the marking is ours. */
function Marked({ parts }: { parts: SnippetPart[] }) {
  return parts.map((part, i) =>
    part.mark ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: a snippet's parts have no identity but their place
      <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
        {part.text}
      </mark>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above
      <Fragment key={i}>{part.text}</Fragment>
    ),
  );
}

/** Nothing matched: near matches, a way out of the filters, then the class pages. */
export function NoResults({
  params,
  results,
  copy,
}: {
  params: SearchParams;
  results: SearchResults;
  copy: SearchCopy;
}) {
  const local = useLocalPath();
  const filtered = Boolean(params.grade || params.subject || params.type);
  const { didYouMean } = copy;
  return (
    <section aria-labelledby="results-heading" className="mt-8">
      <h2 id="results-heading" className="text-xl font-bold text-gray-900 sm:text-2xl">
        {copy.countLine(0, params.q)}
      </h2>
      <div className="mt-4 space-y-3 rounded-2xl border border-dashed border-gray-300 bg-white p-5 text-gray-700 sm:p-6">
        {results.didYouMean.length > 0 ? (
          <p className="text-lg">
            {didYouMean.before}{" "}
            {results.didYouMean.map((term, i) => (
              <Fragment key={term}>
                {i > 0 ? (i === results.didYouMean.length - 1 ? didYouMean.or : didYouMean.comma) : ""}
                <Link
                  to={local(searchHref({ ...params, q: term, page: 1 }))}
                  className="font-semibold text-brand-700 underline underline-offset-2"
                >
                  {term}
                </Link>
              </Fragment>
            ))}
            {didYouMean.after}
          </p>
        ) : null}
        {filtered ? (
          <p>
            {copy.filtersHide}{" "}
            <Link
              to={local(searchHref({ q: params.q }))}
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              {copy.searchEverything(params.q)}
            </Link>
          </p>
        ) : null}
        <p>{copy.spelling}</p>
      </div>
      <WaysOn heading={copy.browse} />
    </section>
  );
}

/** An empty query: what the box is for, and where to start instead. */
export function SearchPrompt({ copy }: { copy: SearchCopy }) {
  const local = useLocalPath();
  const { prompt } = copy;
  return (
    <section aria-labelledby="prompt-heading" className="mt-8">
      <h2 id="prompt-heading" className="text-xl font-bold text-gray-900 sm:text-2xl">
        {prompt.heading}
      </h2>
      <p className="mt-2 text-gray-700">
        {prompt.text}{" "}
        {prompt.examples.map((example, i) => (
          <Fragment key={example}>
            {i > 0 ? ", " : ""}
            <Link
              to={local(searchHref({ q: example }))}
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              {example}
            </Link>
          </Fragment>
        ))}
        {prompt.end}
      </p>
      <WaysOn heading={copy.browse} />
    </section>
  );
}

function WaysOn({ heading }: { heading: string }) {
  const { classLinks } = useFrameCopy();
  const local = useLocalPath();
  return (
    <div className="mt-8">
      <h3 className="text-lg font-bold text-gray-900">{heading}</h3>
      <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {classLinks.map((link) => (
          <li key={link.to}>
            <Link
              to={local(link.to)}
              className="flex min-h-14 items-center justify-between rounded-xl border border-gray-200 bg-white px-4 font-semibold text-gray-900 shadow-sm hover:border-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {link.label}
              <Icon name="arrow-right" className="size-4 text-gray-500" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
