// The guides screen's loader and action, beside its route (app/routes/admin/guides.tsx).
import { data, type RouterContextProvider } from "react-router";
import { services } from "#app/context.ts";
import { type Grade, parseGrade } from "#app/lib/grades.ts";
import { guideFormValues, guideFromForm, guideSchema } from "#app/lib/guide-form.ts";
import { activityItem } from "#app/server/console/activity.server.ts";
import { consoleAction, UNKNOWN_REQUEST } from "#app/server/console/console-form.server.ts";
import { ConflictError, DomainError, NotFoundError } from "#app/server/errors.server.ts";
import { getGuide, saveGuide } from "#app/server/guides/guides.server.ts";

type Context = Readonly<RouterContextProvider>;

/** The class of the address: /admin/guides is Class 9's (the console's default class); null: no class. */
function gradeOf(param: string | undefined): Grade | null {
  if (param === undefined) return 9;
  const grade = parseGrade(param);
  return grade !== null && String(grade) === param ? grade : null;
}

/** The class's guide as the form's values, at its version. */
export async function loadGuide(context: Context, param: string | undefined) {
  const grade = gradeOf(param);
  if (grade === null) throw data("Not Found", { status: 404 });
  const guide = await getGuide(services(context).db, grade);
  return {
    grade,
    version: guide.version,
    updatedAt: guide.updatedAt,
    updatedBy: guide.updatedBy,
    values: guideFormValues(guide.english, guide.hindi),
  };
}

const NOT_SAVED = "Guide not saved.";

/** "Save guide" (and, without JavaScript, the row buttons): back to the same class's guide. */
export async function saveGuideAction(context: Context, request: Request, param: string | undefined) {
  const { db } = services(context);
  const spec = { schema: guideSchema, unread: NOT_SAVED, invalid: NOT_SAVED };
  return consoleAction(context, request, spec, ({ intent: _save, grade, version, ...form }) => ({
    // "Changed by someone else" says itself that nothing was saved.
    failed: (err) => (err instanceof ConflictError || err instanceof NotFoundError ? "" : NOT_SAVED),
    write: async () => {
      // The guide is the one of the address; a form naming another class was not sent by this page.
      if (grade !== gradeOf(param)) throw new DomainError(UNKNOWN_REQUEST);
      const { changed } = await saveGuide(db, grade, version, guideFromForm(form));
      const item = await activityItem(db, "guide", [grade]);
      return {
        message: `Class ${grade} guide saved.`,
        what: { action: "guide.update", item, summary: changed },
      };
    },
  }));
}
