import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { DraftOffer, useAutosave } from "#app/components/admin/autosave.tsx";
import { useConsoleForm } from "#app/components/admin/console-form.ts";
import { buttonClass } from "#app/components/admin/console-kit.tsx";
import { PostFields, type PostForm, postFromDraft } from "#app/components/admin/post-fields.tsx";
import { PickerFindForm } from "#app/components/admin/search-picker.tsx";
import type { PickOption } from "#app/lib/pick.ts";
import { emptyPostValues, type PostFormInput } from "#app/lib/post-form.ts";
import { RELATED_FIND } from "#app/lib/post-list-query.ts";

type Props = {
  /** The list's address: the form posts there, so the same list page comes back. */
  listUrl: string;
  today: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** The "Related posts" no-JavaScript Find (app/routes/admin/blogs.server.ts). */
  relatedFind: { query: string; matches: PickOption[]; keep: Record<string, string> };
  siteName: string;
};

const FORM_ID = "add-blog-form";
const FIND_FORM = "find-related-add";

/**
 * "Add New Blog Post": an empty post (today, Draft, comments allowed), and "Add Blog". The browser
 * keeps a copy of what is typed (autosave.tsx) and offers it back after a crash or a closed tab.
 */
export function PostAddForm(props: Props) {
  const autosave = useAutosave(FORM_ID, { item: "post:new" }, props.lastResult);
  const { count, draft } = autosave.restored;
  const restored = draft ? postFromDraft(draft, emptyPostValues(props.today)) : null;
  return (
    <section
      id="add-blog"
      aria-labelledby="add-blog-heading"
      className="mt-8 scroll-mt-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="add-blog-heading" className="text-xl font-bold text-gray-900">
        Add New Blog Post
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        Only the title and slug are needed; blank fields get sensible defaults. New posts start as Draft.
      </p>
      <PickerFindForm id={FIND_FORM} keep={props.relatedFind.keep} />
      <div className="mt-5">
        <DraftOffer draft={autosave.offer} onRestore={autosave.restore} onDiscard={autosave.discard} />
      </div>
      <AddPostForm
        // A restored copy starts the form again from it.
        key={count}
        {...props}
        lastResult={autosave.lastResult}
        restored={restored}
        onAdded={autosave.clear}
      />
    </section>
  );
}

function AddPostForm({
  listUrl,
  today,
  lastResult,
  relatedFind,
  siteName,
  restored,
  onAdded,
}: Props & { restored: { values: PostFormInput; known: PickOption[] } | null; onAdded: () => void }) {
  const { form, fields, submitting, guard, key } = useConsoleForm<PostForm>({
    id: FORM_ID,
    lastResult,
    defaultValue: restored?.values ?? emptyPostValues(today),
    intent: "add",
  });
  const [uploading, setUploading] = useState(false);
  // The key moves on once a post was added: its copy in the browser is no longer needed.
  const openedAs = useRef(key);
  useEffect(() => {
    if (key !== openedAs.current) onAdded();
  }, [key, onAdded]);
  return (
    <Form
      key={key}
      id={form.id}
      method="post"
      action={listUrl}
      encType="multipart/form-data"
      noValidate
      preventScrollReset
      aria-labelledby="add-blog-heading"
      onSubmit={guard}
    >
      <input type="hidden" name="intent" value="add" />
      <PostFields
        fields={fields}
        lastResult={lastResult}
        relatedPick={{
          known: [...relatedFind.matches, ...(restored?.known ?? [])],
          fallback: { form: FIND_FORM, param: RELATED_FIND, ...relatedFind },
        }}
        suggestSlug
        siteName={siteName}
        onUploadBusy={setUploading}
      />
      <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-gray-200 pt-5">
        <button type="submit" disabled={submitting || uploading} className={buttonClass("primary")}>
          {submitting ? "Adding..." : "Add Blog"}
        </button>
        {uploading ? <span className="text-sm text-gray-600">Waiting for the image to upload…</span> : null}
      </div>
    </Form>
  );
}
