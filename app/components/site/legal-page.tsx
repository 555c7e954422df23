import { useFrameCopy } from "#app/components/site/frame-copy.tsx";
import { Container } from "#app/components/site/ui.tsx";
import type { LegalDocument } from "#app/content/legal.ts";
import { formatDate } from "#app/lib/dates.ts";

/** Privacy Policy and Terms: one readable column with the date of the last change, in the page's language. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { lang } = useFrameCopy();
  return (
    <main>
      <header className="border-b border-gray-200 bg-brand-50">
        <Container className="max-w-3xl py-12 sm:py-14">
          <h1 className="text-3xl font-extrabold tracking-tight text-gray-900 sm:text-4xl">
            {document.title}
          </h1>
          <p className="mt-3 text-sm font-medium text-gray-700">
            {document.updatedLabel}{" "}
            <time dateTime={document.lastUpdated}>{formatDate(document.lastUpdated, lang)}</time>
          </p>
        </Container>
      </header>
      <Container className="max-w-3xl py-10 sm:py-12">
        <article>
          <p className="text-lg leading-relaxed text-gray-800">{document.intro}</p>
          {document.sections.map((section) => (
            <section key={section.heading} className="mt-9">
              <h2 className="text-xl font-bold text-gray-900 sm:text-2xl">{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-3 leading-relaxed text-gray-700">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
        </article>
      </Container>
    </main>
  );
}
