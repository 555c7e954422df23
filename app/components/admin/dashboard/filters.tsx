import { useId } from "react";
import { Link, useSubmit } from "react-router";
import type { SubjectOption } from "#app/components/admin/chapter-form/class-subject-fields.tsx";
import { DASHBOARD_LIST, type DashboardQuery } from "#app/components/admin/dashboard/list-state.tsx";
import { ListSearch } from "#app/components/admin/list-kit.tsx";
import { inputClass } from "#app/components/field.tsx";
import { CONTENT_FILTER_LABELS, CONTENT_FILTERS } from "#app/lib/chapter-contents.ts";
import { GRADES } from "#app/lib/grades.ts";

/**
 * Class, Subject and "Search" in one GET form (the list kit's), keeping the sort. With JavaScript
 * the list follows each Class or Subject choice at once; without it, "Apply" does.
 */
export function DashboardFilters({
  query,
  subjects,
}: {
  query: DashboardQuery;
  subjects: readonly SubjectOption[];
}) {
  const submit = useSubmit();
  const gradeId = useId();
  const subjectId = useId();
  const contentId = useId();
  const { grade, subject, content } = query.filters;
  const options = grade
    ? subjects.filter((s) => String(s.grade) === grade)
    : [...new Map(subjects.map((s) => [s.code, s])).values()];
  const apply = (form: HTMLFormElement | null) => {
    if (!form) return;
    // Empty fields left out, so the address holds only what narrows the list.
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (value) params.append(name, String(value));
    submit(params, { method: "get", action: "/admin", replace: true, preventScrollReset: true });
  };
  const sorted = query.sort !== DASHBOARD_LIST.defaultSort || query.dir !== "asc";
  const keep: Record<string, string> = sorted ? { sort: query.sort, dir: query.dir } : {};
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <ListSearch q={query.q} keep={keep} placeholder="Chapter title or notes">
        <div className="min-w-32 flex-1 sm:flex-none">
          <label htmlFor={gradeId} className="block text-sm font-semibold text-gray-800">
            Class
          </label>
          <select
            id={gradeId}
            name="grade"
            defaultValue={grade}
            key={`g${grade}`}
            onChange={(event) => {
              // A subject the new class does not have would show nothing: fall back to all subjects.
              const select = event.currentTarget;
              const chosen = select.form?.elements.namedItem("subject");
              if (
                chosen instanceof HTMLSelectElement &&
                select.value &&
                !subjects.some((s) => String(s.grade) === select.value && s.code === chosen.value)
              ) {
                chosen.value = "";
              }
              apply(select.form);
            }}
            className={inputClass}
          >
            <option value="">All classes</option>
            {GRADES.map((g) => (
              <option key={g} value={String(g)}>
                Class {g}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-40 flex-1 sm:flex-none">
          <label htmlFor={subjectId} className="block text-sm font-semibold text-gray-800">
            Subject
          </label>
          <select
            id={subjectId}
            name="subject"
            defaultValue={subject}
            key={`s${grade}-${subject}`}
            onChange={(event) => apply(event.currentTarget.form)}
            className={inputClass}
          >
            <option value="">All subjects</option>
            {options.map((s) => (
              <option key={s.code} value={s.code}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-36 flex-1 sm:flex-none">
          <label htmlFor={contentId} className="block text-sm font-semibold text-gray-800">
            Content
          </label>
          <select
            id={contentId}
            name="content"
            defaultValue={content}
            key={`c${content}`}
            onChange={(event) => apply(event.currentTarget.form)}
            className={inputClass}
          >
            <option value="">All chapters</option>
            {CONTENT_FILTERS.map((value) => (
              <option key={value} value={value}>
                {CONTENT_FILTER_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </ListSearch>
      {grade || subject || content || query.q ? (
        <Link to="/admin" className="mt-3 inline-block text-sm font-semibold text-brand-700 underline">
          Show all chapters
        </Link>
      ) : null}
    </div>
  );
}
