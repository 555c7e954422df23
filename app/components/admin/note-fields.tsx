import { type Draft, draftChoices, draftOver } from "#app/components/admin/autosave.tsx";
import { RichTextField } from "#app/components/admin/editor/rich-text-field.tsx";
import { type PickerFallback, SearchPicker } from "#app/components/admin/search-picker.tsx";
import { Field, inputClass } from "#app/components/field.tsx";
import type { PickOption } from "#app/lib/pick.ts";

/** A note's fields as its forms send them (their schema: app/routes/admin/notes.server.ts). */
export type NoteFormFields = {
  chapterId: string;
  content: string;
  seoDescription: string;
  seoKeywords: string;
};

/** A note form from the browser's copy of it (autosave.tsx), over `base`, with its chapter's title. */
export function noteFromDraft(draft: Draft, base: NoteFormFields) {
  const values = draftOver(base, draft);
  return { values, chapter: draftChoices(draft, [values.chapterId])[0] ?? null };
}

/** What a field shows, from Conform's field metadata: its name, its value as sent, its message. */
type FieldState = { name: string; initialValue?: unknown; errors?: string[] };

type Props = {
  fields: Record<keyof NoteFormFields, FieldState>;
  /** The chapter the note had when the form opened (none for a new note). */
  saved?: PickOption | null;
  /** The page's no-JavaScript chapter choices (its "Find"). */
  find: PickerFallback;
};

const shown = (field: FieldState) => (typeof field.initialValue === "string" ? field.initialValue : "");

/** The page's no-JavaScript chapter choices (its "Find"), as its loader reads them. */
export type ChapterFind = Omit<PickerFallback, "form"> & {
  /** Parameters of the address for "Find" to keep. */
  keep: Record<string, string>;
};

/**
 * Where a note form posts: its list page, or Edit Note's own address over it (`note`), keeping the
 * picker's "Find" text so that a refused form comes back as it was.
 */
export function noteFormAction(listUrl: string, find: ChapterFind, note?: number): string {
  const url = new URL(listUrl, "http://console");
  if (note !== undefined) url.pathname = `${url.pathname}/${note}`;
  if (find.query) url.searchParams.set(find.param, find.query);
  return `${url.pathname}${url.search}`;
}

/** The fields of a note: its chapter, its text, and what search engines show for the chapter. */
export function NoteFields({ fields, saved = null, find }: Props) {
  // After a refused save the chapter that was sent stays chosen: it is among the saved one and
  // the matches of "Find" (the form's address keeps that search).
  const sent = shown(fields.chapterId);
  const chosen = sent ? ([saved, ...find.matches].find((o) => o?.value === sent) ?? null) : saved;
  return (
    <div className="space-y-5">
      <SearchPicker
        label="Chapter"
        name={fields.chapterId.name}
        source="/admin/pick/chapters"
        selected={chosen ? [chosen] : []}
        max={1}
        emptyChoice="Select chapter"
        noun="chapters"
        error={fields.chapterId.errors?.[0]}
        hint="Type part of the chapter's title and choose it. A chapter may have several notes; its first note gives the chapter page its search description."
        fallback={find}
      />
      <RichTextField
        label="Content"
        name={fields.content.name}
        defaultValue={shown(fields.content)}
        error={fields.content.errors?.[0]}
      />
      <Field
        label="SEO description"
        error={fields.seoDescription.errors?.[0]}
        hint="One sentence for search results (at most 300 characters), e.g. what the chapter covers."
      >
        {(control) => (
          <textarea
            {...control}
            name={fields.seoDescription.name}
            defaultValue={shown(fields.seoDescription)}
            rows={2}
            maxLength={300}
            className={inputClass}
          />
        )}
      </Field>
      <Field
        label="Keywords"
        error={fields.seoKeywords.errors?.[0]}
        hint="Separate with commas, e.g. real numbers, HCF, class 10 maths"
      >
        {(control) => (
          <input
            {...control}
            name={fields.seoKeywords.name}
            defaultValue={shown(fields.seoKeywords)}
            className={inputClass}
          />
        )}
      </Field>
    </div>
  );
}
