import type { ShouldRevalidateFunctionArgs } from "react-router";
import { consoleMeta } from "#app/components/admin/console-kit.tsx";
import { PostEditDialog } from "#app/components/admin/post-dialogs.tsx";
import { services } from "#app/context.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import { editBlogAction, editBlogPage } from "#app/routes/admin/blogs.server.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import type { Route } from "./+types/blog-edit";

// Edit Blog at its own address (/admin/blogs/ID, with the list's page, sort, filters and search):
// a modal over that list page (app/routes/admin/blogs.tsx), loading only this one post. It can be
// bookmarked; closing it, or saving, returns to the same list page.

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, "Edit Blog");
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireConsoleUser(context);
  const { db, config } = services(context);
  return editBlogPage(db, config, params.id, new URL(request.url));
}

/** After a refused save too: the post as saved now tells whether someone else saved it meanwhile. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireConsoleUser(context);
  return editBlogAction(context, request, params.id);
}

export default function EditBlog({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { siteName } = siteFromMatches(matches);
  // A post deleted meanwhile: the list stays, and the layout shows the loader's notice.
  if (!loaderData.post) return null;
  const { post, listUrl, relatedKnown, relatedFind } = loaderData;
  // The version this form was opened at: after a refused save, the one it sent.
  const openedAt = String(actionData?.result.initialValue?.version ?? post.version);
  return (
    <PostEditDialog
      // The modal stays as it is while its save is refused (what was typed, the focus on the first
      // error); "Load the latest version" starts it again from the post as saved now.
      key={`${post.id}:${openedAt}`}
      listUrl={listUrl}
      post={post}
      lastResult={actionData?.result}
      message={actionData?.message}
      stale={openedAt !== String(post.version)}
      relatedKnown={relatedKnown}
      relatedFind={relatedFind}
      siteName={siteName}
    />
  );
}
