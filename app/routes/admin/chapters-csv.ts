import { services } from "#app/context.ts";
import { parseGrade } from "#app/lib/grades.ts";
import { MAX_LIST_SEARCH } from "#app/lib/list-query.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import { exportChaptersCsv } from "#app/server/catalogue/chapters-csv.server.ts";
import { SUBJECT_CODE_RULE } from "#app/server/catalogue/subjects.server.ts";
import type { Route } from "./+types/chapters-csv";

/** `/admin/chapters.csv`: the Dashboard's filter (`grade`, `subject`, `q`) as a spreadsheet, streamed. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireConsoleUser(context);
  const { db } = services(context);
  const params = new URL(request.url).searchParams;
  const grade = parseGrade(params.get("grade"));
  const subject = (params.get("subject") ?? "").trim();
  // The Dashboard's rule: an odd subject is ignored, not an error.
  const subjectCode = SUBJECT_CODE_RULE.test(subject) && subject.length <= 40 ? subject : "";
  const q = (params.get("q") ?? "").trim().slice(0, MAX_LIST_SEARCH);
  const name = ["chapters", grade ? `class-${grade}` : "", grade && subjectCode ? subjectCode : ""]
    .filter(Boolean)
    .join("-");
  const date = new Date().toISOString().slice(0, 10);
  return new Response(exportChaptersCsv(db, { grade, subjectCode: subjectCode || undefined, q }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${date}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
