import { data } from "react-router";
import { ErrorPage } from "~/components/error-page";

/** Any path no route claims: a real 404 page with status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
