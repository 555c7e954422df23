import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { rowsOf } from "#app/components/admin/console-form.ts";
import { Field, inputClass } from "#app/components/field.tsx";
import type { GuideFormFields } from "#app/lib/guide-form.ts";

// The pieces of the guide form (app/components/admin/guides/guide-form.tsx): a labelled text field
// and a list of rows. Rows carry both languages: the English part adds and removes them (Conform's
// list buttons, applied by the server without JavaScript), the Hindi part shows the same rows.

export type GuideForm = FormMetadata<GuideFormFields>;
export type Lang = "english" | "hindi";

const smallButton =
  "inline-flex min-h-9 items-center justify-center gap-1 rounded-lg px-3 py-1.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60";

/** One text of the guide: an input, or a text area for long text. In Hindi, blank shows `english`. */
export function TextField({
  meta,
  label,
  lang,
  hint,
  long,
  english,
}: {
  meta: FieldMetadata<string>;
  label: string;
  lang: Lang;
  hint?: string;
  /** Rows of a text area; none: one line. */
  long?: number;
  /** The English text, shown in a blank Hindi field as what the Hindi page shows instead. */
  english?: string;
}) {
  return (
    <Field label={label} hint={hint} error={meta.errors?.[0]}>
      {(control) => {
        const props = {
          ...control,
          name: meta.name,
          defaultValue: meta.initialValue ?? "",
          lang: lang === "hindi" ? "hi" : undefined,
          placeholder: english,
          autoComplete: "off",
          className: inputClass,
        };
        return long ? <textarea {...props} rows={long} /> : <input {...props} />;
      }}
    </Field>
  );
}

/**
 * A list of rows (tips, strategies, sections, timeline phases), each a group named "Tip 1"…; in
 * English with "Remove" on each row and "Add …" after them (at most `max`).
 */
export function RowList<Item extends { key?: string; name: string }>({
  form,
  list,
  lang,
  noun,
  legend,
  hint,
  max,
  newRow,
  busy,
  children,
}: {
  form: GuideForm;
  list: { name: string; errors?: string[]; getFieldList: () => Item[] };
  lang: Lang;
  /** "tip": the rows are "Tip 1"…, the button "Add tip". */
  noun: string;
  legend: string;
  hint?: string;
  max: number;
  newRow: Record<string, string>;
  busy: boolean;
  /** A row's fields (Conform's field of the row: its `getFieldset()`). */
  children: (row: Item, index: number) => ReactNode;
}) {
  const rows = rowsOf(list);
  const Noun = `${noun[0]?.toUpperCase()}${noun.slice(1)}`;
  const english = lang === "english";
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-base font-bold text-gray-900">{legend}</legend>
      {hint ? <p className="-mt-1 text-xs text-gray-500">{hint}</p> : null}
      {list.errors?.[0] ? <p className="text-sm font-medium text-red-700">{list.errors[0]}</p> : null}
      <ol className="space-y-3">
        {rows.map((row, index) => (
          <li key={row.key ?? row.name}>
            <fieldset className="min-w-0 rounded-lg border border-gray-200 bg-gray-50 p-3">
              <legend className="sr-only">{`${Noun} ${index + 1}`}</legend>
              <div className="flex min-h-9 items-center justify-between gap-2">
                <p aria-hidden="true" className="text-xs font-semibold tracking-wide text-gray-500 uppercase">
                  {Noun} {index + 1}
                </p>
                {english ? (
                  <button
                    type="submit"
                    {...form.remove.getButtonProps({ name: list.name, index })}
                    aria-label={`Remove ${noun} ${index + 1}`}
                    disabled={busy || rows.length <= 1}
                    className={`${smallButton} text-red-700 hover:bg-red-50`}
                  >
                    Remove
                  </button>
                ) : null}
              </div>
              <div className="mt-1 grid gap-3">{children(row, index)}</div>
            </fieldset>
          </li>
        ))}
      </ol>
      {english ? (
        <button
          type="submit"
          {...form.insert.getButtonProps({ name: list.name, defaultValue: newRow as never })}
          disabled={busy || rows.length >= max}
          className={`${smallButton} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
        >
          <span aria-hidden="true">+</span> Add {noun}
        </button>
      ) : null}
    </fieldset>
  );
}
