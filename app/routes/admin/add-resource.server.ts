// Add Data's loader and action, beside its route (app/routes/admin/add-resource.tsx): the chapter
// form, and Import CSV's preview and confirmed import.
import type { Submission } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { services } from "#app/context.ts";
import { addDataForm, MAX_CHAPTERS_PER_FORM } from "#app/lib/chapter-form.ts";
import { CsvFileError, type CsvImportState, decodeCsv, plural } from "#app/lib/chapters-csv.ts";
import { selectedIds, typedText } from "#app/lib/form-fields.ts";
import { parseGrade } from "#app/lib/grades.ts";
import { chapterRefusal } from "#app/server/catalogue/chapter-form.server.ts";
import { createChapters, getChapterSelection, LINK_KINDS } from "#app/server/catalogue/chapters.server.ts";
import {
  applyChaptersImport,
  packCsv,
  previewChaptersImport,
  unpackCsv,
} from "#app/server/catalogue/chapters-csv.server.ts";
import { listAllSubjects } from "#app/server/catalogue/subjects.server.ts";
import { activityItem } from "#app/server/console/activity.server.ts";
import {
  parseConsoleForm,
  readConsoleForm,
  refused,
  sameList,
  saved,
  shownAgain,
  UNKNOWN_REQUEST,
} from "#app/server/console/console-form.server.ts";
import type { Database } from "#app/server/db.server.ts";
import { DomainError } from "#app/server/errors.server.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * The form's class and subject: ?grade= (the spec's default is 9) and ?subject= preselect them
 * (e.g. from Manage Subjects, or after an add); ?added= names the chapters the last add made.
 */
export async function loadAddData(db: Database, url: URL) {
  const params = url.searchParams;
  const grade = parseGrade(params.get("grade")) ?? 9;
  const ids = selectedIds("", MAX_CHAPTERS_PER_FORM).safeParse(
    params
      .getAll("added")
      .slice(0, MAX_CHAPTERS_PER_FORM + 1)
      .map(Number),
  );
  const [subjects, added] = await Promise.all([
    listAllSubjects(db),
    ids.success ? getChapterSelection(db, ids.data) : [],
  ]);
  return {
    subjects: subjects.map((s) => ({ grade: s.grade, code: s.code, label: s.label })),
    grade: String(grade),
    subject: params.get("subject") ?? "",
    added: added.filter((c) => c.grade === grade).map((c) => ({ id: c.id, title: c.title, slug: c.slug })),
  };
}

const NOTHING = "Nothing was imported.";

/** The page's forms: the chapters (save, and its list buttons without JavaScript), then Import CSV's two steps. */
const addDataRequest = z.discriminatedUnion(
  "intent",
  [
    addDataForm,
    z.object({
      intent: z.literal("csv-preview"),
      file: z.file({ error: `Import CSV: choose a CSV file first. ${NOTHING}` }),
    }),
    z.object({
      intent: z.literal("csv-import"),
      // The previewed file, packed (no cap of its own: the form's size is capped when it is read).
      csv: z.string({
        error: `Import CSV: the preview could not be read; choose the file again. ${NOTHING}`,
      }),
      digest: typedText(200),
      fileName: typedText(200),
    }),
  ],
  { error: UNKNOWN_REQUEST },
);

type AddDataRequest = z.output<typeof addDataRequest>;

export async function addDataAction(context: Context, request: Request) {
  let submission: Submission<unknown, string[], AddDataRequest>;
  try {
    submission = parseConsoleForm(await readConsoleForm(request), addDataRequest);
  } catch (err) {
    return refused(context, null, err, "");
  }
  if (submission.status !== "success") return shownAgain(context, submission);
  const form = submission.value;
  switch (form.intent) {
    case "save":
      return save(context, submission, form);
    case "csv-preview":
      return previewCsv(context, form.file);
    case "csv-import":
      return importCsv(context, request, form);
  }
}

async function save(
  context: Context,
  submission: Submission<unknown, string[], unknown>,
  form: Extract<AddDataRequest, { intent: "save" }>,
) {
  try {
    const { db } = services(context);
    const created = await createChapters(db, form.grade, form.subject, form.inputs);
    const next = new URLSearchParams([
      ["grade", String(form.grade)],
      ["subject", form.subject],
      ...created.map((c) => ["added", String(c.id)]),
    ]);
    const links = form.inputs.reduce(
      (n, c) => n + LINK_KINDS.reduce((m, kind) => m + c.links[kind].length, 0),
      0,
    );
    return saved(context, "Data successfully added!", `/admin/add-resource?${next}`, {
      action: "chapter.add",
      item: await activityItem(
        db,
        "chapter",
        created.map((c) => c.id),
      ),
      summary: `subject ${form.subject}, ${plural(links, "link")}`,
    });
  } catch (err) {
    return refused(
      context,
      submission,
      chapterRefusal(err, form.places, "chapters"),
      "Something went wrong.",
    );
  }
}

/** What the file would do: shown under Import CSV with its Import button; nothing is written. */
async function previewCsv(context: Context, file: File) {
  try {
    const text = decodeCsv(new Uint8Array(await file.arrayBuffer()));
    const preview = await previewChaptersImport(services(context).db, text);
    const csv: CsvImportState = { preview, packed: packCsv(text), fileName: file.name.slice(0, 200) };
    return { csv };
  } catch (err) {
    return csvRefused(context, err);
  }
}

async function importCsv(
  context: Context,
  request: Request,
  form: Extract<AddDataRequest, { intent: "csv-import" }>,
) {
  const text = unpackCsv(form.csv);
  if (text === null) {
    const lost = new DomainError(
      `Import CSV: the preview could not be read; choose the file again. ${NOTHING}`,
    );
    return refused(context, null, lost, "");
  }
  try {
    const { applied, preview } = await applyChaptersImport(services(context).db, text, form.digest);
    if (applied) {
      const counts = `${plural(preview.added.length, "chapter")} added, ${preview.changed.length} changed`;
      return saved(context, `Imported: ${counts}.`, sameList(request), {
        action: "chapter.import-csv",
        item: `file "${form.fileName}"`,
        summary: counts,
      });
    }
    const why = preview.problems.length
      ? "fix the rows listed below and preview again."
      : "the chapters changed since your preview. Check this preview and import again.";
    const reply = await refused(
      context,
      null,
      new DomainError(`${NOTHING} Import CSV: ${why}`, { status: 409 }),
      "",
    );
    const csv: CsvImportState = { preview, packed: form.csv, fileName: form.fileName };
    return data({ ...reply.data, csv }, reply.init ?? undefined);
  } catch (err) {
    return csvRefused(context, err);
  }
}

function csvRefused(context: Context, err: unknown) {
  if (err instanceof CsvFileError)
    return refused(context, null, new DomainError(`Import CSV: ${err.message} ${NOTHING}`), "");
  return refused(context, null, err, "Import CSV failed.");
}
