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

/** A comfortable target on a phone: 44 px high, 14 px text (beyond WCAG 2.5.8's 24 px). */
const reportControl =
  "inline-flex min-h-11 items-center gap-1.5 rounded-lg px-1 text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** The reasons a report may give, in this order (app/routes/report-link.ts takes these values). */
const REASONS = ["broken", "wrong-content", "other"] as const;

/**
 * "Report broken link" under a link item: a small POST form (a button, with an optional reason in a
 * disclosure), so the stored page
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
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <details className="min-w-0 open:basis-full">
          <summary className={`${reportControl} cursor-pointer`}>{copy.summary}</summary>
          <fieldset className="mt-1 min-w-0 rounded-lg bg-gray-50 px-3 py-2">
            <legend className="sr-only">{copy.legend}</legend>
            <div className="flex flex-wrap gap-x-5">
              {REASONS.map((value) => (
                <label
                  key={value}
                  htmlFor={`${id}-${value}`}
                  className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-base"
                >
                  <input
                    id={`${id}-${value}`}
                    type="radio"
                    name="reason"
                    value={value}
                    className="size-5 accent-brand-700"
                  />
                  {copy.reasons[value]}
                </label>
              ))}
            </div>
            <p className="text-sm text-gray-600">{copy.hint}</p>
          </fieldset>
        </details>
        <button type="submit" disabled={sending} className={`${reportControl} disabled:opacity-60`}>
          <span aria-hidden="true">⚑</span>
          {sending ? copy.sending : copy.button}
        </button>
      </div>
    </fetcher.Form>
  );
}
