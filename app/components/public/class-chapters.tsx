import type { ChangeEvent } from "react";
import { Form, Link } from "react-router";
import { primaryButton } from "#app/components/public/styles.ts";
import { useLocalPath } from "#app/components/site/frame-copy.tsx";
import type { ClassPageCopy } from "#app/content/class-page-copy.ts";
import { MAX_CHAPTER_QUERY } from "#app/lib/chapter-search.ts";

// The class page's parts around its cards: the subject and chapter search form, and what shows
// when no chapter does.

/** "Subject" and "Search chapters": with JavaScript they act at once; without, "Show chapters" sends them. */
export function ChapterFilter({
  copy,
  subject,
  subjects,
  query,
  onSubjectChange,
  onQueryChange,
}: {
  copy: ClassPageCopy;
  subject: { code: string };
  subjects: Array<{ code: string; label: string }>;
  query: string;
  onSubjectChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  /** The form is there for a subject too large to filter in the browser: it is sent instead. */
  onQueryChange: (value: string, form: HTMLFormElement | null) => void;
}) {
  return (
    <Form
      method="get"
      role="search"
      aria-label={copy.findChapters}
      preventScrollReset
      className="relative z-10 -mt-6 flex flex-col gap-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-md sm:p-5 md:flex-row md:items-end"
    >
      <div className="md:w-64">
        <label htmlFor="subject" className="block text-sm font-semibold text-gray-800">
          {copy.subject}
        </label>
        <select
          id="subject"
          name="subject"
          key={subject.code}
          defaultValue={subject.code}
          onChange={onSubjectChange}
          className="mt-1 block h-11 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        >
          {subjects.map((s) => (
            <option key={s.code} value={s.code}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div className="w-full max-w-[520px]">
        <label htmlFor="chapter-search" className="block text-sm font-semibold text-gray-800">
          {copy.searchLabel}
        </label>
        <input
          id="chapter-search"
          type="search"
          name="q"
          value={query}
          onChange={(e) => onQueryChange(e.currentTarget.value, e.currentTarget.form)}
          placeholder={copy.searchPlaceholder}
          maxLength={MAX_CHAPTER_QUERY}
          autoComplete="off"
          className="mt-1 block h-11 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
      </div>
      {/* With JavaScript the list follows the select and the box at once; without it, this sends the form. */}
      <noscript>
        <button type="submit" className={`${primaryButton} w-full md:w-auto`}>
          {copy.showChapters}
        </button>
      </noscript>
    </Form>
  );
}

export function EmptyState({
  copy,
  grade,
  subjectLabel,
  query,
  clearTo,
  onClear,
}: {
  copy: ClassPageCopy;
  grade: number;
  subjectLabel: string | undefined;
  query: string;
  clearTo: string;
  onClear: () => void;
}) {
  const local = useLocalPath();
  return (
    <div className="rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
      <h3 className="text-xl font-bold text-gray-900">{copy.empty.heading}</h3>
      <p className="mt-2 text-gray-600">{copy.empty.text(grade, subjectLabel)}</p>
      {query ? (
        <p className="mt-2 text-gray-600">
          {copy.empty.noMatch(query)}{" "}
          <Link
            to={clearTo}
            preventScrollReset
            onClick={onClear}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            {copy.empty.clear}
          </Link>
        </p>
      ) : null}
      <Link to={local("/")} className={`${primaryButton} mt-6`}>
        {copy.empty.home}
      </Link>
    </div>
  );
}
