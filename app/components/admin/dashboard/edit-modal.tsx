import { useEffect, useId, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ChapterFields } from "#app/components/admin/chapter-form/chapter-fields.tsx";
import {
  ClassSubjectFields,
  type SubjectOption,
} from "#app/components/admin/chapter-form/class-subject-fields.tsx";
import { type FormResult, useChapterRows } from "#app/components/admin/chapter-form/use-chapter-rows.ts";
import { CancelButton, CloseModalForm } from "#app/components/admin/console-kit.tsx";
import { actionHref, type DashboardQuery, listHref } from "#app/components/admin/dashboard/list-state.tsx";
import { Modal } from "#app/components/dialog.tsx";
import { asEditDraft, type EditDraft } from "#app/lib/chapter-form.ts";
import type { Toast } from "#app/lib/toast.ts";

type EditFailure = "conflict" | "gone";

export type EditState = {
  draft: EditDraft;
  /** The failed save to show in the modal (its message and field errors), if any. */
  failed: { toast: Toast; errors: Record<string, string>; reason?: EditFailure } | null;
};

type ActionData = {
  ok: boolean;
  toast?: Toast;
  errors?: Record<string, string>;
  values?: Record<string, unknown>;
};

type EditedChapter = {
  id: number;
  version: number;
  grade: number;
  subjectCode: string;
  title: string;
  links: EditDraft["chapter"]["links"];
};

/** What the "Edit Resource" modal shows: what was typed (after a failed save), or the chapter of ?edit=. */
export function editStateFrom(
  editing: EditedChapter | null,
  actionData: ActionData | undefined,
  params: URLSearchParams,
): EditState | null {
  // A save that failed (or, without JavaScript, a row button) shows the modal again with what was typed.
  const typed = actionData && !(actionData.ok && actionData.toast) ? asEditDraft(actionData.values) : null;
  if (typed) {
    const reason = (actionData?.values as { reason?: EditFailure } | undefined)?.reason;
    const failed =
      actionData && !actionData.ok && actionData.toast
        ? { toast: actionData.toast, errors: actionData.errors ?? {}, reason }
        : null;
    return { draft: typed, failed };
  }
  // Opened by the URL; after a failed action the loader data may be the one from before it.
  if (!editing || params.get("edit") !== String(editing.id)) return null;
  return {
    draft: {
      id: String(editing.id),
      version: String(editing.version),
      grade: String(editing.grade),
      subject: editing.subjectCode,
      chapter: { title: editing.title, links: editing.links },
    },
    failed: null,
  };
}

/** "Edit Resource": one chapter over the list; closing it returns to the same list page. */
export function EditModal({
  state,
  subjects,
  query,
}: {
  state: EditState;
  subjects: readonly SubjectOption[];
  query: DashboardQuery;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === state.draft.id;
  const saving = busy && navigation.formData?.get("intent") === "update";
  const result: FormResult = state.failed ? { id: state.failed.toast.id, errors: state.failed.errors } : null;
  const rows = useChapterRows([state.draft.chapter], result, false);
  const [chapter] = rows.chapters;
  const closeTo = listHref(query);
  const cancelId = useId();
  const alertRef = useRef<HTMLDivElement>(null);
  // Bring the message into view inside the (scrolling) modal.
  useEffect(() => {
    if (result?.id) alertRef.current?.scrollIntoView({ block: "nearest" });
  }, [result?.id]);
  const latest = `${closeTo}${closeTo.includes("?") ? "&" : "?"}edit=${state.draft.id}`;
  return (
    <Modal title="Edit Resource" role="dialog" closeTo={closeTo} wide>
      {state.failed ? (
        <div
          ref={alertRef}
          role="alert"
          className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
        >
          <p>{state.failed.toast.message}</p>
          {state.failed.reason === "conflict" ? (
            <p className="mt-2 font-normal">
              <Link to={latest} replace preventScrollReset className="font-semibold underline">
                Open the latest version
              </Link>{" "}
              (what you typed here will be replaced by the saved chapter).
            </p>
          ) : null}
        </div>
      ) : null}
      <Form
        method="post"
        action={actionHref(query)}
        noValidate
        preventScrollReset
        onKeyDown={(event) => {
          // Enter in a text box saves, never a row button.
          if (event.key !== "Enter" || !(event.target instanceof HTMLInputElement)) return;
          event.preventDefault();
          const save = event.currentTarget.querySelector<HTMLButtonElement>('button[value="update"]');
          if (save && !save.disabled) event.currentTarget.requestSubmit(save);
        }}
      >
        <input type="hidden" name="id" value={state.draft.id} />
        <input type="hidden" name="version" value={state.draft.version} />
        <div className="space-y-5">
          <ClassSubjectFields
            subjects={subjects}
            grade={state.draft.grade}
            subject={state.draft.subject}
            errors={state.failed?.errors}
            busy={busy}
          />
          {chapter ? (
            <ChapterFields chapter={chapter} index={0} rows={rows} busy={busy} grade={state.draft.grade} />
          ) : null}
        </div>
        <div className="sticky bottom-0 z-10 -mx-5 mt-6 -mb-5 flex justify-end gap-3 border-t border-gray-200 bg-white px-5 py-4 sm:-mx-6 sm:-mb-6 sm:px-6">
          <CancelButton form={cancelId} disabled={saving} />
          <button
            type="submit"
            name="intent"
            value="update"
            disabled={busy}
            className="inline-flex min-w-32 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
          >
            {saving ? "Saving..." : "Save Changes"}
          </button>
        </div>
      </Form>
      <CloseModalForm id={cancelId} to={closeTo} />
    </Modal>
  );
}
