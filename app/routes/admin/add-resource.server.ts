// Add Data's action, beside its route (app/routes/admin/add-resource.tsx).
import { data } from "react-router";
import {
  type AddDataDraft,
  applyRowIntent,
  draftErrors,
  emptyChapterDraft,
  FILL_OUT_MESSAGE,
  FormShapeError,
  hasChapterTitle,
  parseRowIntent,
  readAddDataDraft,
  summarizeErrors,
  toChapterInputs,
} from "#app/lib/chapter-form.ts";
import { parseGrade } from "#app/lib/grades.ts";
import { type ActionResult, badRequest, failure, success } from "#app/server/action-result.server.ts";
import { createChapters } from "#app/server/chapters.server.ts";
import { chaptersCsvAction } from "#app/server/chapters-csv.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { ValidationError } from "#app/server/errors.server.ts";
import { readFormData } from "#app/server/form-data.server.ts";

const FAILED = "Something went wrong.";

/** The form shown again as changed by a row button (used without JavaScript): nothing saved. */
function showAgain(values: AddDataDraft) {
  return data<ActionResult>({ ok: true, values });
}

async function save(db: Database, draft: AddDataDraft) {
  const grade = parseGrade(draft.grade);
  const titled = hasChapterTitle(draft.chapters);
  if (!grade || !draft.subject || !titled) {
    const errors: Record<string, string> = {};
    if (!grade) errors.grade = "Class: choose Class 9, 10, 11 or 12.";
    if (!draft.subject) errors.subject = "Subject: choose the subject these chapters belong to.";
    if (!titled) errors["chapters.0.title"] = "Chapter Title: enter the name of at least one chapter.";
    return badRequest(FILL_OUT_MESSAGE, { errors, values: draft });
  }
  const { inputs, places } = toChapterInputs(draft.chapters);
  try {
    const created = await createChapters(db, grade, draft.subject, inputs);
    // Class and subject stay chosen: a teacher adding a whole book goes on with the next chapters.
    return success("Data successfully added!", {
      values: {
        grade: draft.grade,
        subject: draft.subject,
        chapters: [],
        added: created.map((c) => ({ title: c.title, slug: c.slug })),
      },
    });
  } catch (err) {
    if (err instanceof ValidationError) {
      // The domain numbers the chapters it was given; the screen shows the draft's rows.
      const errors = draftErrors(err.fields, places);
      return failure(new ValidationError(errors, summarizeErrors(errors)), FAILED, { values: draft });
    }
    return failure(err, FAILED, { values: draft });
  }
}

/** Add Data's action: the chapter form (save, or a row button without JavaScript) or Import CSV. */
export async function addDataAction(db: Database, request: Request) {
  let draft: AddDataDraft;
  let intent: string;
  try {
    const form = await readFormData(request);
    intent = String(form.get("intent") ?? "");
    // Import CSV (its own form on this page): preview, then the confirmed import.
    if (intent === "csv-preview" || intent === "csv-import") return chaptersCsvAction(db, form, intent);
    draft = readAddDataDraft(form);
  } catch (err) {
    if (err instanceof FormShapeError) {
      return badRequest(`${FAILED} ${err.message} Nothing was saved; reload the page and try again.`);
    }
    return failure(err, FAILED);
  }
  if (intent === "save") return save(db, draft);
  if (intent === "show-subjects") return showAgain(draft);
  const op = parseRowIntent(intent);
  if (op) {
    const chapters = draft.chapters.length > 0 ? draft.chapters : [emptyChapterDraft()];
    return showAgain({
      ...draft,
      chapters: applyRowIntent(chapters, op, {
        chapter: emptyChapterDraft,
        link: () => ({ title: "", url: "" }),
      }),
    });
  }
  return badRequest(
    `${FAILED} The form sent an unknown request, so nothing was saved. Reload the page and try again.`,
    {
      values: draft,
    },
  );
}
