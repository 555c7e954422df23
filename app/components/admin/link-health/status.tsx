import { Fragment } from "react";
import { Link } from "react-router";
import {
  LINK_STATUS_WORDS,
  LINK_STATUSES,
  type LinkCounts,
  type LinkStatus,
} from "#app/server/link-health/types.ts";

// How Link health shows a status: one colour per status word, the same in the counts, the list and
// the digest, and never the colour alone (the word is always there).

const STATUS_STYLES: Record<LinkStatus, string> = {
  broken: "bg-red-50 text-red-800 ring-red-200",
  warning: "bg-amber-50 text-amber-900 ring-amber-200",
  redirected: "bg-sky-50 text-sky-900 ring-sky-200",
  ok: "bg-green-50 text-green-800 ring-green-200",
  unchecked: "bg-gray-100 text-gray-700 ring-gray-200",
};

/** A status word as a small badge. */
export function StatusBadge({ status }: { status: LinkStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${STATUS_STYLES[status]}`}
    >
      {LINK_STATUS_WORDS[status]}
    </span>
  );
}

/**
 * The counts by status at the top of the page; each count is a link to the list narrowed to it
 * (and, when it is the one shown, back to every status).
 */
export function StatusCounts({
  counts,
  active,
  hrefFor,
}: {
  counts: LinkCounts;
  /** The status the list is narrowed to, if any. */
  active: LinkStatus | "";
  hrefFor: (status: LinkStatus | "") => string;
}) {
  return (
    <ul aria-label="Link counts" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {LINK_STATUSES.map((status) => {
        const current = active === status;
        return (
          <li key={status}>
            <Link
              to={hrefFor(current ? "" : status)}
              preventScrollReset
              aria-current={current ? "true" : undefined}
              className={`block rounded-xl border bg-white px-4 py-3 shadow-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${current ? "border-brand-600 ring-2 ring-brand-100" : "border-gray-200"}`}
            >
              <span className="block text-2xl font-bold text-gray-900 tabular-nums">
                {counts[status].toLocaleString("en-IN")}
              </span>{" "}
              <span className="mt-1 block">
                <StatusBadge status={status} />
              </span>
              {current ? <span className="sr-only"> (shown; show every status)</span> : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

const timeFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

/** A time of Link health (checks, reports, changes), in India time. */
export function When({ at, fallback = "Never" }: { at: string | null; fallback?: string }) {
  if (!at) return <span className="text-gray-500">{fallback}</span>;
  return <time dateTime={at}>{timeFormat.format(new Date(at))}</time>;
}

/**
 * An address that may wrap after its slashes, dots and query marks rather than anywhere in a word
 * (long words still break when they must).
 */
export function Address({ url }: { url: string }) {
  const parts = url.split(/(?<=[/.?&=])/);
  return (
    <span className="[overflow-wrap:anywhere]">
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address never reorder.
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </span>
  );
}
