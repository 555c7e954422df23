import { data, Link } from "react-router";
import { PreviewBanner } from "#app/components/admin/preview-banner.tsx";
import { PostArticle } from "#app/components/public/post-article.tsx";
import { blogCopy } from "#app/content/blog-copy.ts";
import { formatIndiaDateTime } from "#app/lib/dates.ts";
import { siteFromMatches } from "#app/lib/seo.ts";
import { postPreviewPage } from "#app/routes/admin/previews.server.ts";
import { requireRouteRole } from "#app/server/auth.server.ts";
import type { Route } from "./+types/post-preview";

// A post as the blog will show it (/admin/blogs/ID/preview), for signed-in console users: the
// public page's own view inside the public frame, under a "Preview — not public" band. A console
// address, so it is never stored or cached (root.tsx) and search engines are told to leave it.

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { siteName } = siteFromMatches(matches);
  const title = loaderData ? `Preview: ${loaderData.view.post.title}` : "Preview";
  return [{ title: `${title} | ${siteName} admin` }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ params, context, pattern }: Route.LoaderArgs) {
  requireRouteRole(context, pattern);
  return postPreviewPage(context, params.id);
}

/** A preview changes nothing: a form sent here is refused (after the console's own check). */
export async function action({ request, context, pattern }: Route.ActionArgs) {
  requireRouteRole(context, pattern);
  // Read to its end first: a connection left with an unread (or garbled) body would be cut.
  await request.arrayBuffer().catch(() => undefined);
  throw data("A preview only shows a post.", { status: 405 });
}

export default function PostPreview({ loaderData }: Route.ComponentProps) {
  const { id, status, publishAt, view } = loaderData;
  return (
    <>
      <PreviewBanner>
        <p>
          {status === "scheduled" && publishAt
            ? `Scheduled: published by itself on ${formatIndiaDateTime(publishAt)} IST. Until then students cannot see it.`
            : status === "published"
              ? "This post is published: students see it on the blog."
              : "A draft: students cannot see it until it is published."}{" "}
          <Link to={`/admin/blogs/${id}`} className="font-semibold underline">
            Edit
          </Link>{" "}
          ·{" "}
          <Link to="/admin/blogs" className="font-semibold underline">
            Back to Manage Blogs
          </Link>
        </p>
      </PreviewBanner>
      <PostArticle view={view} copy={blogCopy} />
    </>
  );
}
