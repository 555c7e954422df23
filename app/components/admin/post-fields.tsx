import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { type Draft, draftChoices, draftOver, draftValues } from "#app/components/admin/autosave.tsx";
import type { useConsoleForm } from "#app/components/admin/console-form.ts";
import { RichTextField } from "#app/components/admin/editor/rich-text-field.tsx";
import { ImageUpload } from "#app/components/admin/image-upload.tsx";
import { type PickerFallback, SearchPicker } from "#app/components/admin/search-picker.tsx";
import { Field, inputClass } from "#app/components/field.tsx";
import type { PickOption } from "#app/lib/pick.ts";
import { MAX_RELATED_POSTS, type PostFormInput } from "#app/lib/post-form.ts";
import { slugify } from "#app/lib/slug.ts";

/** A post form as the page holds it (app/routes/admin/blogs.server.ts reads it by the same names). */
export type PostForm = PostFormInput & { version?: number };
export type PostFieldset = ReturnType<typeof useConsoleForm<PostForm>>["fields"];
type TextMetadata = FieldMetadata<string, PostForm>;

/**
 * The "Related posts" picker: the posts whose titles the page knows (the chosen ones and what the
 * no-JavaScript "Find" found: app/server/catalogue/pickers.server.ts) and that Find itself.
 */
export type RelatedPick = { known: PickOption[]; fallback: PickerFallback };

/**
 * A post form from the browser's copy of it (autosave.tsx), over `base`: ticked boxes are the ones
 * sent, related posts a list; and the titles of those related posts, for the picker.
 */
export function postFromDraft(
  draft: Draft,
  base: PostFormInput,
): { values: PostFormInput; known: PickOption[] } {
  const sent = draftValues(draft);
  const related = [sent.related ?? []].flat();
  return {
    values: {
      ...draftOver(base, draft),
      featured: sent.featured !== undefined,
      allowComments: sent.allowComments !== undefined,
      related,
    },
    known: draftChoices(draft, related),
  };
}

/** The chosen slugs as the picker shows them: with their titles where known, else as they are. */
function chosenOptions(slugs: string[], known: PickOption[]): PickOption[] {
  const titles = new Map(known.map((o) => [o.value, o]));
  return slugs.map((slug) => titles.get(slug) ?? { value: slug, label: slug });
}

/**
 * The title of the other post that already has `slug`, looked up as the admin types (debounced,
 * stale answers dropped); the server refuses such a save anyway, this only says it sooner.
 */
function useSlugOwner(slug: string, ownSlug: string): string | null {
  const [owner, setOwner] = useState<{ slug: string; title: string } | null>(null);
  useEffect(() => {
    const wanted = slug.trim();
    if (!wanted || wanted === ownSlug) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ q: wanted, ...(ownSlug ? { except: ownSlug } : {}) });
      fetch(`/admin/pick/posts?${params}`, { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : { options: [] }))
        .then(({ options }: { options: PickOption[] }) => {
          const match = options.find((o) => o.value === wanted);
          setOwner(match ? { slug: wanted, title: match.label } : null);
        })
        .catch(() => {});
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug, ownSlug]);
  return owner && owner.slug === slug.trim() ? owner.title : null;
}

type Props = {
  fields: PostFieldset;
  /** The last refused save of this form: its slug message stands until the slug is typed again. */
  lastResult?: SubmissionResult<string[]> | null;
  relatedPick: RelatedPick;
  /** The slug the post has now (editing), which is of course not taken by another post. */
  ownSlug?: string;
  /** The add form suggests the slug from the title until the admin edits it. */
  suggestSlug: boolean;
  siteName: string;
  onUploadBusy?: (busy: boolean) => void;
};

function Section({
  title,
  children,
  description,
}: {
  title: string;
  children: ReactNode;
  description?: string;
}) {
  return (
    <fieldset className="min-w-0 border-t border-gray-200 pt-5 first:border-t-0 first:pt-0">
      <legend className="float-left w-full text-base font-bold text-gray-900">{title}</legend>
      {description ? <p className="clear-left pt-1 text-sm text-gray-600">{description}</p> : null}
      <div className="clear-left grid gap-4 pt-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

type TextProps = {
  label: string;
  field: TextMetadata;
  hint?: string;
  type?: string;
  placeholder?: string;
  wide?: boolean;
  multiline?: boolean;
  maxLength?: number;
  className?: string;
};

function TextField({
  label,
  field,
  hint,
  type = "text",
  placeholder,
  wide,
  multiline,
  maxLength,
  className = "",
}: TextProps) {
  return (
    <Field
      label={label}
      error={field.errors?.[0]}
      hint={hint}
      className={`${wide ? "sm:col-span-2" : ""} ${className}`.trim() || undefined}
    >
      {(control) =>
        multiline ? (
          <textarea
            {...control}
            name={field.name}
            defaultValue={field.defaultValue ?? ""}
            rows={3}
            maxLength={maxLength}
            placeholder={placeholder}
            className={inputClass}
          />
        ) : (
          <input
            {...control}
            type={type}
            name={field.name}
            defaultValue={field.defaultValue ?? ""}
            maxLength={maxLength}
            placeholder={placeholder}
            className={inputClass}
          />
        )
      }
    </Field>
  );
}

function Checkbox({
  label,
  field,
  hint,
}: {
  label: string;
  field: FieldMetadata<boolean, PostForm>;
  hint: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-lg border border-gray-200 bg-gray-50 px-3 py-2.5">
      <input
        id={id}
        type="checkbox"
        name={field.name}
        defaultChecked={field.defaultChecked}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-5 shrink-0 accent-brand-700"
      />
      <div>
        <label htmlFor={id} className="text-sm font-semibold text-gray-800">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          {hint}
        </p>
      </div>
    </div>
  );
}

/**
 * Every field of a blog post, grouped the way a teacher thinks about a post: what it is,
 * what it says, its picture, what to read next, and (folded away) search and sharing.
 * Used by the add form and the Edit Blog modal.
 */
export function PostFields({
  fields,
  lastResult,
  relatedPick,
  ownSlug = "",
  suggestSlug,
  siteName,
  onUploadBusy,
}: Props) {
  const typed = fields.slug.defaultValue ?? "";
  const slugInput = useRef<HTMLInputElement>(null);
  // The admin has typed a slug of their own: stop suggesting one from the title.
  const slugEdited = useRef(!suggestSlug || typed !== "");
  const [slug, setSlug] = useState(typed);
  const takenBy = useSlugOwner(slug, ownSlug);
  // The server's message stands until the admin types in the slug again; a slug another
  // post already has is said as soon as it is typed.
  const [typedAfter, setTypedAfter] = useState<SubmissionResult<string[]> | null | undefined>(undefined);
  const serverSlugError = typedAfter === lastResult ? undefined : fields.slug.errors?.[0];
  const slugError = takenBy
    ? `This slug is already used by “${takenBy}”. Choose a different one.`
    : serverSlugError;
  const advanced = [
    fields.seoTitle,
    fields.seoDescription,
    fields.canonicalUrl,
    fields.socialTitle,
    fields.socialDescription,
    fields.socialImage,
  ];
  const advancedOpen = advanced.some((field) => field.errors || field.defaultValue);

  return (
    <div className="space-y-6">
      <Section title="About the post">
        <Field label="Title" error={fields.title.errors?.[0]} className="sm:col-span-2">
          {(control) => (
            <input
              {...control}
              name={fields.title.name}
              defaultValue={fields.title.defaultValue ?? ""}
              maxLength={200}
              aria-required="true"
              onInput={(event) => {
                if (slugEdited.current || !slugInput.current) return;
                const suggestion = slugify(event.currentTarget.value);
                slugInput.current.value = suggestion;
                setSlug(suggestion);
              }}
              className={inputClass}
            />
          )}
        </Field>
        <Field
          label="Slug"
          error={slugError}
          hint="The post's web address: /blog/your-slug. Lowercase letters, digits and hyphens. Filled in from the title; change it if you like."
          className="sm:col-span-2"
        >
          {(control) => (
            <input
              {...control}
              ref={slugInput}
              name={fields.slug.name}
              defaultValue={typed}
              maxLength={120}
              aria-required="true"
              autoCapitalize="none"
              spellCheck={false}
              onInput={(event) => {
                const typed = event.currentTarget.value;
                // Clearing the slug hands it back to the suggestion.
                slugEdited.current = typed !== "";
                setSlug(typed);
                setTypedAfter(lastResult);
              }}
              className={`${inputClass} font-mono`}
            />
          )}
        </Field>
        <TextField
          label="Date"
          field={fields.date}
          type="date"
          hint="Shown on the post; newest posts come first. A scheduled post takes the day it goes out if this is earlier."
        />
        {/* "Publish at" shows while Status is Scheduled: CSS reads the select, so this works without
            JavaScript (a browser without :has() shows it always; it is read only when Scheduled). */}
        <div className="group/schedule contents">
          <Field
            label="Status"
            error={fields.status.errors?.[0]}
            hint="Only published posts appear on the public blog. A scheduled one is published by itself at its time."
          >
            {(control) => (
              <select
                {...control}
                name={fields.status.name}
                defaultValue={fields.status.defaultValue || "draft"}
                className={inputClass}
              >
                <option value="draft">Draft</option>
                <option value="scheduled">Scheduled</option>
                <option value="published">Published</option>
              </select>
            )}
          </Field>
          <TextField
            label="Publish at"
            field={fields.publishAt}
            type="datetime-local"
            hint="India time (IST). The post goes public by itself within a minute of this time."
            className="group-has-[option[value=scheduled]:not(:checked)]/schedule:hidden"
          />
        </div>
        <TextField
          label="Author"
          field={fields.author}
          placeholder={`${siteName} Team`}
          hint={`Blank: ${siteName} Team`}
          maxLength={100}
        />
        <TextField
          label="Tag"
          field={fields.tag}
          placeholder="General"
          hint="Shown as the post's badge. Blank: General"
          maxLength={60}
        />
        <TextField
          label="Category"
          field={fields.category}
          placeholder="General"
          hint="Blank: General"
          maxLength={60}
        />
        <div className="grid content-start gap-3 sm:row-span-1">
          <Checkbox label="Featured post" field={fields.featured} hint="Highlight this post." />
          <Checkbox
            label="Allow comments"
            field={fields.allowComments}
            hint="Readers may comment on this post."
          />
        </div>
      </Section>

      <Section title="What the post says">
        <TextField
          label="Excerpt"
          field={fields.excerpt}
          multiline
          wide
          maxLength={500}
          hint="One or two sentences shown on the blog list and in search results."
        />
        <div className="sm:col-span-2">
          <RichTextField
            label="Content"
            name={fields.content.name}
            defaultValue={fields.content.defaultValue ?? ""}
            error={fields.content.errors?.[0]}
          />
        </div>
        <TextField
          label="Keywords"
          field={fields.seoKeywords}
          wide
          hint="Separate with commas, e.g. board exams, revision, class 10"
        />
      </Section>

      <Section title="Picture">
        <div className="sm:col-span-2">
          <ImageUpload
            label="Featured image"
            name={fields.image.name}
            fileName="imageFile"
            defaultUrl={fields.image.defaultValue ?? ""}
            error={fields.image.errors?.[0]}
            onBusyChange={onUploadBusy}
          />
        </div>
        <TextField
          label="Alt text for the image"
          field={fields.featuredImageAlt}
          wide
          maxLength={300}
          hint="Describe the picture in a few words for students who cannot see it. Blank: the post's title."
        />
      </Section>

      <div className="min-w-0 border-t border-gray-200 pt-5">
        <SearchPicker
          label="Related posts"
          name={fields.related.name}
          source="/admin/pick/posts"
          // The post being edited is never offered as its own related post.
          sourceParams={ownSlug ? { except: ownSlug } : undefined}
          selected={chosenOptions(fields.related.defaultOptions ?? [], relatedPick.known)}
          max={MAX_RELATED_POSTS}
          noun="posts"
          hint={`Posts readers should see next: type part of a title and choose it (at most ${MAX_RELATED_POSTS}).`}
          error={fields.related.errors?.[0]}
          fallback={relatedPick.fallback}
        />
      </div>

      <details
        open={advancedOpen}
        className="group rounded-lg border border-gray-200 bg-gray-50 open:bg-white"
      >
        <summary className="cursor-pointer list-none px-4 py-3 font-bold text-gray-900 marker:hidden">
          <span
            aria-hidden="true"
            className="mr-2 inline-block text-gray-500 transition-transform group-open:rotate-90"
          >
            ▸
          </span>
          Search and social
          <span className="block pl-6 text-sm font-normal text-gray-600">
            Optional. Blank fields use the title, excerpt and featured image.
          </span>
        </summary>
        <div className="grid gap-4 border-t border-gray-200 p-4 sm:grid-cols-2">
          <TextField
            label="Headline in search results"
            field={fields.seoTitle}
            wide
            maxLength={300}
            hint="Blank: the title"
          />
          <TextField
            label="Description in search results"
            field={fields.seoDescription}
            multiline
            wide
            maxLength={300}
            hint="Blank: the excerpt"
          />
          <TextField
            label="Canonical URL"
            field={fields.canonicalUrl}
            type="url"
            wide
            placeholder="https://"
            hint="Only if this post first appeared on another site. Blank: this post's own address."
          />
          <TextField
            label="Headline when shared"
            field={fields.socialTitle}
            maxLength={300}
            hint="On WhatsApp, Facebook… Blank: the title"
          />
          <TextField
            label="Image address when shared"
            field={fields.socialImage}
            type="url"
            placeholder="https://"
            hint="Blank: the featured image"
          />
          <TextField
            label="Description when shared"
            field={fields.socialDescription}
            multiline
            wide
            maxLength={300}
            hint="Blank: the excerpt"
          />
        </div>
      </details>
    </div>
  );
}
