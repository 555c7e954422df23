import { type FormEvent, useState } from "react";
import { useFetcher } from "react-router";
import type { ChapterPageCopy } from "#app/content/chapter-page-copy.ts";
import type { ReportOutcome } from "#app/lib/link-report.ts";

/** What the page's reports sent with JavaScript say to each link's form (`useLinkReports`). */
export type LinkReports = {
  /** Sends a report form's submission with the page's one fetcher; other submits pass by. */
  onSubmit: (event: FormEvent<HTMLElement>) => void;
  /** The answer to the report of this link, once it has come. */
  answerFor: (url: string) => ReportOutcome | undefined;
  /** This link's report is on its way. */
  sendingFor: (url: string) => boolean;
  /** A report is on its way: the others wait for it (one fetcher sends one at a time). */
  busy: boolean;
};

/**
 * The reports of a chapter page's links, sent with JavaScript: one fetcher for the page, and one
 * submit handler for all its report forms, which are plain forms (`ReportLink`). A fetcher and a
 * router form for each link cost some 0.1 ms of a fresh page each (docs/decisions/0042).
 */
export function useLinkReports(): LinkReports {
  const fetcher = useFetcher<{ outcome: ReportOutcome }>();
  // The link whose report the fetcher sent last, and the answers to those sent before it.
  const [sent, setSent] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Record<string, ReportOutcome>>({});
  const busy = fetcher.state !== "idle";
  return {
    onSubmit(event) {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-link-report")) return;
      event.preventDefault();
      if (busy) return;
      const last = fetcher.data?.outcome;
      if (sent !== null && last) setAnswers((before) => ({ ...before, [sent]: last }));
      const data = new FormData(form);
      setSent(String(data.get("url") ?? ""));
      fetcher.submit(data, { method: "post", action: form.getAttribute("action") ?? "/report-link" });
    },
    answerFor: (url) => (url === sent && !busy && fetcher.data ? fetcher.data.outcome : answers[url]),
    sendingFor: (url) => busy && url === sent,
    busy,
  };
}

type Props = {
  url: string;
  /** The chapter page's path (in its language): the report names it, and the visitor comes back to it. */
  page: string;
  /** The link item's id on the page: where the visitor lands again after a report without JavaScript. */
  item: string;
  /** The answer to this link's report: sent with JavaScript, or just before the page loaded without it. */
  outcome?: ReportOutcome;
  /** This link's report is on its way; `waiting`: another's is. */
  sending?: boolean;
  waiting?: boolean;
  /** The form's words and the answers, in the page's language. */
  copy: ChapterPageCopy["report"];
};

/** The reasons a report may give, in this order (app/routes/report-link.ts takes these values). */
const REASONS = ["broken", "wrong-content", "other"] as const;

/**
 * "Report broken link" under a link item: a small POST form (a button, with an optional reason in a
 * disclosure; its styles are named classes in app/app.css, "Link items"), so the stored page
 * is the same for every visitor and it works without JavaScript and without sign-in (the server
 * sends the visitor back to this item with the answer). With JavaScript the page's handler
 * (`useLinkReports`) sends it and the answer replaces the form in place.
 */
export function ReportLink({ url, page, item, outcome, sending = false, waiting = false, copy }: Props) {
  if (outcome) {
    const thanks = outcome === "thanks";
    return (
      <p
        role={thanks ? "status" : "alert"}
        className={`text-sm font-medium ${thanks ? "text-green-800" : "text-amber-900"}`}
      >
        {copy.answers[outcome]}
      </p>
    );
  }
  return (
    <form method="post" action="/report-link" data-link-report="">
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
                // The item's id is the page's own name for the link: unique, and the same on both sides.
                <label key={value} htmlFor={`${item}-${value}`} className="report-reason">
                  <input id={`${item}-${value}`} type="radio" name="reason" value={value} />
                  {copy.reasons[value]}
                </label>
              ))}
            </div>
            <p className="text-sm text-gray-600">{copy.hint}</p>
          </fieldset>
        </details>
        <button type="submit" disabled={sending || waiting} className="report-control">
          <span aria-hidden="true">⚑</span>
          {sending ? copy.sending : copy.button}
        </button>
      </div>
    </form>
  );
}
