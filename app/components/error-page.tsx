import { Link } from "react-router";

const TEXT: Record<number, { title: string; body: string }> = {
  403: { title: "Unauthorized: Admins only.", body: "This account cannot use the admin console." },
  404: { title: "Page not found", body: "The page you are looking for doesn't exist or has moved." },
  500: { title: "Something went wrong", body: "Please try again in a moment." },
};

/** The page for errors and missing pages: what happened and a way on, nothing internal. */
export function ErrorPage({ status, message }: { status: number; message?: string }) {
  const text = TEXT[status] ?? { title: message ?? "Something went wrong", body: "Please try again." };
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-sm font-semibold text-brand-700">Error {status}</p>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{text.title}</h1>
      <p className="mt-3 text-gray-600">{message && status !== 403 && TEXT[status] ? message : text.body}</p>
      <div className="mt-6 flex gap-3">
        <Link
          to="/"
          className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          Back to Home
        </Link>
      </div>
    </main>
  );
}
