import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { CSV_COLUMNS, type CsvImportState, MAX_CSV_ROWS, plural } from "#app/lib/chapters-csv-format.ts";

/** At most this many entries of each list are shown; the counts say how many there are. */
const SHOWN = 100;

const primary =
  "inline-flex min-h-10 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70";
const secondary =
  "inline-flex min-h-10 items-center justify-center rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50";

function More({ total }: { total: number }) {
  return total > SHOWN ? <li className="text-gray-500">…and {total - SHOWN} more</li> : null;
}

function Preview({ state, busy }: { state: CsvImportState; busy: boolean }) {
  const { preview } = state;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A new preview is where the admin's eyes should go (with JavaScript; without, it is at the top).
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const bad = preview.problems.length > 0;
  const nothing = !bad && preview.added.length === 0 && preview.changed.length === 0;
  return (
    <section aria-labelledby="csv-preview-heading" className="mt-4 border-t border-gray-200 pt-4 text-sm">
      <h3 id="csv-preview-heading" ref={headingRef} tabIndex={-1} className="font-semibold text-gray-900">
        Preview of {state.fileName || "the file"}: {plural(preview.rows, "row")}
      </h3>
      <p className="mt-1 text-gray-600">
        {plural(preview.added.length, "chapter")} to add, {preview.changed.length} to change,{" "}
        {preview.unchanged} unchanged. Nothing has been imported yet.
      </p>
      {bad ? (
        <div className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
          <h4 className="font-semibold">Bad rows ({preview.problems.length})</h4>
          <p>Fix these rows in the file and preview it again; nothing is imported while a row is bad.</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {preview.problems.slice(0, SHOWN).map((p) => (
              <li key={`${p.line}:${p.message}`}>
                Line {p.line}: {p.message}
              </li>
            ))}
            <More total={preview.problems.length} />
          </ul>
        </div>
      ) : null}
      {preview.added.length > 0 ? (
        <div className="mt-3">
          <h4 className="font-semibold text-gray-900">Chapters to add ({preview.added.length})</h4>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {preview.added.slice(0, SHOWN).map((c) => (
              <li key={`${c.grade}/${c.slug}`}>
                Class {c.grade} {c.subject}: {c.title} ({plural(c.links, "link")})
              </li>
            ))}
            <More total={preview.added.length} />
          </ul>
        </div>
      ) : null}
      {preview.changed.length > 0 ? (
        <div className="mt-3">
          <h4 className="font-semibold text-gray-900">Chapters to change ({preview.changed.length})</h4>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {preview.changed.slice(0, SHOWN).map((c) => (
              <li key={`${c.grade}/${c.slug}`}>
                Class {c.grade} {c.subject}: {c.title}: {c.what}
              </li>
            ))}
            <More total={preview.changed.length} />
          </ul>
        </div>
      ) : null}
      {nothing ? (
        <p className="mt-3 text-gray-700">Nothing to import: the chapters are already as the file says.</p>
      ) : null}
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="csv" value={state.packed} />
        <input type="hidden" name="digest" value={preview.digest} />
        <input type="hidden" name="fileName" value={state.fileName} />
        {bad || nothing ? null : (
          <button type="submit" name="intent" value="csv-import" disabled={busy} className={primary}>
            Import
          </button>
        )}
        <Link to="/admin/add-resource" className={secondary}>
          Cancel
        </Link>
      </Form>
    </section>
  );
}

/** "Import CSV" on Add Data: choose a file, see what it would do, then confirm (works without JavaScript). */
export function CsvImport({ state, busy }: { state: CsvImportState | null; busy: boolean }) {
  return (
    <section
      aria-labelledby="csv-import-heading"
      className="mt-6 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="csv-import-heading" className="text-lg font-bold text-gray-900">
        Import CSV
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        Columns: {CSV_COLUMNS.join(", ")} (as "Export CSV" on the Dashboard writes them), at most{" "}
        {MAX_CSV_ROWS.toLocaleString("en-IN")} rows. You see what will change before anything is imported.
      </p>
      <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-3">
        <div className="w-full min-w-0 sm:w-auto sm:flex-1">
          <label htmlFor="csv-file" className="block text-sm font-medium text-gray-800">
            CSV file
          </label>
          <input
            id="csv-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            className="mt-1 block w-full text-sm text-gray-700 file:mr-3 file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold"
          />
        </div>
        <button type="submit" name="intent" value="csv-preview" disabled={busy} className={secondary}>
          Preview import
        </button>
      </Form>
      {state ? <Preview key={state.preview.digest} state={state} busy={busy} /> : null}
    </section>
  );
}
