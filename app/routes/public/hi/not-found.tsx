import { data } from "react-router";
import { NotFoundPage } from "#app/components/site/not-found-page.tsx";
import { frameCopy } from "#app/content/hi/frame-copy.ts";
import { pageTitle, siteFromMatches } from "#app/lib/seo.ts";
import type { Route } from "./+types/not-found";

/** Any /hi path no route claims: the Hindi 404 page, status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle(siteFromMatches(matches), frameCopy.notFound.title) },
    { name: "robots", content: "noindex" },
  ];
}

export default function NotFound() {
  return <NotFoundPage />;
}
