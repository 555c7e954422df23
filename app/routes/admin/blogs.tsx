import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { buttonClass, consoleMeta } from "#app/components/admin/console-kit.tsx";
import { PostAddForm } from "#app/components/admin/post-add-form.tsx";
import { PostBulkDeleteDialog, PostDeleteDialog } from "#app/components/admin/post-dialogs.tsx";
import { PostList } from "#app/components/admin/post-list.tsx";
import { services } from "#app/context.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import { blogsAction, blogsPage } from "#app/routes/admin/blogs.server.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import type { Route } from "./+types/blogs";

export function meta({ matches }: Route.MetaArgs) {
  return consoleMeta(matches, "Manage Blogs");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireConsoleUser(context);
  return blogsPage(services(context).db, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  requireConsoleUser(context);
  return blogsAction(context, request);
}

/**
 * Opening or closing Edit Blog over the same list page (the same list query) loads only the one
 * post: the list under the modal is the one already shown. Everything else reloads as usual.
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  const { currentUrl, nextUrl, formMethod, defaultShouldRevalidate } = args;
  const modalOnly =
    (formMethod === undefined || formMethod.toUpperCase() === "GET") &&
    currentUrl.pathname !== nextUrl.pathname &&
    currentUrl.search === nextUrl.search;
  return modalOnly ? false : defaultShouldRevalidate;
}

/** Manage Blogs: the list (with its bulk actions), the add form, and the modals over them. */
export default function ManageBlogs({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { siteName } = siteFromMatches(matches);
  const { list, query, tags, relatedFind, listUrl, today, deleting, bulkDelete } = loaderData;
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Manage Blogs</h1>
          <p className="mt-1 text-sm text-gray-600">
            Posts appear on the public blog only when their status is Published.
          </p>
        </div>
        <a href="#add-blog" className={buttonClass("primary")}>
          New post ↓
        </a>
      </div>

      <section aria-labelledby="posts-heading" className="mt-6">
        <h2 id="posts-heading" className="sr-only">
          Blog posts
        </h2>
        <PostList query={query} list={list} tags={tags} lastResult={actionData?.result} />
      </section>

      <PostAddForm
        listUrl={listUrl}
        today={today}
        lastResult={actionData?.result}
        relatedFind={relatedFind}
        siteName={siteName}
      />

      {/* Edit Blog (/admin/blogs/ID), over this same list page. */}
      <Outlet />
      {deleting ? <PostDeleteDialog listUrl={listUrl} id={deleting.id} title={deleting.title} /> : null}
      {bulkDelete && !deleting ? <PostBulkDeleteDialog listUrl={listUrl} posts={bulkDelete.posts} /> : null}
    </div>
  );
}
