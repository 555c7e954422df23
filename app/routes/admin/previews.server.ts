// The console's previews (issue 15), beside their thin route modules: a post as the blog will show
// it (post-preview.tsx) and a note, as typed, on its chapter's page (note-preview.tsx). Both are
// the public pages' own views, at console addresses: private, never stored, never cached.
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { services } from "#app/context.ts";
import { pathId, recordId, typedText } from "#app/lib/form-fields.ts";
import { parseKeywords } from "#app/lib/keywords.ts";
import { formTextToHtml } from "#app/lib/post-form.ts";
import { chapterPageView } from "#app/server/catalogue/chapter-page.server.ts";
import { getChapter } from "#app/server/catalogue/chapters.server.ts";
import { MAX_NOTE_LENGTH, notesForChapter } from "#app/server/catalogue/notes.server.ts";
import { consoleAction } from "#app/server/console/console-form.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { sanitizeRichText } from "#app/server/platform/sanitize.server.ts";
import { postPageView } from "#app/server/publishing/post-page.server.ts";
import { getPost } from "#app/server/publishing/posts.server.ts";

type Context = Readonly<RouterContextProvider>;

/** A post (any status) as its public page will show it, with what the banner says of it. */
export async function postPreviewPage(context: Context, idParam: string | undefined) {
  const { db } = services(context);
  const id = pathId(idParam);
  const post = id === null ? null : await getPost(db, id);
  if (!post) throw data("This post does not exist (deleted meanwhile?).", { status: 404 });
  return {
    id: post.id,
    status: post.status,
    publishAt: post.publishAt,
    view: await postPageView(db, post),
  };
}

const UNREADABLE = "The form could not be read, so there is nothing to preview. Go back to it and try again.";
const NOTHING = "Nothing to preview yet: write the note, or choose its chapter, then press Preview again.";

/** A note form as Preview sends it: Add Note's or Edit Note's, whose intent comes along. */
const notePreviewForm = z.object({
  intent: z.literal(["add", "update"], { error: UNREADABLE }),
  // Edit Note's: the note shown in its own place among the chapter's notes.
  id: recordId(UNREADABLE).optional(),
  chapterId: recordId(UNREADABLE).optional(),
  content: typedText(2 * MAX_NOTE_LENGTH),
  seoDescription: typedText(2_000),
  seoKeywords: typedText(10_000),
});

/** A new note comes after the chapter's notes, as it will once saved (they are shown by id). */
const NEW_NOTE = Number.MAX_SAFE_INTEGER;

/** What Preview shows: the chapter page with the note, or the note alone (no chapter chosen yet). */
type NotePreview = { view: Awaited<ReturnType<typeof chapterPageView>> | null; content: string };

/**
 * The chapter page with the note as typed (sanitized as a save would), in place of its saved text
 * or after the chapter's notes; without a chapter, the note alone. Nothing is saved, and a
 * refusal is this tab's own page, so it leaves no toast for the console.
 */
export async function notePreview(context: Context, request: Request) {
  const { db, config } = services(context);
  const spec = { schema: notePreviewForm, quiet: true };
  return consoleAction<typeof notePreviewForm, NotePreview>(context, request, spec, (form) => ({
    write: async () => {
      if (!form.content.trim() && form.chapterId === undefined) throw new DomainError(NOTHING);
      const note = {
        id: form.id ?? NEW_NOTE,
        content: sanitizeRichText(formTextToHtml(form.content).slice(0, MAX_NOTE_LENGTH)),
        seoDescription: form.seoDescription.trim(),
        seoKeywords: parseKeywords(form.seoKeywords),
      };
      const chapter = form.chapterId === undefined ? null : await getChapter(db, form.chapterId);
      if (!chapter) return { shown: { view: null, content: note.content } };
      const others = (await notesForChapter(db, chapter.id)).filter((n) => n.id !== note.id);
      const notes = [...others, note].sort((a, b) => a.id - b.id);
      return { shown: { view: await chapterPageView(db, config, chapter, notes), content: note.content } };
    },
  }));
}
