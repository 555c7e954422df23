import { Link } from "react-router";
import { BulkBar, RowCheckbox } from "#app/components/admin/bulk-kit.tsx";
import { buttonClass, RowActionForm } from "#app/components/admin/console-kit.tsx";
import { type LinkPageQuery, linksHref } from "#app/components/admin/link-health/list-state.ts";
import { Address, StatusBadge, When } from "#app/components/admin/link-health/status.tsx";
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
import { inputClass } from "#app/components/field.tsx";
import { GRADES } from "#app/lib/grades.ts";
import type { ListPage } from "#app/server/console/list-page.server.ts";
import {
  LINK_STATUS_WORDS,
  LINK_STATUSES,
  type LinkRow,
  type LinkUse,
} from "#app/server/link-health/types.ts";

export const LINK_BULK_FORM = "link-bulk";

type Props = {
  query: LinkPageQuery;
  list: ListPage<LinkRow>;
  /** Subject filter choices: [code, label]. */
  subjectChoices: Array<[string, string]>;
  /** Where the page's forms post, so the same list page comes back. */
  listUrl: string;
};

/** Link health's list: Status, Class, Subject, Host and Search; bulk actions; the rows; the pager. */
export function LinkList({ query, list, subjectChoices, listUrl }: Props) {
  const { status, class: grade, subject, host } = query.filters;
  const filtered = query.q || status || grade || subject || host;
  return (
    <div className="space-y-4">
      <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
        <ListSearch q={query.q} keep={{}} placeholder="Address or link title">
          <ListFilter label="Status" name="status" value={status} all="All statuses">
            {LINK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {LINK_STATUS_WORDS[s]}
              </option>
            ))}
          </ListFilter>
          <ListFilter label="Class" name="class" value={grade} all="All classes">
            {GRADES.map((g) => (
              <option key={g} value={g}>
                Class {g}
              </option>
            ))}
          </ListFilter>
          <ListFilter label="Subject" name="subject" value={subject} all="All subjects">
            {subjectChoices.map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </ListFilter>
          <div className="w-full sm:w-44">
            <label htmlFor="link-filter-host" className="block text-sm font-semibold text-gray-800">
              Host
            </label>
            <input
              id="link-filter-host"
              name="host"
              defaultValue={host}
              maxLength={260}
              placeholder="e.g. youtube.com"
              className={inputClass}
            />
          </div>
        </ListSearch>
        {filtered ? (
          <Link
            to="/admin/links"
            className="mt-3 inline-block text-sm font-semibold text-brand-700 underline"
          >
            Show all links
          </Link>
        ) : null}
      </div>

      {list.rows.length > 0 ? (
        <BulkBar formId={LINK_BULK_FORM} action={listUrl}>
          <BulkButton intent="recheck-selected" label="Recheck" />
          <BulkButton intent="new-address-selected" label="Use new address" />
          <BulkButton intent="fine-selected" label="Mark as fine" />
        </BulkBar>
      ) : null}

      {list.searched ? (
        <p className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          This search is too broad to read every link: it looked through the{" "}
          {list.searched.links.toLocaleString("en-IN")} most urgent links
          {list.searched.sites.length > 0 ? `, every link of ${list.searched.sites.join(", ")}` : ""}
          {list.searched.found > 0
            ? ` and the first ${list.searched.found.toLocaleString("en-IN")} found by address or title`
            : ""}
          , and lists the {list.total.toLocaleString("en-IN")} that match, worst first. Add words, or choose a
          status, class, subject or host, to search all the others.
        </p>
      ) : list.more ? (
        <p className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          More than {list.total.toLocaleString("en-IN")} links match this search. The first{" "}
          {list.total.toLocaleString("en-IN")} are listed, worst first: add words, or choose a status, class,
          subject or host, to see the others.
        </p>
      ) : null}

      {list.rows.length === 0 ? (
        <EmptyList>
          {filtered
            ? "No links match. Change the search or the filters."
            : "No links yet. Links added to chapters, notes and posts show up here."}
        </EmptyList>
      ) : (
        <LinkTable links={list.rows} listUrl={listUrl} />
      )}
      <Pager list={list} noun={["link", "links"]} hrefFor={(page) => linksHref(query, { page })} />
    </div>
  );
}

function BulkButton({ intent, label }: { intent: string; label: string }) {
  return (
    <button type="submit" name="intent" value={intent} className={buttonClass("edit", "sm")}>
      {label}
    </button>
  );
}

/** One page of links: address, status, last check, where each is used, and what can be done. */
function LinkTable({ links, listUrl }: { links: LinkRow[]; listUrl: string }) {
  return (
    <CardTable columns={COLUMNS}>
      {links.map((link) => (
        <tr key={link.id} className={CARD_ROW}>
          <td className={`row-span-4 ${CARD_TICK}`}>
            <RowCheckbox formId={LINK_BULK_FORM} id={link.id} label={link.url} />
          </td>
          <td className={`${CARD_CELL} min-w-0`}>
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-gray-900 hover:text-brand-700 hover:underline"
            >
              <Address url={link.url} />
            </a>
            {link.status === "redirected" && link.finalUrl ? (
              <p className="mt-1 text-xs text-gray-600">
                <span aria-hidden="true">→ </span>
                <span className="sr-only">Now at </span>
                <Address url={link.finalUrl} />
              </p>
            ) : null}
          </td>
          <td className={CARD_CELL}>
            <StatusBadge status={link.status} />
            {link.markedFine ? <span className="ml-2 text-xs text-gray-600">marked fine</span> : null}
            {/* A Redirected row shows where it ends up under its address instead. */}
            {link.lastResult && link.status !== "redirected" ? (
              <p className="mt-1 text-xs break-words text-gray-600">{link.lastResult}</p>
            ) : null}
            {link.checkedAt ? (
              <p className="mt-1 text-xs text-gray-600">
                Checked <When at={link.checkedAt} />
              </p>
            ) : null}
          </td>
          <td className={CARD_CELL}>
            <Uses uses={link.uses} useCount={link.useCount} />
          </td>
          <td className={`${CARD_CELL} col-start-2 pt-2`}>
            <RowActions link={link} listUrl={listUrl} />
          </td>
        </tr>
      ))}
    </CardTable>
  );
}

const COLUMNS: CardColumn[] = [
  { label: "Address", className: "w-[32%]" },
  { label: "Status", className: "w-[24%]" },
  { label: "Used in" },
  { label: "Actions", className: "text-right" },
];

/** Places listed in a row before the rest fold away under "N more places". */
const USES_OPEN = 2;

/** Where a link is used, each place linked to where it is edited; beyond two, folded. */
function Uses({ uses, useCount }: { uses: LinkUse[]; useCount: number }) {
  if (useCount === 0) return <span className="text-xs text-gray-500">Not used any more</span>;
  const folded = uses.slice(USES_OPEN);
  const rest = useCount - Math.min(uses.length, USES_OPEN);
  const unlisted = useCount - uses.length;
  return (
    <div className="text-xs lg:text-sm">
      <PlaceList uses={uses.slice(0, USES_OPEN)} />
      {folded.length > 0 ? (
        <details className="mt-1">
          <summary className="cursor-pointer text-gray-600 hover:text-gray-900">
            {rest} more {rest === 1 ? "place" : "places"}
          </summary>
          <PlaceList uses={folded} />
          {unlisted > 0 ? <p className="mt-1 text-gray-600">and {unlisted} more</p> : null}
        </details>
      ) : rest > 0 ? (
        <p className="mt-1 text-gray-600">and {rest} more</p>
      ) : null}
    </div>
  );
}

function PlaceList({ uses }: { uses: LinkUse[] }) {
  return (
    <ul className="space-y-1">
      {uses.map((use) => {
        const place = placeOf(use);
        return (
          <li key={`${place.href} ${place.label} ${place.detail}`}>
            <Link to={place.href} className="text-brand-700 underline underline-offset-2">
              {place.label}
            </Link>
            {place.detail ? <span className="line-clamp-1 text-gray-500">{place.detail}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** A place in the console's words (and, for a chapter's link, its title), and its edit page. */
function placeOf(use: LinkUse): { label: string; detail?: string; href: string } {
  switch (use.kind) {
    case "chapter-link":
      return {
        label: `Class ${use.grade} · ${use.chapterTitle}`,
        detail: `“${use.linkTitle}”`,
        href: `/admin/chapters/${use.chapterId}`,
      };
    case "note":
      return {
        label: `Note of ${use.chapterTitle} (Class ${use.grade})`,
        href: `/admin/notes/${use.noteId}`,
      };
    case "post":
      return { label: `Post: ${use.postTitle}`, href: `/admin/blogs/${use.postId}` };
  }
}

/** Recheck; Use new address (Redirected); Mark as fine (Broken or Warning, unless it is already). */
function RowActions({ link, listUrl }: { link: LinkRow; listUrl: string }) {
  const action = (intent: string, label: string) => (
    <RowActionForm action={listUrl} intent={intent} fields={{ id: link.id }} label={label} />
  );
  return (
    <div className="flex flex-wrap gap-2 lg:flex-col lg:items-end">
      {action("recheck", "Recheck")}
      {link.status === "redirected" && link.finalUrl ? action("new-address", "Use new address") : null}
      {(link.status === "broken" || link.status === "warning") && !link.markedFine
        ? action("fine", "Mark as fine")
        : null}
    </div>
  );
}
