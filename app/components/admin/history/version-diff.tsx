import { Link } from "react-router";
import { buttonClass } from "#app/components/admin/console-kit.tsx";
import { formatIndiaDateTime } from "#app/lib/dates.ts";
import { type HistoryKind, historyHref } from "#app/lib/history-links.ts";

export type DiffPart = { text: string; change: "same" | "added" | "removed" };

export type Comparison = {
  version: number;
  savedBy: string | null;
  savedAt: string;
  summary: string;
  /** `lines`: the parts are whole lines (a link list), shown one under another. */
  fields: Array<{ label: string; lines: boolean; parts: DiffPart[] }>;
};

// Marked by colour and by line (struck out, underlined), and named for screen readers, so a change
// is never told by colour alone.
const removed = "mr-0.5 rounded-sm bg-red-100 px-0.5 text-red-900 line-through decoration-red-700/70";
const added = "rounded-sm bg-green-100 px-0.5 text-green-900 underline decoration-green-700/70";

function Part({ part, line }: { part: DiffPart; line: boolean }) {
  const block = line ? "block w-fit" : "";
  if (part.change === "removed") {
    return (
      <del className={`${removed} ${block}`}>
        <span className="sr-only">[only in this version: </span>
        {part.text}
        <span className="sr-only">]</span>
      </del>
    );
  }
  if (part.change === "added") {
    return (
      <ins className={`${added} ${block}`}>
        <span className="sr-only">[only in the current version: </span>
        {part.text}
        <span className="sr-only">]</span>
      </ins>
    );
  }
  return line ? <span className="block">{part.text}</span> : part.text;
}

/** One kept version compared with the current one, field by field, with "Restore this version". */
export function VersionDiff({
  kind,
  id,
  current,
  comparison,
  closeTo,
}: {
  kind: HistoryKind;
  id: number;
  current: number;
  comparison: Comparison;
  /** The History page without this version open. */
  closeTo: string;
}) {
  const { version, fields } = comparison;
  return (
    <section
      aria-labelledby="version-diff-heading"
      className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="version-diff-heading" className="text-lg font-bold text-gray-900">
            Version {version} compared with the current version ({current})
          </h2>
          <p className="mt-1 text-sm text-gray-600 [overflow-wrap:anywhere]">
            Saved by {comparison.savedBy ?? "someone (not recorded)"} on{" "}
            <time dateTime={comparison.savedAt}>{formatIndiaDateTime(comparison.savedAt)}</time> IST
            {comparison.summary === "created"
              ? " · the first version"
              : comparison.summary
                ? ` · it changed: ${comparison.summary}`
                : ""}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* Restoring a version that holds what the current one holds would change nothing. */}
          {fields.length === 0 ? null : (
            <Link
              to={historyHref(kind, id, { v: version, restore: true })}
              preventScrollReset
              className={buttonClass("primary", "sm")}
            >
              Restore this version
            </Link>
          )}
          <Link to={closeTo} preventScrollReset className={buttonClass("cancel", "sm")}>
            Close
          </Link>
        </div>
      </div>
      {fields.length === 0 ? (
        <p className="mt-4 text-sm text-gray-700">
          This version holds the same as the current one: there is nothing to restore.
        </p>
      ) : (
        <>
          <p className="mt-4 text-sm text-gray-700">
            <del className={removed}>Struck out in red</del>: only in version {version}.{" "}
            <ins className={added}>Underlined in green</ins>: only in the current version. Restoring version{" "}
            {version} brings back the red and takes out the green.
          </p>
          <dl className="mt-4 divide-y divide-gray-100 border-t border-gray-100">
            {fields.map((field) => (
              <div key={field.label} className="py-3 sm:grid sm:grid-cols-[11rem_1fr] sm:gap-4">
                <dt className="text-sm font-semibold text-gray-800">{field.label}</dt>
                <dd className="mt-1 text-sm leading-relaxed whitespace-pre-wrap text-gray-800 [overflow-wrap:anywhere] sm:mt-0">
                  {field.parts.map((part, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff never reorder.
                    <Part key={i} part={part} line={field.lines} />
                  ))}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
