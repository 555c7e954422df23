import { RichTextField } from "#app/components/admin/editor/rich-text-field.tsx";
import { type PickerFallback, SearchPicker } from "#app/components/admin/search-picker.tsx";
import { Field, inputClass } from "#app/components/field.tsx";
import type { PickOption } from "#app/lib/pick.ts";
import type { NoteFormValues } from "#app/lib/post-form.ts";

/** The note's chapter as the picker starts: the chosen one (if any) and the no-JavaScript matches. */
export type ChapterPick = { chosen: PickOption | null; fallback: PickerFallback };

type Props = { values: NoteFormValues; errors?: Record<string, string>; chapter: ChapterPick };

/** The fields of a note: its chapter, its text, and what search engines show for the chapter. */
export function NoteFields({ values, errors = {}, chapter }: Props) {
  return (
    <div className="space-y-5">
      <SearchPicker
        label="Chapter"
        name="chapterId"
        source="/admin/pick/chapters"
        selected={chapter.chosen ? [chapter.chosen] : []}
        max={1}
        emptyChoice="Select chapter"
        noun="chapters"
        error={errors.chapterId}
        hint="Type part of the chapter's title and choose it. A chapter may have several notes; its first note gives the chapter page its search description."
        fallback={chapter.fallback}
      />
      <RichTextField label="Content" name="content" defaultValue={values.content} error={errors.content} />
      <Field
        label="SEO description"
        error={errors.seoDescription}
        hint="One sentence for search results (at most 300 characters), e.g. what the chapter covers."
      >
        {(control) => (
          <textarea
            {...control}
            name="seoDescription"
            defaultValue={values.seoDescription}
            rows={2}
            maxLength={300}
            className={inputClass}
          />
        )}
      </Field>
      <Field
        label="Keywords"
        error={errors.seoKeywords}
        hint="Separate with commas, e.g. real numbers, HCF, class 10 maths"
      >
        {(control) => (
          <input {...control} name="seoKeywords" defaultValue={values.seoKeywords} className={inputClass} />
        )}
      </Field>
    </div>
  );
}
