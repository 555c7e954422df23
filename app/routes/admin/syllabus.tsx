import { consoleMeta } from "#app/components/admin/console-kit.tsx";
import {
  ClassSubjectChooser,
  SessionForm,
  StatusTable,
} from "#app/components/admin/syllabus/syllabus-list.tsx";
import { loadSyllabus, syllabusAction } from "#app/routes/admin/syllabus.server.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import type { Route } from "./+types/syllabus";

// This year's syllabus (DESIGN.md 8.1): the current session (admins choose it) and a class and
// subject's chapters with their status in it, several changed at once (admins and editors).

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, "Syllabus");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireConsoleUser(context);
  return loadSyllabus(context, new URL(request.url), user.role);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireConsoleUser(context);
  return syllabusAction(context, request, user.role);
}

export default function Syllabus({ loaderData, actionData }: Route.ComponentProps) {
  const { session, sessions, chosen, mayChooseSession, subjects, grade, subject, q, list } = loaderData;
  const result = actionData?.result ?? null;
  const keep = { grade, subject: subject?.code ?? "" };
  const hrefFor = (page: number) => {
    const params = new URLSearchParams(keep);
    if (q) params.set("q", q);
    if (page > 1) params.set("page", String(page));
    return `?${params}`;
  };
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Syllabus</h1>
      <p className="mt-1 text-sm text-gray-600">
        Which chapters are in this session's syllabus. Students see “Not in {session} syllabus” or “New in{" "}
        {session}” on a chapter, and the class page lists chapters not in the syllabus last.
      </p>
      <SessionForm
        session={session}
        sessions={sessions}
        chosen={chosen}
        mayChoose={mayChooseSession}
        lastResult={result}
      />
      <ClassSubjectChooser subjects={subjects} grade={grade} subject={subject?.code ?? ""} q={q} />
      {subject && list ? (
        <StatusTable
          // A new class, subject, search or page, or statuses saved, start the form afresh from what
          // is saved; a refused save (nothing saved) keeps what was typed.
          key={`${grade}/${subject.code}/${q}/${list.page}/${list.rows.map((r) => `${r.status}:${r.whatChanged}`).join("|")}`}
          rows={list.rows}
          list={list}
          session={session}
          hrefFor={hrefFor}
          lastResult={result}
          keep={keep}
          q={q}
        />
      ) : (
        <p className="mt-6 text-sm text-gray-700">
          Class {grade} has no subjects yet: add one in Manage Subjects.
        </p>
      )}
    </div>
  );
}
