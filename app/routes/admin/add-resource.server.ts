// Add Data's loader and action, beside its route (app/routes/admin/add-resource.tsx): the chapter
// form, and Import CSV's preview and confirmed import.
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { services } from "#app/context.ts";
import { addDataForm, MAX_CHAPTERS_PER_FORM } from "#app/lib/chapter-form.ts";
import { CsvFileError, type CsvImportState, decodeCsv, plural } from "#app/lib/chapters-csv.ts";
import { selectedIds, typedText } from "#app/lib/form-fields.ts";
import { parseGrade } from "#app/lib/grades.ts";
import { sessionName } from "#app/lib/sessions.ts";
import { chapterRefusal } from "#app/server/catalogue/chapter-form.server.ts";
import { createChapters, getChapterSelection, LINK_KINDS } from "#app/server/catalogue/chapters.server.ts";
import {
  applyChaptersImport,
  packCsv,
  previewChaptersImport,
  unpackCsv,
} from "#app/server/catalogue/chapters-csv.server.ts";
import { listAllSubjects } from "#app/server/catalogue/subjects.server.ts";
import { currentSession } from "#app/server/catalogue/syllabus-rows.server.ts";
import { activityItem } from "#app/server/console/activity.server.ts";
import {
  consoleAction,
  RefusedWith,
  sameList,
  UNKNOWN_REQUEST,
} from "#app/server/console/console-form.server.ts";
import type { Database } from "#app/server/db.server.ts";

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
  const [subjects, added, session] = await Promise.all([
    listAllSubjects(db),
    ids.success ? getChapterSelection(db, ids.data) : [],
    currentSession(db),
  ]);
  return {
    subjects: subjects.map((s) => ({ grade: s.grade, code: s.code, label: s.label })),
    grade: String(grade),
    subject: params.get("subject") ?? "",
    added: added.filter((c) => c.grade === grade).map((c) => ({ id: c.id, title: c.title, slug: c.slug })),
    session: sessionName(session),
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

/** What Import CSV's preview shows (and a refused import, with the rows to fix). */
type CsvShown = { csv: CsvImportState };

export async function addDataAction(context: Context, request: Request) {
  const { db } = services(context);
  const spec = { schema: addDataRequest, back: sameList(request) };
  return consoleAction<typeof addDataRequest, CsvShown>(context, request, spec, (form) => {
    if (form.intent === "save")
      return {
        failed: "Something went wrong.",
        refusal: (err) => chapterRefusal(err, form.places, "chapters"),
        write: () => save(db, form),
      };
    return {
      // A file's own problem says itself that nothing was imported; the file is never sent back.
      failed: (err) =>
        err instanceof CsvFileError || err instanceof RefusedWith ? "" : "Import CSV failed.",
      refusal: (err) =>
        err instanceof CsvFileError ? csvSaid(`Import CSV: ${err.message} ${NOTHING}`) : err,
      dropValues: true,
      write: () => (form.intent === "csv-preview" ? previewCsv(db, form.file) : importCsv(db, form)),
    };
  });
}

const csvSaid = (message: string, shown?: CsvShown, status = 400) =>
  new RefusedWith<CsvShown | undefined>(message, shown, { status });

async function save(db: Database, form: Extract<AddDataRequest, { intent: "save" }>) {
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
  const item = await activityItem(
    db,
    "chapter",
    created.map((c) => c.id),
  );
  return {
    message: "Data successfully added!",
    what: { action: "chapter.add", item, summary: `subject ${form.subject}, ${plural(links, "link")}` },
    to: `/admin/add-resource?${next}`,
  };
}

/** What the file would do: shown under Import CSV with its Import button; nothing is written. */
async function previewCsv(db: Database, file: File) {
  const text = decodeCsv(new Uint8Array(await file.arrayBuffer()));
  const preview = await previewChaptersImport(db, text);
  return { shown: { csv: { preview, packed: packCsv(text), fileName: file.name.slice(0, 200) } } };
}

async function importCsv(db: Database, form: Extract<AddDataRequest, { intent: "csv-import" }>) {
  const text = unpackCsv(form.csv);
  if (text === null)
    throw csvSaid(`Import CSV: the preview could not be read; choose the file again. ${NOTHING}`);
  const { applied, preview } = await applyChaptersImport(db, text, form.digest);
  if (!applied) {
    const why = preview.problems.length
      ? "fix the rows listed below and preview again."
      : "the chapters changed since your preview. Check this preview and import again.";
    const csv: CsvImportState = { preview, packed: form.csv, fileName: form.fileName };
    throw csvSaid(`${NOTHING} Import CSV: ${why}`, { csv }, 409);
  }
  const counts = `${plural(preview.added.length, "chapter")} added, ${preview.changed.length} changed`;
  const what = { action: "chapter.import-csv", item: `file "${form.fileName}"`, summary: counts };
  return { message: `Imported: ${counts}.`, what };
}
