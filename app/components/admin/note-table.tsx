import { OpenModalButton } from "./post-note-actions.tsx";

export type NoteRow = {
  id: number;
  chapterTitle: string;
  /** "Class 10 · Mathematics" */
  place: string;
  /** The chapter's public page. */
  href: string;
  preview: string;
};

/** Every note with its chapter and the first 80 characters of its text. */
export function NoteTable({ notes }: { notes: NoteRow[] }) {
  if (notes.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-gray-300 bg-white px-4 py-8 text-center text-gray-600">
        No notes yet. Add the first one below.
      </p>
    );
  }
  return (
    <div className="rounded-2xl border border-gray-200 bg-white shadow-sm">
      <table className="block w-full text-left text-sm md:table">
        <thead className="hidden border-b border-gray-200 bg-gray-50 text-xs font-semibold tracking-wide text-gray-600 uppercase md:table-header-group">
          <tr>
            <th scope="col" className="w-[30%] px-4 py-3">
              Chapter
            </th>
            <th scope="col" className="px-4 py-3">
              Preview
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-gray-100 md:table-row-group">
          {notes.map((note) => (
            <tr
              key={note.id}
              className="block px-4 py-3 align-top md:table-row md:p-0 md:hover:bg-gray-50/60"
            >
              <td className="block md:table-cell md:px-4 md:py-3">
                <a
                  href={note.href}
                  target="_blank"
                  rel="noopener"
                  className="font-medium text-gray-900 hover:text-brand-700 hover:underline"
                >
                  {note.chapterTitle}
                </a>
                <span className="mt-0.5 block text-xs text-gray-500">{note.place}</span>
              </td>
              <td className="block pt-1 text-gray-700 md:table-cell md:px-4 md:py-3">
                {note.preview}
                {note.preview.length >= 80 ? <span aria-hidden="true">…</span> : null}
              </td>
              <td className="block pt-2 md:table-cell md:px-4 md:py-3">
                <div className="flex gap-2 md:justify-end">
                  <OpenModalButton param="edit" id={note.id} label="Edit" />
                  <OpenModalButton param="delete" id={note.id} label="Delete" />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
