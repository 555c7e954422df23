// Link health's loader data and actions (app/routes/admin/links.tsx), over the link-health domain
// module: the list with its counts and filters, "Check all links now" and its progress, students'
// reports and the weekly digest; the rows' and the bulk bar's Recheck, Use new address and Mark as fine.
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { LINK_LIST, linksHref, toLinkQuery } from "#app/components/admin/link-health/list-state.ts";
import { services } from "#app/context.ts";
import { recordId, selectedIds } from "#app/lib/form-fields.ts";
import { readListQuery } from "#app/lib/list-query.ts";
import { requireConsoleUser } from "#app/server/auth.server.ts";
import { listAllSubjects } from "#app/server/catalogue/subjects.server.ts";
import { activityItem } from "#app/server/console/activity.server.ts";
import { consoleAction, sameList, UNKNOWN_REQUEST } from "#app/server/console/console-form.server.ts";
import type { Database } from "#app/server/db.server.ts";
import {
  checkAllNow,
  checkProgress,
  closeLinkReports,
  linkCounts,
  linkDigest,
  listLinks,
  listReports,
  markFine,
  recheck,
  useNewAddress,
} from "#app/server/link-health/link-health.server.ts";

type Context = Readonly<RouterContextProvider>;

const links = (n: number) => `${n.toLocaleString("en-IN")} ${n === 1 ? "link" : "links"}`;
const places = (n: number) => `${n.toLocaleString("en-IN")} ${n === 1 ? "place" : "places"}`;

/** The list page, its counts, the run's progress, the open reports and the week's digest. */
export async function linksPage(db: Database, url: URL) {
  const query = readListQuery(url.searchParams, LINK_LIST);
  const [list, counts, progress, reports, digest, subjects] = await Promise.all([
    listLinks(db, toLinkQuery(query)),
    linkCounts(db),
    checkProgress(db),
    listReports(db),
    linkDigest(db),
    listAllSubjects(db),
  ]);
  const shown = { ...query, page: list.page };
  return {
    query: shown,
    list,
    counts,
    progress,
    reports: reports.rows,
    reportCount: reports.total,
    digest,
    subjectChoices: [...new Map(subjects.map((s) => [s.code, s.label])).entries()].sort((a, b) =>
      a[1].localeCompare(b[1]),
    ),
    /** Where the page's forms post and return to, so the same list page comes back. */
    listUrl: linksHref(shown),
  };
}

const NO_LINK =
  "The form did not say which link it is about, so nothing was changed. Reload the page and try again.";
const NO_REPORT = "The form did not say which report it is about. Reload the page and try again.";
const NO_SELECTION = "Select the links first: tick them in the list (at most one page of them).";

/** Every form of the page, one schema (docs/decisions/0004). */
const linksForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal(["recheck", "new-address", "fine"]), id: recordId(NO_LINK) }),
    z.object({
      intent: z.literal(["recheck-selected", "new-address-selected", "fine-selected"]),
      ids: selectedIds(NO_SELECTION),
    }),
    z.object({ intent: z.literal("check-all") }),
    // One entry of Reports: all of its link's open reports, up to the newest the page showed.
    z.object({
      intent: z.literal(["resolve-reports", "dismiss-reports"]),
      link: recordId(NO_REPORT),
      newest: recordId(NO_REPORT),
    }),
  ],
  { error: UNKNOWN_REQUEST },
);
type LinksForm = z.output<typeof linksForm>;

/** The links (or reports) a form is about; none for "Check all links now". */
const idsOf = (form: LinksForm) =>
  "ids" in form ? form.ids : "id" in form ? [form.id] : "link" in form ? [form.link] : [];

/** What each form does (its toast's text), its failure text, and its name in the Activity log. */
function work(
  db: Database,
  form: LinksForm,
  by: string,
): { failed: string; action: string; write: () => Promise<string> } {
  const ids = idsOf(form);
  switch (form.intent) {
    case "recheck":
    case "recheck-selected":
      return {
        failed: "Could not queue the check.",
        action: "link.recheck",
        write: async () => {
          const n = await recheck(db, ids);
          return n === 1 ? "Rechecking the link now." : `Rechecking ${links(n)} now.`;
        },
      };
    case "new-address":
    case "new-address-selected":
      return {
        failed: "Could not use the new address.",
        action: "link.use-new-address",
        write: async () => {
          const { places: n } = await useNewAddress(db, ids);
          return `New address in use: ${places(n)} updated.`;
        },
      };
    case "fine":
    case "fine-selected":
      return {
        failed: "Could not mark as fine.",
        action: "link.mark-fine",
        write: async () => {
          const n = await markFine(db, ids, by);
          if (n === 0) return "Nothing to mark: a link can be marked fine once it has been checked.";
          return `${n === 1 ? "Marked" : `${links(n)} marked`} as fine. Students see ${n === 1 ? "it" : "them"} again until the site answers differently.`;
        },
      };
    case "check-all":
      return {
        failed: "Could not start checking.",
        action: "link.check-all",
        write: async () => {
          const { queued } = await checkAllNow(db);
          return queued === 0 ? "There are no links to check yet." : `Checking all ${links(queued)} now.`;
        },
      };
    case "resolve-reports":
    case "dismiss-reports": {
      const resolved = form.intent === "resolve-reports";
      return {
        failed: "Could not close the reports.",
        action: resolved ? "link.report-resolve" : "link.report-dismiss",
        write: async () => {
          const n = await closeLinkReports(db, form.link, form.newest, resolved ? "resolved" : "dismissed");
          const what = n === 1 ? "Report" : `${n.toLocaleString("en-IN")} reports`;
          return resolved ? `${what} resolved. Thanks for fixing it!` : `${what} dismissed.`;
        },
      };
    }
  }
}

/** Reads a form of the page with its schema, makes its write and goes back to the same list page. */
export async function linksAction(context: Context, request: Request) {
  const { email } = requireConsoleUser(context);
  const { db } = services(context);
  const spec = { schema: linksForm, back: sameList(request), unread: "Nothing was changed." };
  return consoleAction(context, request, spec, (form) => {
    const { failed, action, write } = work(db, form, email);
    return {
      failed,
      write: async () => {
        const item = form.intent === "check-all" ? "every link" : await activityItem(db, "link", idsOf(form));
        const message = await write();
        return { message, what: { action, item, summary: message } };
      },
    };
  });
}
