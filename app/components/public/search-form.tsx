import { type ChangeEvent, type FormEvent, useId } from "react";
import { Form, useNavigate } from "react-router";
import { primaryButton } from "#app/components/public/styles.ts";
import { useLocalPath } from "#app/components/site/frame-copy.tsx";
import { SearchField } from "#app/components/site/search-field.tsx";
import type { SearchCopy } from "#app/content/search-copy.ts";
import { GRADES } from "#app/lib/grades.ts";
import { parseSearchParams, SEARCH_KINDS, type SearchParams, searchHref } from "#app/lib/search-query.ts";

/**
 * The results page's own form: the query again and the filters, sent as a GET (no JavaScript
 * needed) to the search page of its own language. With JavaScript a filter applies as soon as
 * it is chosen, and the address keeps only the filters that are set.
 */
export function SearchForm({
  params,
  subjects,
  copy,
}: {
  params: SearchParams;
  subjects: Array<{ code: string; label: string }>;
  copy: SearchCopy;
}) {
  const navigate = useNavigate();
  const local = useLocalPath();
  const words = copy.form;
  const send = (form: HTMLFormElement) => {
    const sent = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") sent.set(name, value);
    navigate(local(searchHref(parseSearchParams(sent))));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send(event.currentTarget);
  };
  const apply = (event: ChangeEvent<HTMLSelectElement>) => {
    if (event.currentTarget.form) send(event.currentTarget.form);
  };
  return (
    <Form
      method="get"
      onSubmit={onSubmit}
      action={local("/search")}
      role="search"
      aria-label={words.label}
      className="relative z-10 -mt-6 rounded-2xl border border-gray-200 bg-white p-4 shadow-md sm:p-5"
    >
      <div className="flex items-end gap-2 sm:gap-3">
        <SearchField
          key={params.q}
          defaultValue={params.q}
          labelClassName="mb-1 block text-sm font-semibold text-gray-800"
          className="min-w-0 flex-1"
        />
        <button type="submit" className={primaryButton}>
          {words.submit}
        </button>
      </div>
      {/* Two columns on phones (Kind under both), three from 576 px. */}
      <fieldset className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <legend className="sr-only">{words.filters}</legend>
        <Filter
          name="grade"
          label={words.grade}
          value={params.grade ? String(params.grade) : ""}
          options={[
            ["", words.allGrades],
            ...GRADES.map((g): [string, string] => [String(g), copy.grade(g)]),
          ]}
          onChange={apply}
        />
        <Filter
          name="subject"
          label={words.subject}
          value={params.subject ?? ""}
          options={[["", words.allSubjects], ...subjects.map((s): [string, string] => [s.code, s.label])]}
          onChange={apply}
        />
        <Filter
          name="type"
          label={words.kind}
          value={params.type ?? ""}
          options={(["", ...SEARCH_KINDS] as const).map((kind): [string, string] => [
            kind,
            words.kinds[kind],
          ])}
          onChange={apply}
          className="col-span-2 sm:col-span-1"
        />
      </fieldset>
    </Form>
  );
}

function Filter({
  name,
  label,
  value,
  options,
  onChange,
  className = "",
}: {
  name: string;
  label: string;
  value: string;
  options: Array<[string, string]>;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        // A new address (back, a link) resets the choice to what the page shows.
        key={value}
        defaultValue={value}
        onChange={onChange}
        className="mt-1 block h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      >
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
