import { Link } from "react-router";
import { BulkBar, RowCheckbox } from "#app/components/admin/bulk-kit.tsx";
import { buttonClass, OpenModalButton, RowActionForm } from "#app/components/admin/console-kit.tsx";
import {
  CARD_CELL,
  CARD_ROW,
  CARD_TICK,
  type CardColumn,
  CardTable,
  EmptyList,
  ListFilter,
  ListSearch,
  Pager,
} from "#app/components/admin/list-kit.tsx";
import { formatDate, formatIndiaDateTime } from "#app/lib/dates.ts";
import {
  purgeDay,
  TRASH_KIND_WORDS,
  TRASH_PATH,
  type TrashKindName,
  type TrashPageQuery,
  trashHref,
} from "#app/lib/trash-page.ts";

export const TRASH_BULK_FORM = "trash-bulk";

export type TrashRow = {
  id: number;
  kind: TrashKindName;
  title: string;
  place: string;
  deletedBy: string;
  deletedAt: string;
};

type Props = {
  query: TrashPageQuery;
  list: { rows: TrashRow[]; total: number; page: number; pageCount: number; pageSize: number };
  /** How many days an item stays before the purge. */
  days: number;
  /** The person may delete for good (admins). */
  mayForget: boolean;
  /** Where the page's forms post, so the same list page comes back. */
  listUrl: string;
};

/** The Trash: kind filter and Search, bulk Restore, the rows, the pager. */
export function TrashList({ query, list, days, mayForget, listUrl }: Props) {
  const filtered = query.q || query.filters.kind;
  return (
    <div className="space-y-4">
      <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
        <ListSearch q={query.q} keep={{}} placeholder="Title, chapter, subject or who deleted it">
          <ListFilter label="Kind" name="kind" value={query.filters.kind} all="Everything">
            {Object.entries(TRASH_KIND_WORDS).map(([kind, word]) => (
              <option key={kind} value={kind}>
                {word}s
              </option>
            ))}
          </ListFilter>
        </ListSearch>
        {filtered ? (
          <Link to={TRASH_PATH} className="mt-3 inline-block text-sm font-semibold text-brand-700 underline">
            Show everything in the Trash
          </Link>
        ) : null}
      </div>

      {list.rows.length > 0 ? (
        <BulkBar formId={TRASH_BULK_FORM} action={listUrl}>
          <button type="submit" name="intent" value="restore" className={buttonClass("edit", "sm")}>
            Restore
          </button>
        </BulkBar>
      ) : null}

      {list.rows.length === 0 ? (
        <EmptyList>
          {filtered
            ? "Nothing in the Trash matches. Change the search or the filter."
            : `The Trash is empty. Deleted chapters, notes and blog posts wait here for ${days} days.`}
        </EmptyList>
      ) : (
        <TrashTable rows={list.rows} days={days} mayForget={mayForget} listUrl={listUrl} />
      )}
      <Pager list={list} noun={["item", "items"]} hrefFor={(page) => trashHref(query, { page })} />
    </div>
  );
}

const KIND_STYLES: Record<TrashKindName, string> = {
  chapter: "bg-blue-50 text-blue-800 ring-blue-200",
  note: "bg-amber-50 text-amber-900 ring-amber-200",
  post: "bg-purple-50 text-purple-800 ring-purple-200",
};

function KindBadge({ kind }: { kind: TrashKindName }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${KIND_STYLES[kind]}`}
    >
      {TRASH_KIND_WORDS[kind]}
    </span>
  );
}

function TrashTable({
  rows,
  days,
  mayForget,
  listUrl,
}: {
  rows: TrashRow[];
  days: number;
  mayForget: boolean;
  listUrl: string;
}) {
  // A row's "Delete forever" opens its confirmation over this same list page.
  const keep = listUrl.slice(TRASH_PATH.length);
  return (
    <CardTable columns={COLUMNS}>
      {rows.map((row) => (
        <tr key={row.id} className={CARD_ROW}>
          <td className={`row-span-5 ${CARD_TICK}`}>
            <RowCheckbox formId={TRASH_BULK_FORM} id={row.id} label={row.title} />
          </td>
          <td className={CARD_CELL}>
            <KindBadge kind={row.kind} />
          </td>
          <td className={`${CARD_CELL} min-w-0 font-medium break-words text-gray-900`}>{row.title}</td>
          <td className={`${CARD_CELL} text-gray-700`}>
            <span className="lg:hidden">From </span>
            {row.place}
          </td>
          <td className={`${CARD_CELL} text-xs text-gray-600 lg:text-sm`}>
            <time dateTime={row.deletedAt} className="whitespace-nowrap">
              {formatIndiaDateTime(row.deletedAt)}
            </time>
            <span className="block break-words">by {row.deletedBy}</span>
            <span className="block text-xs text-gray-500">
              Deleted for good on {formatDate(purgeDay(row.deletedAt, days))}
            </span>
          </td>
          <td className={`${CARD_CELL} col-start-2 pt-2`}>
            <div className="flex flex-wrap gap-2 lg:justify-end [&_button]:whitespace-nowrap">
              <RowActionForm action={listUrl} intent="restore" fields={{ ids: row.id }} label="Restore" />
              {mayForget ? (
                <OpenModalButton param="delete" id={row.id} label="Delete forever" keep={keep} />
              ) : null}
            </div>
          </td>
        </tr>
      ))}
    </CardTable>
  );
}

const COLUMNS: CardColumn[] = [
  { label: "Kind" },
  { label: "Title", className: "w-[32%]" },
  { label: "Where" },
  { label: "Deleted" },
  { label: "Actions", className: "text-right" },
];
