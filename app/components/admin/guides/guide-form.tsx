import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form } from "react-router";
import { useConsoleForm } from "#app/components/admin/console-form.ts";
import { buttonClass } from "#app/components/admin/console-kit.tsx";
import {
  type Lang,
  type GuideForm as Meta,
  RowList,
  TextField,
} from "#app/components/admin/guides/guide-fields.tsx";
import { Field, inputClass } from "#app/components/field.tsx";
import { GUIDE_TEXTS, type GuideFormFields, type GuideFormValue, MAX_ROWS } from "#app/lib/guide-form.ts";
import { GUIDE_ICONS } from "#app/lib/guide-record.ts";

// The guide of one class (/admin/guides/N): every field of the spec's guide record, in an "English"
// and a "Hindi" part; every Hindi field may stay blank (the Hindi page then shows the English one).

type Fields = ReturnType<typeof useConsoleForm<GuideFormFields>>["fields"];

const ICON_WORDS: Record<(typeof GUIDE_ICONS)[number], string> = {
  book: "Book",
  target: "Target",
  clock: "Clock",
  brain: "Brain",
  chart: "Chart",
  pencil: "Pencil",
  check: "Check mark",
  star: "Star",
  calendar: "Calendar",
  lightbulb: "Light bulb",
};

const LONG: Partial<Record<string, number>> = { description: 5 };
const HINTS: Partial<Record<string, string>> = {
  keySubjects: "Separated by commas.",
  examDates: "e.g. February-March: without a year, the page adds the coming exam season's year.",
};

/** The guide's fields in one language: texts, tips, strategies, exam pattern, timeline. */
function LanguagePart({
  form,
  fields,
  lang,
  english,
  busy,
}: {
  form: Meta;
  fields: Fields;
  lang: Lang;
  english: GuideFormValue;
  busy: boolean;
}) {
  const hi = lang === "hindi";
  const key = <K extends string>(k: K) => (hi ? (`${k}Hi` as const) : k);
  const text = (k: string) => (hi ? ((english as unknown as Record<string, string>)[k] ?? "") : undefined);
  const tips = (list: "tips" | "strategies", noun: string, legend: string) => (
    <RowList
      form={form}
      list={fields[list]}
      lang={lang}
      noun={noun}
      legend={legend}
      max={MAX_ROWS[list]}
      newRow={{ icon: "book" }}
      busy={busy}
    >
      {(item, i) => {
        const row = item.getFieldset();
        return (
          <>
            {hi ? null : (
              <Field label="Icon" error={row.icon.errors?.[0]}>
                {(control) => (
                  <select
                    {...control}
                    name={row.icon.name}
                    defaultValue={row.icon.initialValue ?? "book"}
                    className={inputClass}
                  >
                    {GUIDE_ICONS.map((icon) => (
                      <option key={icon} value={icon}>
                        {ICON_WORDS[icon]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )}
            <TextField
              meta={row[key("title")]}
              label="Title"
              lang={lang}
              english={hi ? english[list][i]?.title : undefined}
            />
            <TextField
              meta={row[key("description")]}
              label="Description"
              lang={lang}
              long={3}
              english={hi ? english[list][i]?.description : undefined}
            />
          </>
        );
      }}
    </RowList>
  );
  return (
    <fieldset
      className="min-w-0 space-y-6 rounded-xl border border-gray-200 bg-white p-4 sm:p-6"
      lang={hi ? "hi" : undefined}
    >
      <legend className="px-1 text-lg font-bold text-gray-900">{hi ? "Hindi" : "English"}</legend>
      {hi ? (
        <p className="-mt-3 text-sm text-gray-600">
          Every Hindi field is optional: where one is blank, the Hindi page shows the English text (shown in
          the blank field). The rows follow the English ones.
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        {GUIDE_TEXTS.map(([k, label]) => (
          <div key={k} className={k === "description" ? "md:col-span-2" : undefined}>
            <TextField
              meta={fields[key(k)]}
              label={label}
              lang={lang}
              long={LONG[k]}
              hint={HINTS[k]}
              english={text(k)}
            />
          </div>
        ))}
      </div>
      {tips("tips", "tip", "Tips")}
      {tips("strategies", "strategy", "Strategies")}
      <fieldset className="min-w-0 space-y-4">
        <legend className="text-base font-bold text-gray-900">Exam pattern</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField meta={fields[key("duration")]} label="Duration" lang={lang} english={text("duration")} />
          {hi ? null : <TextField meta={fields.totalMarks} label="Total marks" lang={lang} />}
          <TextField
            meta={fields[key("passingMarks")]}
            label="Passing marks"
            lang={lang}
            english={text("passingMarks")}
          />
        </div>
        <RowList
          form={form}
          list={fields.sections}
          lang={lang}
          noun="section"
          legend="Sections"
          hint={hi ? undefined : "The sections' marks add up to the total marks."}
          max={MAX_ROWS.sections}
          newRow={{}}
          busy={busy}
        >
          {(item, i) => {
            const row = item.getFieldset();
            return (
              <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
                <TextField
                  meta={row[key("name")]}
                  label="Name"
                  lang={lang}
                  english={hi ? english.sections[i]?.name : undefined}
                />
                {hi ? null : (
                  <Field label="Marks" error={row.marks.errors?.[0]}>
                    {(control) => (
                      <input
                        {...control}
                        name={row.marks.name}
                        defaultValue={row.marks.initialValue ?? ""}
                        inputMode="numeric"
                        autoComplete="off"
                        className={inputClass}
                      />
                    )}
                  </Field>
                )}
              </div>
            );
          }}
        </RowList>
      </fieldset>
      <RowList
        form={form}
        list={fields.timeline}
        lang={lang}
        noun="phase"
        legend="Preparation timeline"
        max={MAX_ROWS.timeline}
        newRow={{}}
        busy={busy}
      >
        {(item, i) => {
          const row = item.getFieldset();
          const en = english.timeline[i];
          return (
            <>
              <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
                <TextField
                  meta={row[key("month")]}
                  label="Month"
                  lang={lang}
                  english={hi ? en?.month : undefined}
                />
                <TextField
                  meta={row[key("focus")]}
                  label="Focus"
                  lang={lang}
                  english={hi ? en?.focus : undefined}
                />
              </div>
              <TextField
                meta={row[key("activities")]}
                label="Activities"
                hint="One a line."
                lang={lang}
                long={4}
                english={hi ? en?.activities : undefined}
              />
            </>
          );
        }}
      </RowList>
    </fieldset>
  );
}

/** The form of one class's guide, at the version it was read at (the conflict check). */
export function GuideEditForm({
  grade,
  version,
  values,
  lastResult,
}: {
  grade: number;
  version: number;
  values: GuideFormValue;
  lastResult: SubmissionResult<string[]> | null;
}) {
  // The guide as this form opened it: a refused save revalidates the page (someone else's newer
  // version), which must not reset what was typed. A new version opens a new form (the route's key).
  const [opened] = useState(() => ({
    ...values,
    intent: "save" as const,
    grade: String(grade),
    version: String(version),
  }));
  // No reset key: a saved guide comes back at a new version, and the route's key opens a new form.
  const { form, fields, submitting, guard } = useConsoleForm<GuideFormFields>({
    id: `guide-${grade}`,
    lastResult,
    defaultValue: opened,
    intent: "save",
  });
  return (
    <Form id={form.id} method="post" noValidate onSubmit={guard} className="space-y-6">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="grade" value={grade} />
      <input type="hidden" name="version" value={fields.version.initialValue ?? version} />
      <LanguagePart form={form} fields={fields} lang="english" english={opened} busy={submitting} />
      <LanguagePart form={form} fields={fields} lang="hindi" english={opened} busy={submitting} />
      <div className="sticky bottom-0 flex flex-wrap gap-3 border-t border-gray-200 bg-gray-50/95 py-4">
        <button type="submit" disabled={submitting} className={buttonClass("primary")}>
          {submitting ? "Saving..." : "Save guide"}
        </button>
      </div>
    </Form>
  );
}
