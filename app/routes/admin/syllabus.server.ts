// /admin/syllabus's loader and action, beside its route (app/routes/admin/syllabus.tsx): the current
// session (admins choose it), and a class and subject's chapters with their syllabus status in it.
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { services } from "#app/context.ts";
import { recordId, typedText } from "#app/lib/form-fields.ts";
import { parseGrade } from "#app/lib/grades.ts";
import { readPageNumber } from "#app/lib/list-query.ts";
import { hasRole, type Role } from "#app/lib/roles.ts";
import {
  checkSyllabusFields,
  parseSession,
  SYLLABUS_STATUS_WORDS,
  type SyllabusStatus,
  sessionChoices,
  sessionName,
} from "#app/lib/sessions.ts";
import { listAllSubjects } from "#app/server/catalogue/subjects.server.ts";
import {
  listSyllabusPage,
  sessionSettings,
  setCurrentSession,
  setStatuses,
} from "#app/server/catalogue/syllabus.server.ts";
import { activityItem } from "#app/server/console/activity.server.ts";
import { consoleAction, sameList, UNKNOWN_REQUEST } from "#app/server/console/console-form.server.ts";
import { DomainError } from "#app/server/errors.server.ts";

type Context = Readonly<RouterContextProvider>;

/** The page: the session, the class and subject chosen (?grade=, ?subject=), a page of their chapters. */
export async function loadSyllabus(context: Context, url: URL, role: Role | null) {
  const { db } = services(context);
  const params = url.searchParams;
  const settings = await sessionSettings(db);
  const subjects = await listAllSubjects(db);
  const grade = parseGrade(params.get("grade")) ?? 9;
  const ofClass = subjects.filter((s) => s.grade === grade);
  // A subject of another class (the class was changed without JavaScript): its first subject.
  const subject = ofClass.find((s) => s.code === params.get("subject")) ?? ofClass[0] ?? null;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const list = subject
    ? await listSyllabusPage(
        db,
        { grade, subjectCode: subject.code, q, page: readPageNumber(params.get("page")) },
        settings.current,
      )
    : null;
  return {
    session: sessionName(settings.current),
    chosen: settings.chosen,
    // Only admins choose the session; editors see which one it is.
    mayChooseSession: hasRole(role, "admin"),
    sessions: sessionChoices(settings.today, settings.current).map(sessionName),
    subjects: subjects.map((s) => ({ grade: s.grade, code: s.code, label: s.label })),
    grade: String(grade),
    subject: subject ? { code: subject.code, label: subject.label } : null,
    q,
    list,
  };
}

const NOT_OURS =
  "The form is not the one this page sends, so nothing was saved. Reload the page and try again.";

const sessionForm = z.object({
  intent: z.literal("set-session"),
  session: typedText(20),
});

const statusRow = z.object(
  { id: recordId(NOT_OURS), status: typedText(100), whatChanged: typedText(10_000) },
  { error: NOT_OURS },
);

const statusesForm = z
  .object({
    intent: z.literal("save-statuses"),
    rows: z.array(statusRow, { error: NOT_OURS }).min(1, NOT_OURS).max(50, NOT_OURS),
  })
  .transform((form, ctx) => {
    const changes: Array<{ id: number; status: SyllabusStatus; whatChanged: string }> = [];
    form.rows.forEach((row, i) => {
      const { value, errors } = checkSyllabusFields({ ...row, book: "", chapterNumber: "" });
      if (errors.status)
        ctx.addIssue({ code: "custom", path: ["rows", i, "status"], message: errors.status });
      if (errors.whatChanged)
        ctx.addIssue({ code: "custom", path: ["rows", i, "whatChanged"], message: errors.whatChanged });
      changes.push({ id: row.id, status: value.status, whatChanged: value.whatChanged });
    });
    return { intent: form.intent, changes };
  });

const syllabusRequest = z.discriminatedUnion("intent", [sessionForm, statusesForm], {
  error: UNKNOWN_REQUEST,
});

export async function syllabusAction(context: Context, request: Request, role: Role | null) {
  const { db } = services(context);
  const spec = { schema: syllabusRequest, back: sameList(request), invalid: "Nothing was changed." };
  return consoleAction(context, request, spec, (form) => {
    if (form.intent === "set-session")
      return {
        failed: "Nothing was changed.",
        write: async () => {
          if (!hasRole(role, "admin"))
            throw new DomainError("Only an admin can change the current session.", { status: 403 });
          const settings = await sessionSettings(db);
          const year = parseSession(form.session);
          const offered = sessionChoices(settings.today, settings.current);
          if (year === null || !offered.includes(year))
            throw new DomainError("Current session: choose one of the sessions in the list, e.g. 2026-27.", {
              field: "session",
            });
          await setCurrentSession(db, year);
          return {
            message: `The current session is now ${sessionName(year)}.`,
            what: { action: "syllabus.session", item: `session ${sessionName(year)}` },
          };
        },
      };
    return {
      failed: "Statuses not saved.",
      write: async () => {
        const { current } = await sessionSettings(db);
        const { changed } = await setStatuses(db, current, form.changes);
        // Nothing to record: say so, as a refusal that keeps the form.
        if (changed.length === 0)
          throw new DomainError("Every status is as it was: change a status or What changed first.");
        const counts = new Map<SyllabusStatus, number>();
        for (const c of changed) counts.set(c.status, (counts.get(c.status) ?? 0) + 1);
        const summary = `${sessionName(current)}: ${[...counts].map(([s, n]) => `${SYLLABUS_STATUS_WORDS[s]} ${n}`).join(", ")}`;
        const item = await activityItem(
          db,
          "chapter",
          changed.map((c) => c.id),
        );
        const n = changed.length;
        return {
          message: `Syllabus status saved for ${n} chapter${n === 1 ? "" : "s"}.`,
          what: { action: "chapter.syllabus-status", item, summary },
        };
      },
    };
  });
}
