import { BulkBar, BulkDeleteButton, RowCheckbox } from "#app/components/admin/bulk-kit.tsx";
import { OpenModalButton } from "#app/components/admin/console-kit.tsx";
import { HistoryLink } from "#app/components/admin/history/history-link.tsx";
import { EmptyList, ListSearch, Pager, SortHeader } from "#app/components/admin/list-kit.tsx";
import { inputClass } from "#app/components/field.tsx";
import { GRADES } from "#app/lib/grades.ts";
import { listSearch } from "#app/lib/list-query.ts";
import { NOTE_LIST, type NoteListQuery, type NoteSort } from "#app/lib/note-list.ts";

export const NOTE_BULK_FORM = "note-bulk";

export type NoteRow = {
  id: number;
  chapterTitle: string;
  chapterSlug: string;
  grade: number;
  subjectLabel: string;
  /** The first 80 characters of the note's text (never its HTML). */
  preview: string;
  updatedAt: string;
};

type Props = {
  query: NoteListQuery;
  list: { rows: NoteRow[]; total: number; page: number; pageCount: number; pageSize: number };
  /** Subject filter choices: [code, label]. */
  subjectChoices: Array<[string, string]>;
};

const href = (query: NoteListQuery, changes: Parameters<typeof listSearch>[2]) =>
  `/admin/notes${listSearch(query, NOTE_LIST, changes)}`;

/** Manage Notes' list: search and filters, bulk Delete, sortable table, pager. */
export function NoteList({ query, list, subjectChoices }: Props) {
  const state = listSearch(query, NOTE_LIST);
  // The Search form keeps the sort; its own fields (search, filters) replace the rest.
  const sortOnly = new URLSearchParams(
    listSearch(query, NOTE_LIST, { q: "", filters: { class: "", subject: "" } }),
  );
  sortOnly.delete("page");
  const sortBy = (sort: NoteSort) => {
    const active = query.sort === sort;
    return {
      active,
      dir: query.dir,
      href: href(query, {
        sort,
        dir: active ? (query.dir === "asc" ? "desc" : "asc") : NOTE_LIST.defaultDir[sort],
      }),
    };
  };
  const filtered = query.q || query.filters.class || query.filters.subject;
  return (
    <div className="space-y-4">
      <ListSearch q={query.q} keep={Object.fromEntries(sortOnly)} placeholder="Chapter title or note text">
        <FilterSelect label="Class" name="class" value={query.filters.class} all="All classes">
          {GRADES.map((g) => (
            <option key={g} value={g}>
              Class {g}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Subject" name="subject" value={query.filters.subject} all="All subjects">
          {subjectChoices.map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </FilterSelect>
      </ListSearch>

      {list.rows.length > 0 ? (
        <BulkBar formId={NOTE_BULK_FORM} action={`/admin/notes${state}`}>
          <BulkDeleteButton listQuery={state} />
        </BulkBar>
      ) : null}

      {list.rows.length === 0 ? (
        <EmptyList>
          {filtered
            ? "No notes match. Change the search or the filters."
            : "No notes yet. Add the first one below."}
        </EmptyList>
      ) : (
        <NoteTable notes={list.rows} state={state} sortBy={sortBy} />
      )}
      <Pager list={list} noun={["note", "notes"]} hrefFor={(page) => href(query, { page })} />
    </div>
  );
}

function FilterSelect({
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
  children: React.ReactNode;
}) {
  const id = `note-filter-${name}`;
  return (
    <div className="w-full sm:w-44">
      <label htmlFor={id} className="block text-sm font-semibold text-gray-800">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={inputClass}>
        <option value="">{all}</option>
        {children}
      </select>
    </div>
  );
}

const dateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

/** One page of notes with their chapter and the first 80 characters of their text. */
function NoteTable({
  notes,
  state,
  sortBy,
}: {
  notes: NoteRow[];
  state: string;
  sortBy: (sort: NoteSort) => { active: boolean; dir: "asc" | "desc"; href: string };
}) {
  const th = "px-4 py-3";
  // From `md` the console's menu stands beside the list and the six columns can be wider than what is
  // left (1,040 px at an 800 px window): the table scrolls in its box, the page does not.
  return (
    <div className="rounded-2xl border border-gray-200 bg-white shadow-sm md:overflow-x-auto">
      <table className="block w-full text-left text-sm md:table">
        <thead className="hidden border-b border-gray-200 bg-gray-50 text-xs font-semibold tracking-wide text-gray-600 uppercase md:table-header-group">
          <tr>
            <th scope="col" className="w-10 px-4 py-3">
              <span className="sr-only">Select</span>
            </th>
            <SortHeader label="Chapter" {...sortBy("chapter")} className={`w-[28%] ${th}`} />
            <SortHeader label="Class" {...sortBy("class")} className={th} />
            <th scope="col" className={th}>
              Preview
            </th>
            <SortHeader label="Updated" {...sortBy("updated")} className={th} />
            <th scope="col" className={`${th} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-gray-100 md:table-row-group">
          {notes.map((note) => (
            <tr
              key={note.id}
              className="grid grid-cols-[auto_1fr] gap-x-3 px-4 py-3 align-top md:table-row md:p-0 md:hover:bg-gray-50/60"
            >
              <td className="row-span-4 pt-0.5 md:table-cell md:px-4 md:py-3">
                <RowCheckbox formId={NOTE_BULK_FORM} id={note.id} label={`note of ${note.chapterTitle}`} />
              </td>
              <td className="block md:table-cell md:px-4 md:py-3">
                <a
                  href={`/class/${note.grade}/chapter/${note.chapterSlug}`}
                  target="_blank"
                  rel="noopener"
                  className="font-medium break-words text-gray-900 hover:text-brand-700 hover:underline"
                >
                  {note.chapterTitle}
                </a>
              </td>
              <td className="block text-xs text-gray-500 md:table-cell md:px-4 md:py-3 md:text-sm md:text-gray-700">
                Class {note.grade} · {note.subjectLabel}
              </td>
              <td className="block pt-1 break-words text-gray-700 md:table-cell md:px-4 md:py-3">
                {note.preview}
                {note.preview.length >= 80 ? <span aria-hidden="true">…</span> : null}
              </td>
              <td className="block pt-1 text-xs text-gray-500 md:table-cell md:px-4 md:py-3 md:text-sm md:whitespace-nowrap">
                <span className="md:hidden">Updated </span>
                <time dateTime={note.updatedAt}>{dateFormat.format(new Date(note.updatedAt))}</time>
              </td>
              <td className="col-start-2 block pt-2 md:table-cell md:px-4 md:py-3">
                <div className="flex gap-2 md:justify-end">
                  <OpenModalButton
                    param="edit"
                    id={note.id}
                    label="Edit"
                    keep={state}
                    route={`/admin/notes/${note.id}`}
                  />
                  <HistoryLink kind="note" id={note.id} />
                  <OpenModalButton param="delete" id={note.id} label="Delete" keep={state} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
