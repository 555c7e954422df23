import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { rowsOf, useConsoleForm } from "#app/components/admin/console-form.ts";
import { buttonClass } from "#app/components/admin/console-kit.tsx";
import { EmptyList, type ListPageInfo, ListSearch, Pager } from "#app/components/admin/list-kit.tsx";
import { inputClass } from "#app/components/field.tsx";
import { GRADES } from "#app/lib/grades.ts";
import { MAX_WHAT_CHANGED, SYLLABUS_STATUS_WORDS, SYLLABUS_STATUSES } from "#app/lib/sessions.ts";

// /admin/syllabus's parts: the current session, the class and subject chosen, and their chapters'
// statuses as one form (a select and a "What changed" box per row, one "Save statuses").

type Subject = { grade: number; code: string; label: string };
export type SyllabusListRow = {
  id: number;
  title: string;
  book: string;
  chapterNumber: number | null;
  status: string;
  whatChanged: string;
};

/** "Current session": a select for admins; the session in words for editors. */
export function SessionForm({
  session,
  sessions,
  chosen,
  mayChoose,
  lastResult,
}: {
  session: string;
  sessions: string[];
  chosen: boolean;
  mayChoose: boolean;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { form, fields, submitting, guard } = useConsoleForm<{ intent: string; session: string }>({
    id: "current-session",
    lastResult,
    intent: "set-session",
    defaultValue: { session },
  });
  const note = chosen ? "" : " (the session of today's date; no admin has chosen one)";
  if (!mayChoose)
    return (
      <p className="mt-4 rounded-xl border border-gray-200 bg-white p-4 text-sm text-gray-800 shadow-sm">
        Current session: <strong>{session}</strong>
        {note}. Only an admin can change it.
      </p>
    );
  const error = fields.session.errors?.[0];
  return (
    <Form
      id={form.id}
      method="post"
      noValidate
      onSubmit={guard}
      className="mt-4 flex flex-wrap items-end gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <input type="hidden" name="intent" value="set-session" />
      <div className="w-full sm:w-52">
        <label htmlFor="current-session-select" className="block text-sm font-semibold text-gray-800">
          Current session
        </label>
        <select
          id="current-session-select"
          name={fields.session.name}
          defaultValue={fields.session.initialValue ?? session}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "current-session-error" : undefined}
          className={inputClass}
        >
          {sessions.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" disabled={submitting} className={buttonClass("primary")}>
        {submitting ? "Saving..." : "Save session"}
      </button>
      <p className="w-full text-xs text-gray-500">
        The public site shows the statuses of this session{note}. Every session keeps its own statuses.
      </p>
      {error ? (
        <p id="current-session-error" className="w-full text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

/** The class and subject whose chapters are listed: a GET form (with JavaScript, a new class shows at once). */
export function ClassSubjectChooser({
  subjects,
  grade,
  subject,
  q,
}: {
  subjects: Subject[];
  grade: string;
  subject: string;
  q: string;
}) {
  const ofClass = subjects.filter((s) => String(s.grade) === grade);
  return (
    <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
      <div className="w-full sm:w-40">
        <label htmlFor="syllabus-class" className="block text-sm font-semibold text-gray-800">
          Class
        </label>
        <select
          id="syllabus-class"
          name="grade"
          defaultValue={grade}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
          className={inputClass}
        >
          {GRADES.map((g) => (
            <option key={g} value={g}>
              Class {g}
            </option>
          ))}
        </select>
      </div>
      <div className="w-full sm:w-56">
        <label htmlFor="syllabus-subject" className="block text-sm font-semibold text-gray-800">
          Subject
        </label>
        <select id="syllabus-subject" name="subject" defaultValue={subject} className={inputClass}>
          {ofClass.map((s) => (
            <option key={s.code} value={s.code}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      {q ? <input type="hidden" name="q" value={q} /> : null}
      <button type="submit" className={buttonClass("cancel")}>
        Show chapters
      </button>
    </Form>
  );
}

/** The chapters with their statuses: change any rows, then "Save statuses" once. */
export function StatusTable({
  rows,
  list,
  session,
  hrefFor,
  lastResult,
  keep,
  q,
}: {
  rows: SyllabusListRow[];
  list: ListPageInfo;
  session: string;
  hrefFor: (page: number) => string;
  lastResult?: SubmissionResult<string[]> | null;
  keep: Record<string, string>;
  q: string;
}) {
  const { form, fields, submitting, guard, key } = useConsoleForm<{
    intent: string;
    rows: Array<{ id: string; status: string; whatChanged: string }>;
  }>({
    id: "syllabus-statuses",
    lastResult,
    intent: "save-statuses",
    defaultValue: {
      rows: rows.map((r) => ({ id: String(r.id), status: r.status, whatChanged: r.whatChanged })),
    },
  });
  const shown = rowsOf(fields.rows);
  return (
    <section aria-labelledby="syllabus-chapters" className="mt-6 space-y-4">
      <h2 id="syllabus-chapters" className="sr-only">
        Chapters
      </h2>
      <ListSearch q={q} keep={keep} placeholder="Part of a chapter title" />
      {rows.length === 0 ? (
        <EmptyList>{q ? `No chapter title contains “${q}”.` : "This subject has no chapters yet."}</EmptyList>
      ) : (
        <Form key={key} id={form.id} method="post" noValidate onSubmit={guard} preventScrollReset>
          <input type="hidden" name="intent" value="save-statuses" />
          <ol className="divide-y divide-gray-100 rounded-2xl border border-gray-200 bg-white shadow-sm">
            {rows.map((row, i) => {
              const field = shown[i]?.getFieldset();
              const status = field?.status;
              const said = field?.whatChanged;
              return (
                <li
                  key={row.id}
                  // Three columns only where the status select can show "New this session" whole;
                  // beside the side menu at tablet widths the title takes a row of its own.
                  className="grid gap-3 p-4 sm:grid-cols-[minmax(11rem,1fr)_minmax(0,2fr)] xl:grid-cols-[minmax(0,2fr)_minmax(11rem,1fr)_minmax(0,2fr)]"
                >
                  <input type="hidden" name={`rows[${i}].id`} value={row.id} />
                  <div className="min-w-0 sm:col-span-2 xl:col-span-1">
                    <p className="font-semibold break-words text-gray-900">{row.title}</p>
                    {row.book || row.chapterNumber ? (
                      <p className="text-xs text-gray-500">
                        {[row.book, row.chapterNumber ? `Chapter ${row.chapterNumber}` : ""]
                          .filter(Boolean)
                          .join(" · ")}
                      </p>
                    ) : null}
                    <Link
                      to={`/admin/chapters/${row.id}`}
                      className="text-xs font-semibold text-brand-700 underline"
                    >
                      Edit Resource<span className="sr-only"> {row.title}</span>
                    </Link>
                  </div>
                  <div>
                    <label htmlFor={`status-${row.id}`} className="block text-xs font-semibold text-gray-700">
                      Syllabus status<span className="sr-only"> of {row.title}</span>
                    </label>
                    <select
                      id={`status-${row.id}`}
                      name={`rows[${i}].status`}
                      defaultValue={status?.initialValue ?? row.status}
                      aria-invalid={status?.errors ? true : undefined}
                      className={inputClass}
                    >
                      {SYLLABUS_STATUSES.map((s) => (
                        <option key={s} value={s}>
                          {SYLLABUS_STATUS_WORDS[s]}
                        </option>
                      ))}
                    </select>
                    {status?.errors?.[0] ? (
                      <p className="mt-1 text-sm font-medium text-red-700">{status.errors[0]}</p>
                    ) : null}
                  </div>
                  <div>
                    <label
                      htmlFor={`changed-${row.id}`}
                      className="block text-xs font-semibold text-gray-700"
                    >
                      What changed<span className="sr-only"> in {row.title}</span>
                    </label>
                    <input
                      id={`changed-${row.id}`}
                      name={`rows[${i}].whatChanged`}
                      defaultValue={said?.initialValue ?? row.whatChanged}
                      maxLength={MAX_WHAT_CHANGED}
                      aria-invalid={said?.errors ? true : undefined}
                      autoComplete="off"
                      className={inputClass}
                    />
                    {said?.errors?.[0] ? (
                      <p className="mt-1 text-sm font-medium text-red-700">{said.errors[0]}</p>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
          <div className="sticky bottom-0 z-10 mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 bg-gray-50/95 py-3 backdrop-blur">
            <p className="text-xs text-gray-500">
              Statuses of the {session} session. Only changed rows are saved.
            </p>
            <button type="submit" disabled={submitting} className={buttonClass("primary")}>
              {submitting ? "Saving..." : "Save statuses"}
            </button>
          </div>
        </Form>
      )}
      <Pager list={list} noun={["chapter", "chapters"]} hrefFor={hrefFor} />
    </section>
  );
}
