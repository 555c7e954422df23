import { useId } from "react";
import { useFetcher } from "react-router";
import type { ChapterPageCopy } from "#app/content/chapter-page-copy.ts";
import type { ReportOutcome } from "#app/lib/link-report.ts";

type Props = {
  url: string;
  /** The chapter page's path (in its language): the report names it, and the visitor comes back to it. */
  page: string;
  /** The link item's id on the page: where the visitor lands again after a report without JavaScript. */
  item: string;
  /** What the last report of this link said, when the page was loaded right after one (without JavaScript). */
  outcome?: ReportOutcome;
  /** The form's words and the answers, in the page's language. */
  copy: ChapterPageCopy["report"];
};

/** The reasons a report may give, in this order (app/routes/report-link.ts takes these values). */
const REASONS = ["broken", "wrong-content", "other"] as const;

/**
 * "Report broken link" under a link item: a small POST form (a button, with an optional reason in a
 * disclosure; its styles are named classes in app/app.css, "Link items"), so the stored page
 * is the same for every visitor and it works without JavaScript and without sign-in (the server
 * sends the visitor back to this item with the answer). With JavaScript a fetcher sends it and the
 * answer replaces the form in place.
 */
export function ReportLink({ url, page, item, outcome, copy }: Props) {
  const fetcher = useFetcher<{ outcome: ReportOutcome }>();
  const id = useId();
  const answer = fetcher.data?.outcome ?? outcome;
  if (answer) {
    const thanks = answer === "thanks";
    return (
      <p
        role={thanks ? "status" : "alert"}
        className={`text-sm font-medium ${thanks ? "text-green-800" : "text-amber-900"}`}
      >
        {copy.answers[answer]}
      </p>
    );
  }
  const sending = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/report-link" preventScrollReset>
      <input type="hidden" name="url" value={url} />
      <input type="hidden" name="page" value={page} />
      <input type="hidden" name="item" value={item} />
      {/* The reason is an optional extra, folded away so every item stays small; it comes first so
          that, opened, its choices sit above the button that sends them (reading top to bottom). */}
      <div className="report-bar">
        <details className="report-reasons">
          <summary className="report-control">{copy.summary}</summary>
          <fieldset className="report-choices">
            <legend className="sr-only">{copy.legend}</legend>
            <div className="flex flex-wrap gap-x-5">
              {REASONS.map((value) => (
                <label key={value} htmlFor={`${id}-${value}`} className="report-reason">
                  <input id={`${id}-${value}`} type="radio" name="reason" value={value} />
                  {copy.reasons[value]}
                </label>
              ))}
            </div>
            <p className="text-sm text-gray-600">{copy.hint}</p>
          </fieldset>
        </details>
        <button type="submit" disabled={sending} className="report-control">
          <span aria-hidden="true">⚑</span>
          {sending ? copy.sending : copy.button}
        </button>
      </div>
    </fetcher.Form>
  );
}
