import { Link } from "react-router";
import { useLinksInPlace } from "#app/components/links-in-place.ts";
import type { ChapterPageCopy } from "#app/content/chapter-page-copy.ts";
import { LANGUAGE_FILTERS, linkFilterQuery } from "#app/lib/link-filter-address.ts";
import type { LinkFilters as Filters, LinkType } from "#app/lib/link-types.ts";

type Props = {
  /** The chapter page's path, in the page's language. */
  page: string;
  on: Filters;
  /** The types the chapter's links carry. */
  types: readonly LinkType[];
  /** How many links the filters on leave out. */
  hiding: number;
  /** The filters' words, and the links' Type and Language labels, in the page's language. */
  copy: ChapterPageCopy["filters"];
  labels: Pick<ChapterPageCopy["links"], "types" | "languages">;
};

type Choice = { key: string; to: string; current: boolean; label: string };

/**
 * One filter: its heading, then its choices as links, the one in force marked as the current page.
 * Plain anchors: the filters' `<nav>` takes them in place, the reader's scroll kept (`useLinksInPlace`).
 */
function FilterGroup({ id, heading, choices }: { id: string; heading: string; choices: Choice[] }) {
  return (
    <div>
      <h2 id={id} className="text-sm font-bold text-gray-900">
        {heading}
      </h2>
      <ul aria-labelledby={id} className="mt-1.5 flex flex-wrap gap-2">
        {choices.map((choice) => (
          <li key={choice.key}>
            <a href={choice.to} aria-current={choice.current ? "page" : undefined} className="filter-chip">
              {choice.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The chapter page's "Language" and "Type" filters: plain links (`?lang=hi`, `?type=sample-paper`,
 * both together), so they work without JavaScript and each filtered page is a stored page of its
 * own (app/server/platform/page-key.server.ts). Says how many links a filter hides.
 */
export function LinkFilters({ page, on, types, hiding, copy, labels }: Props) {
  const href = (filters: Filters) => `${page}${linkFilterQuery(filters)}`;
  const typeChoices = on.type && !types.includes(on.type) ? [...types, on.type] : types;
  const inPlace = useLinksInPlace({ preventScrollReset: true });
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks are its links' own (Enter on a link clicks it)
    <nav
      onClick={inPlace}
      aria-label={copy.label}
      className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5 print:hidden"
    >
      <div className="flex flex-col gap-3">
        <FilterGroup
          id="filter-language"
          heading={copy.language}
          choices={[
            { key: "", to: href({ ...on, lang: undefined }), current: !on.lang, label: copy.allLanguages },
            ...LANGUAGE_FILTERS.map((lang) => ({
              key: lang,
              to: href({ ...on, lang }),
              current: on.lang === lang,
              label: labels.languages[lang],
            })),
          ]}
        />
        {typeChoices.length > 0 ? (
          <FilterGroup
            id="filter-type"
            heading={copy.type}
            choices={[
              { key: "", to: href({ ...on, type: undefined }), current: !on.type, label: copy.allTypes },
              ...typeChoices.map((type) => ({
                key: type,
                to: href({ ...on, type }),
                current: on.type === type,
                label: labels.types[type],
              })),
            ]}
          />
        ) : null}
      </div>
      {hiding > 0 ? (
        <p className="mt-3 text-sm text-gray-700">
          {copy.hidden(hiding)}{" "}
          <Link to={page} preventScrollReset className="font-semibold text-brand-700 underline">
            {copy.showAll}
          </Link>
        </p>
      ) : null}
    </nav>
  );
}
