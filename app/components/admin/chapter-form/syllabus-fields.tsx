import type { FieldMetadata } from "@conform-to/react";
import { Field, inputClass } from "#app/components/field.tsx";
import {
  MAX_CHAPTER_NUMBER,
  MAX_WHAT_CHANGED,
  SYLLABUS_STATUS_WORDS,
  SYLLABUS_STATUSES,
} from "#app/lib/sessions.ts";

// A chapter's "Syllabus status" and "What changed" in the current session, and its "Book" and
// "Chapter number" (DESIGN.md 8.1), in Add Data and Edit Resource.

type Fields = {
  syllabusStatus: FieldMetadata<string | undefined>;
  whatChanged: FieldMetadata<string | undefined>;
  book: FieldMetadata<string | undefined>;
  chapterNumber: FieldMetadata<string | undefined>;
};

export function SyllabusFields({ fields, session }: { fields: Fields; session: string }) {
  const { syllabusStatus, whatChanged, book, chapterNumber } = fields;
  return (
    <div className="grid gap-4 rounded-lg border border-gray-200 bg-gray-50 p-3 sm:grid-cols-2">
      <Field
        label="Syllabus status"
        error={syllabusStatus.errors?.[0]}
        hint={`For the current session, ${session}.`}
      >
        {(control) => (
          <select
            {...control}
            name={syllabusStatus.name}
            defaultValue={syllabusStatus.initialValue || "in"}
            className={inputClass}
          >
            {SYLLABUS_STATUSES.map((status) => (
              <option key={status} value={status}>
                {SYLLABUS_STATUS_WORDS[status]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label="What changed"
        error={whatChanged.errors?.[0]}
        hint={`Optional, at most ${MAX_WHAT_CHANGED} characters, e.g. "Section 3.4 removed".`}
      >
        {(control) => (
          <input
            {...control}
            name={whatChanged.name}
            defaultValue={whatChanged.initialValue ?? ""}
            maxLength={MAX_WHAT_CHANGED}
            autoComplete="off"
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Book" error={book.errors?.[0]} hint="Optional: the textbook, e.g. NCERT Science.">
        {(control) => (
          <input
            {...control}
            name={book.name}
            defaultValue={book.initialValue ?? ""}
            autoComplete="off"
            className={inputClass}
          />
        )}
      </Field>
      <Field
        label="Chapter number"
        error={chapterNumber.errors?.[0]}
        hint="Optional: its number in the book."
      >
        {(control) => (
          <input
            {...control}
            name={chapterNumber.name}
            defaultValue={chapterNumber.initialValue ?? ""}
            inputMode="numeric"
            max={MAX_CHAPTER_NUMBER}
            autoComplete="off"
            className={inputClass}
          />
        )}
      </Field>
    </div>
  );
}
