import { type ReactNode, useId, useRef, useState } from "react";
import {
  type ChapterRows,
  type KeyedChapter,
  type KeyedLink,
  useFocusRequest,
} from "#app/components/admin/chapter-form/use-chapter-rows.ts";
import { Field, inputClass } from "#app/components/field.tsx";
import {
  LINK_KIND_LABELS,
  LINK_KINDS,
  type LinkKind,
  linkFieldName,
  type RowIntent,
  rowIntentValue,
} from "#app/lib/chapter-form.ts";
import { slugify } from "#app/lib/slug.ts";

const LIST_HINTS: Record<LinkKind, string> = {
  notes: "Study notes on other websites.",
  questions: "Practice questions, worksheets, solutions.",
  lectures: "Video lessons, e.g. on YouTube.",
};

const smallButton =
  "inline-flex min-h-9 items-center justify-center gap-1 rounded-lg px-3 py-1.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60";
const secondarySmall = `${smallButton} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`;
const iconButton =
  "inline-flex size-9 items-center justify-center rounded-lg border border-gray-300 bg-white text-gray-700 hover:bg-gray-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 disabled:opacity-60";

/**
 * A button that adds, removes or moves a row. It is a real submit button (name="intent"), so
 * without JavaScript the server applies it and shows the form again with everything typed; with
 * JavaScript the page applies it at once.
 */
function RowButton({
  op,
  rows,
  busy,
  label,
  atEdge,
  className,
  confirmFirst,
  children,
  buttonRef,
}: {
  op: RowIntent;
  rows: ChapterRows;
  busy: boolean;
  /** Accessible name when the visible text alone is ambiguous (it always contains that text). */
  label?: string;
  /** A move that cannot go further: stays focusable (focus is not lost) but does nothing. */
  atEdge?: boolean;
  className: string;
  /** Asked before the change; returning false keeps the row. */
  confirmFirst?: () => boolean;
  children: ReactNode;
  buttonRef?: React.Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={buttonRef}
      type="submit"
      name="intent"
      value={rowIntentValue(op)}
      formNoValidate
      aria-label={label}
      title={label}
      aria-disabled={atEdge || undefined}
      disabled={busy}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        if (atEdge) return;
        if (confirmFirst && !confirmFirst()) return;
        rows.apply(op);
      }}
    >
      {children}
    </button>
  );
}

function LinkRow({
  chapterIndex,
  kind,
  index,
  count,
  row,
  rows,
  busy,
}: {
  chapterIndex: number;
  kind: LinkKind;
  index: number;
  count: number;
  row: KeyedLink;
  rows: ChapterRows;
  busy: boolean;
}) {
  const titleRef = useRef<HTMLInputElement>(null);
  useFocusRequest(titleRef, rows.focus, `${row.key}:title`);
  const prefix = rows.prefixOf(chapterIndex);
  const name = `${LINK_KIND_LABELS[kind]} link ${index + 1}`;
  const at = { chapter: chapterIndex, kind, row: index };
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
          <Field label="Title" error={rows.errorFor(row.key, "title")}>
            {(control) => (
              <input
                {...control}
                ref={titleRef}
                name={linkFieldName(prefix, kind, index, "title")}
                defaultValue={row.title}
                autoComplete="off"
                className={inputClass}
              />
            )}
          </Field>
          <Field label="URL" error={rows.errorFor(row.key, "url")}>
            {(control) => (
              <input
                {...control}
                type="url"
                inputMode="url"
                name={linkFieldName(prefix, kind, index, "url")}
                defaultValue={row.url}
                placeholder="https://"
                autoComplete="off"
                spellCheck={false}
                className={inputClass}
              />
            )}
          </Field>
        </div>
        {/* After the inputs in tab order, shown in the row header. */}
        <div className="absolute top-2 right-3 flex items-center gap-1.5">
          <RowButton
            op={{ type: "move-link", ...at, direction: "up" }}
            rows={rows}
            busy={busy}
            label={`Move ${name} up`}
            atEdge={index === 0}
            className={iconButton}
          >
            <span aria-hidden="true">↑</span>
          </RowButton>
          <RowButton
            op={{ type: "move-link", ...at, direction: "down" }}
            rows={rows}
            busy={busy}
            label={`Move ${name} down`}
            atEdge={index === count - 1}
            className={iconButton}
          >
            <span aria-hidden="true">↓</span>
          </RowButton>
          <RowButton
            op={{ type: "remove-link", ...at }}
            rows={rows}
            busy={busy}
            label={`Remove ${name}`}
            className={`${smallButton} text-red-700 hover:bg-red-50`}
          >
            Remove
          </RowButton>
        </div>
      </fieldset>
    </li>
  );
}

function LinkList({
  chapter,
  chapterIndex,
  kind,
  rows,
  busy,
}: {
  chapter: KeyedChapter;
  chapterIndex: number;
  kind: LinkKind;
  rows: ChapterRows;
  busy: boolean;
}) {
  const addRef = useRef<HTMLButtonElement>(null);
  useFocusRequest(addRef, rows.focus, `${chapter.key}:${kind}:add`);
  const hintId = useId();
  const list = chapter.links[kind];
  const label = LINK_KIND_LABELS[kind];
  return (
    <fieldset className="min-w-0" aria-describedby={hintId}>
      <legend className="text-sm font-bold text-gray-900">{label}</legend>
      <p id={hintId} className="text-xs text-gray-500">
        {LIST_HINTS[kind]} {list.length === 0 ? "None yet." : null}
      </p>
      {list.length > 0 ? (
        <ol className="mt-2 space-y-2">
          {list.map((row, index) => (
            <LinkRow
              key={row.key}
              chapterIndex={chapterIndex}
              kind={kind}
              index={index}
              count={list.length}
              row={row}
              rows={rows}
              busy={busy}
            />
          ))}
        </ol>
      ) : null}
      <RowButton
        op={{ type: "add-link", chapter: chapterIndex, kind }}
        rows={rows}
        busy={busy}
        className={`${secondarySmall} mt-2`}
        buttonRef={addRef}
      >
        <span aria-hidden="true">+</span> Add {label} link
      </RowButton>
    </fieldset>
  );
}

/** One chapter's fields: Chapter Title and its Notes, Questions and Lectures links. */
export function ChapterFields({
  chapter,
  index,
  rows,
  busy,
  grade,
}: {
  chapter: KeyedChapter;
  index: number;
  rows: ChapterRows;
  busy: boolean;
  /** For the address hint under the title. */
  grade?: string;
}) {
  const titleRef = useRef<HTMLInputElement>(null);
  useFocusRequest(titleRef, rows.focus, `${chapter.key}:title`);
  // Mirrors the typed title for the address hint; the input itself stays uncontrolled.
  const [typed, setTyped] = useState(chapter.title);
  const slug = slugify(typed);
  return (
    <div className="space-y-5">
      <Field
        label="Chapter Title"
        error={rows.errorFor(chapter.key, "title")}
        hint={
          slug && grade
            ? `Page address: /class/${grade}/chapter/${slug}`
            : "Students see this title; the chapter's page address is made from it."
        }
      >
        {(control) => (
          <input
            {...control}
            ref={titleRef}
            name={`${rows.prefixOf(index)}title`}
            defaultValue={chapter.title}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            className={inputClass}
          />
        )}
      </Field>
      <div className="grid gap-5">
        {LINK_KINDS.map((kind) => (
          <LinkList key={kind} chapter={chapter} chapterIndex={index} kind={kind} rows={rows} busy={busy} />
        ))}
      </div>
    </div>
  );
}

/** A chapter of the Add Data form: a titled group with its fields and a way to remove it. */
export function ChapterCard({
  chapter,
  index,
  count,
  rows,
  busy,
  grade,
}: {
  chapter: KeyedChapter;
  index: number;
  count: number;
  rows: ChapterRows;
  busy: boolean;
  grade?: string;
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
            op={{ type: "remove-chapter", chapter: index }}
            rows={rows}
            busy={busy}
            label={`Remove chapter ${index + 1}`}
            confirmFirst={() =>
              !hasText() || window.confirm(`Remove chapter ${index + 1} and everything typed in it?`)
            }
            className={`${smallButton} text-red-700 hover:bg-red-50`}
          >
            Remove chapter
          </RowButton>
        ) : null}
      </div>
      <ChapterFields chapter={chapter} index={index} rows={rows} busy={busy} grade={grade} />
    </fieldset>
  );
}

/** "Add Chapter": appends an empty chapter (a submit button without JavaScript, like the row buttons). */
export function AddChapterButton({ rows, busy }: { rows: ChapterRows; busy: boolean }) {
  const ref = useRef<HTMLButtonElement>(null);
  useFocusRequest(ref, rows.focus, "add-chapter");
  return (
    <RowButton
      op={{ type: "add-chapter" }}
      rows={rows}
      busy={busy}
      className={secondarySmall}
      buttonRef={ref}
    >
      <span aria-hidden="true">+</span> Add Chapter
    </RowButton>
  );
}
