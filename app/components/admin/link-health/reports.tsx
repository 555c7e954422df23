import { Form, Link } from "react-router";
import { buttonClass } from "#app/components/admin/console-kit.tsx";
import { Address, When } from "#app/components/admin/link-health/status.tsx";
import { type LinkReport, REPORT_REASON_WORDS } from "#app/server/link-health/types.ts";

/** The reports of each link together (one entry per link), in the order of each link's newest. */
function byLink(reports: LinkReport[]): LinkReport[][] {
  const groups = new Map<number, LinkReport[]>();
  for (const report of reports) groups.set(report.linkId, [...(groups.get(report.linkId) ?? []), report]);
  return [...groups.values()];
}

/**
 * At the top of Link health: students' open reports wait at the bottom of the page, under the
 * whole list, so the page says at once that there are some, and leads there.
 */
export function ReportsNotice({ total }: { total: number }) {
  if (total === 0) return null;
  return (
    <p className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <span className="font-semibold">
        {total === 1 ? "1 open report" : `${total.toLocaleString("en-IN")} open reports`} from students.
      </span>{" "}
      <a href="#reports" className="font-semibold underline">
        Read {total === 1 ? "it" : "them"} under Reports
      </a>
    </p>
  );
}

/**
 * "Reports": what students said with "Report broken link", one entry per link, newest first, with
 * Resolve (the link was fixed or replaced) and Dismiss (nothing wrong with it) for all its reports. Each
 * report's link is rechecked at once when it comes in, so its status in the list above is fresh.
 */
export function Reports({
  reports,
  total,
  listUrl,
}: {
  /** The newest open reports (a page of them). */
  reports: LinkReport[];
  /** How many are open in all. */
  total: number;
  listUrl: string;
}) {
  return (
    <section
      id="reports"
      aria-labelledby="reports-heading"
      className="scroll-mt-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="reports-heading" className="text-xl font-bold text-gray-900">
        Reports
      </h2>
      {total > reports.length ? (
        <p className="mt-1 text-sm text-gray-600">
          The newest {reports.length} of {total.toLocaleString("en-IN")} open reports.
        </p>
      ) : null}
      {reports.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">No open reports from students. All quiet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-100">
          {byLink(reports).map((group) => {
            const linkId = group[0]?.linkId ?? 0;
            const addressId = `report-link-${linkId}`;
            const all = group.length > 1 ? " all" : "";
            return (
              <li
                key={linkId}
                className="flex flex-col gap-2 py-3 text-sm md:flex-row md:items-start md:justify-between md:gap-4"
              >
                <div className="min-w-0">
                  <p id={addressId} className="font-medium text-gray-900">
                    <Address url={group[0]?.url ?? ""} />
                  </p>
                  <p className="mt-0.5 text-gray-600">
                    {group.length > 1 ? `${group.length} reports · ` : ""}
                    <Link
                      to={`/admin/links?q=${encodeURIComponent(group[0]?.url ?? "")}`}
                      className="text-brand-700 underline underline-offset-2"
                    >
                      Find in the list
                    </Link>
                  </p>
                  {group.map((report) => (
                    <p key={report.id} className="mt-2 text-gray-600">
                      <span className="font-semibold text-gray-800">
                        {REPORT_REASON_WORDS[report.reason]}
                      </span>
                      {" · "}
                      <When at={report.createdAt} />
                      {" · on "}
                      <a
                        href={report.page}
                        target="_blank"
                        rel="noopener"
                        className="text-brand-700 underline underline-offset-2"
                      >
                        {report.page}
                      </a>
                    </p>
                  ))}
                </div>
                {/* One action for the link's reports: those shown (newest first), not one that came after. */}
                <Form method="post" action={listUrl} preventScrollReset className="flex shrink-0 gap-2">
                  <input type="hidden" name="link" value={linkId} />
                  <input type="hidden" name="newest" value={group[0]?.id ?? 0} />
                  <button
                    type="submit"
                    name="intent"
                    value="resolve-reports"
                    aria-describedby={addressId}
                    className={buttonClass("edit", "sm")}
                  >
                    Resolve{all}
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="dismiss-reports"
                    aria-describedby={addressId}
                    className={buttonClass("cancel", "sm")}
                  >
                    Dismiss{all}
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
