import { type LinkReports, ReportLink } from "#app/components/public/report-link-form.tsx";
import { external } from "#app/components/public/styles.ts";
import { useFrameCopy } from "#app/components/site/frame-copy.tsx";
import type { ChapterPageCopy } from "#app/content/chapter-page-copy.ts";
import type { ReportOutcome } from "#app/lib/link-report.ts";
import type { LinkMeta } from "#app/lib/link-types.ts";

/** `item`: the link's place in its whole list, which names it on the page whatever a filter hides. */
type ChapterLink = { title: string; url: string; item: number } & LinkMeta;

type Props = {
  heading: string;
  /** The list's key in item ids ("official", "notes", "questions", "lectures"). */
  list: "official" | "notes" | "questions" | "lectures";
  links: ChapterLink[];
  /** The chapter page's path (in its language), which a report names. */
  page: string;
  /** A report just sent without JavaScript: its answer is shown at that link. */
  reported?: { outcome: ReportOutcome; url: string } | null;
  /** The reports sent with JavaScript, the page's (`useLinkReports`). */
  reports?: LinkReports;
  /** The page's words: the links' labels and "Open", and the report's. */
  copy: Pick<ChapterPageCopy, "links" | "report">;
};

/** The small labels beside a link, in the page's language: ["Sample paper", "Hindi", "2025"]. */
function metaWords(link: LinkMeta, labels: ChapterPageCopy["links"]): string[] {
  const words: string[] = [];
  if (link.type) words.push(labels.types[link.type]);
  if (link.language) words.push(labels.languages[link.language]);
  if (link.year) words.push(String(link.year));
  return words;
}

/**
 * One of a chapter's lists (Official resources, Other Notes, Questions, Lectures); hidden when it has
 * no items. Each item shows its type, language and year, and has "Report broken link" below it. An
 * item's styles are named classes (app/app.css, "Link items"): a chapter has dozens of items.
 */
export function LinkList({ heading, list, links, page, reported, reports, copy }: Props) {
  const { opensInNewTab } = useFrameCopy();
  if (links.length === 0) return null;
  return (
    <section className="@container rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-xl font-bold text-gray-900">{heading}</h2>
      {/* Printed, each "Open" becomes its link's address (app.css): paper cannot follow a link. */}
      <ul className="link-addresses mt-3 divide-y divide-gray-100">
        {links.map((link) => {
          const item = `${list}-${link.item}`;
          const meta = metaWords(link, copy.links);
          return (
            <li key={`${link.url} ${link.title}`} id={item} className="link-item">
              <div className="link-row">
                <span className="link-title">
                  {link.title}
                  {meta.length > 0 ? (
                    <span className="link-meta">
                      <span className="sr-only">(</span>
                      {meta.join(" · ")}
                      <span className="sr-only">)</span>
                    </span>
                  ) : null}
                </span>
                <a href={link.url} {...external} className="link-open">
                  <span>
                    {copy.links.open}
                    <span className="sr-only">
                      {" "}
                      {link.title} {opensInNewTab}
                    </span>
                  </span>
                  <span aria-hidden="true">↗</span>
                </a>
              </div>
              <div className="mt-1.5 print:hidden">
                <ReportLink
                  url={link.url}
                  page={page}
                  item={item}
                  outcome={
                    reports?.answerFor(link.url) ??
                    (reported?.url === link.url ? reported.outcome : undefined)
                  }
                  sending={reports?.sendingFor(link.url)}
                  waiting={reports?.busy}
                  copy={copy.report}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
