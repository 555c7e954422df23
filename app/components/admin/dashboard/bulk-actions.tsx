import { useId } from "react";
import { BulkBar } from "#app/components/admin/bulk-kit.tsx";
import type { SubjectOption } from "#app/components/admin/chapter-form/class-subject-fields.tsx";
import { buttonClass, useSubmittingIntent } from "#app/components/admin/console-kit.tsx";
import {
  actionHref,
  type DashboardQuery,
  ListStateFields,
} from "#app/components/admin/dashboard/list-state.tsx";
import { GRADES } from "#app/lib/grades.ts";

export const BULK_FORM_ID = "chapter-bulk";

const selectClass =
  "min-w-0 max-w-full flex-1 rounded-lg border border-gray-300 bg-white px-2 py-1.5 text-sm text-gray-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:w-64 sm:flex-none";

/**
 * What can be done with the ticked chapters: "Move to subject" (any class) posts at once;
 * "Delete" first opens its confirmation as a page state (a GET to ?bulk=delete&ids=...).
 */
export function ChapterBulkActions({
  query,
  subjects,
}: {
  query: DashboardQuery;
  subjects: readonly SubjectOption[];
}) {
  const selectId = useId();
  const moving = useSubmittingIntent("bulk-move");
  return (
    <BulkBar formId={BULK_FORM_ID} action={actionHref(query)}>
      {/* For "Delete", a GET: the list stays as it is behind the confirmation. */}
      <ListStateFields query={query} />
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <label htmlFor={selectId} className="text-sm font-semibold text-gray-800">
          Move to subject
        </label>
        <select id={selectId} name="to" defaultValue="" className={selectClass}>
          <option value="">Choose…</option>
          {GRADES.map((grade) => (
            <optgroup key={grade} label={`Class ${grade}`}>
              {subjects
                .filter((s) => s.grade === grade)
                .map((s) => (
                  <option key={s.code} value={`${grade}:${s.code}`}>
                    {`Class ${grade} – ${s.label}`}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
        <button
          type="submit"
          name="intent"
          value="bulk-move"
          disabled={moving}
          className={buttonClass("cancel", "sm")}
        >
          {moving ? "Moving..." : "Move"}
        </button>
      </div>
      <button
        type="submit"
        formMethod="get"
        formAction="/admin"
        name="bulk"
        value="delete"
        className={buttonClass("delete", "sm")}
      >
        Delete
      </button>
    </BulkBar>
  );
}
