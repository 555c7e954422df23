import { Link } from "react-router";
import { PreviewBanner } from "#app/components/admin/preview-banner.tsx";
import { ChapterView } from "#app/components/public/chapter-view.tsx";
import { chapterPageCopy } from "#app/content/chapter-page-copy.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import { notePreview } from "#app/routes/admin/previews.server.ts";
import { requireRouteRole } from "#app/server/auth.server.ts";
import type { Route } from "./+types/note-preview";

// A note as typed, on its chapter's page (/admin/notes/preview): Add Note's and Edit Note's
// "Preview" send the form here (a new tab). Nothing is saved. A console address, so it is never
// stored or cached (root.tsx) and search engines are told to leave it.

export function meta({ matches }: Route.MetaArgs) {
  const { siteName } = siteFromMatches(matches);
  return [
    { title: `Preview of a note | ${siteName} admin` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

/** Opened without a form (a reload, a bookmark): nothing to show but how to get one. */
export function loader({ context, pattern }: Route.LoaderArgs) {
  requireRouteRole(context, pattern);
  return null;
}

export async function action({ request, context, pattern }: Route.ActionArgs) {
  requireRouteRole(context, pattern);
  return notePreview(context, request);
}

export default function NotePreview({ actionData, matches }: Route.ComponentProps) {
  const { siteName } = siteFromMatches(matches);
  const view = actionData?.shown?.view;
  const content = actionData?.shown?.content;
  return (
    <>
      <PreviewBanner>
        <p>
          {view
            ? "The chapter page with this note as typed, not saved yet: students see it once you save the note. Close this tab to go back to the form."
            : (actionData?.message ??
              (actionData
                ? "Choose the note's chapter to see the note on that chapter's page. The note alone, as typed:"
                : "Nothing to preview here: use Preview on Add Note or Edit Note."))}{" "}
          {view ? null : (
            <Link to="/admin/notes" className="font-semibold underline">
              Back to Manage Notes
            </Link>
          )}
        </p>
      </PreviewBanner>
      {view ? (
        <ChapterView {...view} copy={chapterPageCopy} siteName={siteName} reported={null} promo={false} />
      ) : content ? (
        <main className="flex-1 bg-gray-50 px-4 py-8">
          {/* Sanitized by the preview as a save would (sanitize.server.ts). */}
          <div
            className="prose-content mx-auto max-w-3xl rounded-2xl border border-gray-200 bg-white p-5 text-gray-800 shadow-sm [overflow-wrap:anywhere] sm:p-8"
            dangerouslySetInnerHTML={{ __html: content }}
          />
        </main>
      ) : (
        <main className="flex-1" />
      )}
    </>
  );
}
