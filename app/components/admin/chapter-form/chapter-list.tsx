import { AddChapterButton, ChapterCard } from "#app/components/admin/chapter-form/chapter-fields.tsx";
import { type FormResult, useChapterRows } from "#app/components/admin/chapter-form/use-chapter-rows.ts";
import type { ChapterDraft } from "#app/lib/chapter-form.ts";

// Add Data's chapter cards with their Add Chapter and Submit bar, and the chapters it just added.

type Added = { title: string; slug: string };

export function addedChapters(values: unknown): Added[] {
  const list = (values as { added?: unknown } | undefined)?.added;
  if (!Array.isArray(list)) return [];
  return list.filter((a): a is Added => typeof a?.title === "string" && typeof a?.slug === "string");
}

export function ChapterList({
  initial,
  result,
  busy,
  saving,
  grade,
}: {
  initial: ChapterDraft[];
  result: FormResult;
  busy: boolean;
  saving: boolean;
  grade: string;
}) {
  const rows = useChapterRows(initial, result, true);
  return (
    <>
      <div className="space-y-4">
        {rows.chapters.map((chapter, index) => (
          <ChapterCard
            key={chapter.key}
            chapter={chapter}
            index={index}
            count={rows.chapters.length}
            rows={rows}
            busy={busy}
            grade={grade}
          />
        ))}
      </div>
      <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 bg-gray-50/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:bg-white/95">
        <AddChapterButton rows={rows} busy={busy} />
        <div className="flex items-center gap-3">
          <p className="hidden text-xs text-gray-500 sm:block">Empty link rows are skipped.</p>
          <button
            type="submit"
            name="intent"
            value="save"
            disabled={busy}
            className="inline-flex min-w-28 items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
          >
            {saving ? "Saving..." : "Submit"}
          </button>
        </div>
      </div>
    </>
  );
}
