import { Link } from "react-router";
import {
  type LinkFilters as Filters,
  LANGUAGE_FILTERS,
  type LinkType,
  linkFilterQuery,
  linkTypeLabel,
} from "#app/lib/link-types.ts";

type Props = {
  /** The chapter page's path. */
  page: string;
  on: Filters;
  /** The types the chapter's links carry. */
  types: readonly LinkType[];
  /** How many links the filters on leave out. */
  hiding: number;
};

const chip =
  "inline-flex min-h-9 items-center rounded-full border px-3 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const chipOff = `${chip} border-gray-300 bg-white text-gray-700 hover:border-brand-600 hover:text-brand-700`;
const chipOn = `${chip} border-brand-700 bg-brand-700 text-white`;

function Choice({ to, current, children }: { to: string; current: boolean; children: string }) {
  return (
    <li>
      <Link
        to={to}
        preventScrollReset
        aria-current={current ? "page" : undefined}
        className={current ? chipOn : chipOff}
      >
        {children}
      </Link>
    </li>
  );
}

/**
 * The chapter page's "Language" and "Type" filters: plain links (`?lang=hi`, `?type=sample-paper`,
 * both together), so they work without JavaScript and each filtered page is a stored page of its
 * own (app/server/platform/page-key.server.ts). Says how many links a filter hides.
 */
export function LinkFilters({ page, on, types, hiding }: Props) {
  const href = (filters: Filters) => `${page}${linkFilterQuery(filters)}`;
  const typeChoices = on.type && !types.includes(on.type) ? [...types, on.type] : types;
  return (
    <nav
      aria-label="Filter links"
      className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5 print:hidden"
    >
      <div className="flex flex-col gap-3">
        <div>
          <h2 id="filter-language" className="text-sm font-bold text-gray-900">
            Language
          </h2>
          <ul aria-labelledby="filter-language" className="mt-1.5 flex flex-wrap gap-2">
            <Choice to={href({ ...on, lang: undefined })} current={!on.lang}>
              All languages
            </Choice>
            {LANGUAGE_FILTERS.map((l) => (
              <Choice key={l.code} to={href({ ...on, lang: l.code })} current={on.lang === l.code}>
                {l.label}
              </Choice>
            ))}
          </ul>
        </div>
        {typeChoices.length > 0 ? (
          <div>
            <h2 id="filter-type" className="text-sm font-bold text-gray-900">
              Type
            </h2>
            <ul aria-labelledby="filter-type" className="mt-1.5 flex flex-wrap gap-2">
              <Choice to={href({ ...on, type: undefined })} current={!on.type}>
                All types
              </Choice>
              {typeChoices.map((t) => (
                <Choice key={t} to={href({ ...on, type: t })} current={on.type === t}>
                  {linkTypeLabel(t)}
                </Choice>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {hiding > 0 ? (
        <p className="mt-3 text-sm text-gray-700">
          {hiding === 1 ? "1 link hidden" : `${hiding} links hidden`} by this filter.{" "}
          <Link to={page} preventScrollReset className="font-semibold text-brand-700 underline">
            Show all links
          </Link>
        </p>
      ) : null}
    </nav>
  );
}
