import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useHydrated } from "#app/components/admin/chapter-form/use-hydrated.ts";
import { Field, inputClass } from "#app/components/field.tsx";
import { GRADES } from "#app/lib/grades.ts";

export type SubjectOption = { grade: number; code: string; label: string };

/**
 * "Class" and "Subject" of a chapter form. The subject list follows the class: at once with
 * JavaScript; without it, "Show subjects" sends the form back (Conform's validate button for the
 * class) with everything typed and the new class's subjects.
 */
export function ClassSubjectFields({
  form,
  fields,
  subjects,
  busy,
  onGradeChange,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: the fields serve two forms (Add Data, Edit Resource).
  form: FormMetadata<any>;
  fields: { grade: FieldMetadata<string>; subject: FieldMetadata<string> };
  /** Every class's subjects, in their order. */
  subjects: readonly SubjectOption[];
  busy?: boolean;
  onGradeChange?: (grade: string) => void;
}) {
  const grade = fields.grade.initialValue ?? "";
  const subject = fields.subject.initialValue ?? "";
  const hydrated = useHydrated();
  const [shown, setShown] = useState(grade);
  const classRef = useRef<HTMLSelectElement>(null);
  const showHintId = useId();
  // A class chosen before the page's JavaScript ran is in the select, not yet in state.
  useEffect(() => {
    const chosen = classRef.current?.value;
    if (chosen && chosen !== shown) {
      setShown(chosen);
      onGradeChange?.(chosen);
    }
  }, [shown, onGradeChange]);
  const options = subjects.filter((s) => String(s.grade) === shown);
  const selected =
    shown === grade && options.some((o) => o.code === subject) ? subject : (options[0]?.code ?? "");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Class" error={fields.grade.errors?.[0]}>
        {(control) => (
          <select
            {...control}
            ref={classRef}
            name={fields.grade.name}
            defaultValue={grade}
            onChange={(event) => {
              setShown(event.currentTarget.value);
              onGradeChange?.(event.currentTarget.value);
            }}
            className={inputClass}
          >
            {GRADES.map((g) => (
              <option key={g} value={String(g)}>
                Class {g}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label="Subject"
        error={fields.subject.errors?.[0]}
        hint={options.length === 0 ? `Class ${shown} has no subjects yet.` : undefined}
      >
        {(control) => (
          <select
            {...control}
            key={shown}
            name={fields.subject.name}
            defaultValue={selected}
            disabled={options.length === 0}
            className={inputClass}
          >
            {options.length === 0 ? <option value="">No subjects yet</option> : null}
            {options.map((o) => (
              <option key={o.code} value={o.code}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      {options.length === 0 ? (
        <p className="text-sm text-gray-700 sm:col-span-2">
          Add a subject to Class {shown} in{" "}
          <Link to={`/admin/subjects?grade=${shown}`} className="font-semibold text-brand-700 underline">
            Manage Subjects
          </Link>{" "}
          first.
        </p>
      ) : null}
      {hydrated ? null : (
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
          <button
            type="submit"
            {...form.validate.getButtonProps({ name: fields.grade.name })}
            disabled={busy}
            aria-describedby={showHintId}
            className="inline-flex items-center rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-gray-800 hover:bg-gray-50"
          >
            Show subjects
          </button>
          <span id={showHintId} className="text-xs text-gray-500">
            Changed the class? This lists its subjects and keeps everything you typed.
          </span>
        </div>
      )}
    </div>
  );
}
