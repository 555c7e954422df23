import { Field, inputClass } from "~/components/field";
import type { NoteFormValues } from "~/lib/post-form";
import { RichTextField } from "./editor/rich-text-field.tsx";

/** Chapters grouped as the site shows them: "Class 10 · Mathematics". */
export type ChapterGroup = { label: string; chapters: Array<{ id: number; title: string }> };

type Props = { values: NoteFormValues; errors?: Record<string, string>; chapterGroups: ChapterGroup[] };

/** The fields of a note: its chapter, its text, and what search engines show for the chapter. */
export function NoteFields({ values, errors = {}, chapterGroups }: Props) {
  return (
    <div className="space-y-5">
      <Field
        label="Chapter"
        error={errors.chapterId}
        hint="A chapter may have several notes; its first note gives the chapter page its search description."
      >
        {(control) => (
          <select
            {...control}
            name="chapterId"
            defaultValue={values.chapterId}
            aria-required="true"
            className={`${inputClass} sm:max-w-xl`}
          >
            <option value="">Select chapter</option>
            {chapterGroups.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.chapters.map((chapter) => (
                  <option key={chapter.id} value={chapter.id}>
                    {chapter.title}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        )}
      </Field>
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
