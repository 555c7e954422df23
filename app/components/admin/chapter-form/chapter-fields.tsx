import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { SyllabusFields } from "#app/components/admin/chapter-form/syllabus-fields.tsx";
import { rowsOf } from "#app/components/admin/console-form.ts";
import { buttonClass } from "#app/components/admin/console-kit.tsx";
import { Field, inputClass } from "#app/components/field.tsx";
import {
  type ChapterFields as ChapterShape,
  LINK_KIND_LABELS,
  LINK_KINDS,
  type LinkFields,
  type LinkKind,
  MAX_CHAPTERS_PER_FORM,
  MAX_LINK_ROWS_PER_LIST,
} from "#app/lib/chapter-form.ts";
import { LINK_LANGUAGES, LINK_TYPES, MAX_LINK_YEAR, MIN_LINK_YEAR } from "#app/lib/link-types.ts";
import { slugify } from "#app/lib/slug.ts";

// The fields of one chapter (Chapter Title and its Official, Notes, Questions and Lectures links), shared by
// Add Data and Edit Resource. The row buttons are Conform's list buttons: submit buttons the server
// applies without JavaScript, applied in the browser with it (useConsoleForm).

// biome-ignore lint/suspicious/noExplicitAny: the fields serve two forms (Add Data, Edit Resource).
type AnyForm = FormMetadata<any>;
export type ChapterFieldset = ReturnType<FieldMetadata<ChapterShape>["getFieldset"]>;
type LinkList = FieldMetadata<LinkFields[]>;

/** Asks for focus on a control of the form (by name or id) once the rows on screen have changed. */
export type FocusAfter = (target: string) => void;

type RowProps = { form: AnyForm; busy: boolean; focusAfter: FocusAfter };

const LIST_HINTS: Record<LinkKind, string> = {
  official: "NCERT textbook chapters, CBSE sample papers, marking schemes, previous years' papers, syllabus.",
  notes: "Study notes on other websites.",
  questions: "Practice questions, worksheets, solutions.",
  lectures: "Video lessons, e.g. on YouTube.",
};

const smallButton =
  "inline-flex min-h-9 items-center justify-center gap-1 rounded-lg px-3 py-1.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60";
const secondarySmall = `${smallButton} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`;
const removeButton = `${smallButton} text-red-700 hover:bg-red-50`;
const iconButton =
  "inline-flex size-9 items-center justify-center rounded-lg border border-gray-300 bg-white text-gray-700 hover:bg-gray-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 disabled:opacity-60";

/** The id of a list's "Add … link" button (and of "Add Chapter"): where focus goes after a removal. */
function addButtonId(form: AnyForm, list: string): string {
  return `${form.id}-${list}-add`;
}

/**
 * A button that adds, removes or moves a row: Conform's list button (`intent`). `atEdge`: a move
 * that cannot go further stays focusable (focus is not lost) but sends nothing.
 */
function RowButton({
  intent,
  busy,
  label,
  atEdge,
  className,
  confirmFirst,
  focus,
  focusAfter,
  id,
  disabled,
  children,
}: {
  intent: ReturnType<AnyForm["insert"]["getButtonProps"]>;
  busy: boolean;
  /** Accessible name when the visible text alone is ambiguous (it always contains that text). */
  label?: string;
  atEdge?: boolean;
  className: string;
  /** Asked before the change; returning false keeps the row. */
  confirmFirst?: () => boolean;
  /** What gets focus after the change. */
  focus?: string;
  focusAfter: FocusAfter;
  id?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      id={id}
      {...(atEdge ? { type: "button" } : { type: "submit", ...intent })}
      aria-label={label}
      title={label}
      aria-disabled={atEdge || undefined}
      disabled={busy || disabled}
      className={className}
      onClick={(event) => {
        if (atEdge || (confirmFirst && !confirmFirst())) {
          event.preventDefault();
          return;
        }
        if (focus) focusAfter(focus);
      }}
    >
      {children}
    </button>
  );
}

function LinkRow({
  list,
  row,
  kind,
  index,
  count,
  ...props
}: RowProps & {
  list: LinkList;
  row: FieldMetadata<LinkFields>;
  kind: LinkKind;
  index: number;
  count: number;
}) {
  const { title, url, type, language, year } = row.getFieldset();
  const name = `${LINK_KIND_LABELS[kind]} link ${index + 1}`;
  const move = (to: number) => props.form.reorder.getButtonProps({ name: list.name, from: index, to });
  return (
    <li>
      <fieldset className="@container relative min-w-0 rounded-lg border border-gray-200 bg-gray-50 p-3 pt-2">
        <legend className="sr-only">{name}</legend>
        {/* The visible row header; the legend already names the group for screen readers. */}
        <p
          aria-hidden="true"
          className="flex h-9 items-center text-xs font-semibold tracking-wide text-gray-500 uppercase"
        >
          Link {index + 1}
        </p>
        <div className="grid gap-3 @md:grid-cols-2">
          <Field label="Title" error={title.errors?.[0]}>
            {(control) => (
              <input
                {...control}
                name={title.name}
                defaultValue={title.initialValue ?? ""}
                autoComplete="off"
                className={inputClass}
              />
            )}
          </Field>
          <Field label="URL" error={url.errors?.[0]}>
            {(control) => (
              <input
                {...control}
                type="url"
                inputMode="url"
                name={url.name}
                defaultValue={url.initialValue ?? ""}
                placeholder="https://"
                autoComplete="off"
                spellCheck={false}
                className={inputClass}
              />
            )}
          </Field>
        </div>
        {/* Optional, and compact: Type on its own line on a phone, all three on one line wider. */}
        <div className="mt-3 grid grid-cols-2 gap-3 @md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_6.5rem]">
          <Field label="Type" error={type.errors?.[0]} className="col-span-2 @md:col-span-1">
            {(control) => (
              <select
                {...control}
                name={type.name}
                defaultValue={type.initialValue ?? ""}
                className={inputClass}
              >
                <option value="">None</option>
                {LINK_TYPES.map((t) => (
                  <option key={t.slug} value={t.slug}>
                    {t.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Language" error={language.errors?.[0]}>
            {(control) => (
              <select
                {...control}
                name={language.name}
                defaultValue={language.initialValue ?? ""}
                className={inputClass}
              >
                <option value="">None</option>
                {LINK_LANGUAGES.map((l) => (
                  <option key={l.code} value={l.code}>
                    {l.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Year" error={year.errors?.[0]}>
            {(control) => (
              // Text, not a number field: what was typed comes back as typed when it is refused.
              <input
                {...control}
                name={year.name}
                defaultValue={year.initialValue ?? ""}
                inputMode="numeric"
                placeholder={`${MIN_LINK_YEAR}–${MAX_LINK_YEAR}`}
                autoComplete="off"
                className={inputClass}
              />
            )}
          </Field>
        </div>
        {/* After the inputs in tab order, shown in the row header. */}
        <div className="absolute top-2 right-3 flex items-center gap-1.5">
          <RowButton
            {...props}
            intent={move(index - 1)}
            label={`Move ${name} up`}
            atEdge={index === 0}
            className={iconButton}
          >
            <span aria-hidden="true">↑</span>
          </RowButton>
          <RowButton
            {...props}
            intent={move(index + 1)}
            label={`Move ${name} down`}
            atEdge={index === count - 1}
            className={iconButton}
          >
            <span aria-hidden="true">↓</span>
          </RowButton>
          <RowButton
            {...props}
            intent={props.form.remove.getButtonProps({ name: list.name, index })}
            label={`Remove ${name}`}
            focus={addButtonId(props.form, list.name)}
            className={removeButton}
          >
            Remove
          </RowButton>
        </div>
      </fieldset>
    </li>
  );
}

function LinkListFields({ list, kind, ...props }: RowProps & { list: LinkList; kind: LinkKind }) {
  const hintId = useId();
  const rows = rowsOf(list);
  const label = LINK_KIND_LABELS[kind];
  return (
    <fieldset className="min-w-0" aria-describedby={hintId}>
      <legend className="text-sm font-bold text-gray-900">{label}</legend>
      <p id={hintId} className="text-xs text-gray-500">
        {LIST_HINTS[kind]} {rows.length === 0 ? "None yet." : null}
      </p>
      {list.errors?.[0] ? <p className="mt-1 text-sm font-medium text-red-700">{list.errors[0]}</p> : null}
      {rows.length > 0 ? (
        <ol className="mt-2 space-y-2">
          {rows.map((row, index) => (
            <LinkRow
              key={row.key ?? row.name}
              {...props}
              list={list}
              row={row}
              kind={kind}
              index={index}
              count={rows.length}
            />
          ))}
        </ol>
      ) : null}
      <RowButton
        {...props}
        id={addButtonId(props.form, list.name)}
        intent={props.form.insert.getButtonProps({ name: list.name })}
        focus={`${list.name}[${rows.length}].title`}
        disabled={rows.length >= MAX_LINK_ROWS_PER_LIST}
        className={`${secondarySmall} mt-2`}
      >
        <span aria-hidden="true">+</span> Add {label} link
      </RowButton>
    </fieldset>
  );
}

/** One chapter's fields: Chapter Title and its Official, Notes, Questions and Lectures links. */
export function ChapterFields({
  fieldset,
  grade,
  session,
  ...props
}: RowProps & {
  fieldset: ChapterFieldset;
  /** For the address hint under the title. */
  grade?: string;
  /** The current session ("2026-27"), whose syllabus status the form sets. */
  session?: string;
}) {
  const { title } = fieldset;
  // Mirrors the typed title for the address hint; the input itself stays uncontrolled.
  const [typed, setTyped] = useState(title.initialValue ?? "");
  const slug = slugify(typed);
  return (
    <div className="space-y-5">
      <Field
        label="Chapter Title"
        error={title.errors?.[0]}
        hint={
          slug && grade
            ? `Page address: /class/${grade}/chapter/${slug}`
            : "Students see this title; the chapter's page address is made from it."
        }
      >
        {(control) => (
          <input
            {...control}
            name={title.name}
            defaultValue={title.initialValue ?? ""}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            className={inputClass}
          />
        )}
      </Field>
      {session ? <SyllabusFields fields={fieldset} session={session} /> : null}
      <div className="grid gap-5">
        {LINK_KINDS.map((kind) => (
          <LinkListFields key={kind} {...props} list={fieldset[kind]} kind={kind} />
        ))}
      </div>
    </div>
  );
}

/** A chapter of the Add Data form: a titled group with its fields and a way to remove it. */
export function ChapterCard({
  chapters,
  chapter,
  index,
  count,
  grade,
  session,
  ...props
}: RowProps & {
  /** The form's list of chapters. */
  chapters: string;
  chapter: FieldMetadata<ChapterShape>;
  index: number;
  count: number;
  grade?: string;
  session?: string;
}) {
  const headingId = useId();
  const card = useRef<HTMLFieldSetElement>(null);
  // Removing a chapter with typed text asks first: a teacher's work is never dropped by one click.
  const hasText = () =>
    Array.from(card.current?.querySelectorAll("input") ?? []).some((input) => input.value.trim() !== "");
  return (
    <fieldset
      ref={card}
      aria-labelledby={headingId}
      className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-base font-bold text-gray-900">
          Chapter {index + 1}
        </h2>
        {count > 1 ? (
          <RowButton
            {...props}
            intent={props.form.remove.getButtonProps({ name: chapters, index })}
            label={`Remove chapter ${index + 1}`}
            confirmFirst={() =>
              !hasText() || window.confirm(`Remove chapter ${index + 1} and everything typed in it?`)
            }
            focus={addButtonId(props.form, chapters)}
            className={removeButton}
          >
            Remove chapter
          </RowButton>
        ) : null}
      </div>
      <ChapterFields {...props} fieldset={chapter.getFieldset()} grade={grade} session={session} />
    </fieldset>
  );
}

/** "Add Chapter": appends an empty chapter (a list button, like the row buttons). */
export function AddChapterButton({
  chapters,
  count,
  ...props
}: RowProps & { chapters: string; count: number }) {
  return (
    <RowButton
      {...props}
      id={addButtonId(props.form, chapters)}
      intent={props.form.insert.getButtonProps({ name: chapters })}
      focus={`${chapters}[${count}].title`}
      disabled={count >= MAX_CHAPTERS_PER_FORM}
      className={secondarySmall}
    >
      <span aria-hidden="true">+</span> Add Chapter
    </RowButton>
  );
}

/**
 * Enter in a text box sends the form with its main button (`data-main`), never with a row button
 * (the browser would use the first submit button of the form).
 */
export function submitOnEnter(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.key !== "Enter" || !(event.target instanceof HTMLInputElement)) return;
  event.preventDefault();
  const main = event.currentTarget.querySelector<HTMLButtonElement>("button[data-main]");
  if (main && !main.disabled) event.currentTarget.requestSubmit(main);
}

/** The form's main button ("Submit", "Save Changes"), which Enter uses; "Saving..." while the form is sent. */
export function SaveButton({ saving, label }: { saving: boolean; label: string }) {
  return (
    <button type="submit" data-main disabled={saving} className={`${buttonClass("primary")} min-w-32`}>
      {saving ? "Saving..." : label}
    </button>
  );
}
