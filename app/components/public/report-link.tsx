import { useId } from "react";
import { useFetcher } from "react-router";
import { type ReportOutcome, reportMessage } from "#app/lib/link-report.ts";

type Props = {
  url: string;
  /** The chapter page's path: the report names it, and the visitor comes back to it. */
  page: string;
  /** The link item's id on the page: where the visitor lands again after a report without JavaScript. */
  item: string;
  /** What the last report of this link said, when the page was loaded right after one (without JavaScript). */
  outcome?: ReportOutcome;
};

const REASONS = [
  ["broken", "Broken"],
  ["wrong-content", "Wrong content"],
  ["other", "Other"],
] as const;

/**
 * "Report broken link" under a link item: a small POST form (a button, with an optional reason in a
 * disclosure), so the stored page
 * is the same for every visitor and it works without JavaScript and without sign-in (the server
 * sends the visitor back to this item with the answer). With JavaScript a fetcher sends it and the
 * answer replaces the form in place.
 */
export function ReportLink({ url, page, item, outcome }: Props) {
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
        {reportMessage(answer)}
      </p>
    );
  }
  const sending = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/report-link" preventScrollReset>
      <input type="hidden" name="url" value={url} />
      <input type="hidden" name="page" value={page} />
      <input type="hidden" name="item" value={item} />
      {/* One tap reports; the reason is an optional extra, folded away so every item stays small. */}
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1 text-xs">
        <button
          type="submit"
          disabled={sending}
          className="inline-flex min-h-6 items-center gap-1 rounded py-0.5 text-gray-500 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60"
        >
          <span aria-hidden="true">⚑</span>
          {sending ? "Sending..." : "Report broken link"}
        </button>
        <details className="min-w-0">
          <summary className="inline-flex min-h-6 cursor-pointer items-center rounded py-0.5 text-gray-500 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            Say what is wrong
          </summary>
          <fieldset className="mt-1 min-w-0 rounded-lg bg-gray-50 px-3 py-2">
            <legend className="sr-only">What is wrong? (optional)</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {REASONS.map(([value, label]) => (
                <label key={value} htmlFor={`${id}-${value}`} className="inline-flex items-center gap-1.5">
                  <input
                    id={`${id}-${value}`}
                    type="radio"
                    name="reason"
                    value={value}
                    className="size-4 accent-brand-700"
                  />
                  {label}
                </label>
              ))}
            </div>
            <p className="mt-1 text-xs text-gray-500">Then press “Report broken link”.</p>
          </fieldset>
        </details>
      </div>
    </fetcher.Form>
  );
}
