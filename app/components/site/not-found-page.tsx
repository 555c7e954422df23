import { Link } from "react-router";
import { useFrameCopy, useLocalPath } from "#app/components/site/frame-copy.tsx";
import { Icon } from "#app/components/site/icons.tsx";
import { buttonClass, Container } from "#app/components/site/ui.tsx";

/** What a path no route claims shows (with status 404), in the page's language. */
export function NotFoundPage() {
  const { notFound, errors } = useFrameCopy();
  const local = useLocalPath();
  return (
    <main className="flex flex-1 items-center">
      <Container className="max-w-2xl py-16 text-center sm:py-24">
        <p className="text-sm font-bold tracking-wider text-brand-700 uppercase">{errors.label(404)}</p>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-gray-900 sm:text-4xl">
          {notFound.title}
        </h1>
        <p className="mt-4 text-lg text-gray-700">{notFound.text}</p>
        <div className="mt-8 flex justify-center">
          <Link to={local("/")} className={buttonClass.primary}>
            <Icon name="arrow-left" />
            {errors.backHome}
          </Link>
        </div>
        <nav aria-label={notFound.popular} className="mt-10">
          <ul className="flex flex-wrap justify-center gap-3">
            {notFound.suggestions.map((link) => (
              <li key={link.to}>
                <Link
                  to={local(link.to)}
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
