import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonClass } from "#app/components/admin/console-kit.tsx";
import { inputClass } from "#app/components/field.tsx";

// The parts every console list shares (README, The console): a "Search" box, sortable column
// headers and a pager. Each is a plain link or GET form, so lists page, sort and search without
// JavaScript and every state has its own address (app/lib/list-query.ts builds them).

/**
 * The list's "Search" box: a GET form that keeps the list's filters (and its sort) and goes back
 * to page 1. `keep` are the other parameters of the list's current address.
 */
export function ListSearch({
  q,
  keep,
  placeholder,
  children,
}: {
  q: string;
  keep: Record<string, string>;
  placeholder?: string;
  /** More controls of the same form (a list's filters), shown before the search box. */
  children?: ReactNode;
}) {
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      {children}
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor="list-search" className="block text-sm font-semibold text-gray-800">
          Search
        </label>
        <input
          id="list-search"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={200}
          placeholder={placeholder}
          className={inputClass}
        />
      </div>
      <button type="submit" className={buttonClass("primary")}>
        Apply
      </button>
    </Form>
  );
}

/**
 * A column header that sorts the list by its column; a second click reverses the order. It is named
 * by its column's word alone and says how the list is sorted through `aria-sort` (README, Security).
 */
export function SortHeader({
  label,
  active,
  dir,
  href,
  className = "px-4 py-3",
}: {
  label: string;
  /** This column is the one the list is sorted by. */
  active: boolean;
  dir: "asc" | "desc";
  /** The list sorted by this column (reversed when it already is). */
  href: string;
  className?: string;
}) {
  const sortState = active ? (dir === "asc" ? "ascending" : "descending") : undefined;
  return (
    <th scope="col" aria-sort={sortState} className={className}>
      <Link
        to={href}
        preventScrollReset
        className="inline-flex min-h-6 items-center gap-1 hover:text-gray-900 hover:underline"
      >
        {label}
        <span aria-hidden="true" className={active ? "" : "text-gray-300"}>
          {active && dir === "desc" ? "↓" : "↑"}
        </span>
      </Link>
    </th>
  );
}

/** Which page of a list is shown: what every console list's loader gives with its rows. */
export type ListPageInfo = {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  /** More rows match than the list goes through (`total`): said as "more than". */
  more?: boolean;
};

/** "Previous" and "Next" links and where this page sits in the list; a missing way is shown greyed. */
export function Pager({
  list,
  noun,
  hrefFor,
}: {
  list: ListPageInfo;
  /** What the rows are, singular and plural: ["chapter", "chapters"]. */
  noun: [string, string];
  hrefFor: (page: number) => string;
}) {
  const { page, pageCount, total, pageSize, more } = list;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const linkClass = buttonClass("cancel", "sm");
  const off = `${linkClass} pointer-events-none opacity-50`;
  return (
    <nav
      aria-label="Pages"
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-gray-700"
    >
      <p>
        {total === 0
          ? `No ${noun[1]}`
          : `${first.toLocaleString("en-IN")}–${last.toLocaleString("en-IN")} of ${more ? "more than " : ""}${total.toLocaleString("en-IN")} ${total === 1 ? noun[0] : noun[1]}`}
        {pageCount > 1 ? ` · page ${page} of ${pageCount}` : ""}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} rel="prev" className={linkClass}>
            Previous
          </Link>
        ) : (
          <span aria-disabled="true" className={off}>
            Previous
          </span>
        )}
        {page < pageCount ? (
          <Link to={hrefFor(page + 1)} rel="next" className={linkClass}>
            Next
          </Link>
        ) : (
          <span aria-disabled="true" className={off}>
            Next
          </span>
        )}
      </div>
    </nav>
  );
}

/** What a console list says when it has no rows: none yet, or none matching its search. */
export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-gray-300 bg-white px-4 py-8 text-center text-gray-600">
      {children}
    </div>
  );
}

/**
 * One filter of a list's Search form: a labelled select whose first choice (`all`) shows every
 * row. It only narrows the list once the form is applied, so it works without JavaScript too.
 */
export function ListFilter({
  label,
  name,
  value,
  all,
  children,
}: {
  label: string;
  name: string;
  value: string;
  all: string;
  children: ReactNode;
}) {
  const id = `list-filter-${name}`;
  return (
    <div className="w-full sm:w-44">
      <label htmlFor={id} className="block text-sm font-semibold text-gray-800">
        {label}
      </label>
      {/* As tall as the text boxes beside it (a select is a little shorter by itself). */}
      <select id={id} name={name} defaultValue={value} className={`${inputClass} min-h-[2.625rem]`}>
        <option value="">{all}</option>
        {children}
      </select>
    </div>
  );
}

/** A column of a CardTable: its heading (read by screen readers only when `hidden`) and width. */
export type CardColumn = { label: string; className?: string; hidden?: boolean };

/**
 * A console list's table with a tick box per row: a real table on wide screens, a card per row on
 * small ones (rows use CARD_ROW, cells CARD_CELL). The first column is the rows' tick boxes.
 */
export function CardTable({ columns, children }: { columns: CardColumn[]; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-gray-200 bg-white shadow-sm">
      <table className="block w-full text-left text-sm lg:table">
        <thead className="hidden border-b border-gray-200 bg-gray-50 text-xs font-semibold tracking-wide text-gray-600 uppercase lg:table-header-group">
          <tr>
            <th scope="col" className="w-10 px-4 py-3">
              <span className="sr-only">Select</span>
            </th>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={`px-4 py-3 ${c.className ?? ""}`}>
                {c.hidden ? <span className="sr-only">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block divide-y divide-gray-100 lg:table-row-group">{children}</tbody>
      </table>
    </div>
  );
}

/** A CardTable row: tick box beside a card on small screens, a table row on wide ones. */
export const CARD_ROW =
  "grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 px-4 py-3 align-top lg:table-row lg:p-0 lg:hover:bg-gray-50/60";
/** A CardTable cell: a block in the card, a table cell on wide screens. */
export const CARD_CELL = "block lg:table-cell lg:px-4 lg:py-3";
/** The tick box's cell (with a `row-span-N` for the card's lines). */
export const CARD_TICK = "pt-0.5 lg:table-cell lg:px-4 lg:py-3";
