import { parseGrade } from "#app/lib/grades.ts";
import type { ListQuery, ListSpec } from "#app/lib/list-query.ts";

/** Manage Notes' list state in the URL: `class`, `subject`, `q`, `sort`/`dir`, `page`. */
export type NoteSort = "updated" | "chapter" | "class";
export type NoteFilter = "class" | "subject";
export type NoteListQuery = ListQuery<NoteSort, NoteFilter>;

export const NOTE_LIST: ListSpec<NoteSort, NoteFilter> = {
  sorts: ["updated", "chapter", "class"],
  // Newest first: a note just added or edited is at the top of the first page.
  defaultSort: "updated",
  defaultDir: { updated: "desc", chapter: "asc", class: "asc" },
  filters: {
    class: (value) => parseGrade(value) !== null,
    subject: (value) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value) && value.length <= 60,
  },
};

/** The no-JavaScript chapter picker's search text in the address (its "Find"). */
export const CHAPTER_FIND = "chapterq";
