import { Link } from "react-router";
import { buttonClass } from "#app/components/admin/console-kit.tsx";
import { type HistoryKind, historyHref } from "#app/lib/history-links.ts";

/** A list row's "History": the item's versions, on a page of its own. */
export function HistoryLink({
  kind,
  id,
  describedBy,
  className = buttonClass("edit", "sm"),
}: {
  kind: HistoryKind;
  id: number;
  /** The id of the row's title, so the link says whose history it opens. */
  describedBy?: string;
  className?: string;
}) {
  return (
    <Link to={historyHref(kind, id)} aria-describedby={describedBy} className={className}>
      History
    </Link>
  );
}
