import { Link } from "react-router";
import type { ErrorCopy } from "#app/content/error-copy.ts";

/**
 * The page for errors and missing pages: what happened and a way on, nothing internal. Its words
 * come from the caller (English in the console, the page's language on the public site).
 */
export function ErrorPage({
  status,
  message,
  copy,
  home = "/",
}: {
  status: number;
  message?: string;
  copy: ErrorCopy;
  /** Where "Back to Home" leads: the home page of the page's language. */
  home?: string;
}) {
  const known = copy.known[status as keyof ErrorCopy["known"]];
  const text = known ?? { title: message ?? copy.other.title, body: copy.other.body };
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-sm font-semibold text-brand-700">{copy.label(status)}</p>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{text.title}</h1>
      <p className="mt-3 text-gray-600">{message && status !== 403 && known ? message : text.body}</p>
      <div className="mt-6 flex gap-3">
        <Link
          to={home}
          className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          {copy.backHome}
        </Link>
      </div>
    </main>
  );
}
