import { data, Link } from "react-router";
import { Icon } from "#app/components/site/icons.tsx";
import { buttonClass, Container } from "#app/components/site/ui.tsx";
import { pageTitle, siteFromMatches } from "#app/lib/seo.ts";
import type { Route } from "./+types/not-found";

/** Any path no route claims: a real 404 page with status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle(siteFromMatches(matches), "Page not found") },
    { name: "robots", content: "noindex" },
  ];
}

const SUGGESTIONS = [
  { to: "/class/10", label: "Class 10 Resources" },
  { to: "/guide/12", label: "Class 12 Board Guide" },
  { to: "/blog", label: "Blog" },
  { to: "/about", label: "About Us" },
];

export default function NotFound() {
  return (
    <main className="flex flex-1 items-center">
      <Container className="max-w-2xl py-16 text-center sm:py-24">
        <p className="text-sm font-bold tracking-wider text-brand-700 uppercase">Error 404</p>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-gray-900 sm:text-4xl">
          Page not found
        </h1>
        <p className="mt-4 text-lg text-gray-700">The page you are looking for doesn't exist or has moved.</p>
        <div className="mt-8 flex justify-center">
          <Link to="/" className={buttonClass.primary}>
            <Icon name="arrow-left" />
            Back to Home
          </Link>
        </div>
        <nav aria-label="Popular pages" className="mt-10">
          <ul className="flex flex-wrap justify-center gap-3">
            {SUGGESTIONS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-11 items-center rounded-full border border-gray-300 px-4 font-semibold text-gray-800 hover:border-brand-600 hover:text-brand-700"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </Container>
    </main>
  );
}
