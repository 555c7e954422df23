import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { z } from "zod";
import { requestContext, services } from "#app/context.ts";
import { withoutLang } from "#app/lib/language.ts";
import { chapterPageOf, LINK_ITEM, type ReportOutcome, reportedAddress } from "#app/lib/link-report.ts";
import { readFormData } from "#app/server/console/form-data.server.ts";
import { DomainError } from "#app/server/errors.server.ts";
import { reportLink } from "#app/server/link-health/link-health.server.ts";
import { log } from "#app/server/platform/log.server.ts";
import type { Route } from "./+types/report-link";

/** A report is a few short fields; anything bigger was not sent by our page. */
const MAX_REPORT_BYTES = 8 * 1024;

/** The chapter page's "Report broken link" form (app/components/public/report-link-form.tsx), either language. */
const reportForm = z.object({
  url: z.string().max(2_000),
  // The chapter page's path, its slug in any script, raw or percent-encoded: read as the stored slug.
  page: z
    .string()
    .refine((page) => chapterPageOf(page) !== null)
    .transform((page) => chapterPageOf(page) ?? ""),
  item: z.string().regex(LINK_ITEM).optional(),
  // Optional: a report without one says the link is broken.
  reason: z.enum(["broken", "wrong-content", "other"]).optional().default("broken"),
});

const STATUS: Record<ReportOutcome, number> = { thanks: 200, later: 429, gone: 404, failed: 503 };

/** What the domain's answer means for the visitor. */
function outcomeOf(err: unknown): ReportOutcome {
  if (err instanceof DomainError && err.status === 429) return "later";
  if (err instanceof DomainError && err.status === 404) return "gone";
  if (!(err instanceof DomainError)) log.error("a link report failed", { err });
  return "failed";
}

/**
 * A student's "Report broken link": no sign-in (the server's Origin check refuses other sites'
 * posts). Without JavaScript the visitor is sent back to the link on the chapter page with the
 * answer in the address (which keeps that page out of the page store); a fetcher gets the answer
 * as data and shows it in place.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = services(context);
  let form: FormData;
  try {
    form = await readFormData(request, MAX_REPORT_BYTES);
  } catch {
    return new Response("This report could not be read.", { status: 400 });
  }
  const submission = parseWithZod(form, { schema: reportForm });
  if (submission.status !== "success") {
    return new Response("This report could not be read: it did not come from a chapter page.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { url, page, item, reason } = submission.value;
  let outcome: ReportOutcome = "thanks";
  try {
    // A report from the Hindi page (/hi/class/...) is one of the chapter's, named by its English page.
    await reportLink(db, {
      url,
      page: withoutLang(page),
      reason,
      address: context.get(requestContext).clientAddress,
    });
  } catch (err) {
    outcome = outcomeOf(err);
  }
  // React Router's own request (a fetcher) has `.data` at the end of its path.
  if (new URL(request.url).pathname.endsWith(".data")) return data({ outcome }, { status: STATUS[outcome] });
  return redirect(reportedAddress(page, outcome, url, item ?? ""), 303);
}

/** Nothing to show at this address: reports are posted to it. */
export function loader() {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
